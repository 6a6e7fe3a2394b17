import { endpoints } from '@vario/contract';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as zaehler from '../src/db/migrations/0013_belege_zaehler';
import { invalidateCounts } from '../src/lib/list-query';
import { BROAD_SEARCH_MATCHES, planSearch } from '../src/lib/search';
import { belegeListResource } from '../src/modules/belege/belege.resource';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

// The documents' quick search (BEL-037): every word must begin a word of the number, the address name or the subject
// (case and, on SQLite, accents ignored); the rows come in the list's order (belegdatum descending, id), never ranked.
// A word in most documents makes SQLite check the rows of a small window one by one against the index's exact terms
// (lib/search.ts SearchPlan.seek) instead of collecting every match: both plans must answer the same rows and totals.
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const sqlite = t.handle.dialect === 'sqlite';

const adresse = await f.adresse({ name1: 'Suchtest Kühlhaus' });
const now = new Date().toISOString();
const N = BROAD_SEARCH_MATCHES + 400;
const rows = Array.from({ length: N }, (_, i) => ({
  belegart: i % 3 ? '0100' : '0200',
  belegnummer: `SB-${String(i).padStart(5, '0')}`,
  // dates repeat, so the id decides among equal days
  belegdatum: `2018-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  belegstatus: (i % 3) + 1,
  adresseId: adresse.id,
  adresseName: 'Suchtest Kühlhaus',
  betreff: i % 10 === 0 ? `Rahmenvertrag Kältetechnik Süd ${i}` : `Kältetechnik Rahmenvertrag ${i}`,
  angelegtAm: now,
  geaendertAm: now,
}));
for (let i = 0; i < rows.length; i += 500)
  await db
    .insertInto('belege')
    .values(rows.slice(i, i + 500))
    .execute();
const mine = await db.selectFrom('belege').select(['id', 'belegdatum', 'belegart', 'belegstatus', 'betreff']).where('adresseId', '=', adresse.id).execute();
const listOrder = <T extends { id: number; belegdatum: string }>(r: T[]) =>
  [...r].sort((a, b) => (a.belegdatum === b.belegdatum ? b.id - a.id : a.belegdatum < b.belegdatum ? 1 : -1)).map((x) => x.id);

const list = async (query: Record<string, string | number | boolean>) =>
  expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { returnTotal: true, ...query } }));
/** The plan SQLite takes for a window ending at `windowEnd` (offset + limit + 1). */
const plan = (term: string, windowEnd: number) => planSearch(db.selectFrom('belege').selectAll(), belegeListResource.search, term, t.handle.dialect, windowEnd);
/** Every window of `size` up to `end`, concatenated. */
const windows = async (query: Record<string, string | number | boolean>, size: number, end: number) => {
  const ids: number[] = [];
  for (let offset = 0; offset < end; offset += size) ids.push(...(await list({ ...query, limit: size, offset })).result.map((b) => b.id));
  return ids;
};

describe('quick search of the documents', () => {
  it.runIf(sqlite)('a word in most documents checks a small window row by row, a larger window collects the matches', async () => {
    const small = await plan('rahmenvertrag', 6);
    expect(small?.matches).toBeGreaterThanOrEqual(N);
    expect(small?.seek).toBe(true);
    expect(small?.query).toBe('("rahmenvertrag")');
    expect((await plan('rahmenvertrag', 2001))?.seek).toBeFalsy();
    // a rare word is looked up as before
    expect((await plan('SB-00042', 6))?.seek).toBeFalsy();
  });

  it('a broad word answers its windows in list order with the exact total, the same in small and large windows', async () => {
    const expected = listOrder(mine);
    const first = await list({ search: 'rahmenvertrag', limit: 5, filter: `adresseId=${adresse.id}` });
    expect(first.resultCount).toBe(N);
    expect(first.result.map((b) => b.id)).toEqual(expected.slice(0, 5));
    expect(first.hasMoreData).toBe(true);
    const small = await windows({ search: 'rahmenvertrag', filter: `adresseId=${adresse.id}` }, 5, 40);
    const large = (await list({ search: 'rahmenvertrag', limit: 40, filter: `adresseId=${adresse.id}` })).result.map((b) => b.id);
    expect(small).toEqual(expected.slice(0, 40));
    expect(large).toEqual(expected.slice(0, 40));
    // without a filter, the documents of other addresses come in between where their date says
    const all = await list({ search: 'rahmenvertrag', limit: 5 });
    const withOthers = await list({ search: 'rahmenvertrag', limit: 200 });
    expect(all.result.map((b) => b.id)).toEqual(withOthers.result.slice(0, 5).map((b) => b.id));
    expect(all.resultCount).toBe(withOthers.resultCount);
    const dates = withOthers.result.map((b) => b.belegdatum);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('the list filters still apply beside a broad search, and the total counts both', async () => {
    const chosen = mine.filter((b) => ['0100', '0200'].includes(b.belegart) && b.belegstatus !== 2 && b.belegart === '0100');
    const res = await list({ search: 'Rahmenvertrag', belegart: '0100', belegstatus: '1,3', limit: 5, filter: `adresseId=${adresse.id}` });
    expect(res.resultCount).toBe(chosen.length);
    expect(res.result.map((b) => b.id)).toEqual(listOrder(chosen).slice(0, 5));
    expect(res.result.every((b) => b.belegart === '0100' && b.belegstatus !== 2)).toBe(true);
  });

  it('every word must begin a word: case does not matter, umlauts match themselves, a word inside a word does not match', async () => {
    const upper = await list({ search: 'KÄLTETECHNIK', limit: 5, filter: `adresseId=${adresse.id}` });
    const lower = await list({ search: 'kältetech', limit: 5, filter: `adresseId=${adresse.id}` });
    expect(upper.resultCount).toBe(N);
    expect(lower.result.map((b) => b.id)).toEqual(upper.result.map((b) => b.id));
    // "technik" is inside "Kältetechnik", not its beginning
    const inner = await list({ search: 'technik', limit: 200, filter: `adresseId=${adresse.id}` });
    expect(inner.resultCount).toBe(0);
    // two words: both must match (the subject's "Süd" is in every tenth document)
    const both = await list({ search: 'rahmenvertrag süd', limit: 500, filter: `adresseId=${adresse.id}` });
    const sued = mine.filter((b) => b.betreff?.includes('Süd'));
    expect(both.resultCount).toBe(sued.length);
    expect(both.result.map((b) => b.id)).toEqual(listOrder(sued));
    const none = await list({ search: 'rahmenvertrag nirgendwozzq', limit: 5 });
    expect(none.resultCount).toBe(0);
    expect(none.result).toEqual([]);
  });

  it('an exact document number finds that document, and the numbers beginning with it', async () => {
    const one = await list({ search: 'SB-00042', limit: 5 });
    expect(one.result.map((b) => b.belegnummer)).toEqual(['SB-00042']);
    const some = await list({ search: 'SB-0004', limit: 50, filter: `adresseId=${adresse.id}` });
    expect(some.result.map((b) => b.belegnummer).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `SB-0004${i}`));
  });

  it('a changed subject and a new document are found by the next search at once', async () => {
    // the first search keeps its count and the index's terms of "rahmenvertrag"
    const before = await list({ search: 'rahmenvertrag', limit: 5 });
    const b = await f.beleg({ adresseId: adresse.id, belegart: '0100', belegdatum: '2099-12-31' });
    expectOk(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'Rahmenvertragsentwurf Nord' } } }));
    const after = await list({ search: 'rahmenvertrag', limit: 5 });
    expect(after.result[0]?.id).toBe(b.id);
    expect(after.resultCount).toBe((before.resultCount ?? 0) + 1);
    const created = await f.beleg({ adresseId: adresse.id, belegart: '0200', belegdatum: '2099-12-31', betreff: 'Rahmenvertragsverlängerung' });
    const again = await list({ search: 'rahmenvertrag', limit: 5 });
    expect(again.result.slice(0, 2).map((x) => x.id)).toEqual([created.id, b.id]);
    expect(again.resultCount).toBe((before.resultCount ?? 0) + 2);
  });
});

describe('list totals by type and status', () => {
  /** The documents counted in the table itself. */
  const counted = async (arten: string[] | null, status: number[] | null) => {
    let q = db.selectFrom('belege').select((eb) => eb.fn.countAll<number>().as('n'));
    if (arten) q = q.where('belegart', 'in', arten);
    if (status) q = q.where('belegstatus', 'in', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const total = async (query: Record<string, string>) => (await list({ limit: 1, ...query })).resultCount;
  const check = async () => {
    expect(await total({ belegart: '0100,0200', belegstatus: '1,2,3' })).toBe(await counted(['0100', '0200'], [1, 2, 3]));
    expect(await total({})).toBe(await counted(null, null));
    expect(await total({ belegart: '0200' })).toBe(await counted(['0200'], null));
    expect(await total({ belegstatus: '2,6' })).toBe(await counted(null, [2, 6]));
  };

  it('the total of the default pick-list filter is exact after creating, changing the status and deleting', async () => {
    await check();
    const b = await f.beleg({ adresseId: adresse.id, belegart: '0100' });
    await check();
    // two writes beside the resource layer, as another instance would make them: drop this instance's kept totals, which
    // a slow count under load would otherwise keep for their TTL (the API's own writes below drop them themselves)
    await db.updateTable('belege').set({ belegstatus: 2 }).where('id', '=', b.id).execute();
    invalidateCounts('belege');
    await check();
    await db
      .updateTable('belege')
      .set({ belegstatus: 6 })
      .where('id', 'in', [mine[0]?.id ?? 0, mine[1]?.id ?? 0])
      .execute();
    invalidateCounts('belege');
    await check();
    const other = await f.beleg({ adresseId: adresse.id, belegart: '0200' });
    expectOk(await c.call(endpoints.belegDelete, { as: 'admin', params: { id: other.id } }));
    await check();
    // beside an address, the total counts as every list does
    const ofAddress = await db
      .selectFrom('belege')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('adresseId', '=', adresse.id)
      .where('belegart', 'in', ['0100', '0200'])
      .where('belegstatus', 'in', [1, 2, 3])
      .executeTakeFirstOrThrow();
    expect(await total({ belegart: '0100,0200', belegstatus: '1,2,3', adresseId: String(adresse.id) })).toBe(Number(ofAddress.n));
  });

  it.runIf(sqlite)('the counters are filled from the documents there are (a database of the previous release)', async () => {
    await zaehler.down(db as unknown as Kysely<unknown>);
    await zaehler.up(db as unknown as Kysely<unknown>);
    const { rows } = await sql<{ d: number }>`select count(*) as d from (
      select belegart, belegstatus, count(*) as n from belege group by belegart, belegstatus
      except select belegart, belegstatus, anzahl from belege_zaehler where anzahl <> 0)`.execute(db);
    expect(Number(rows[0]?.d)).toBe(0);
    await check();
  });
});
