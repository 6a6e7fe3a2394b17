import { endpoints } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as positionenLager } from '../src/db/migrations/0019_positionen_lager';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * The warehouse of a sales-document position (issue 19 item 12) and the article picker's price and stock per
 * warehouse (issue 20 item 3): the warehouse chosen when a line is made, changed on the line, carried by transforms,
 * booked per line, a shortage named on the line; races on one warehouse's last units.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

/** The default warehouse of lines without one: the main storage region's outgoing warehouse. */
const versand = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
  .ausgangLagerId as number;
const kreis = (await db.selectFrom('lager').select('lagerkreisId').where('id', '=', versand).executeTakeFirstOrThrow()).lagerkreisId;
/** Two warehouses without storage places of this test (no API makes warehouses). */
async function lager(kurzbezeichnung: string) {
  return (
    await db
      .insertInto('lager')
      .values({ kurzbezeichnung, bezeichnung: `Testlager ${kurzbezeichnung}`, lagerkreisId: kreis, hatLagerplaetze: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const nlA = await lager('NL-A');
const nlB = await lager('NL-B');
/** An office user whose default warehouse is NL-A. */
const verkauf = await f.benutzer();
await db.updateTable('benutzer').set({ vorgabeLagerId: nlA }).where('id', '=', verkauf.id).execute();
const as = verkauf.anmeldename;
const kunde = await f.adresse();

async function beleg(belegart: '0100' | '0200' | '0300', by = as) {
  return expectOk(await c.call(endpoints.belegCreate, { as: by, body: { data: { belegart, adresseId: kunde.id } } })).result;
}
type PosData = { artikelId: number; menge: number; lagId?: number | null };
async function position(belegId: number, data: PosData, by = as) {
  return expectOk(await c.call(endpoints.belegPositionCreate, { as: by, params: { id: belegId }, body: { data } })).result.position;
}
/** A stock article with the given pieces per warehouse. */
async function artikel(stock: Record<number, number> = {}, data: { artikelart?: '1' | '3'; bezeichnung?: string } = {}) {
  const a = await f.artikel({ bezeichnung: data.bezeichnung ?? 'Umwälzpumpe', ...(data.artikelart ? { artikelart: data.artikelart } : {}) });
  for (const [lagerId, menge] of Object.entries(stock)) await f.buchung({ artikelId: a.id, lagerId: Number(lagerId), menge });
  return a;
}
/** Stock of the article in a warehouse, and the sum of its movements there (both in pieces). */
async function bestand(artikelId: number, lagerId: number) {
  const b = await db.selectFrom('bestaende').select('bestand').where('artikelId', '=', artikelId).where('lagerId', '=', lagerId).executeTakeFirst();
  const m = await sql<{ s: number | string | null }>`select sum(menge) as s from lagerbewegungen
    where "artikelId" = ${artikelId} and "lagerId" = ${lagerId} and feld = 'bestand'`.execute(db);
  return { bestand: Number(b?.bestand ?? 0) / 1000, bewegungen: Number(m.rows[0]?.s ?? 0) / 1000 };
}
const buchen = (id: number, by = as) => c.call(endpoints.belegBuchen, { as: by, params: { id } });
const positionen = async (id: number) => expectOk(await c.call(endpoints.belegPositionenList, { as, params: { id } })).result;

describe(`the warehouse of a new position (${DB_KIND})`, () => {
  it("is the user's default warehouse when the article is available there, with its short name in lagerNr", async () => {
    const a = await artikel({ [nlA]: 5, [nlB]: 50 });
    const p = await position((await beleg('0100')).id, { artikelId: a.id, menge: 2 });
    expect(p).toMatchObject({ lagId: nlA, lagerNr: 'NL-A' });
  });

  it('is the warehouse that has the article when the default one has none or too little; the default one when none has any', async () => {
    const b = await beleg('0100');
    const nurB = await artikel({ [nlB]: 4 });
    expect(await position(b.id, { artikelId: nurB.id, menge: 1 })).toMatchObject({ lagId: nlB, lagerNr: 'NL-B' });
    const zuWenig = await artikel({ [nlA]: 1, [nlB]: 10 });
    expect((await position(b.id, { artikelId: zuWenig.id, menge: 3 })).lagId).toBe(nlB);
    // no warehouse covers 20: the default one still has some
    expect((await position(b.id, { artikelId: zuWenig.id, menge: 20 })).lagId).toBe(nlA);
    const leer = await artikel();
    expect((await position(b.id, { artikelId: leer.id, menge: 1 })).lagId).toBe(nlA);
  });

  it("without a default warehouse the user's lines get the main region's outgoing warehouse; a technician's faulty-parts store is never chosen", async () => {
    const ohne = await f.benutzer();
    const a = await artikel();
    const b = await beleg('0100', ohne.anmeldename);
    expect((await position(b.id, { artikelId: a.id, menge: 1 }, ohne.anmeldename)).lagId).toBe(versand);
    const defekt = (await db.selectFrom('techniker').select('defektteileLagerId').where('defektteileLagerId', 'is not', null).executeTakeFirstOrThrow())
      .defektteileLagerId as number;
    const kaputt = await artikel({ [defekt]: 9 });
    expect((await position(b.id, { artikelId: kaputt.id, menge: 1 }, ohne.anmeldename)).lagId).toBe(versand);
  });

  it('a warehouse given is kept, null stays null, an unknown one is a 400 on lagId; service articles and text lines carry none', async () => {
    const b = await beleg('0100');
    const a = await artikel({ [nlA]: 5 });
    expect(await position(b.id, { artikelId: a.id, menge: 1, lagId: nlB })).toMatchObject({ lagId: nlB, lagerNr: 'NL-B' });
    expect(await position(b.id, { artikelId: a.id, menge: 1, lagId: null })).toMatchObject({ lagId: null, lagerNr: null });
    const e = expectError(
      await c.call(endpoints.belegPositionCreate, { as, params: { id: b.id }, body: { data: { artikelId: a.id, menge: 1, lagId: 99_999_999 } } }),
      400,
    );
    expect(e.errors.fieldErrors.lagId).toBeDefined();
    const dienst = await artikel({}, { artikelart: '3' });
    expect((await position(b.id, { artikelId: dienst.id, menge: 1 })).lagId).toBeNull();
    const text = expectOk(
      await c.call(endpoints.belegPositionCreate, { as, params: { id: b.id }, body: { data: { positionsArt: 'T', bezeichnung: 'Hinweis' } } }),
    ).result.position;
    expect(text.lagId).toBeNull();
  });

  it('is changed on the position (lagerNr follows); another article chooses its warehouse again', async () => {
    const b = await beleg('0100');
    const a = await artikel({ [nlA]: 5 });
    const p = await position(b.id, { artikelId: a.id, menge: 1 });
    const patch = (data: Record<string, unknown>) => c.call(endpoints.belegPositionUpdate, { as, params: { id: b.id, positionId: p.id }, body: { data } });
    expect(expectOk(await patch({ lagId: nlB })).result.position).toMatchObject({ lagId: nlB, lagerNr: 'NL-B' });
    expect(expectError(await patch({ lagId: 99_999_999 }), 400).errors.fieldErrors.lagId).toBeDefined();
    const anderer = await artikel({ [nlA]: 3 });
    expect(expectOk(await patch({ artikelId: anderer.id })).result.position).toMatchObject({ artikelId: anderer.id, lagId: nlA, lagerNr: 'NL-A' });
  });
});

describe(`booking per position warehouse (${DB_KIND})`, () => {
  it("a delivery note of an article stocked only outside the user's default warehouse books from where the stock is", async () => {
    const a = await artikel({ [nlB]: 6 });
    const ls = await beleg('0300');
    await position(ls.id, { artikelId: a.id, menge: 4 });
    expectOk(await buchen(ls.id));
    expect(await bestand(a.id, nlB)).toEqual({ bestand: 2, bewegungen: 2 });
    expect(await bestand(a.id, nlA)).toEqual({ bestand: 0, bewegungen: 0 });
  });

  it('each position leaves its own warehouse; stock per warehouse is the sum of its movements, also after cancelling', async () => {
    const a = await artikel({ [nlA]: 5, [nlB]: 5 });
    const ls = await beleg('0300');
    await position(ls.id, { artikelId: a.id, menge: 2, lagId: nlA });
    await position(ls.id, { artikelId: a.id, menge: 3, lagId: nlB });
    await position(ls.id, { artikelId: a.id, menge: 1, lagId: nlB });
    expectOk(await buchen(ls.id));
    expect(await bestand(a.id, nlA)).toEqual({ bestand: 3, bewegungen: 3 });
    expect(await bestand(a.id, nlB)).toEqual({ bestand: 1, bewegungen: 1 });
    const moves = await db.selectFrom('lagerbewegungen').select(['lagerId', 'menge']).where('belegId', '=', ls.id).orderBy('lagerId').execute();
    expect(moves).toEqual([
      { lagerId: nlA, menge: -2000 },
      { lagerId: nlB, menge: -4000 },
    ]);
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: ls.id } }));
    expect(await bestand(a.id, nlA)).toEqual({ bestand: 5, bewegungen: 5 });
    expect(await bestand(a.id, nlB)).toEqual({ bestand: 5, bewegungen: 5 });
  });

  it('a shortage is a 422 naming article number and name, warehouse, required and available quantity on each position concerned; nothing is written', async () => {
    const a = await artikel({ [nlA]: 10, [nlB]: 2 }, { bezeichnung: 'Druckschalter' });
    const ls = await beleg('0300');
    const ok = await position(ls.id, { artikelId: a.id, menge: 1, lagId: nlA });
    const p1 = await position(ls.id, { artikelId: a.id, menge: 3, lagId: nlB });
    const p2 = await position(ls.id, { artikelId: a.id, menge: 1.5, lagId: nlB });
    const moves = async () => (await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', a.id).execute()).length;
    const vorher = await moves();
    const e = expectError(await buchen(ls.id), 422);
    const text = `Nicht genügend Bestand für ${a.artikelnummer} Druckschalter im Lager NL-B: verfügbar sind 2, benötigt 4,5`;
    expect(e.errors.services[0]?.message).toBe(text);
    expect(e.errors.fieldErrors).toEqual({ [`positionen.${p1.id}.menge`]: [text], [`positionen.${p2.id}.menge`]: [text] });
    expect(e.errors.fieldErrors[`positionen.${ok.id}.menge`]).toBeUndefined();
    expect(await moves()).toBe(vorher);
    const kopf = expectOk(await c.call(endpoints.belegGet, { as, params: { id: ls.id } })).result;
    expect(kopf.belegstatus).toBe(1);
    expect(await bestand(a.id, nlB)).toEqual({ bestand: 2, bewegungen: 2 });
  });

  it('offer → order → delivery note carry each position’s warehouse; the delivery note books from it', async () => {
    const a = await artikel({ [nlA]: 1, [nlB]: 8 });
    const an = await beleg('0100');
    await position(an.id, { artikelId: a.id, menge: 5, lagId: nlB });
    await position(an.id, { artikelId: a.id, menge: 1, lagId: nlA });
    expectOk(await buchen(an.id));
    const au = expectOk(await c.call(endpoints.belegUmwandeln, { as, params: { id: an.id, targetType: '0200' } })).result;
    expectOk(await buchen(au.id));
    const ls = expectOk(await c.call(endpoints.belegUmwandeln, { as, params: { id: au.id, targetType: '0300' } })).result;
    const lines = await positionen(ls.id);
    expect(lines.map((p) => [p.menge, p.lagId, p.lagerNr])).toEqual([
      [5, nlB, 'NL-B'],
      [1, nlA, 'NL-A'],
    ]);
    expectOk(await buchen(ls.id));
    expect(await bestand(a.id, nlB)).toEqual({ bestand: 3, bewegungen: 3 });
    expect(await bestand(a.id, nlA)).toEqual({ bestand: 0, bewegungen: 0 });
  });
});

describe(`documents made before positions carried a warehouse (${DB_KIND})`, () => {
  it('0019 gives unbooked lines of stock articles the default warehouse and leaves booked documents, services and text lines alone', async () => {
    const a = await artikel({ [versand]: 5 });
    const dienst = await artikel({}, { artikelart: '3' });
    const offen = await beleg('0300');
    const p = await position(offen.id, { artikelId: a.id, menge: 1, lagId: nlB });
    const d = await position(offen.id, { artikelId: dienst.id, menge: 1 });
    const gebucht = await beleg('0100');
    const g = await position(gebucht.id, { artikelId: a.id, menge: 1 });
    expectOk(await buchen(gebucht.id));
    // the shape of the previous release: no warehouse on the lines
    await db.updateTable('belegPositionen').set({ lagId: null, lagerNr: null }).where('id', 'in', [p.id, g.id]).execute();

    await positionenLager(db as never);
    const row = (id: number) => db.selectFrom('belegPositionen').select(['lagId', 'lagerNr']).where('id', '=', id).executeTakeFirstOrThrow();
    const kurz = (await db.selectFrom('lager').select('kurzbezeichnung').where('id', '=', versand).executeTakeFirstOrThrow()).kurzbezeichnung;
    expect(await row(p.id)).toEqual({ lagId: versand, lagerNr: kurz });
    expect(await row(d.id)).toEqual({ lagId: null, lagerNr: null });
    expect(await row(g.id)).toEqual({ lagId: null, lagerNr: null });
    // booking takes the line from there, as before
    expectOk(await buchen(offen.id));
    expect(await bestand(a.id, versand)).toEqual({ bestand: 4, bewegungen: 4 });
  });
});

describe(`article picker (${DB_KIND})`, () => {
  const auswahl = (id: number, query: Record<string, string | number> = {}, by = as) =>
    c.call(endpoints.belegArtikelAuswahl, { as: by, params: { id }, query });

  it("answers unit, the price a line would get (the customer's price) and the stock per warehouse, the most available first", async () => {
    const name = `Picker${Date.now()}`;
    const a = await artikel({ [nlA]: 2, [nlB]: 7 }, { bezeichnung: `${name} Pumpe` });
    const dienst = await artikel({}, { artikelart: '3', bezeichnung: `${name} Montage` });
    const b = await beleg('0100');
    await f.preis(kunde.id, { artikelnummer: a.artikelnummer, sonderpreis: 80, rabatt1: 10 });
    const res = expectOk(await auswahl(b.id, { search: name })).result;
    expect(res.map((r) => r.id).sort()).toEqual([a.id, dienst.id].sort());
    const hit = res.find((r) => r.id === a.id);
    expect(hit).toMatchObject({
      artikelnummer: a.artikelnummer,
      vknetto: 100,
      einzelpreis: 80,
      rabatt1: 10,
      endpreis: 72,
      preisRegel: 'KUNDENPREIS',
      lagerfuehrend: true,
      verfuegbar: 9,
    });
    expect(hit?.bestaende.map((s) => [s.kurzbezeichnung, s.bestand, s.verfuegbar])).toEqual([
      ['NL-B', 7, 7],
      ['NL-A', 2, 2],
    ]);
    // the same price as the line the document then gets
    const p = await position(b.id, { artikelId: a.id, menge: 1 });
    expect([p.einzelpreis, p.rabatt1, p.endpreis]).toEqual([hit?.einzelpreis, hit?.rabatt1, hit?.endpreis]);
    expect(res.find((r) => r.id === dienst.id)).toMatchObject({
      lagerfuehrend: false,
      verfuegbar: 0,
      bestaende: [],
      einzelpreis: 100,
      preisRegel: 'GRUNDPREIS',
    });
  });

  it('pages like the product search (not blocked, by number), 404 for an unknown document, 403 without ART_SEHEN, 400 for a bad query', async () => {
    const name = `Seite${Date.now()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await artikel({}, { bezeichnung: `${name} ${i}` }));
    const gesperrt = await f.artikel({ bezeichnung: `${name} gesperrt`, gesperrt: true });
    const b = await beleg('0100');
    const erste = expectOk(await auswahl(b.id, { search: name, limit: 2 }));
    expect(erste.hasMoreData).toBe(true);
    const zweite = expectOk(await auswahl(b.id, { search: name, limit: 2, offset: 2 }));
    const ids = [...erste.result, ...zweite.result].map((r) => r.id);
    expect(ids).toEqual(made.map((m) => m.id).sort((x, y) => x - y));
    expect(ids).not.toContain(gesperrt.id);
    expectError(await auswahl(99_999_999), 404);
    const ohneArt = await f.benutzer({ rechte: { ART_SEHEN: false } });
    expectError(await auswahl(b.id, {}, ohneArt.anmeldename), 403);
    expectError(await auswahl(b.id, { limit: 500 }), 400);
    expectError(await auswahl(b.id, { menge: -1 }), 400);
  });
});

describe(`races on one warehouse (${DB_KIND})`, () => {
  it('two delivery notes booking the last units of an article in one warehouse at once: exactly one succeeds; stock = sum of movements', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await artikel({ [nlB]: 3, [nlA]: 10 });
      const notes = [await beleg('0300'), await beleg('0300')];
      for (const ls of notes) await position(ls.id, { artikelId: a.id, menge: 3, lagId: nlB });
      const results = await Promise.all(notes.map((ls) => buchen(ls.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = results.find((r) => r.status !== 200);
      expect(expectError(refused as (typeof results)[number], 422).errors.services[0]?.message).toMatch(/im Lager NL-B: verfügbar sind 0, benötigt 3/);
      expect(await bestand(a.id, nlB)).toEqual({ bestand: 0, bewegungen: 0 });
      expect(await bestand(a.id, nlA)).toEqual({ bestand: 10, bewegungen: 10 });
    }
  });
});
