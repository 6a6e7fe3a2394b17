import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';

/** Money at the API edge: decimals as written, rounded once (half away from zero), never a 500 for a huge number. */
const t = await createTestApp();
const c = api(t);

describe('money codecs at the API edge', () => {
  it('a unit price keeps four places, rounded half away from zero; the gross price is rounded once to the cent', async () => {
    const res = await c.call(endpoints.artikelCreate, {
      as: 'admin',
      body: { data: { artikelnummer: 'MONEY-1', artikelart: '2', bezeichnung: 'Rundung', vknetto: 1.00005, mwstsatz: 19 } },
    });
    expect(res.status).toBe(201);
    const a = expectOk(res).result;
    expect(a).toMatchObject({ vknetto: 1.0001, mwstsatz: 19, vkbrutto: 1.19 });
    const stored = await t.handle.db.selectFrom('artikel').select(['vknetto', 'mwstsatz']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect({ vknetto: Number(stored.vknetto), mwstsatz: stored.mwstsatz }).toEqual({ vknetto: 10_001, mwstsatz: 1900 });
    const found = await c.call(endpoints.artikelList, { as: 'admin', query: { filter: 'vknetto=1.0001,vkbrutto=1.19' } });
    expect(expectOk(found).result.map((r) => r.id)).toEqual([a.id]);
  });

  it('a filter value too large for a stored integer is a 400, not a database error', async () => {
    expectError(await c.call(endpoints.artikelList, { as: 'admin', query: { filter: 'vknetto<1e300' } }), 400);
  });

  it('a credit limit in cents: 1.005 € is 1.01 €', async () => {
    const id = (await t.handle.db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const res = await c.call(endpoints.adresseUpdate, {
      as: 'admin',
      params: { id },
      body: { data: { kreditlimit: 1.005 }, ProtokollBemerkung: 'Rundung' },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(expectOk(res).result.kreditlimit).toBe(1.01);
  });
});
