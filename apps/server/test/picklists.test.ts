import { endpoints, MessageCode, PICK_ENTSPERREN_RECHT, PICK_RECHT, picklisteSichtbar } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * Digital picklists (issue 25 items 5–6, PICK-001…011 with the project's rights PICK_KOMMISSIONIEREN and
 * PICK_ENTSPERREN): made from booked orders, listed per warehouse or region, opened under the record lock, unlocked,
 * picked by scanning place and article with the stock moving through the journal.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

/** A storage region that picks with type 1 and a warehouse with two storage places (no API makes warehouses). */
const kreis = (
  await db
    .insertInto('lagerkreise')
    .values({ name: `Kommissionierung ${unique()}`, kommissionierart: 1, istHauptlagerkreis: false })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
async function lagerMitPlaetzen(kurz: string) {
  const lagerId = (
    await db
      .insertInto('lager')
      .values({ kurzbezeichnung: kurz, bezeichnung: `Pickl ${kurz}`, lagerkreisId: kreis, hatLagerplaetze: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const platz = async (location: string) =>
    (await db.insertInto('lagerplaetze').values({ lagerId, location, kistennummer: null }).returning('id').executeTakeFirstOrThrow()).id;
  return { lagerId, a: await platz(`${kurz}-01-A`), b: await platz(`${kurz}-02-B`) };
}
const L1 = await lagerMitPlaetzen('PK1');
const L2 = await lagerMitPlaetzen('PK2');

const picker = await f.benutzer({ rechte: { [PICK_RECHT]: true }, name: 'Paula Picker' });
const picker2 = await f.benutzer({ rechte: { [PICK_RECHT]: true }, name: 'Peter Packer' });
const chef = await f.benutzer({ rechte: { [PICK_RECHT]: true, [PICK_ENTSPERREN_RECHT]: true } });
const ohne = await f.benutzer();
const kunde = await f.adresse();

/** A stock article with an EAN and `menge` pieces on a place. */
async function artikel(platz: { lagerId: number; lagerplatzId: number }, menge: number) {
  const a = await f.artikel({ ean: String(4000000000000 + Math.floor(Math.random() * 999999999)) });
  if (menge > 0) await f.buchung({ artikelId: a.id, lagerId: platz.lagerId, lagerplatzId: platz.lagerplatzId, menge });
  return a;
}
/** A booked order with the given lines (pieces, warehouse). */
async function auftrag(zeilen: { artikelId: number; menge: number; lagId: number }[], buchen = true) {
  const b = await f.beleg({ belegart: '0200', adresseId: kunde.id });
  for (const z of zeilen) await f.position(b.id, z);
  if (buchen) expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: b.id } }));
  return b;
}
const erzeugen = (belegId: number, as = picker.anmeldename) => c.call(endpoints.picklistenErzeugen, { as, body: { data: { belegId } } });
const oeffnen = (LfdNr: number, as = picker.anmeldename) => c.call(endpoints.picklistenArtikel, { as, query: { LfdNr } });
const entsperren = (LfdNr: number, as = picker.anmeldename) => c.call(endpoints.picklistenArtikel, { as, query: { LfdNr, unlock: '1' } });
const bestaetigen = (data: { lfdNr: number; positionId: number; lagerplatz: string | null; artikel: string; menge: number }, as = picker.anmeldename) =>
  c.call(endpoints.pickBestaetigen, { as, body: { data } });
/** Stock of an article on a place and the sum of its movements there (pieces). */
async function bestand(artikelId: number, lagerplatzId: number) {
  const b = await db
    .selectFrom('lagerplatzBestaende')
    .select('bestand')
    .where('artikelId', '=', artikelId)
    .where('lagerplatzId', '=', lagerplatzId)
    .executeTakeFirst();
  const m = await sql<{ s: number | string | null }>`select sum(menge) as s from lagerbewegungen
    where "artikelId" = ${artikelId} and "lagerplatzId" = ${lagerplatzId} and feld = 'bestand'`.execute(db);
  return { bestand: Number(b?.bestand ?? 0) / 1000, bewegungen: Number(m.rows[0]?.s ?? 0) / 1000 };
}
/** A fresh picklist in L1: one article with `menge` ordered and `vorrat` in stock on place a. */
async function liste(menge = 5, vorrat = 10) {
  const a = await artikel({ lagerId: L1.lagerId, lagerplatzId: L1.a }, vorrat);
  const b = await auftrag([{ artikelId: a.id, menge, lagId: L1.lagerId }]);
  const [pl] = expectOk(await erzeugen(b.id)).result;
  return { a, b, lfdNr: pl!.lfdNr };
}

describe(`making picklists from booked orders (${DB_KIND})`, () => {
  it('makes one list per warehouse and a line per article and storage place with the open quantity', async () => {
    const x = await artikel({ lagerId: L1.lagerId, lagerplatzId: L1.b }, 20);
    const y = await artikel({ lagerId: L2.lagerId, lagerplatzId: L2.a }, 20);
    const b = await auftrag([
      { artikelId: x.id, menge: 2, lagId: L1.lagerId },
      { artikelId: x.id, menge: 1.5, lagId: L1.lagerId },
      { artikelId: y.id, menge: 4, lagId: L2.lagerId },
    ]);
    const res = await erzeugen(b.id);
    expect(res.status).toBe(201);
    const lists = expectOk(res).result;
    expect(lists.map((l) => [l.lagerId, l.lagerNr, l.belegnummer, l.positionen, l.offenePositionen])).toEqual([
      [L1.lagerId, 'PK1', b.belegnummer, 1, 1],
      [L2.lagerId, 'PK2', b.belegnummer, 1, 1],
    ]);
    const detail = expectOk(await oeffnen(lists[0]!.lfdNr)).result;
    expect(detail.artikel).toEqual([
      expect.objectContaining({ artikelId: x.id, lagerplatzId: L1.b, location: 'PK1-02-B', menge: 3.5, gepickt: 0, offen: 3.5, rueckstand: false }),
    ]);
    expectOk(await entsperren(lists[0]!.lfdNr));
    // a second call for the same order is refused, nothing new
    expectError(await erzeugen(b.id), 409);
    expect((await db.selectFrom('picklisten').select('id').where('belegId', '=', b.id).execute()).length).toBe(2);
  });

  it('refuses an unbooked order, an offer and an order with nothing to pick; 404 for an unknown document', async () => {
    const a = await artikel({ lagerId: L1.lagerId, lagerplatzId: L1.a }, 5);
    expectError(await erzeugen((await auftrag([{ artikelId: a.id, menge: 1, lagId: L1.lagerId }], false)).id), 409);
    const angebot = await f.beleg({ belegart: '0100', adresseId: kunde.id });
    await f.position(angebot.id, { artikelId: a.id, menge: 1, lagId: L1.lagerId });
    expectError(await erzeugen(angebot.id), 409);
    const dienst = await f.artikel({ artikelart: '3' });
    const nurDienst = await auftrag([{ artikelId: dienst.id, menge: 1, lagId: L1.lagerId }]);
    expectError(await erzeugen(nurDienst.id), 422);
    expectError(await erzeugen(2_000_000_000), 404);
    expect(await db.selectFrom('picklisten').select('id').where('belegId', '=', nurDienst.id).execute()).toEqual([]);
  });
});

describe(`the index and the lock (${DB_KIND})`, () => {
  it('PICK-010/PICK-007: lists the open lists of a warehouse or a storage region with every field; exactly one filter', async () => {
    const { lfdNr, b } = await liste();
    const byLager = expectOk(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: { lagerId: L1.lagerId } })).result;
    const byKreis = expectOk(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: { lagerkreisId: kreis } })).result;
    const row = byLager.find((l) => l.lfdNr === lfdNr);
    expect(row).toMatchObject({ lfdNr, wagenNr: null, lagerNr: 'PK1', lagerId: L1.lagerId, gesperrtVonBenutzer: null, gesperrtSeit: null, belegId: b.id });
    expect(typeof row?.angelegtAm).toBe('string');
    expect(byKreis.map((l) => l.lfdNr)).toContain(lfdNr);
    expect(new Set(byKreis.map((l) => l.lagerkreisId))).toEqual(new Set([kreis]));
    expect(byLager.every((l) => l.lagerId === L1.lagerId)).toBe(true);
    expectError(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: {} }), 400);
    expectError(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: { lagerId: L1.lagerId, lagerkreisId: kreis } }), 400);
  });

  it('PICK-011: opening locks the list for the caller; a second user gets 423 naming the holder; unlock=1 releases it', async () => {
    const { lfdNr } = await liste();
    const first = expectOk(await oeffnen(lfdNr)).result;
    expect(first.gesperrtVonBenutzer).toBe('Paula Picker');
    expect(first.gesperrtSeit).not.toBeNull();
    const row = expectOk(await c.call(endpoints.picklisten, { as: picker2.anmeldename, query: { lagerId: L1.lagerId } })).result.find((l) => l.lfdNr === lfdNr);
    expect(row).toMatchObject({ gesperrtVonBenutzer: 'Paula Picker', gesperrtSeit: first.gesperrtSeit });
    const e = expectError(await oeffnen(lfdNr, picker2.anmeldename), 423, MessageCode.locked);
    expect(e.messageParameters[0]).toBe('Paula Picker');
    // the holder opens it again (renewal)
    expectOk(await oeffnen(lfdNr));
    const frei = expectOk(await entsperren(lfdNr)).result;
    expect([frei.gesperrtVonBenutzer, frei.gesperrtSeit]).toEqual([null, null]);
    expect(expectOk(await oeffnen(lfdNr, picker2.anmeldename)).result.gesperrtVonBenutzer).toBe('Peter Packer');
    expectOk(await entsperren(lfdNr, picker2.anmeldename));
  });

  it("unlocking another's lock needs PICK_ENTSPERREN, is logged, and is idempotent on an unlocked list", async () => {
    const { lfdNr } = await liste();
    expectOk(await oeffnen(lfdNr));
    const e = expectError(await entsperren(lfdNr, picker2.anmeldename), 403);
    expect(e.messageParameters).toEqual([PICK_ENTSPERREN_RECHT]);
    expect((await db.selectFrom('sperren').select('id').where('tabelle', '=', 'PKL').where('datensatzId', '=', lfdNr).execute()).length).toBe(1);
    const log = () =>
      db
        .selectFrom('protokoll')
        .select(['benutzerId', 'bemerkung'])
        .where('tabelle', '=', 'PKL')
        .where('datensatzId', '=', lfdNr)
        .where('aktion', '=', 'AENDERN')
        .execute();
    expect(await log()).toEqual([]);
    expect(expectOk(await entsperren(lfdNr, chef.anmeldename)).result.gesperrtSeit).toBeNull();
    expect(await log()).toEqual([{ benutzerId: chef.id, bemerkung: 'Pickliste entsperrt' }]);
    // again: unchanged, nothing logged, even for a user without the unlock right
    expect(expectOk(await entsperren(lfdNr, picker2.anmeldename)).result.gesperrtSeit).toBeNull();
    expect((await log()).length).toBe(1);
  });

  it('every call needs PICK_KOMMISSIONIEREN (a project right: denied without a row); unknown lists are 404', async () => {
    const { lfdNr, a, b } = await liste();
    for (const res of [
      await c.call(endpoints.picklisten, { as: ohne.anmeldename, query: { lagerId: L1.lagerId } }),
      await oeffnen(lfdNr, ohne.anmeldename),
      await entsperren(lfdNr, ohne.anmeldename),
      await erzeugen(b.id, ohne.anmeldename),
      await bestaetigen({ lfdNr, positionId: 1, lagerplatz: 'PK1-01-A', artikel: a.artikelnummer, menge: 1 }, ohne.anmeldename),
    ]) {
      expect(expectError(res, 403).messageParameters).toEqual([PICK_RECHT]);
    }
    expectError(await oeffnen(2_000_000_000), 404);
  });

  it('the navigation rule (picklisteSichtbar) is user types 0, 1, 3 with picking type 1 or 2', () => {
    const shown = [0, 1, 2, 3, 4].flatMap((typ) => [0, 1, 2, 3, null].filter((k) => picklisteSichtbar(typ, k)).map((k) => `${typ}/${k}`));
    expect(shown).toEqual(['0/1', '0/2', '1/1', '1/2', '3/1', '3/2']);
  });
});

describe(`confirming picks by scanning (${DB_KIND})`, () => {
  it('refuses another place, another article and more than open (422, nothing changes); a partial pick leaves a backorder; the last closes the list', async () => {
    const { lfdNr, a } = await liste(5, 10);
    const pos = expectOk(await oeffnen(lfdNr)).result.artikel[0]!;
    const ok = { lfdNr, positionId: pos.id, lagerplatz: 'PK1-01-A', artikel: a.artikelnummer, menge: 2 };
    expect(expectError(await bestaetigen({ ...ok, lagerplatz: 'PK1-02-B' }), 422).errors.fieldErrors.lagerplatz).toBeDefined();
    const anderer = await artikel({ lagerId: L1.lagerId, lagerplatzId: L1.a }, 0);
    expect(expectError(await bestaetigen({ ...ok, artikel: anderer.artikelnummer }), 422).errors.fieldErrors.artikel).toBeDefined();
    expect(expectError(await bestaetigen({ ...ok, menge: 5.001 }), 422).errors.fieldErrors.menge).toBeDefined();
    expectError(await bestaetigen({ ...ok, menge: 0 }), 400);
    expect(await bestand(a.id, L1.a)).toEqual({ bestand: 10, bewegungen: 10 });

    // the place and the article by EAN, case and blanks as scanned
    const teil = expectOk(await bestaetigen({ ...ok, lagerplatz: ' pk1-01-a ', artikel: a.ean as string })).result;
    expect(teil.artikel[0]).toMatchObject({ gepickt: 2, offen: 3, rueckstand: true });
    expect(teil.erledigtAm).toBeNull();
    expect(await bestand(a.id, L1.a)).toEqual({ bestand: 8, bewegungen: 8 });
    const mv = await db
      .selectFrom('lagerbewegungen')
      .select(['art', 'menge', 'belegId', 'benutzerId'])
      .where('artikelId', '=', a.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mv).toMatchObject({ art: 'KOMMISSIONIERUNG', menge: -2000, benutzerId: picker.id });
    const rest = expectOk(await bestaetigen({ ...ok, menge: 3 })).result;
    expect(rest.artikel[0]).toMatchObject({ gepickt: 5, offen: 0, rueckstand: false });
    expect(rest.erledigtAm).not.toBeNull();
    expect(expectOk(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: { lagerId: L1.lagerId } })).result.map((l) => l.lfdNr)).not.toContain(
      lfdNr,
    );
    expect(await db.selectFrom('pickBestaetigungen').select('menge').where('positionId', '=', pos.id).orderBy('id').execute()).toEqual([
      { menge: 2000 },
      { menge: 3000 },
    ]);
    expectError(await bestaetigen({ ...ok, menge: 1 }), 422);
  });

  it('needs the caller to hold the lock: 409 without one, 423 while another user holds it; a shortage on the place is 422', async () => {
    const { lfdNr, a } = await liste(5, 2);
    const pos = expectOk(await oeffnen(lfdNr)).result.artikel[0]!;
    const ok = { lfdNr, positionId: pos.id, lagerplatz: 'PK1-01-A', artikel: a.artikelnummer, menge: 1 };
    expectError(await bestaetigen(ok, picker2.anmeldename), 423);
    expectOk(await entsperren(lfdNr));
    expectError(await bestaetigen(ok), 409);
    expectOk(await oeffnen(lfdNr));
    expectError(await bestaetigen({ ...ok, menge: 3 }), 422);
    expect(await bestand(a.id, L1.a)).toEqual({ bestand: 2, bewegungen: 2 });
    expect(expectOk(await oeffnen(lfdNr)).result.artikel[0]?.gepickt).toBe(0);
  });
});

describe(`the picking cart (${DB_KIND})`, () => {
  const wagen = (lfdNr: number, wagenNr: string | null, as = picker.anmeldename) =>
    c.call(endpoints.picklisteWagenSetzen, { as, body: { data: { lfdNr, wagenNr } } });
  it('PICK-007 wagenNr: set and cleared by the holder of the list, shown in the index, logged; 423 for another user, 409 without the lock, 400 with a field error on a bad number', async () => {
    const { lfdNr } = await liste();
    expectError(await wagen(lfdNr, 'W-07'), 409);
    expectOk(await oeffnen(lfdNr));
    expect(expectOk(await wagen(lfdNr, 'W-07')).result.wagenNr).toBe('W-07');
    const index = expectOk(await c.call(endpoints.picklisten, { as: picker.anmeldename, query: { lagerId: L1.lagerId } })).result;
    expect(index.find((p) => p.lfdNr === lfdNr)?.wagenNr).toBe('W-07');
    expectError(await wagen(lfdNr, 'W-08', picker2.anmeldename), 423);
    // stored as typed or refused: never trimmed or cut
    for (const bad of [' W-08', 'W-08 ', '', 'W'.repeat(21)]) {
      const e = expectError(await wagen(lfdNr, bad), 400);
      expect(Object.keys(e.errors.fieldErrors ?? {})).toContain('wagenNr');
    }
    expect(expectOk(await oeffnen(lfdNr)).result.wagenNr).toBe('W-07');
    expect(expectOk(await wagen(lfdNr, null)).result.wagenNr).toBeNull();
    const log = await db
      .selectFrom('protokoll')
      .select('bemerkung')
      .where('tabelle', '=', 'PKL')
      .where('datensatzId', '=', lfdNr)
      .where('aktion', '=', 'AENDERN')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.bemerkung)).toEqual(['Wagen W-07', 'Wagen entfernt']);
  });
});

describe.runIf(DB_KIND === 'postgres')('races on PostgreSQL', () => {
  it('two users opening one list at once: exactly one wins, 100 times', async () => {
    const { lfdNr } = await liste();
    for (let i = 0; i < 100; i++) {
      const [x, y] = await Promise.all([oeffnen(lfdNr), oeffnen(lfdNr, picker2.anmeldename)]);
      const won = [x, y].filter((r) => r.status === 200);
      expect(won.length, `round ${i}`).toBe(1);
      expect([x, y].filter((r) => r.status === 423).length).toBe(1);
      expectOk(await entsperren(lfdNr, x.status === 200 ? picker.anmeldename : picker2.anmeldename));
    }
  });

  it('parallel confirmations: exactly the open quantity is picked and stock equals the sum of its movements', async () => {
    const { lfdNr, a } = await liste(10, 30);
    const pos = expectOk(await oeffnen(lfdNr)).result.artikel[0]!;
    const ok = { lfdNr, positionId: pos.id, lagerplatz: 'PK1-01-A', artikel: a.artikelnummer, menge: 1 };
    const res = await Promise.all(Array.from({ length: 14 }, () => bestaetigen(ok)));
    expect(res.filter((r) => r.status === 200).length).toBe(10);
    expect(res.filter((r) => r.status === 422).length).toBe(4);
    expect(await bestand(a.id, L1.a)).toEqual({ bestand: 20, bewegungen: 20 });
    expect(expectOk(await oeffnen(lfdNr)).result.artikel[0]).toMatchObject({ gepickt: 10, offen: 0 });
  });
});
