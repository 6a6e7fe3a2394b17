import { SERVICE_AKTIONEN } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import de from './i18n/de.json';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('offline texts', () => {
  it('[APP-002] de, en and fr share one key set, no empty text, same placeholders', () => {
    for (const other of [en, fr]) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(de).sort());
      for (const [k, v] of Object.entries(other)) {
        expect(v.trim(), k).not.toBe('');
        expect(placeholders(v), k).toEqual(placeholders(de[k as keyof typeof de]));
      }
    }
  });

  it("every step kind of the sync has a name in de, en and fr (the contract's step kinds table)", () => {
    for (const [art, kind] of Object.entries(SERVICE_AKTIONEN))
      for (const lng of ['de', 'en', 'fr'] as const) expect(kind.name[lng].trim(), `${art} ${lng}`).not.toBe('');
  });
});
