import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

/** Money at the API edge: decimals as written, rounded once (half away from zero), never a 500 for a huge number. */
const t = await createTestApp();
const admin = await t.login('admin');
const api = '/vario-api';

describe('money codecs at the API edge', () => {
  it('a unit price keeps four places, rounded half away from zero; the gross price is rounded once to the cent', async () => {
    const res = await t.call(admin, {
      method: 'POST',
      url: `${api}/stammdaten/artikel`,
      payload: { data: { artikelnummer: 'MONEY-1', artikelart: '2', bezeichnung: 'Rundung', vknetto: 1.00005, mwstsatz: 19 } },
    });
    expect(res.statusCode).toBe(201);
    const a = res.json().result;
    expect(a).toMatchObject({ vknetto: 1.0001, mwstsatz: 19, vkbrutto: 1.19 });
    const stored = await t.handle.db.selectFrom('artikel').select(['vknetto', 'mwstsatz']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect({ vknetto: Number(stored.vknetto), mwstsatz: stored.mwstsatz }).toEqual({ vknetto: 10_001, mwstsatz: 1900 });
    const found = await t.call(admin, { method: 'GET', url: `${api}/stammdaten/artikel?filter=${encodeURIComponent('vknetto=1.0001,vkbrutto=1.19')}` });
    expect(found.json().result.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  it('a filter value too large for a stored integer is a 400, not a database error', async () => {
    expectError(await t.call(admin, { method: 'GET', url: `${api}/stammdaten/artikel?filter=${encodeURIComponent('vknetto<1e300')}` }), 400);
  });

  it('a credit limit in cents: 1.005 € is 1.01 €', async () => {
    const id = (await t.handle.db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const res = await t.call(admin, {
      method: 'PATCH',
      url: `${api}/stammdaten/adressen/${id}`,
      payload: { data: { kreditlimit: 1.005 }, ProtokollBemerkung: 'Rundung' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.kreditlimit).toBe(1.01);
  });
});
