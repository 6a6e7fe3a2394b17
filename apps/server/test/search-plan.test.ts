import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { BROAD_SEARCH_MATCHES } from '../src/lib/search';
import { api, expectOk } from './client';
import { createTestApp } from './helper';

// A broad quick search (more matches than BROAD_SEARCH_MATCHES) reads its window along the sort index; a narrow one looks
// its matches up by id. Both plans must answer the same rows in the same order, and the same total.
const t = await createTestApp();
const c = api(t);
const BROAD = BROAD_SEARCH_MATCHES + 150;
const now = new Date().toISOString();
const rows = Array.from({ length: BROAD }, (_, i) => ({
  // numbers interleave with the other products, so the window has to skip rows that do not match
  artikelnummer: `PT-${String((i * 7919) % 100_000).padStart(5, '0')}`,
  artikelart: i % 3 === 0 ? '3' : '1',
  bezeichnung: i % 2 ? `Zahnradpumpe Planungstest ${i}` : `Planungstest Kreiselpumpe ${i}`,
  angelegtAm: now,
  geaendertAm: now,
}));
for (let i = 0; i < rows.length; i += 500)
  await t.handle.db
    .insertInto('artikel')
    .values(rows.slice(i, i + 500))
    .execute();
const expected = rows.map((r) => r.artikelnummer).sort();

const list = async (query: Record<string, string | number | boolean>) =>
  expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { limit: 20, returnTotal: true, ...query } }));

describe('quick search plans', () => {
  it('a broad search answers the first window in sort order with the exact total', async () => {
    const res = await list({ search: 'planungstest', orderBy: 'artikelnummer' });
    expect(res.resultCount).toBe(BROAD);
    expect(res.result.map((r) => r.artikelnummer)).toEqual(expected.slice(0, 20));
    expect(res.hasMoreData).toBe(true);
  });

  it('a broad search answers deeper windows, descending order and the last rows the same way', async () => {
    const deep = await list({ search: 'planungstest', orderBy: 'artikelnummer', offset: 1000 });
    expect(deep.result.map((r) => r.artikelnummer)).toEqual(expected.slice(1000, 1020));
    const desc = await list({ search: 'planungstest', orderBy: '-artikelnummer' });
    expect(desc.result.map((r) => r.artikelnummer)).toEqual([...expected].reverse().slice(0, 20));
    const last = await list({ search: 'planungstest', orderBy: 'artikelnummer', offset: BROAD - 5 });
    expect(last.result.map((r) => r.artikelnummer)).toEqual(expected.slice(-5));
    expect(last.hasMoreData).toBe(false);
  });

  it('with a filter beside the search the total counts both', async () => {
    const res = await list({ search: 'planungstest', filter: 'artikelart=3', orderBy: 'artikelnummer' });
    const services = rows.filter((r) => r.artikelart === '3').map((r) => r.artikelnummer);
    expect(res.resultCount).toBe(services.length);
    expect(res.result.map((r) => r.artikelnummer)).toEqual(services.sort().slice(0, 20));
  });

  it('a narrow search (a few matches) answers the same as before: all words must match', async () => {
    const res = await list({ search: 'zahnradpumpe planungstest 1001', orderBy: 'artikelnummer' });
    expect(res.resultCount).toBe(1);
    expect(res.result[0]?.bezeichnung).toBe('Zahnradpumpe Planungstest 1001');
    const none = await list({ search: 'planungstest nirgendwo' });
    expect(none.resultCount).toBe(0);
    expect(none.result).toEqual([]);
  });

  it('a new product counts in the next search at once (the kept match count is forgotten on a write)', async () => {
    const before = await list({ search: 'planungstest' });
    const body = { data: { artikelnummer: 'PT-NEU-1', artikelart: '1' as const, bezeichnung: 'Planungstest neu' } };
    expectOk(await c.call(endpoints.artikelCreate, { as: 'admin', body }));
    const after = await list({ search: 'planungstest' });
    expect(after.resultCount).toBe((before.resultCount ?? 0) + 1);
  });
});

// The deals' quick search matches by title and by the address (deals.resource.ts). PostgreSQL plans it by both together:
// few matches are read by their ids, many by walking the id order; both answer the rows and totals a plain match would.
const firma = await t.handle.db
  .insertInto('adressen')
  .values({ adressnummer: 990_000_000 + (Date.now() % 1_000_000), name1: 'Planungsdeal Werkstatt', angelegtAm: now, geaendertAm: now } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
const andere = await t.handle.db
  .insertInto('adressen')
  .values({ adressnummer: 991_000_000 + (Date.now() % 1_000_000), name1: 'Andere Firma', angelegtAm: now, geaendertAm: now } as never)
  .returning('id')
  .executeTakeFirstOrThrow();
const deal = (titel: string, adresseId: number) => ({ titel, adresseId, angelegtAm: now, geaendertAm: now });
const insert = async (values: ReturnType<typeof deal>[]) => {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 500)
    ids.push(
      ...(
        await t.handle.db
          .insertInto('deals')
          .values(values.slice(i, i + 500))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  return ids;
};
// few: two by the address's name, one by its title, one matching neither
const few = await insert([
  deal('Kesseltausch', firma.id),
  deal('Planungsdeal Halle 7', andere.id),
  deal('Dachsanierung', firma.id),
  deal('Sonstiges', andere.id),
]);
// many: more than BROAD_SEARCH_MATCHES by title, a few of them also by the address
const many = await insert(Array.from({ length: BROAD }, (_, i) => deal(`Serienplanung Los ${i}`, i % 500 === 0 ? firma.id : andere.id)));
const deals = async (search: string, query: Record<string, string | number> = {}) =>
  expectOk(await c.call(endpoints.dealsList, { as: 'admin', query: { search, returnTotal: 'true', limit: 20, ...query } }));

describe('quick search plans of the deals (title or address)', () => {
  it('few matches: the deals of the matching address and those with a matching title, newest first, with the exact total', async () => {
    const res = await deals('planungsdeal');
    const expected = [few[0], few[1], few[2], ...many.filter((_, i) => i % 500 === 0)].sort((a, b) => (b as number) - (a as number));
    expect(res.result.map((r) => r.id)).toEqual(expected.slice(0, 20));
    expect(res.resultCount).toBe(expected.length);
    const none = await deals('planungsdeal nirgendwo');
    expect(none.result).toEqual([]);
    expect(none.resultCount).toBe(0);
  });

  it('many matches: the first and a deeper window in id order with the exact total', async () => {
    const desc = [...many].sort((a, b) => b - a);
    const first = await deals('serienplanung');
    expect(first.resultCount).toBe(BROAD);
    expect(first.result.map((r) => r.id)).toEqual(desc.slice(0, 20));
    const deeper = await deals('serienplanung', { offset: 1500 });
    expect(deeper.result.map((r) => r.id)).toEqual(desc.slice(1500, 1520));
  });
});
