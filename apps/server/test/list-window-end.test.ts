import { endpoints, type ListQuery } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { createTestApp } from './helper';

const t = await createTestApp();
const c = api(t);
const as = 'admin';
const addresses = async (query: ListQuery) => expectOk(await c.call(endpoints.adressenList, { as, query }));

// Deep windows in the back half of a plain list are read walking the order backwards (lib/list-query.ts windowOf,
// SQLite); a filter that keeps every row makes the same list read forwards. Both must answer the same rows.
describe('deep windows read from the end', () => {
  it('answer the same rows, hasMoreData and total as the forward walk, for every order and near the end', async () => {
    const now = new Date().toISOString();
    const names = ['Müller', 'Mueller', 'Maier', 'Ärger', 'Zander', 'weiß', 'Weiss', 'Öz', 'Berg'];
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      adressnummer: 900_000 + i,
      name1: `${names[i % names.length]} ${i % 7}`,
      ort: i % 3 ? `Ort ${i % 11}` : null,
      angelegtAm: now,
      geaendertAm: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.handle.db
        .insertInto('adressen')
        .values(rows.slice(i, i + 200))
        .execute();
    const total = (await addresses({ limit: 1, returnTotal: 'true' })).resultCount ?? 0;
    expect(total).toBeGreaterThanOrEqual(2600);
    const ids = (r: { result: { id: number }[] }) => r.result.map((x) => x.id);
    let compared = 0;
    for (const orderBy of ['name1', '-name1', 'ort', '-ort', 'adressnummer', '-id']) {
      for (const [offset, limit] of [
        [2001, 100],
        [total - 700, 100],
        [total - 100, 100],
        [total - 60, 100],
        [total - 1, 10],
        [total, 10],
        [total + 50, 10],
      ] as const) {
        const fromEnd = await addresses({ orderBy, offset, limit, returnTotal: 'true' });
        const forward = await addresses({ orderBy, offset, limit, returnTotal: 'true', filter: 'id>0' });
        expect(ids(fromEnd), `${orderBy} at ${offset}`).toEqual(ids(forward));
        expect(fromEnd.hasMoreData, `${orderBy} at ${offset}`).toBe(forward.hasMoreData);
        expect(fromEnd.resultCount).toBe(total);
        expect(fromEnd.result.length).toBe(Math.max(0, Math.min(limit, total - offset)));
        compared += fromEnd.result.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
