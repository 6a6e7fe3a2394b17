import { endpoints } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { money2 } from '../src/lib/codecs';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * Book, cancel and transform (issue 11, BEL-T): every transition allowed and refused, their stock, open-item, deal and
 * history effects and their reversal, partial transforms, and races on PostgreSQL.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

/** The warehouse a delivery note ships from by default: the main storage region's outgoing warehouse. */
const versand = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
  .ausgangLagerId as number;
const kunde = await f.adresse();

async function beleg(belegart: '0100' | '0200' | '0300' | '0400' | '0500', as = 'admin', adresseId = kunde.id) {
  return expectOk(await c.call(endpoints.belegCreate, { as, body: { data: { belegart, adresseId } } })).result;
}
async function position(belegId: number, artikelId: number, menge: number, as = 'admin') {
  return expectOk(await c.call(endpoints.belegPositionCreate, { as, params: { id: belegId }, body: { data: { artikelId, menge } } })).result.position;
}
/** A stock article with `menge` pieces in the outgoing warehouse. */
async function lagerartikel(menge = 10, vknetto = 100) {
  const a = await f.artikel({ vknetto });
  if (menge) await f.buchung({ artikelId: a.id, lagerId: versand, menge });
  return a;
}
async function bestand(artikelId: number) {
  const b = await db.selectFrom('bestaende').select('bestand').where('artikelId', '=', artikelId).where('lagerId', '=', versand).executeTakeFirst();
  const a = await db.selectFrom('artikel').select('bestand').where('id', '=', artikelId).executeTakeFirstOrThrow();
  const m = await sql<{ s: number | string | null }>`select sum(menge) as s from lagerbewegungen where "artikelId" = ${artikelId} and feld = 'bestand'`.execute(
    db,
  );
  return { lager: Number(b?.bestand ?? 0) / 1000, artikel: Number(a.bestand) / 1000, bewegungen: Number(m.rows[0]?.s ?? 0) / 1000 };
}
const historie = async (id: number) => expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id } })).result.map((h) => h.art);
const buchen = (id: number, as = 'admin', body?: { data?: { dealAnlegen?: boolean } }) =>
  c.call(endpoints.belegBuchen, { as, params: { id }, ...(body ? { body } : {}) });
const stornieren = (id: number, as = 'admin') => c.call(endpoints.belegStornieren, { as, params: { id } });
const umwandeln = (id: number, targetType: '0100' | '0200' | '0300' | '0400' | '0500', positionen?: { positionId: number; menge: number }[], as = 'admin') =>
  c.call(endpoints.belegUmwandeln, { as, params: { id, targetType }, ...(positionen ? { body: { data: { positionen } } } : {}) });
/** Everything a transition may touch, as one comparable snapshot. */
async function zustand(belegId: number) {
  const kopf = await db.selectFrom('belege').selectAll().where('id', '=', belegId).executeTakeFirstOrThrow();
  const pos = await db
    .selectFrom('belegPositionen')
    .select(['id', 'menge', 'mengeUebernommen', 'mengeGeliefert'])
    .where('belegId', '=', belegId)
    .orderBy('id')
    .execute();
  const count = async (table: 'belege' | 'belegStatushistorie' | 'lagerbewegungen' | 'offenePosten' | 'deals') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    kopf,
    pos,
    belege: await count('belege'),
    historie: await count('belegStatushistorie'),
    bewegungen: await count('lagerbewegungen'),
    offenePosten: await count('offenePosten'),
    deals: await count('deals'),
  };
}

describe(`book (${DB_KIND})`, () => {
  it('[BEL-038] booking an offer sets status 3, gebuchtAm and a history row B; a second booking is a 409 that changes nothing', async () => {
    const b = await beleg('0100');
    await position(b.id, (await lagerartikel(0)).id, 2);
    const booked = expectOk(await buchen(b.id)).result;
    expect(booked.belegstatus).toBe(3);
    expect(booked.gebuchtAm).toBeTruthy();
    expect(booked.bearbeitbar).toBe(false);
    expect(await historie(b.id)).toContain('B');
    const vorher = await zustand(b.id);
    const again = expectError(await buchen(b.id), 409, 'KONFLIKT');
    expect(again.errors.services[0]?.message).toMatch(/bereits gebucht/);
    expect(await zustand(b.id)).toEqual(vorher);
  });

  it('a booked document can no longer be changed', async () => {
    const b = await beleg('0200');
    await position(b.id, (await lagerartikel(0)).id, 1);
    expectOk(await buchen(b.id));
    const r = await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'Nachträglich' } } });
    expect(r.ok).toBe(false);
    expect([409, 422]).toContain(r.status);
  });

  it('a document without positions is not booked (422), unknown documents are 404', async () => {
    const b = await beleg('0100');
    expectError(await buchen(b.id), 422);
    expectError(await buchen(99_999_999), 404);
    expect((await zustand(b.id)).kopf.belegstatus).toBe(1);
  });

  it('booking a delivery note moves its stock out through the movement journal (stock = sum of movements)', async () => {
    const a = await lagerartikel(10);
    const ls = await beleg('0300');
    await position(ls.id, a.id, 3);
    await position(ls.id, a.id, 1.5);
    expectOk(await buchen(ls.id));
    expect(await bestand(a.id)).toEqual({ lager: 5.5, artikel: 5.5, bewegungen: 5.5 });
    const moves = await db.selectFrom('lagerbewegungen').select(['menge', 'art', 'lagerId']).where('belegId', '=', ls.id).execute();
    expect(moves).toEqual([{ menge: -4500, art: 'LIEFERSCHEIN', lagerId: versand }]);
  });

  it('a delivery note short of stock is refused with 422 naming the available quantity; nothing is written', async () => {
    const a = await lagerartikel(2);
    const ls = await beleg('0300');
    await position(ls.id, a.id, 5);
    const vorher = await zustand(ls.id);
    const e = expectError(await buchen(ls.id), 422);
    expect(e.errors.services[0]?.message).toMatch(/verfügbar sind 2, benötigt 5/);
    expect(e.errors.services[0]?.message).toContain(a.artikelnummer);
    expect(await zustand(ls.id)).toEqual(vorher);
    expect(await bestand(a.id)).toEqual({ lager: 2, artikel: 2, bewegungen: 2 });
  });

  it('booking an invoice creates its open item over the gross total; a credit note a negative one', async () => {
    const a = await lagerartikel(0, 100);
    const re = await beleg('0400');
    await position(re.id, a.id, 2);
    const booked = expectOk(await buchen(re.id)).result;
    const op = await db.selectFrom('offenePosten').selectAll().where('belegId', '=', re.id).execute();
    expect(op).toHaveLength(1);
    expect(op[0]?.rechnungsBetrag).toBe(money2.toDb(booked.betragBrutto));
    expect(op[0]?.rechnungsnummer).toBe(re.belegnummer);
    const gu = await beleg('0500');
    await position(gu.id, a.id, 1);
    const g = expectOk(await buchen(gu.id)).result;
    const opg = await db.selectFrom('offenePosten').select(['rechnungsBetrag', 'opvArt']).where('belegId', '=', gu.id).executeTakeFirstOrThrow();
    expect(opg.rechnungsBetrag).toBe(-money2.toDb(g.betragBrutto));
    expect(opg.rechnungsBetrag).toBeLessThan(0);
  });

  it('booking an offer with dealAnlegen creates a deal when DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN is set, not otherwise', async () => {
    const a = await lagerartikel(0);
    const an = await beleg('0100');
    await position(an.id, a.id, 1);
    const booked = expectOk(await buchen(an.id, 'admin', { data: { dealAnlegen: true } })).result;
    expect(booked.dealId).toBeTypeOf('number');
    const deal = await db
      .selectFrom('deals')
      .selectAll()
      .where('id', '=', booked.dealId as number)
      .executeTakeFirstOrThrow();
    expect(deal).toMatchObject({ adresseId: kunde.id, status: 0, phase: 1, typ: 1 });
    expect(deal.titel).toContain(an.belegnummer);

    await db.updateTable('systemParameter').set({ wert: '0' }).where('name', '=', 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN').execute();
    try {
      const an2 = await beleg('0100');
      await position(an2.id, a.id, 1);
      const deals = (await zustand(an2.id)).deals;
      expect(expectOk(await buchen(an2.id, 'admin', { data: { dealAnlegen: true } })).result.dealId).toBeNull();
      expect((await zustand(an2.id)).deals).toBe(deals);
    } finally {
      await db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN').execute();
    }
  });

  it('[RIGHT-019] [RIGHT-021] booking needs BEK_AENDERN (403); another user’s document needs BEK_FREMDBEARB (403 for the technician)', async () => {
    const a = await lagerartikel(0);
    const ohne = await f.benutzer({ rechte: { BEK_AENDERN: false } });
    const b = await beleg('0100');
    await position(b.id, a.id, 1);
    const vorher = await zustand(b.id);
    expectError(await buchen(b.id, ohne.anmeldename), 403);
    expectError(await buchen(b.id, 'techniker'), 403);
    expectError(await stornieren(b.id, 'techniker'), 403);
    expectError(await umwandeln(b.id, '0200', undefined, 'techniker'), 403);
    expect(await zustand(b.id)).toEqual(vorher);
    // the office user may change other users' documents
    expectOk(await buchen(b.id, 'buero'));
    // the technician books an own document
    const eigen = await beleg('0100', 'techniker');
    await position(eigen.id, a.id, 1, 'techniker');
    expectOk(await buchen(eigen.id, 'techniker'));
  });

  it('a document another user holds locked is not booked (423)', async () => {
    const a = await lagerartikel(0);
    const b = await beleg('0100');
    await position(b.id, a.id, 1);
    expectOk(await c.call(endpoints.sperreCreate, { as: 'buero', body: { data: { tabelle: 'BEK', datensatzId: b.id } } }));
    expectError(await buchen(b.id), 423);
    expect((await zustand(b.id)).kopf.belegstatus).toBe(1);
  });
});

describe(`cancel (${DB_KIND})`, () => {
  it('[BEL-040] cancelling a delivery note reverses its stock movements: stock back, its movements sum to zero, status 6, history S', async () => {
    const a = await lagerartikel(10);
    const ls = await beleg('0300');
    await position(ls.id, a.id, 4);
    expectOk(await buchen(ls.id));
    expect((await bestand(a.id)).lager).toBe(6);
    const s = expectOk(await stornieren(ls.id)).result;
    expect(s.belegstatus).toBe(6);
    expect(s.storniertAm).toBeTruthy();
    expect(await bestand(a.id)).toEqual({ lager: 10, artikel: 10, bewegungen: 10 });
    const sum = await sql<{ s: number | string | null }>`select sum(menge) as s from lagerbewegungen where "belegId" = ${ls.id}`.execute(db);
    expect(Number(sum.rows[0]?.s)).toBe(0);
    expect(await historie(ls.id)).toEqual(expect.arrayContaining(['B', 'S']));
  });

  // issue 19 item 8 (GoBD): this test asserted the old behaviour (the open item deleted on cancel); the item now stays, settled
  it('cancelling an invoice keeps its open item: settled by a settlement row, never deleted', async () => {
    const a = await lagerartikel(0);
    const re = await beleg('0400');
    await position(re.id, a.id, 1);
    expectOk(await buchen(re.id));
    expect(await db.selectFrom('offenePosten').select('id').where('belegId', '=', re.id).execute()).toHaveLength(1);
    expectOk(await stornieren(re.id));
    const op = await db.selectFrom('offenePosten').selectAll().where('belegId', '=', re.id).execute();
    expect(op).toHaveLength(1);
    expect([Number(op[0]?.offenerBetrag), !!op[0]?.abgeschlossen]).toEqual([0, true]);
  });

  it('racing cancels: of 6 parallel cancels of one invoice exactly one books a cancellation; 4 invoices cancelled at once get unique numbers', async () => {
    const a = await lagerartikel(0);
    const re = await beleg('0400');
    await position(re.id, a.id, 1);
    expectOk(await buchen(re.id));
    const antworten = await Promise.all(Array.from({ length: 6 }, () => stornieren(re.id)));
    expect(antworten.filter((r) => r.status === 200)).toHaveLength(1);
    expect(antworten.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const storno = await db.selectFrom('belege').select(['id', 'belegnummer']).where('stornoVonId', '=', re.id).execute();
    expect(storno).toHaveLength(1);
    // the original's open item is settled exactly once: open = gross − payments, nothing below zero
    const op = await db.selectFrom('offenePosten').selectAll().where('belegId', '=', re.id).executeTakeFirstOrThrow();
    expect([Number(op.offenerBetrag), Number(op.bisherGezahlt)]).toEqual([0, Number(op.rechnungsBetrag)]);
    // several invoices at once: one cancellation each, with distinct numbers from its range
    const viele = [];
    for (let i = 0; i < 4; i++) {
      const r = await beleg('0400');
      await position(r.id, a.id, 1);
      expectOk(await buchen(r.id));
      viele.push(r.id);
    }
    const res = await Promise.all(viele.map((id) => stornieren(id)));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const nummern = await db.selectFrom('belege').select('belegnummer').where('stornoVonId', 'in', viele).execute();
    expect(new Set(nummern.map((n) => n.belegnummer)).size).toBe(4);
  });

  it('an invoice with a recorded payment is not cancelled (409 from the open items); nothing changes', async () => {
    const a = await lagerartikel(0);
    const re = await beleg('0400');
    await position(re.id, a.id, 1);
    expectOk(await buchen(re.id));
    const op = await db.selectFrom('offenePosten').select('id').where('belegId', '=', re.id).executeTakeFirstOrThrow();
    expectOk(
      await c.call(endpoints.zahlungCreate, {
        as: 'admin',
        params: { id: op.id },
        body: { data: { zahlungsBetrag: 10, zahlungsDatum: new Date().toISOString().slice(0, 10), zahlungPer: 'Überweisung' } },
      }),
    );
    const vorher = await zustand(re.id);
    expect(expectError(await stornieren(re.id), 409).errors.services[0]?.message).toMatch(/Zahlungen/);
    expect(await zustand(re.id)).toEqual(vorher);
  });

  it('a delivery note from a warehouse with storage places takes from the fullest places first; cancelling puts it back there', async () => {
    const hl = await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const plaetze = await db.selectFrom('lagerplaetze').select('id').where('lagerId', '=', hl.id).orderBy('id').limit(2).execute();
    const [p1, p2] = plaetze.map((p) => p.id) as [number, number];
    const a = await f.artikel();
    await f.buchung({ artikelId: a.id, lagerId: hl.id, lagerplatzId: p1, menge: 3 });
    await f.buchung({ artikelId: a.id, lagerId: hl.id, lagerplatzId: p2, menge: 5 });
    const platz = async (id: number) =>
      Number(
        (await db.selectFrom('lagerplatzBestaende').select('bestand').where('artikelId', '=', a.id).where('lagerplatzId', '=', id).executeTakeFirstOrThrow())
          .bestand,
      ) / 1000;
    const ls = await beleg('0300');
    expectOk(await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: ls.id }, body: { data: { artikelId: a.id, menge: 7, lagId: hl.id } } }));
    expectOk(await buchen(ls.id));
    expect([await platz(p1), await platz(p2)]).toEqual([1, 0]);
    const moves = await db.selectFrom('lagerbewegungen').select(['lagerplatzId', 'menge']).where('belegId', '=', ls.id).orderBy('id').execute();
    expect(moves).toEqual([
      { lagerplatzId: p2, menge: -5000 },
      { lagerplatzId: p1, menge: -2000 },
    ]);
    expectOk(await stornieren(ls.id));
    expect([await platz(p1), await platz(p2)]).toEqual([3, 5]);
  });

  it('only booked documents are cancelled: unbooked, already cancelled and adopted ones are a 409 that changes nothing', async () => {
    const a = await lagerartikel(0);
    const offen = await beleg('0100');
    await position(offen.id, a.id, 1);
    let vorher = await zustand(offen.id);
    expectError(await stornieren(offen.id), 409);
    expect(await zustand(offen.id)).toEqual(vorher);

    expectOk(await buchen(offen.id));
    expectOk(await stornieren(offen.id));
    vorher = await zustand(offen.id);
    expectError(await stornieren(offen.id), 409);
    expectError(await buchen(offen.id), 409);
    expectError(await umwandeln(offen.id, '0200'), 409);
    expect(await zustand(offen.id)).toEqual(vorher);

    const an = await beleg('0100');
    await position(an.id, a.id, 1);
    expectOk(await buchen(an.id));
    expectOk(await umwandeln(an.id, '0200'));
    vorher = await zustand(an.id);
    expect(expectError(await stornieren(an.id), 409).errors.services[0]?.message).toMatch(/Folgebelege/);
    expect(await zustand(an.id)).toEqual(vorher);
  });
});

describe(`GoBD cancellation of invoices and credit notes (${DB_KIND})`, () => {
  const pdfModel = async (id: number) => (await import('../src/modules/belege/belege.dokumente.service')).belegPdfModel(db, id);
  const umsatz = async (adresseId: number) =>
    expectOk(await c.call(endpoints.umsatzstatistik, { as: 'admin', query: { adresseId } })).daten[0]!.datensaetze.reduce((s, r) => s + r.summe, 0);
  const posten = (belegId: number) => db.selectFrom('offenePosten').selectAll().where('belegId', '=', belegId).executeTakeFirstOrThrow();
  const zahlungen = (offenerPostenId: number) =>
    db.selectFrom('offenePostenZahlungen').select(['zahlungPer', 'zahlungsBetrag', 'bemerkung']).where('offenerPostenId', '=', offenerPostenId).execute();

  it('[BEL-040] cancelling a booked invoice creates a cancellation invoice with its own number, the lines negated, both referring to each other; the open items settle each other; the turnover nets to zero', async () => {
    const k = await f.adresse();
    const a = await lagerartikel(0, 123.45);
    const b2 = await lagerartikel(0, 9.99);
    const re = await beleg('0400', 'admin', k.id);
    await position(re.id, a.id, 3);
    await position(re.id, b2.id, 1.5);
    const gebucht = expectOk(await buchen(re.id)).result;
    expect(await umsatz(k.id)).toBeCloseTo(gebucht.endbetragNetto, 2);

    const s = expectOk(await stornieren(re.id)).result;
    expect([s.belegstatus, !!s.storniertAm]).toEqual([6, true]);
    expect(s.stornoBezug?.belegart).toBe('0600');
    expect(s.stornoBezug?.belegnummer).toMatch(/^SR\d{4}-\d{5}$/);
    const sr = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: s.stornoBezug!.id } })).result;
    expect([sr.belegstatus, sr.stornoVonId, sr.adresseId, !!sr.gebuchtAm]).toEqual([3, re.id, k.id, true]);
    expect(sr.stornoBezug).toEqual({ id: re.id, belegart: '0400', belegnummer: re.belegnummer });
    expect([sr.betragNetto, sr.mwstBetrag, sr.betragBrutto]).toEqual([-gebucht.betragNetto, -gebucht.mwstBetrag, -gebucht.betragBrutto]);
    const zeilen = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: sr.id } })).result;
    expect(zeilen.map((p) => [p.artikelnummer, p.menge, p.gesamtpreis])).toEqual([
      [a.artikelnummer, -3, -370.35],
      [b2.artikelnummer, -1.5, -14.99],
    ]);

    // both in the history, naming each other
    const hist = async (id: number) =>
      expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id } }))
        .result.map((h) => h.text)
        .join(' | ');
    expect(await hist(re.id)).toContain(`storniert durch Stornorechnung ${sr.belegnummer}`);
    expect(await hist(sr.id)).toContain(`Storno zu Rechnung ${re.belegnummer}`);

    // the open item stays, settled by the cancellation's counter item
    const op = await posten(re.id);
    const gegen = await posten(sr.id);
    expect([Number(op.rechnungsBetrag), Number(op.offenerBetrag), !!op.abgeschlossen]).toEqual([money2.toDb(gebucht.betragBrutto), 0, true]);
    expect([Number(gegen.rechnungsBetrag), Number(gegen.offenerBetrag), !!gegen.abgeschlossen]).toEqual([-money2.toDb(gebucht.betragBrutto), 0, true]);
    expect(await zahlungen(op.id)).toEqual([
      { zahlungPer: 'Verrechnung', zahlungsBetrag: money2.toDb(gebucht.betragBrutto), bemerkung: `Storno durch Stornorechnung ${sr.belegnummer}` },
    ]);
    expect((await zahlungen(gegen.id))[0]?.zahlungsBetrag).toBe(-money2.toDb(gebucht.betragBrutto));
    expect(Number((await db.selectFrom('adressen').select('opvBetrag').where('id', '=', k.id).executeTakeFirstOrThrow()).opvBetrag)).toBe(0);
    expect(await umsatz(k.id)).toBe(0);

    // both PDFs say so
    const m = await pdfModel(sr.id);
    expect(m.titel).toBe('Stornorechnung');
    expect(m.kopfdaten).toContainEqual({ label: 'Storno zu', wert: expect.stringContaining(`Rechnung ${re.belegnummer}`) });
    expect((m.schlusstexte ?? []).join(' ')).toContain(`Storno zu Rechnung ${re.belegnummer}`);
    const o = await pdfModel(re.id);
    expect(o.kopfdaten).toContainEqual({ label: 'Storniert durch', wert: `Stornorechnung ${sr.belegnummer}` });
    expect(o.stempel).toBe('STORNIERT');

    // a cancellation is not cancelled again, and it is never created directly
    expect(expectError(await stornieren(sr.id), 409).errors.services[0]?.message).toMatch(/Storno/);
    expectError(await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0600', adresseId: k.id } } }), 400);
  });

  it('[BEL-040] cancelling a credit note creates a cancellation with positive lines; its counter item takes back the credit; the turnover nets to zero', async () => {
    const k = await f.adresse();
    const a = await lagerartikel(0, 50);
    const gu = await beleg('0500', 'admin', k.id);
    await position(gu.id, a.id, 2);
    const gebucht = expectOk(await buchen(gu.id)).result;
    expect(await umsatz(k.id)).toBeCloseTo(-gebucht.endbetragNetto, 2);
    const s = expectOk(await stornieren(gu.id)).result;
    const sr = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: s.stornoBezug!.id } })).result;
    expect(sr.betragBrutto).toBe(-gebucht.betragBrutto);
    const op = await posten(gu.id);
    const gegen = await posten(sr.id);
    expect(Number(op.rechnungsBetrag)).toBe(-money2.toDb(gebucht.betragBrutto));
    expect(Number(gegen.rechnungsBetrag)).toBe(money2.toDb(gebucht.betragBrutto));
    expect([!!op.abgeschlossen, !!gegen.abgeschlossen]).toEqual([true, true]);
    expect(await umsatz(k.id)).toBe(0);
  });

  it('[BEL-040] a delivery note is cancelled in place (no cancellation document): stock back as before', async () => {
    const a = await lagerartikel(5);
    const ls = await beleg('0300');
    await position(ls.id, a.id, 2);
    expectOk(await buchen(ls.id));
    const s = expectOk(await stornieren(ls.id)).result;
    expect(s.stornoBezug ?? null).toBeNull();
    expect((await bestand(a.id)).lager).toBe(5);
  });
});

describe(`transform (${DB_KIND})`, () => {
  it('[BEL-042] offer → order copies the positions with their prices, links them, answers 201 with the new id last in Location', async () => {
    const a = await lagerartikel(0, 123.45);
    const an = await beleg('0100');
    const p1 = await position(an.id, a.id, 2);
    const p2 = await position(an.id, a.id, 1);
    expectOk(await buchen(an.id));
    const r = await umwandeln(an.id, '0200');
    const au = expectOk(r).result;
    expect(r.status).toBe(201);
    expect(String(r.headers.location).split('/').at(-1)).toBe(String(au.id));
    expect(au).toMatchObject({ belegart: '0200', belegstatus: 1, vorgaengerId: an.id, adresseId: kunde.id });
    expect(au.belegnummer).toMatch(/^AU\d{4}-\d{5}$/);
    const quelle = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: an.id } })).result;
    expect(quelle.belegstatus).toBe(5);
    expect(au.betragBrutto).toBe(quelle.betragBrutto);
    const pos = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: au.id } })).result;
    expect(pos.map((p) => [p.menge, p.einzelpreis])).toEqual([
      [p1.menge, p1.einzelpreis],
      [p2.menge, p2.einzelpreis],
    ]);
    const links = await db.selectFrom('belegPositionen').select('quellePositionId').where('belegId', '=', au.id).orderBy('position').execute();
    expect(links.map((l) => l.quellePositionId)).toEqual([p1.id, p2.id]);
    expect(await historie(an.id)).toContain('U');
    expect(await historie(au.id)).toContain('U');
  });

  it('[BEL-029] transforms other than 01→02, 02→03/05, 03→04 (and 04→05 from a booked invoice) are refused (422) and change nothing', async () => {
    const a = await lagerartikel(0);
    // every pair of the five types, from an unbooked source: exactly the rule's four are allowed
    const ARTEN = ['0100', '0200', '0300', '0400', '0500'] as const;
    const ERLAUBT = ['0100>0200', '0200>0300', '0200>0500', '0300>0400'];
    const gesehen: string[] = [];
    for (const von of ARTEN)
      for (const nach of ARTEN) {
        const q = await beleg(von);
        await position(q.id, a.id, 1);
        const vorher = await zustand(q.id);
        const r = await umwandeln(q.id, nach);
        if (r.status === 201) {
          expect(expectOk(r).result.belegart).toBe(nach);
          gesehen.push(`${von}>${nach}`);
        } else {
          expectError(r, 422);
          expect(await zustand(q.id), `${von} → ${nach}`).toEqual(vorher);
        }
      }
    expect(gesehen).toEqual(ERLAUBT);
    const an = await beleg('0100');
    await position(an.id, a.id, 1);
    const re = await beleg('0400');
    await position(re.id, a.id, 1);
    const vorher = await zustand(an.id);
    for (const [id, ziel] of [
      [an.id, '0300'],
      [an.id, '0400'],
      [an.id, '0100'],
      [re.id, '0500'],
      [re.id, '0200'],
    ] as const) {
      expectError(await umwandeln(id, ziel), 422);
    }
    expect(await zustand(an.id)).toEqual(vorher);
    const bad = await c.callRaw(endpoints.belegUmwandeln, { as: 'admin', method: 'POST', params: { id: an.id, targetType: '9900' }, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('a booked invoice becomes a credit note over chosen lines and quantities (issue 19 item 9): the invoice is partially adopted and no longer cancelled', async () => {
    const a = await lagerartikel(0, 80);
    const b2 = await lagerartikel(0, 20);
    const re = await beleg('0400');
    const p1 = await position(re.id, a.id, 5);
    await position(re.id, b2.id, 2);
    expectOk(await buchen(re.id));
    const gu = expectOk(await umwandeln(re.id, '0500', [{ positionId: p1.id, menge: 2 }])).result;
    expect([gu.belegart, gu.vorgaengerId, gu.betragNetto]).toEqual(['0500', re.id, 160]);
    expect((await zustand(re.id)).kopf.belegstatus).toBe(4);
    expectError(await umwandeln(re.id, '0500', [{ positionId: p1.id, menge: 4 }]), 422);
    expect(expectError(await stornieren(re.id), 409).errors.services[0]?.message).toMatch(/Folgebelege/);
    // the rest of everything goes into a second credit note; booked, it lowers the turnover
    const rest = expectOk(await umwandeln(re.id, '0500')).result;
    expect(rest.betragNetto).toBe(3 * 80 + 2 * 20);
    expect((await zustand(re.id)).kopf.belegstatus).toBe(5);
  });

  it('partial transform by quantity: source 4, then the rest → 5; more than open is a 422; cancelling the delivery note gives the quantity back', async () => {
    const a = await lagerartikel(20);
    const au = await beleg('0200');
    const p = await position(au.id, a.id, 10);
    await position(au.id, a.id, 4);
    expectOk(await buchen(au.id));
    const ls1 = expectOk(await umwandeln(au.id, '0300', [{ positionId: p.id, menge: 6 }])).result;
    let src = await zustand(au.id);
    expect(src.kopf.belegstatus).toBe(4);
    expect(src.pos.map((x) => [x.mengeUebernommen, x.mengeGeliefert])).toEqual([
      [6000, 6000],
      [0, 0],
    ]);
    const ls1pos = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: ls1.id } })).result;
    expect(ls1pos.map((x) => x.menge)).toEqual([6]);

    const vorher = await zustand(au.id);
    const e = expectError(await umwandeln(au.id, '0300', [{ positionId: p.id, menge: 5 }]), 422);
    expect(Object.keys(e.errors.fieldErrors)).toEqual(['positionen.0.menge']);
    expect(e.errors.fieldErrors['positionen.0.menge']?.[0]).toMatch(/höchstens 4 offen/);
    expectError(await umwandeln(au.id, '0300', [{ positionId: 99_999_999, menge: 1 }]), 400);
    expect(await zustand(au.id)).toEqual(vorher);

    const ls2 = expectOk(await umwandeln(au.id, '0300')).result;
    const ls2pos = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: ls2.id } })).result;
    expect(ls2pos.map((x) => x.menge)).toEqual([4, 4]);
    src = await zustand(au.id);
    expect(src.kopf.belegstatus).toBe(5);
    expectError(await umwandeln(au.id, '0300'), 409);

    // the second delivery note is booked and cancelled: the order is open again for its quantities
    expectOk(await buchen(ls2.id));
    expect((await bestand(a.id)).lager).toBe(12);
    expectOk(await stornieren(ls2.id));
    expect((await bestand(a.id)).lager).toBe(20);
    src = await zustand(au.id);
    expect(src.kopf.belegstatus).toBe(4);
    expect(src.pos.map((x) => x.mengeUebernommen)).toEqual([6000, 0]);
  });

  it('the whole chain offer → order → delivery note → invoice ends with stock moved once and one open item', async () => {
    const a = await lagerartikel(10);
    const an = await beleg('0100');
    await position(an.id, a.id, 3);
    expectOk(await buchen(an.id));
    const au = expectOk(await umwandeln(an.id, '0200')).result;
    expectOk(await buchen(au.id));
    const ls = expectOk(await umwandeln(au.id, '0300')).result;
    expectOk(await buchen(ls.id));
    const re = expectOk(await umwandeln(ls.id, '0400')).result;
    const booked = expectOk(await buchen(re.id)).result;
    expect(await bestand(a.id)).toEqual({ lager: 7, artikel: 7, bewegungen: 7 });
    const op = await db.selectFrom('offenePosten').select('rechnungsBetrag').where('belegId', '=', re.id).execute();
    expect(op).toEqual([{ rechnungsBetrag: money2.toDb(booked.betragBrutto) }]);
    for (const id of [an.id, au.id, ls.id]) expect((await zustand(id)).kopf.belegstatus).toBe(5);
    expect(booked.vorgaengerId).toBe(ls.id);
  });

  it('a document adopted before it was booked is 8 (adopted, not yet booked) and can still be booked: then 5', async () => {
    const a = await lagerartikel(0);
    const an = await beleg('0100');
    await position(an.id, a.id, 2);
    const au = expectOk(await umwandeln(an.id, '0200')).result;
    let src = await zustand(an.id);
    expect(src.kopf.belegstatus).toBe(8);
    expect(src.kopf.gebuchtAm).toBeNull();
    const booked = expectOk(await buchen(an.id)).result;
    expect(booked.belegstatus).toBe(5);
    expect(booked.gebuchtAm).toBeTruthy();
    // the order made from it is a normal new document
    expect(au.belegstatus).toBe(1);
    expect(au.bearbeitbar).toBe(true);
    src = await zustand(an.id);
    expectError(await buchen(an.id), 409);
    expect(await zustand(an.id)).toEqual(src);
  });

  it('a transform repeated with the same Idempotency-Key answers the first document and makes no second one', async () => {
    const a = await lagerartikel(0);
    const au = await beleg('0200');
    const p = await position(au.id, a.id, 4);
    const send = () =>
      c.call(endpoints.belegUmwandeln, {
        as: 'admin',
        params: { id: au.id, targetType: '0300' },
        body: { data: { positionen: [{ positionId: p.id, menge: 1 }] } },
        headers: { 'Idempotency-Key': `umw-${au.id}` },
      });
    const first = expectOk(await send()).result;
    const second = await send();
    expect(expectOk(second).result.id).toBe(first.id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(String(second.headers.location).split('/').at(-1)).toBe(String(first.id));
    expect((await zustand(au.id)).pos[0]?.mengeUebernommen).toBe(1000);
  });

  it('head charges go with the first document made from a source: a later partial one carries no freight or amount discount twice', async () => {
    const a = await lagerartikel(0, 50);
    const au = await beleg('0200');
    const p = await position(au.id, a.id, 4);
    expectOk(
      await c.call(endpoints.belegUpdate, {
        as: 'admin',
        params: { id: au.id },
        body: { data: { frachtkosten: 10, rabatt1Betrag: 5, rabatt1Text: 'Treue', rabatt2Prozent: 2 } },
      }),
    );
    const ls1 = expectOk(await umwandeln(au.id, '0300', [{ positionId: p.id, menge: 1 }])).result;
    expect(ls1).toMatchObject({ frachtkosten: 10, rabatt1Betrag: 5, rabatt1Text: 'Treue', rabatt2Prozent: 2 });
    const ls2 = expectOk(await umwandeln(au.id, '0300')).result;
    expect(ls2).toMatchObject({ frachtkosten: 0, rabatt1Betrag: null, rabatt1Wert: 0, rabatt2Prozent: 2 });
  });

  it('a delete of an unbooked document made by a transform gives the adopted quantities back', async () => {
    const a = await lagerartikel(0);
    const au = await beleg('0200');
    const p = await position(au.id, a.id, 3);
    const ls = expectOk(await umwandeln(au.id, '0300', [{ positionId: p.id, menge: 2 }])).result;
    expect((await zustand(au.id)).kopf.belegstatus).toBe(4);
    expect((await c.call(endpoints.belegDelete, { as: 'admin', params: { id: ls.id } })).status).toBe(204);
    const src = await zustand(au.id);
    expect(src.kopf.belegstatus).toBe(1);
    expect(src.pos.map((x) => [x.mengeUebernommen, x.mengeGeliefert])).toEqual([[0, 0]]);
  });
});

describe(`every transition by status and right (${DB_KIND})`, () => {
  type Schritt = 'buchen' | 'stornieren' | 'umwandeln';
  const schritt = (art: Schritt, id: number, as = 'admin') =>
    art === 'buchen' ? buchen(id, as) : art === 'stornieren' ? stornieren(id, as) : umwandeln(id, '0200', undefined, as);
  /** An offer with one line by admin, brought into `status` the way users get there. */
  async function angebotIm(status: 1 | 2 | 3 | 4 | 5 | 6 | 8) {
    const a = await lagerartikel(0);
    const an = await beleg('0100');
    const p = await position(an.id, a.id, 2);
    if (status === 2) expectOk(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: an.id } }));
    if (status === 3 || status === 5 || status === 6) expectOk(await buchen(an.id));
    if (status === 4) expectOk(await umwandeln(an.id, '0200', [{ positionId: p.id, menge: 1 }]));
    if (status === 5 || status === 8) expectOk(await umwandeln(an.id, '0200'));
    if (status === 6) expectOk(await stornieren(an.id));
    expect((await zustand(an.id)).kopf.belegstatus, `status ${status}`).toBe(status);
    return an;
  }
  // allowed (true) or refused with 409 (false), per status (BEL-025/027/029/038/040/042)
  const ERLAUBT: Record<1 | 2 | 3 | 4 | 5 | 6 | 8, Record<Schritt, boolean>> = {
    1: { buchen: true, stornieren: false, umwandeln: true },
    2: { buchen: true, stornieren: false, umwandeln: true },
    3: { buchen: false, stornieren: true, umwandeln: true },
    4: { buchen: true, stornieren: false, umwandeln: true },
    5: { buchen: false, stornieren: false, umwandeln: false },
    6: { buchen: false, stornieren: false, umwandeln: false },
    8: { buchen: true, stornieren: false, umwandeln: false },
  };

  it('[BEL-038] [BEL-040] book, cancel and transform in every status: allowed ones succeed, refused ones are a 409 that changes nothing', async () => {
    for (const [status, erlaubt] of Object.entries(ERLAUBT)) {
      for (const art of ['buchen', 'stornieren', 'umwandeln'] as const) {
        const an = await angebotIm(Number(status) as keyof typeof ERLAUBT);
        const vorher = await zustand(an.id);
        const r = await schritt(art, an.id);
        if (erlaubt[art]) {
          expect(r.ok, `${art} in status ${status}: ${JSON.stringify(r.body)}`).toBe(true);
          expect(await zustand(an.id), `${art} in status ${status} changes the document`).not.toEqual(vorher);
        } else {
          expectError(r, 409);
          expect(await zustand(an.id), `${art} in status ${status}`).toEqual(vorher);
        }
      }
    }
  });

  it("[RIGHT-019] [RIGHT-021] book, cancel and transform need BEK_AENDERN, and BEK_FREMDBEARB on another user's document: refused ones change nothing", async () => {
    const ohneAendern = await f.benutzer({ rechte: { BEK_AENDERN: false, BEK_FREMDBEARB: true } });
    const ohneFremd = await f.benutzer({ rechte: { BEK_AENDERN: true, BEK_FREMDBEARB: false } });
    const mitFremd = await f.benutzer({ rechte: { BEK_AENDERN: true, BEK_FREMDBEARB: true } });
    for (const art of ['buchen', 'stornieren', 'umwandeln'] as const) {
      const an = await angebotIm(art === 'stornieren' ? 3 : 1);
      const vorher = await zustand(an.id);
      expect(expectError(await schritt(art, an.id, ohneAendern.anmeldename), 403).messageParameters, art).toContain('BEK_AENDERN');
      expect(expectError(await schritt(art, an.id, ohneFremd.anmeldename), 403).messageParameters, art).toContain('BEK_FREMDBEARB');
      expect(await zustand(an.id), art).toEqual(vorher);
      expect((await schritt(art, an.id, mitFremd.anmeldename)).ok, `${art} with BEK_FREMDBEARB`).toBe(true);
      // the owner needs no BEK_FREMDBEARB for an own document
      const eigen = expectOk(
        await c.call(endpoints.belegCreate, { as: ohneFremd.anmeldename, body: { data: { belegart: '0100', adresseId: kunde.id } } }),
      ).result;
      await position(eigen.id, (await lagerartikel(0)).id, 1, ohneFremd.anmeldename);
      if (art === 'stornieren') expectOk(await buchen(eigen.id, ohneFremd.anmeldename));
      expect((await schritt(art, eigen.id, ohneFremd.anmeldename)).ok, `${art} of an own document`).toBe(true);
    }
  });
});

describe(`races (${DB_KIND})`, () => {
  it('ten bookings of one document at once: exactly one wins, the others 409; one history row, one movement', async () => {
    const a = await lagerartikel(10);
    await c.call(endpoints.me, { as: 'admin' });
    for (let round = 0; round < 3; round++) {
      const ls = await beleg('0300');
      await position(ls.id, a.id, 1);
      const results = await Promise.all(Array.from({ length: 10 }, () => buchen(ls.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409);
      expect(await db.selectFrom('belegStatushistorie').select('id').where('belegId', '=', ls.id).where('art', '=', 'B').execute()).toHaveLength(1);
      expect(await db.selectFrom('lagerbewegungen').select('id').where('belegId', '=', ls.id).execute()).toHaveLength(1);
    }
    expect(await bestand(a.id)).toEqual({ lager: 7, artikel: 7, bewegungen: 7 });
  });

  it('50 document creates at once get 50 different numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: i % 2 ? '0400' : '0100', adresseId: kunde.id } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const nummern = results.map((r) => expectOk(r).result.belegnummer);
    expect(new Set(nummern).size).toBe(50);
  });

  it('two partial transforms of one order at once never adopt more than was ordered', async () => {
    const a = await lagerartikel(0);
    const au = await beleg('0200');
    const p = await position(au.id, a.id, 5);
    const results = await Promise.all(Array.from({ length: 4 }, () => umwandeln(au.id, '0300', [{ positionId: p.id, menge: 2 }])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 422);
    const src = await zustand(au.id);
    expect(src.pos[0]?.mengeUebernommen).toBe(4000);
  });
});
