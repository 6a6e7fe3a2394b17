import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { avatarPng, png } from '../src/seed/png';
import { api, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, expectError } from './helper';

/**
 * Every write of a request runs in one transaction: a refused write (423 another user's lock, 409, 422, 400) leaves
 * every table as it was — stock rows, pictures, free fields, price tiers, files.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const b64 = (b: Buffer) => b.toString('base64');
const lock = (as: string, tabelle: string, datensatzId: number) => f.sperre({ tabelle, datensatzId }, { as });
const unlock = async (as: string, id: number) => expectOk(await c.call(endpoints.sperreDelete, { as, params: { id } }));
const lagerId = (await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
const adresse = (await db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

const neuerArtikel = () => f.artikel({ artikelnummer: unique('TX-'), bezeichnung: 'Transaktion', vknetto: 10 });
const artikel = (id: number) => ({ as: 'admin', params: { id } });
const protokoll = async (tabelle: string, datensatzId: number) =>
  (await db.selectFrom('protokoll').select('aktion').where('tabelle', '=', tabelle).where('datensatzId', '=', datensatzId).execute()).length;

describe('products', () => {
  it('a delete refused by another user’s lock (423) keeps the stock rows', async () => {
    const a = await neuerArtikel();
    // stock rows without movements (e.g. an empty row a count left behind)
    await db.insertInto('bestaende').values({ artikelId: a.id, lagerId }).execute();
    const l = await lock('buero', 'ART', a.id);
    expectError(await c.call(endpoints.artikelDelete, artikel(a.id)), 423);
    expect(await db.selectFrom('bestaende').select('lagerId').where('artikelId', '=', a.id).execute()).toEqual([{ lagerId }]);
    expect((await c.call(endpoints.artikelGet, artikel(a.id))).status).toBe(200);
    await unlock('buero', l.id);
    expect((await c.call(endpoints.artikelDelete, artikel(a.id))).status).toBe(204);
    expect(await db.selectFrom('bestaende').select('lagerId').where('artikelId', '=', a.id).execute()).toEqual([]);
  });

  it('a delete refused because of stock movements (409) keeps everything', async () => {
    const a = await neuerArtikel();
    const booked = await c.call(endpoints.buchung, { as: 'admin', body: { data: { art: 'ZUGANG', artikelId: a.id, lagerId, menge: 2 } } });
    expect(booked.status).toBe(201);
    expectError(await c.call(endpoints.artikelDelete, artikel(a.id)), 409);
    const rows = await db.selectFrom('bestaende').select(['lagerId', 'bestand']).where('artikelId', '=', a.id).execute();
    expect(rows.map((r) => ({ lagerId: r.lagerId, bestand: Number(r.bestand) }))).toEqual([{ lagerId, bestand: 2000 }]);
  });

  it('free fields and price tiers of a product another user holds are refused (423) and stay as they were', async () => {
    const a = await neuerArtikel();
    const felder = [{ bezeichnung: 'Farbe', wert: 'blau' }];
    expect((await c.call(endpoints.freieFelderSet, { ...artikel(a.id), body: { data: felder } })).status).toBe(200);
    const staffel = [{ preisgruppe: 1, menge1: 1, vk1: 10 }];
    const ap3 = { id: a.id, ap: 'AP3' as const };
    expect((await c.call(endpoints.preisstaffelSet, { as: 'admin', params: ap3, body: { data: staffel } })).status).toBe(200);
    const l = await lock('buero', 'ART', a.id);
    expectError(await c.call(endpoints.freieFelderSet, { ...artikel(a.id), body: { data: [] } }), 423);
    expectError(await c.call(endpoints.preisstaffelSet, { as: 'admin', params: ap3, body: { data: [] } }), 423);
    expect((await db.selectFrom('artikelFreieFelder').select('wert').where('artikelId', '=', a.id).execute()).map((r) => r.wert)).toEqual(['blau']);
    expect(await db.selectFrom('artikelPreisstaffeln').select('vk').where('artikelId', '=', a.id).execute()).toEqual([{ vk: 100_000 }]);
    // the holder may write with its token
    const own = await c.call(endpoints.freieFelderSet, { as: 'buero', headers: { 'x-lock-token': l.token }, params: { id: a.id }, body: { data: [] } });
    expect(own.status).toBe(200);
    await unlock('buero', l.id);
  });

  it('a change refused by the stock rule (409) writes no change-log entry', async () => {
    const a = await neuerArtikel();
    await f.buchung({ artikelId: a.id, lagerId, menge: 1 });
    const before = await protokoll('ART', a.id);
    expectError(await c.call(endpoints.artikelUpdate, { ...artikel(a.id), body: { data: { artikelart: '2' } } }), 409);
    expect(await protokoll('ART', a.id)).toBe(before);
  });
});

describe('stock bookings', () => {
  it('a transfer whose second leg fails books neither leg', async () => {
    const a = await neuerArtikel();
    await f.buchung({ artikelId: a.id, lagerId, menge: 5 });
    const res = await c.call(endpoints.buchung, {
      as: 'admin',
      body: { data: { art: 'UMBUCHUNG', artikelId: a.id, lagerId, menge: 2, nachLagerId: 999_999 } },
    });
    expect(res.status).toBe(400);
    const rows = await db.selectFrom('bestaende').select(['lagerId', 'bestand']).where('artikelId', '=', a.id).execute();
    expect(rows.map((r) => ({ lagerId: r.lagerId, bestand: Number(r.bestand) }))).toEqual([{ lagerId, bestand: 5000 }]);
    expect((await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', a.id).execute()).length).toBe(1);
  });
});

describe('contact persons and their picture', () => {
  const person = async () => {
    const p = await f.ansprechpartner(adresse, { name: 'Trx' });
    const withPic = await c.call(endpoints.ansprechpartnerBild, {
      as: 'admin',
      params: { id: p.id },
      body: { data: { dateiname: 'a.png', daten: b64(avatarPng(10, 16)) } },
    });
    expect(withPic.status).toBe(200);
    const { id, gfxid } = expectOk(withPic).result;
    if (gfxid === null) throw new Error('the person has no picture');
    return { id, gfxid };
  };
  const bild = async (id: number) => (await db.selectFrom('bilder').select('id').where('id', '=', id).execute()).length;
  const of = (id: number) => ({ as: 'admin', params: { id } });

  it('a delete refused by another user’s lock keeps the person and the picture', async () => {
    const p = await person();
    const l = await lock('buero', 'ASP', p.id);
    expectError(await c.call(endpoints.ansprechpartnerDelete, of(p.id)), 423);
    expect(await bild(p.gfxid)).toBe(1);
    await unlock('buero', l.id);
    expect((await c.call(endpoints.ansprechpartnerDelete, of(p.id))).status).toBe(204);
    expect(await bild(p.gfxid)).toBe(0);
  });

  it('a new or removed picture of a person another user holds is refused (423); the old picture stays', async () => {
    const p = await person();
    const l = await lock('buero', 'ASP', p.id);
    expectError(await c.call(endpoints.ansprechpartnerBild, { ...of(p.id), body: { data: { dateiname: 'b.png', daten: b64(avatarPng(11, 16)) } } }), 423);
    expectError(await c.call(endpoints.ansprechpartnerBildDelete, of(p.id)), 423);
    expect(await bild(p.gfxid)).toBe(1);
    const row = await db.selectFrom('ansprechpartner').select('gfxid').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.gfxid).toBe(p.gfxid);
    await unlock('buero', l.id);
  });
});

describe('assets', () => {
  it('pictures of an asset another user holds are refused (423)', async () => {
    const a = await f.asset({ assetnummer: `TX-${Date.now()}`, bezeichnung: 'Trx' });
    const bildBody = (dateiname: string) => ({ data: { dateiname, daten: b64(png(20, 10, () => [1, 2, 3])) } });
    const ok = await c.call(endpoints.assetBildCreate, { as: 'admin', params: { id: a.id }, body: bildBody('k.png') });
    expect(ok.status).toBe(201);
    const l = await lock('buero', 'ASS', a.id);
    expectError(await c.call(endpoints.assetBildCreate, { as: 'admin', params: { id: a.id }, body: bildBody('l.png') }), 423);
    const subId = expectOk(ok).result.id;
    expectError(await c.call(endpoints.assetBildDelete, { as: 'admin', params: { id: a.id, subId } }), 423);
    expect((await db.selectFrom('assetBilder').select('id').where('assetId', '=', a.id).execute()).length).toBe(1);
    await unlock('buero', l.id);
  });
});

describe('addresses', () => {
  it('a customer price changed under another user’s lock keeps its head and tiers', async () => {
    const created = await c.call(endpoints.preisCreate, {
      as: 'admin',
      params: { id: adresse },
      body: { data: { artikelnummer: (await f.artikel()).artikelnummer, preisart: 1, sonderpreis: 10, mwstSatz: 19 } },
    });
    expect(created.status).toBe(201);
    const params = { id: adresse, priceId: expectOk(created).result.id };
    const tiers = { data: { mengenabhaengigePreise: { menge2: 10, vk2: 9 } } };
    expect((await c.call(endpoints.preisUpdate, { as: 'admin', params, body: tiers })).status).toBe(200);
    const l = await lock('buero', 'KSP', params.priceId);
    const change = { data: { sonderpreis: 1, mengenabhaengigePreise: { vk2: null } } };
    expectError(await c.call(endpoints.preisUpdate, { as: 'admin', params, body: change }), 423);
    expectError(await c.call(endpoints.preisDelete, { as: 'admin', params }), 423);
    const p = expectOk(await c.call(endpoints.preisGet, { as: 'admin', params })).result;
    expect(p).toMatchObject({ sonderpreis: 10, sonderpreisBrutto: 11.9, mengenabhaengigePreise: { menge2: 10, vk2: 9, vk2Brutto: 10.71 } });
    await unlock('buero', l.id);
  });

  it('a file another user holds is not deleted (423)', async () => {
    const created = await c.call(endpoints.dateiCreate, {
      as: 'admin',
      params: { id: adresse },
      body: { data: { dateiname: 'notiz.txt', daten: b64(Buffer.from('Hallo')) } },
    });
    expect(created.status).toBe(201);
    const id = expectOk(created).result.id;
    const l = await lock('buero', 'ADD', id);
    expectError(await c.call(endpoints.dateiDelete, { as: 'admin', params: { id: adresse, subId: id } }), 423);
    expect((await db.selectFrom('adressDateien').select('id').where('id', '=', id).execute()).length).toBe(1);
    await unlock('buero', l.id);
  });

  it('an activity with a person of another address is refused (400) and writes nothing', async () => {
    const fremd = await db.selectFrom('ansprechpartner').select('id').where('adresseId', '!=', adresse).executeTakeFirstOrThrow();
    const before = (await db.selectFrom('aktivitaeten').select('id').where('adresseId', '=', adresse).execute()).length;
    const art = await db.selectFrom('aktivitaetsarten').select('id').executeTakeFirstOrThrow();
    const res = await c.call(endpoints.aktivitaetCreate, {
      as: 'admin',
      body: { data: { adresseId: adresse, artId: art.id, beschreibung: 'x', dauer: 5, datum: '2026-01-01T10:00:00Z', ansprechpartnerId: fremd.id } },
    });
    expect(expectError(res, 400).errors.fieldErrors, res.raw.body).toHaveProperty('ansprechpartnerId');
    expect((await db.selectFrom('aktivitaeten').select('id').where('adresseId', '=', adresse).execute()).length).toBe(before);
  });

  it('an address in use by documents is not deleted (409) and keeps its persons', async () => {
    const used = await db.selectFrom('belege').select('adresseId').executeTakeFirstOrThrow();
    const persons = (await db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', used.adresseId).execute()).length;
    expectError(await c.call(endpoints.adresseDelete, { as: 'admin', params: { id: used.adresseId }, query: { ProtokollBemerkung: 'Test' } }), 409);
    expect((await db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', used.adresseId).execute()).length).toBe(persons);
  });
});
