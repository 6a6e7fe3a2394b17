import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ERINNERUNG_TABELLEN, endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/app';
import { collectModules, defineModule } from '../src/lib/module';
import { api, expectOk } from './client';
import { createTestApp } from './helper';

/** What the modules declare (modules/index.ts `MODULES`, collected by app.ts) against the migrated, seeded database. */
const t = await createTestApp();
const c = api(t);
const db = t.handle.db;
const SRC = resolve(__dirname, '../src');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('the module registry', () => {
  it('collects every area in dependency order: the seeders run as before (foundation first, tickets after service)', () => {
    expect(registry.seeders.map((s) => s.name)).toEqual([
      'foundation',
      'adressen',
      'artikel',
      'deals',
      'belege',
      'offeneposten',
      'einkauf',
      'service',
      'tickets',
      'statistik',
      'picklisten',
      'zeiterfassung',
    ]);
  });

  it('every declared number range is a row of nummernkreise, as its migration created it', async () => {
    const rows = await db.selectFrom('nummernkreise').select(['name', 'bezeichnung', 'praefix', 'start']).execute();
    const byName = new Map(rows.map((r) => [r.name, { ...r, start: Number(r.start) }]));
    for (const r of registry.numberRanges) {
      expect(byName.get(r.name), r.name).toEqual({ name: r.name, bezeichnung: r.bezeichnung, praefix: r.praefix, start: r.start });
    }
    expect(registry.numberRanges.map((r) => r.name)).toEqual(
      expect.arrayContaining(['ADRESSE', 'KUNDE', 'LIEFERANT', 'BELEG_01', 'BELEG_04', 'OFFENER_POSTEN', 'AUFTRAG']),
    );
  });

  it('every declared lock code names a table; an administrator can lock a record of each', async () => {
    expect(Object.keys(registry.lockTables).sort()).toEqual([
      'ADD',
      'ADR',
      'AKT',
      'ART',
      'ASD',
      'ASP',
      'ASS',
      'BEK',
      'DEALS',
      'ERI',
      'KSP',
      'OPV',
      'PKL',
      'TKT',
      'ZAD',
    ]);
    for (const [code, { table }] of Object.entries(registry.lockTables)) {
      // biome-ignore lint/suspicious/noExplicitAny: table named by the declaration
      const row = await (db as any).selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirst();
      expect(row, `a record of ${table}`).toBeDefined();
      const lock = expectOk(await c.call(endpoints.sperreCreate, { as: 'admin', body: { data: { tabelle: code, datensatzId: row.id } } }));
      expectOk(await c.call(endpoints.sperreDelete, { as: 'admin', params: { id: lock.result.id } }));
    }
  });

  it("reminder codes are the contract's; the ones no module declares yet belong to areas still to come", () => {
    expect([...registry.reminderTables].sort()).toEqual(['ADR', 'ART', 'BEK', 'DEALS', 'OPV', 'TKT']);
    expect(ERINNERUNG_TABELLEN.filter((code) => !registry.reminderTables.includes(code))).toEqual([]);
  });

  it('refuses two modules declaring the same lock code, number range or module name', () => {
    const a = defineModule('a', { locks: { XYZ: { table: 'adressen', rights: [] } }, numberRanges: [{ name: 'N', bezeichnung: 'n', praefix: '', start: 1 }] });
    expect(() => collectModules([a, defineModule('b', { locks: { XYZ: { table: 'artikel', rights: [] } } })])).toThrow(/lock code XYZ .* a and b/);
    expect(() => collectModules([a, defineModule('b', { numberRanges: [{ name: 'N', bezeichnung: 'm', praefix: 'M', start: 1 }] })])).toThrow(/number range N/);
    expect(() => collectModules([a, defineModule('a', {})])).toThrow(/module a/);
  });
});

describe('layers', () => {
  const files = sources(SRC);
  const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] as string);

  it('no lib/ file knows a module', () => {
    const knowing = files
      .filter((f) => relative(SRC, f).startsWith('lib/'))
      .filter((f) => importsOf(f).some((s) => s.includes('/modules/')))
      .map((f) => relative(SRC, f));
    expect(knowing).toEqual([]);
  });

  it('no runtime code imports a migration: only db/index.ts runs them', () => {
    const importing = files
      .filter((f) => !relative(SRC, f).startsWith('db/migrations/'))
      .filter((f) => importsOf(f).some((s) => s.includes('migrations/')))
      .map((f) => relative(SRC, f));
    expect(importing).toEqual(['db/index.ts']);
  });
});
