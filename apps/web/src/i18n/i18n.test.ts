import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './namespaces';
import { LANGUAGES } from './resources';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const get = (o: object, key: string): unknown => key.split('.').reduce<unknown>((cur, k) => (cur as Record<string, unknown>)?.[k], o);
/** A feature folder in kebab case (`open-items`) holds the namespace in camel case (`openItems`). */
const namespaceOf = (folder: string) => folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const folderOf = (ns: string) => ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The texts folder of an area's namespace: `features/<folder>/i18n`, or one level deeper (`features/statistics/free-sql/i18n`). */
const textsFolder = (ns: string) => {
  const features = resolve(__dirname, '../features');
  const direct = `features/${folderOf(ns)}/i18n`;
  if (existsSync(resolve(__dirname, '..', direct))) return direct;
  const parent = readdirSync(features).find((area) => existsSync(join(features, area, folderOf(ns), 'i18n')));
  return `features/${parent}/${folderOf(ns)}/i18n`;
};

describe('translations', () => {
  it.each(Object.keys(NAMESPACES))('[APP-002] namespace %s: de, en and fr share one key set, no empty text, same placeholders', (ns) => {
    const texts = NAMESPACES[ns as keyof typeof NAMESPACES];
    const de = keys(texts.de).sort();
    expect(de.length).toBeGreaterThan(0);
    for (const lng of LANGUAGES) {
      expect(keys(texts[lng]).sort(), `${ns} ${lng}`).toEqual(de);
      for (const key of de) {
        const text = get(texts[lng], key);
        expect(typeof text === 'string' && text.trim() !== '', `${ns}:${key} (${lng})`).toBe(true);
        expect(placeholders(text), `${ns}:${key} (${lng})`).toEqual(placeholders(get(texts.de, key)));
      }
    }
  });

  it('every namespace folder (features/*/i18n) is listed in i18n/namespaces.ts', () => {
    const features = resolve(__dirname, '../features');
    const folders = readdirSync(features).filter((area) => statSync(join(features, area)).isDirectory() && readdirSync(join(features, area)).includes('i18n'));
    expect(folders.filter((area) => !(namespaceOf(area) in NAMESPACES))).toEqual([]);
  });

  it('a field label exists once: no area namespace repeats a label of the fields namespace under `fields`', () => {
    const shared = (key: string) => LANGUAGES.map((lng) => get(NAMESPACES.fields[lng], key)).join('|');
    for (const [ns, texts] of Object.entries(NAMESPACES)) {
      if (ns === 'fields') continue;
      const local = JSON.parse(readFileSync(resolve(__dirname, '..', ns === 'app' ? 'i18n/app' : textsFolder(ns), 'de.json'), 'utf8'));
      for (const key of keys(local).filter((k) => /(^|\.)fields\.[^.]+$/.test(k))) {
        // an area keeps a field label only where it differs from the shared one (e.g. products' "Artikelnummer")
        const own = LANGUAGES.map((lng) => get(texts[lng], key)).join('|');
        expect(own, `${ns}:${key}`).not.toBe(shared(key.split('.').pop() ?? ''));
      }
    }
  });

  it('[APP-004] the French set has the cookie notice, field labels and section titles', () => {
    expect(NAMESPACES.app.fr.cookie.text).toMatch(/navigateur/);
    expect(NAMESPACES.reminders.fr.remark).toBe('Remarque');
    expect(NAMESPACES.settings.fr.title).toBe('Paramètres');
    expect(NAMESPACES.fields.fr.name1).toBeTruthy();
  });
});
