import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('translations', () => {
  it('[APP-002] de, en and fr share one key set', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(keys(fr).sort()).toEqual(keys(de).sort());
  });
  it('[APP-004] the French set has the cookie notice, field labels and section titles', () => {
    expect(fr.cookie.text).toMatch(/navigateur/);
    expect(fr.reminders.remark).toBe('Remarque');
    expect(fr.settings.title).toBe('Paramètres');
  });
});
