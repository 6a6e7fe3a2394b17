import { describe, expect, it } from 'vitest';
import { avatarPng, png } from '../src/seed/png';
import { createTestApp, expectError } from './helper';

/**
 * Every write of a request runs in one transaction: a refused write (423 another user's lock, 409, 422, 400) leaves
 * every table as it was — stock rows, pictures, free fields, price tiers, files.
 */
const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const db = t.handle.db;
const api = '/vario-api';
const b64 = (b: Buffer) => b.toString('base64');
const lock = async (token: string, tabelle: string, datensatzId: number) => {
  const res = await t.call(token, { method: 'POST', url: `${api}/system/sperren`, payload: { data: { tabelle, datensatzId } } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().result as { id: number; token: string };
};
const unlock = (token: string, id: number) => t.call(token, { method: 'DELETE', url: `${api}/system/sperren/${id}` });
const lagerId = (await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
const adresse = (await db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

async function neuerArtikel(data: Record<string, unknown> = {}) {
  const res = await t.call(admin, {
    method: 'POST',
    url: `${api}/stammdaten/artikel`,
    payload: { data: { artikelnummer: `TX-${Math.random().toString(36).slice(2, 10)}`, artikelart: '1', bezeichnung: 'Transaktion', vknetto: 10, ...data } },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().result as { id: number };
}
const protokoll = async (tabelle: string, datensatzId: number) =>
  (await db.selectFrom('protokoll').select('aktion').where('tabelle', '=', tabelle).where('datensatzId', '=', datensatzId).execute()).length;

describe('products', () => {
  it('a delete refused by another user’s lock (423) keeps the stock rows', async () => {
    const a = await neuerArtikel();
    // stock rows without movements (e.g. an empty row a count left behind)
    await db.insertInto('bestaende').values({ artikelId: a.id, lagerId }).execute();
    const l = await lock(buero, 'ART', a.id);
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/artikel/${a.id}` }), 423);
    expect(await db.selectFrom('bestaende').select('lagerId').where('artikelId', '=', a.id).execute()).toEqual([{ lagerId }]);
    expect((await t.call(admin, { method: 'GET', url: `${api}/stammdaten/artikel/${a.id}` })).statusCode).toBe(200);
    await unlock(buero, l.id);
    expect((await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/artikel/${a.id}` })).statusCode).toBe(204);
    expect(await db.selectFrom('bestaende').select('lagerId').where('artikelId', '=', a.id).execute()).toEqual([]);
  });

  it('a delete refused because of stock movements (409) keeps everything', async () => {
    const a = await neuerArtikel();
    const booked = await t.call(admin, {
      method: 'POST',
      url: `${api}/lager/buchungen`,
      payload: { data: { art: 'ZUGANG', artikelId: a.id, lagerId, menge: 2 } },
    });
    expect(booked.statusCode).toBe(201);
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/artikel/${a.id}` }), 409);
    const rows = await db.selectFrom('bestaende').select(['lagerId', 'bestand']).where('artikelId', '=', a.id).execute();
    expect(rows.map((r) => ({ lagerId: r.lagerId, bestand: Number(r.bestand) }))).toEqual([{ lagerId, bestand: 2000 }]);
  });

  it('free fields and price tiers of a product another user holds are refused (423) and stay as they were', async () => {
    const a = await neuerArtikel();
    const felder = [{ bezeichnung: 'Farbe', wert: 'blau' }];
    expect((await t.call(admin, { method: 'PUT', url: `${api}/stammdaten/artikel/${a.id}/freieFelder`, payload: { data: felder } })).statusCode).toBe(200);
    const staffel = [{ preisgruppe: 1, menge1: 1, vk1: 10 }];
    expect((await t.call(admin, { method: 'PUT', url: `${api}/stammdaten/artikel/${a.id}/AP3`, payload: { data: staffel } })).statusCode).toBe(200);
    const l = await lock(buero, 'ART', a.id);
    expectError(await t.call(admin, { method: 'PUT', url: `${api}/stammdaten/artikel/${a.id}/freieFelder`, payload: { data: [] } }), 423);
    expectError(await t.call(admin, { method: 'PUT', url: `${api}/stammdaten/artikel/${a.id}/AP3`, payload: { data: [] } }), 423);
    expect((await db.selectFrom('artikelFreieFelder').select('wert').where('artikelId', '=', a.id).execute()).map((r) => r.wert)).toEqual(['blau']);
    expect(await db.selectFrom('artikelPreisstaffeln').select('vk').where('artikelId', '=', a.id).execute()).toEqual([{ vk: 100_000 }]);
    // the holder may write with its token
    const own = await t.call(buero, {
      method: 'PUT',
      url: `${api}/stammdaten/artikel/${a.id}/freieFelder`,
      headers: { 'x-lock-token': l.token },
      payload: { data: [] },
    });
    expect(own.statusCode).toBe(200);
    await unlock(buero, l.id);
  });

  it('a change refused by the stock rule (409) writes no change-log entry', async () => {
    const a = await neuerArtikel();
    await t.call(admin, { method: 'POST', url: `${api}/lager/buchungen`, payload: { data: { art: 'ZUGANG', artikelId: a.id, lagerId, menge: 1 } } });
    const before = await protokoll('ART', a.id);
    expectError(await t.call(admin, { method: 'PATCH', url: `${api}/stammdaten/artikel/${a.id}`, payload: { data: { artikelart: '2' } } }), 409);
    expect(await protokoll('ART', a.id)).toBe(before);
  });
});

describe('stock bookings', () => {
  it('a transfer whose second leg fails books neither leg', async () => {
    const a = await neuerArtikel();
    await t.call(admin, { method: 'POST', url: `${api}/lager/buchungen`, payload: { data: { art: 'ZUGANG', artikelId: a.id, lagerId, menge: 5 } } });
    const res = await t.call(admin, {
      method: 'POST',
      url: `${api}/lager/buchungen`,
      payload: { data: { art: 'UMBUCHUNG', artikelId: a.id, lagerId, menge: 2, nachLagerId: 999_999 } },
    });
    expect(res.statusCode).toBe(400);
    const rows = await db.selectFrom('bestaende').select(['lagerId', 'bestand']).where('artikelId', '=', a.id).execute();
    expect(rows.map((r) => ({ lagerId: r.lagerId, bestand: Number(r.bestand) }))).toEqual([{ lagerId, bestand: 5000 }]);
    expect((await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', a.id).execute()).length).toBe(1);
  });
});

describe('contact persons and their picture', () => {
  const person = async () => {
    const p = (await t.call(admin, { method: 'POST', url: `${api}/stammdaten/adressen/${adresse}/ansprechpartner`, payload: { data: { name: 'Trx' } } })).json()
      .result as { id: number };
    const withPic = await t.call(admin, {
      method: 'POST',
      url: `${api}/stammdaten/ansprechpartner/${p.id}/bild`,
      payload: { data: { dateiname: 'a.png', daten: b64(avatarPng(10, 16)) } },
    });
    expect(withPic.statusCode).toBe(200);
    return withPic.json().result as { id: number; gfxid: number };
  };
  const bild = async (id: number) => (await db.selectFrom('bilder').select('id').where('id', '=', id).execute()).length;

  it('a delete refused by another user’s lock keeps the person and the picture', async () => {
    const p = await person();
    const l = await lock(buero, 'ASP', p.id);
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/ansprechpartner/${p.id}` }), 423);
    expect(await bild(p.gfxid)).toBe(1);
    await unlock(buero, l.id);
    expect((await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/ansprechpartner/${p.id}` })).statusCode).toBe(204);
    expect(await bild(p.gfxid)).toBe(0);
  });

  it('a new or removed picture of a person another user holds is refused (423); the old picture stays', async () => {
    const p = await person();
    const l = await lock(buero, 'ASP', p.id);
    expectError(
      await t.call(admin, {
        method: 'POST',
        url: `${api}/stammdaten/ansprechpartner/${p.id}/bild`,
        payload: { data: { dateiname: 'b.png', daten: b64(avatarPng(11, 16)) } },
      }),
      423,
    );
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/ansprechpartner/${p.id}/bild` }), 423);
    expect(await bild(p.gfxid)).toBe(1);
    const row = await db.selectFrom('ansprechpartner').select('gfxid').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.gfxid).toBe(p.gfxid);
    await unlock(buero, l.id);
  });
});

describe('assets', () => {
  it('pictures of an asset another user holds are refused (423)', async () => {
    const a = (
      await t.call(admin, { method: 'POST', url: `${api}/stammdaten/assets`, payload: { data: { assetnummer: `TX-${Date.now()}`, bezeichnung: 'Trx' } } })
    ).json().result as { id: number };
    const ok = await t.call(admin, {
      method: 'POST',
      url: `${api}/stammdaten/assets/${a.id}/bilder`,
      payload: { data: { dateiname: 'k.png', daten: b64(png(20, 10, () => [1, 2, 3])) } },
    });
    expect(ok.statusCode).toBe(201);
    const l = await lock(buero, 'ASS', a.id);
    expectError(
      await t.call(admin, {
        method: 'POST',
        url: `${api}/stammdaten/assets/${a.id}/bilder`,
        payload: { data: { dateiname: 'l.png', daten: b64(png(20, 10, () => [1, 2, 3])) } },
      }),
      423,
    );
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/assets/${a.id}/bilder/${ok.json().result.id}` }), 423);
    expect((await db.selectFrom('assetBilder').select('id').where('assetId', '=', a.id).execute()).length).toBe(1);
    await unlock(buero, l.id);
  });
});

describe('addresses', () => {
  it('a customer price changed under another user’s lock keeps its head and tiers', async () => {
    const created = await t.call(admin, {
      method: 'POST',
      url: `${api}/stammdaten/adressen/${adresse}/kundensonderpreise`,
      payload: { data: { artikelnummer: 'TX-1', preisart: 1, sonderpreis: 10, mwstSatz: 19 } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().result.id as number;
    const url = `${api}/stammdaten/adressen/${adresse}/kundensonderpreise/${id}`;
    expect((await t.call(admin, { method: 'PATCH', url, payload: { data: { mengenabhaengigePreise: { menge2: 10, vk2: 9 } } } })).statusCode).toBe(200);
    const l = await lock(buero, 'KSP', id);
    expectError(await t.call(admin, { method: 'PATCH', url, payload: { data: { sonderpreis: 1, mengenabhaengigePreise: { vk2: null } } } }), 423);
    expectError(await t.call(admin, { method: 'DELETE', url }), 423);
    const p = (await t.call(admin, { method: 'GET', url })).json().result;
    expect(p).toMatchObject({ sonderpreis: 10, sonderpreisBrutto: 11.9, mengenabhaengigePreise: { menge2: 10, vk2: 9, vk2Brutto: 10.71 } });
    await unlock(buero, l.id);
  });

  it('a file another user holds is not deleted (423)', async () => {
    const f = await t.call(admin, {
      method: 'POST',
      url: `${api}/stammdaten/adressen/${adresse}/dateien`,
      payload: { data: { dateiname: 'notiz.txt', daten: b64(Buffer.from('Hallo')) } },
    });
    expect(f.statusCode).toBe(201);
    const id = f.json().result.id as number;
    const l = await lock(buero, 'ADD', id);
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/adressen/${adresse}/dateien/${id}` }), 423);
    expect((await db.selectFrom('adressDateien').select('id').where('id', '=', id).execute()).length).toBe(1);
    await unlock(buero, l.id);
  });

  it('an activity with a person of another address is refused (400) and writes nothing', async () => {
    const fremd = await db.selectFrom('ansprechpartner').select('id').where('adresseId', '!=', adresse).executeTakeFirstOrThrow();
    const before = (await db.selectFrom('aktivitaeten').select('id').where('adresseId', '=', adresse).execute()).length;
    const art = await db.selectFrom('aktivitaetsarten').select('id').executeTakeFirstOrThrow();
    const res = await t.call(admin, {
      method: 'POST',
      url: `${api}/crm/aktivitaeten`,
      payload: { data: { adresseId: adresse, artId: art.id, beschreibung: 'x', dauer: 5, datum: '2026-01-01T10:00:00Z', ansprechpartnerId: fremd.id } },
    });
    expect(expectError(res, 400).errors.fieldErrors, res.body).toHaveProperty('ansprechpartnerId');
    expect((await db.selectFrom('aktivitaeten').select('id').where('adresseId', '=', adresse).execute()).length).toBe(before);
  });

  it('an address in use by documents is not deleted (409) and keeps its persons', async () => {
    const used = await db.selectFrom('belege').select('adresseId').executeTakeFirstOrThrow();
    const persons = (await db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', used.adresseId).execute()).length;
    expectError(await t.call(admin, { method: 'DELETE', url: `${api}/stammdaten/adressen/${used.adresseId}?ProtokollBemerkung=Test` }), 409);
    expect((await db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', used.adresseId).execute()).length).toBe(persons);
  });
});
