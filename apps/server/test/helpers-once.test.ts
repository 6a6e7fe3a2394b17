import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Helpers that exist once (issue 18 §5): a source under apps/server/src that does by hand what one of them does fails
 * here, naming the file and the helper to use. Migrations are left out (they never change with the code).
 */
const SRC = resolve(__dirname, '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
const files = sources(SRC).map((f) => ({ name: relative(SRC, f).split('\\').join('/'), text: readFileSync(f, 'utf8') }));

const RULES: { what: string; pattern: RegExp; home: string[] }[] = [
  { what: 'change-log rows: logChange/logChanges (lib/change-log.ts)', pattern: /insertInto\('protokoll'\)/, home: ['lib/change-log.ts'] },
  { what: 'rights: may (lib/rights.ts)', pattern: /selectFrom\('rechte'\)/, home: ['lib/rights.ts', 'plugins/auth.ts'] },
  {
    what: 'German number text: lib/format-de.ts',
    pattern: /replace\('\.', ','\)|toLocaleString\('de-DE'|Intl\.NumberFormat/,
    home: ['lib/format-de.ts'],
  },
  {
    what: 'Berlin day and day arithmetic: lib/berlin-time.ts (heute, tagVon, plusTage)',
    pattern: /setUTCDate\(|86_400_000\)\.toISOString\(\)\.slice\(0, 10\)|'Europe\/Berlin'/,
    home: ['lib/berlin-time.ts'],
  },
];

/**
 * Files of the areas restructured in parallel (issue 18 §1–4, §6) that switch after the merge; this list then becomes
 * empty. Do not add to it.
 */
const PENDING = new Set<string>([]);

describe('helpers that exist once', () => {
  for (const rule of RULES) {
    it(`${rule.what} — nowhere else`, () => {
      const offenders = files.filter((f) => !rule.home.includes(f.name) && !PENDING.has(f.name) && rule.pattern.test(f.text)).map((f) => f.name);
      expect(offenders).toEqual([]);
    });
  }

  it('the pending list holds only files that still do one of these by hand', () => {
    const still = files.filter((f) => PENDING.has(f.name) && RULES.some((r) => r.pattern.test(f.text))).map((f) => f.name);
    expect(still.sort()).toEqual([...PENDING].sort());
  });
});
