import { endpoints, MAHN_ZAHLUNGSFRIST_TAGE, MessageCode } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { formatDatum } from '../src/lib/format-de';
import { heute, plusTage, runDunning } from '../src/modules/offeneposten/offeneposten.service';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';
import { readPdf } from './pdf-reader';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'buero';
const db = t.handle.db;

type PayData = { zahlungsBetrag: number; zahlungsDatum: string; zahlungPer: 'Überweisung' | 'Bar'; auszug?: string; bemerkung?: string; skonto?: boolean };
const zahle = (id: number, zahlungsBetrag: number, extra: Partial<PayData> = {}, who = as, headers?: Record<string, string>) =>
  c.call(endpoints.zahlungCreate, {
    as: who,
    headers,
    params: { id },
    body: { data: { zahlungsBetrag, zahlungsDatum: heute(), zahlungPer: 'Überweisung', ...extra } },
  });
const lies = async (id: number) => expectOk(await c.call(endpoints.offenerPostenGet, { as, params: { id } })).result;
const adresse = async (id: number) => expectOk(await c.call(endpoints.adresseGet, { as: 'admin', params: { id } })).result;
const admin = { id: await f.benutzerId('admin'), name: 'Administrator', istAdmin: true };

describe('open items from invoices', () => {
  it('the demo data (made through the document service): every booked invoice, credit note and cancellation has one open item over its gross, with its payments (a cancelled one settled); no other document has one', async () => {
    const docs = await db
      .selectFrom('belege')
      .select(['id', 'belegart', 'betragBrutto', 'gebuchtAm', 'storniertAm', 'stornoVonId'])
      .where((eb) => eb.or([eb('belegart', 'like', '04%'), eb('belegart', 'like', '05%'), eb('belegart', 'like', '06%')]))
      .execute();
    const items = await db.selectFrom('offenePosten').select(['id', 'belegId', 'rechnungsBetrag', 'offenerBetrag', 'bisherGezahlt']).execute();
    const zahlungen = await db
      .selectFrom('offenePostenZahlungen')
      .select(['offenerPostenId', (eb) => eb.fn.sum<number | string>('zahlungsBetrag').as('summe')])
      .groupBy('offenerPostenId')
      .execute();
    const gezahlt = new Map(zahlungen.map((z) => [z.offenerPostenId, Number(z.summe)]));
    const zumBeleg = new Map(items.map((i) => [i.belegId, i]));
    const gebucht = docs.filter((d) => d.gebuchtAm && !d.storniertAm);
    expect(gebucht.length).toBeGreaterThan(0);
    expect(docs.some((d) => d.storniertAm)).toBe(true);
    const byId = new Map(docs.map((d) => [d.id, d]));
    for (const d of docs) {
      const item = zumBeleg.get(d.id);
      if (!d.gebuchtAm) {
        expect(item, `document ${d.id} has no open item`).toBeUndefined();
        continue;
      }
      expect(item, `booked document ${d.id} has its open item`).toBeDefined();
      const brutto = Number(d.betragBrutto);
      // a cancellation (06…) mirrors the item of what it cancels: the original's sign on its negated amounts
      const original = d.stornoVonId ? byId.get(d.stornoVonId) : undefined;
      const erwartet = original ? (original.belegart.startsWith('05') ? -brutto : brutto) : d.belegart.startsWith('05') ? -Math.abs(brutto) : brutto;
      expect(Number(item?.rechnungsBetrag)).toBe(erwartet);
      expect(Number(item?.offenerBetrag) + Number(item?.bisherGezahlt)).toBe(Number(item?.rechnungsBetrag));
      expect(Number(item?.bisherGezahlt)).toBe(gezahlt.get(item?.id as number) ?? 0);
      // GoBD (issue 19 item 8): a cancelled document and its cancellation keep their items, settled against each other
      if (d.storniertAm || original) expect([Number(item?.offenerBetrag), d.id]).toEqual([0, d.id]);
    }
    const belegIds = new Set(docs.map((d) => d.id));
    // every item belongs to a document, but a credit from an overpayment (GH), which belongs to its payment
    expect(items.filter((i) => i.belegId === null || !belegIds.has(i.belegId))).toEqual([]);
    // the demo records payments against them (through recordPayment): in full and in part — not only the cancellations'
    // settlements, which are written before the open-item seeder runs and must not mark it done
    const kunden = await db.selectFrom('offenePostenZahlungen').select('zahlungPer').where('zahlungPer', '!=', 'Verrechnung').execute();
    expect(kunden.length).toBeGreaterThan(0);
    expect(await db.selectFrom('mahnlaeufe').select('id').execute()).not.toEqual([]);
  });

  it('[OP-003] booking an invoice makes its open item with the terms of the address (default 14 days net)', async () => {
    const kunde = await f.adresse();
    const op = await f.offenerPosten({ betrag: 238, belegdatum: '2026-03-02', adresseId: kunde.id });
    expect(op).toMatchObject({
      opvArt: 'RE',
      adresseId: kunde.id,
      name1: kunde.name1,
      rechnungsBetrag: 238,
      offenerBetrag: 238,
      bisherGezahlt: 0,
      rechnungsdatum: '2026-03-02',
      valuta: '2026-03-02',
      nettoFaellig: '2026-03-16',
      skontoDatum: null,
      zahlungsart: '14 Tage netto',
      mahnstufe: 0,
      strittig: false,
      abgeschlossen: false,
    });
    const beleg = expectOk(await c.call(endpoints.belegGet, { as, params: { id: op.belegId } })).result;
    expect(op.rechnungsnummer).toBe(beleg.belegnummer);
    // read back (GET /finanzen/offeneposten/{id}): every field the spec names — number, address and customer number, the
    // address, amounts, dates, payment type, dunning level, cash-discount percentage, amount and date
    const gelesen = await lies(op.id);
    expect(gelesen).toMatchObject({ id: op.id, rechnungsnummer: beleg.belegnummer, letzteMahnung: null, skontoProzent: 0, skontoBetrag: 0 });
    expect(gelesen.nummer).toBeGreaterThan(0);
    expect(gelesen.adressnummer).toBe((await adresse(kunde.id)).adressnummer);
    expect(Object.keys(gelesen)).toEqual(
      expect.arrayContaining([
        'id',
        'nummer',
        'rechnungsnummer',
        'abgeschlossen',
        'opvArt',
        'adressnummer',
        'kundennummer',
        'name1',
        'rechnungsBetrag',
        'offenerBetrag',
        'bisherGezahlt',
        'nettoFaellig',
        'rechnungsdatum',
        'valuta',
        'zahlungsart',
        'mahnstufe',
        'skontoProzent',
        'skontoBetrag',
        'skontoDatum',
        'letzteMahnung',
      ]),
    );
    expect((await adresse(kunde.id)).opvBetrag).toBe(238);

    const zahlart = (await db.selectFrom('zahlungsarten').select('id').where('skontoProzent', '>', 0).executeTakeFirstOrThrow()).id;
    const skontoKunde = await f.adresse({ zahlart });
    const mitSkonto = await f.offenerPosten({ betrag: 1000.01, adresseId: skontoKunde.id, belegdatum: '2026-03-02' });
    // 2 % of 1,000.01 € is 20.0002 €: 20.00 € (half away from zero, to the cent)
    expect(mitSkonto).toMatchObject({ nettoFaellig: '2026-04-01', skontoDatum: '2026-03-12', skontoProzent: 2, skontoBetrag: 20 });
  });

  it("the document's own payment type sets its open item's terms, as its PDF prints them", async () => {
    const zahlart = (await db.selectFrom('zahlungsarten').select('id').where('skontoProzent', '>', 0).executeTakeFirstOrThrow()).id;
    const kunde = await f.adresse(); // no payment type: 14 days net
    const beleg = await f.beleg({ belegart: '0400', adresseId: kunde.id, belegdatum: '2026-03-02', zahlart });
    await f.position(beleg.id, { menge: 1, einzelpreis: 1000.01, mwstSatz: 0 });
    expectOk(await c.call(endpoints.belegBuchen, { as, params: { id: beleg.id }, body: {} }));
    const found = expectOk(await c.call(endpoints.offenePostenList, { as, query: { filter: `belegId=${beleg.id}` } })).result[0]!;
    const op = await lies(found.id);
    expect(op).toMatchObject({ nettoFaellig: '2026-04-01', skontoDatum: '2026-03-12', skontoProzent: 2, skontoBetrag: 20, zahlungsartId: zahlart });
  });

  it('a credit note makes a negative open item that is paid out', async () => {
    const kunde = await f.adresse();
    const op = await f.offenerPosten({ betrag: 50, belegart: '0500', adresseId: kunde.id });
    expect(op).toMatchObject({ opvArt: 'GU', rechnungsBetrag: -50, offenerBetrag: -50, skontoBetrag: 0 });
    expect((await adresse(kunde.id)).opvBetrag).toBe(-50);
    expectError(await zahle(op.id, 50.01), 422);
    const aus = expectOk(await zahle(op.id, 50));
    expect(aus.result.zahlungsBetrag).toBe(-50);
    expect(aus.offenerPosten).toMatchObject({ offenerBetrag: 0, bisherGezahlt: -50, abgeschlossen: true });
    expect((await adresse(kunde.id)).opvBetrag).toBe(0);
  });
});

describe('payments', () => {
  it('[OP-007] partial and full payment; completed when nothing is open, then it takes no payment', async () => {
    const op = await f.offenerPosten({ betrag: 100.5 });
    const teil = expectOk(await zahle(op.id, 40.25, { auszug: 'KA 12/3', bemerkung: 'erste Rate' }));
    expect(teil.offenerPosten).toMatchObject({ offenerBetrag: 60.25, bisherGezahlt: 40.25, abgeschlossen: false });
    expect(teil.result).toMatchObject({ zahlungsBetrag: 40.25, auszug: 'KA 12/3', zahlungPer: 'Überweisung', bemerkung: 'erste Rate', zahlungsDatum: heute() });
    const rest = expectOk(await zahle(op.id, 60.25, { zahlungPer: 'Bar' }));
    expect(rest.offenerPosten).toMatchObject({ offenerBetrag: 0, bisherGezahlt: 100.5, abgeschlossen: true });
    const spaeter = expectError(await zahle(op.id, 1), 422);
    expect(spaeter.errors.fieldErrors.zahlungsBetrag).toBeDefined();

    const list = expectOk(await c.call(endpoints.zahlungenList, { as, params: { id: op.id }, query: { returnTotal: true } }));
    expect(list.resultCount).toBe(2);
    expect(list.result.map((z) => [z.zahlungsBetrag, z.zahlungPer])).toEqual([
      [40.25, 'Überweisung'],
      [60.25, 'Bar'],
    ]);
    const one = expectOk(await c.call(endpoints.zahlungGet, { as, params: { id: op.id, paymentId: teil.result.id } })).result;
    expect(one).toMatchObject({
      auszug: 'KA 12/3',
      bemerkung: 'erste Rate',
      zahlungsBetrag: 40.25,
      zahlungPer: 'Überweisung',
      zahlungsDatum: heute(),
      benutzerName: expect.any(String),
    });
    // a payment of another open item is not found under this one
    const andere = await f.offenerPosten({ betrag: 10 });
    expectError(await c.call(endpoints.zahlungGet, { as, params: { id: andere.id, paymentId: teil.result.id } }), 404);
  });

  it('amounts are checked: positive, two decimals at most, a real date not in the future, a known method', async () => {
    const op = await f.offenerPosten({ betrag: 20 });
    for (const [data, field] of [
      [{ zahlungsBetrag: 0 }, 'zahlungsBetrag'],
      [{ zahlungsBetrag: -5 }, 'zahlungsBetrag'],
      [{ zahlungsBetrag: 1.005 }, 'zahlungsBetrag'],
      [{ zahlungsBetrag: invalid('10') }, 'zahlungsBetrag'],
      [{ zahlungsDatum: '2026-02-30' }, 'zahlungsDatum'],
      [{ zahlungPer: invalid('Bitcoin') }, 'zahlungPer'],
    ] as const) {
      const err = expectError(await zahle(op.id, 'zahlungsBetrag' in data ? data.zahlungsBetrag : 5, data), 400);
      expect(Object.keys(err.errors.fieldErrors).join()).toContain(field);
    }
    const zukunft = expectError(await zahle(op.id, 5, { zahlungsDatum: plusTage(heute(), 2) }), 422);
    expect(zukunft.errors.fieldErrors.zahlungsDatum).toBeDefined();
    expectError(await zahle(999_999, 5), 404);
    expect((await lies(op.id)).offenerBetrag).toBe(20);
    expect(await db.selectFrom('offenePostenZahlungen').select('id').where('offenerPostenId', '=', op.id).execute()).toEqual([]);
  });

  it('an Idempotency-Key records a payment once; the same key with another body is a 422', async () => {
    const op = await f.offenerPosten({ betrag: 90 });
    const headers = { 'Idempotency-Key': `pay-${op.id}` };
    const first = await zahle(op.id, 30, {}, as, headers);
    const again = await zahle(op.id, 30, {}, as, headers);
    expect(expectOk(again).result.id).toBe(expectOk(first).result.id);
    expect(again.headers.location).toBe(first.headers.location);
    expect((await lies(op.id)).offenerBetrag).toBe(60);
    expectError(await zahle(op.id, 31, {}, as, headers), 422);
    expect((await lies(op.id)).offenerBetrag).toBe(60);
  });

  it(`parallel payments take off each open cent once; the one beyond the rest books its surplus as a credit (${DB_KIND})`, async () => {
    const op = await f.offenerPosten({ betrag: 100 });
    const results = await Promise.all(Array.from({ length: 8 }, () => zahle(op.id, 30)));
    const ok = results.filter((r) => r.ok);
    // 30 + 30 + 30 and then 30 on the 10 left (20 credit); the others find the item completed
    expect(ok).toHaveLength(4);
    for (const r of results.filter((x) => !x.ok)) expect([409, 422]).toContain(r.status);
    expect(await lies(op.id)).toMatchObject({ offenerBetrag: 0, bisherGezahlt: 100, abgeschlossen: true });
    const summe = await db
      .selectFrom('offenePostenZahlungen')
      .select((eb) => eb.fn.sum<number>('zahlungsBetrag').as('s'))
      .where('offenerPostenId', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(Number(summe.s)).toBe(10000);
    const credits = ok.flatMap((r) => (r.ok && r.body.guthaben ? [r.body.guthaben] : []));
    expect(credits.map((g) => [g.opvArt, g.rechnungsBetrag])).toEqual([['GH', -20]]);
  });
});

describe('reversal and correction of payments (GoBD: counter-entries)', () => {
  const storno = (id: number, paymentId: number, grund: string, who = as) =>
    c.call(endpoints.zahlungStorno, { as: who, params: { id, paymentId }, body: { data: { grund } } });
  const zahlungen = async (id: number) => expectOk(await c.call(endpoints.zahlungenList, { as, params: { id }, query: { limit: 100 } })).result;

  it('a reversal is a negative payment referring to the original, with its own date, user and reason; the amount is open again; once per payment', async () => {
    const kunde = await f.adresse();
    const op = await f.offenerPosten({ betrag: 100, adresseId: kunde.id });
    const teil = expectOk(await zahle(op.id, 40, { auszug: 'KA 1' })).result;
    const voll = expectOk(await zahle(op.id, 60));
    expect(voll.offenerPosten).toMatchObject({ offenerBetrag: 0, abgeschlossen: true });

    expectError(await storno(op.id, teil.id, '   '), 400);
    const res = expectOk(await storno(op.id, voll.result.id, 'Rücklastschrift'));
    expect(res.result).toMatchObject([
      {
        zahlungPer: 'Storno',
        zahlungsBetrag: -60,
        stornoVonId: voll.result.id,
        zahlungsDatum: heute(),
        bemerkung: 'Rücklastschrift',
        benutzerName: expect.any(String),
      },
    ]);
    expect(res.result[0]?.id).not.toBe(voll.result.id);
    expect(res.offenerPosten).toMatchObject({ offenerBetrag: 60, bisherGezahlt: 40, abgeschlossen: false });
    expect((await adresse(kunde.id)).opvBetrag).toBe(60);

    // the original stays as it was, marked by its reversal
    const liste = await zahlungen(op.id);
    expect(liste.map((z) => [z.zahlungsBetrag, z.zahlungPer, z.stornoVonId, z.storniertDurchId])).toEqual([
      [40, 'Überweisung', null, null],
      [60, 'Überweisung', null, res.result[0]?.id],
      [-60, 'Storno', voll.result.id, null],
    ]);
    // open = gross − Σ payments
    expect(100 - liste.reduce((s, z) => s + z.zahlungsBetrag, 0)).toBe(60);

    expect(expectError(await storno(op.id, voll.result.id, 'nochmal'), 409).errors.services[0]?.message).toContain('bereits');
    expectError(await storno(op.id, res.result[0]?.id as number, 'Storno vom Storno'), 422);
    const andere = await f.offenerPosten({ betrag: 10 });
    expectError(await storno(andere.id, teil.id, 'falscher Posten'), 404);
    const leser = await f.benutzer({ rechte: { BEK_AENDERN: false } });
    expectError(await storno(op.id, teil.id, 'ohne Recht', leser.anmeldename), 403);
    expect((await lies(op.id)).offenerBetrag).toBe(60);
    const log = await db.selectFrom('protokoll').selectAll().where('tabelle', '=', 'OPV').where('datensatzId', '=', op.id).execute();
    expect(log.at(-1)?.bemerkung).toContain('Rücklastschrift');
  });

  it('a correction reverses the payment and books the right one in one transaction; refused as a whole when the new payment is refused', async () => {
    const op = await f.offenerPosten({ betrag: 100 });
    const falsch = expectOk(await zahle(op.id, 50)).result;
    const korrektur = (data: Partial<PayData> & { grund: string }) =>
      c.call(endpoints.zahlungKorrektur, {
        as,
        params: { id: op.id, paymentId: falsch.id },
        body: { data: { zahlungsBetrag: 45, zahlungsDatum: heute(), zahlungPer: 'Überweisung', ...data } },
      });
    const zukunft = expectError(await korrektur({ grund: 'Tippfehler', zahlungsDatum: plusTage(heute(), 3) }), 422);
    expect(zukunft.errors.fieldErrors.zahlungsDatum).toBeDefined();
    expect(await zahlungen(op.id)).toHaveLength(1);
    expect((await lies(op.id)).offenerBetrag).toBe(50);

    const ok = expectOk(await korrektur({ grund: 'Tippfehler', auszug: 'KA 7' }));
    expect(ok.storno).toMatchObject([{ zahlungsBetrag: -50, stornoVonId: falsch.id, bemerkung: 'Tippfehler' }]);
    expect(ok.result).toMatchObject({ zahlungsBetrag: 45, auszug: 'KA 7', stornoVonId: null });
    expect(ok.offenerPosten).toMatchObject({ offenerBetrag: 55, bisherGezahlt: 45 });
    expect((await zahlungen(op.id)).map((z) => z.zahlungsBetrag)).toEqual([50, -50, 45]);
    expectError(await korrektur({ grund: 'nochmal' }), 409);
    expect((await lies(op.id)).offenerBetrag).toBe(55);
  });

  it(`parallel reversals of one payment book exactly one counter-entry (${DB_KIND})`, async () => {
    const op = await f.offenerPosten({ betrag: 80 });
    const a = expectOk(await zahle(op.id, 30)).result;
    const b = expectOk(await zahle(op.id, 20)).result;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => storno(op.id, a.id, `parallel ${i}`)),
      ...Array.from({ length: 4 }, (_, i) => storno(op.id, b.id, `parallel b ${i}`)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    for (const r of results.filter((x) => !x.ok)) expect(r.status).toBe(409);
    const rows = await db.selectFrom('offenePostenZahlungen').selectAll().where('offenerPostenId', '=', op.id).execute();
    expect(rows.filter((r) => r.stornoVonId === a.id)).toHaveLength(1);
    expect(rows.filter((r) => r.stornoVonId === b.id)).toHaveLength(1);
    const item = await lies(op.id);
    expect(item).toMatchObject({ offenerBetrag: 80, bisherGezahlt: 0 });
    expect(Math.round(item.offenerBetrag * 100)).toBe(8000 - rows.reduce((s, r) => s + Number(r.zahlungsBetrag), 0));
  });
});

describe('cash discount (Skonto)', () => {
  const skontoArt = async () => await db.selectFrom('zahlungsarten').select(['id', 'skontoTage']).where('skontoProzent', '>', 0).executeTakeFirstOrThrow();

  it('within its term the payment of open − discount settles the item with a Skonto row; a reversal takes both back', async () => {
    const art = await skontoArt();
    const kunde = await f.adresse({ zahlart: art.id });
    const op = await f.offenerPosten({ betrag: 1000.01, adresseId: kunde.id, belegdatum: heute() });
    expect(op).toMatchObject({ skontoBetrag: 20, skontoZahlbetrag: 980.01, skontoDatum: plusTage(heute(), Number(art.skontoTage)) });
    const zuWenig = expectError(await zahle(op.id, 980, { skonto: true }), 422);
    expect(zuWenig.errors.fieldErrors.zahlungsBetrag?.[0]).toContain('980,01');
    const res = expectOk(await zahle(op.id, 980.01, { skonto: true }));
    expect(res.result).toMatchObject({ zahlungsBetrag: 980.01, zahlungPer: 'Überweisung' });
    expect(res.skonto).toMatchObject({ zahlungPer: 'Skonto', zahlungsBetrag: 20, zuZahlungId: res.result.id });
    expect(res.offenerPosten).toMatchObject({ offenerBetrag: 0, bisherGezahlt: 1000.01, abgeschlossen: true, skontoZahlbetrag: null });

    // the discount row is reversed with its payment, not alone
    expectError(await c.call(endpoints.zahlungStorno, { as, params: { id: op.id, paymentId: res.skonto?.id as number }, body: { data: { grund: 'x' } } }), 422);
    const back = expectOk(
      await c.call(endpoints.zahlungStorno, { as, params: { id: op.id, paymentId: res.result.id }, body: { data: { grund: 'Fehlbuchung' } } }),
    );
    expect(back.result.map((z) => [z.zahlungsBetrag, z.stornoVonId])).toEqual([
      [-980.01, res.result.id],
      [-20, res.skonto?.id],
    ]);
    expect(back.offenerPosten).toMatchObject({ offenerBetrag: 1000.01, bisherGezahlt: 0, abgeschlossen: false, skontoZahlbetrag: 980.01 });
  });

  it('outside its term the discount is refused with a message naming the deadline; an item without discount has none', async () => {
    const art = await skontoArt();
    const kunde = await f.adresse({ zahlart: art.id });
    const op = await f.offenerPosten({ betrag: 500, adresseId: kunde.id, belegdatum: plusTage(heute(), -Number(art.skontoTage) - 1) });
    expect(op.skontoZahlbetrag).toBeNull();
    const err = expectError(await zahle(op.id, 490, { skonto: true }), 422);
    expect(err.errors.fieldErrors.skonto?.[0]).toBe(`Die Skontofrist endete am ${formatDatum(op.skontoDatum)}`);
    // paid on the last day of the term (a past payment date) it is taken
    expectOk(await zahle(op.id, 490, { skonto: true, zahlungsDatum: op.skontoDatum as string }));
    const ohne = await f.offenerPosten({ betrag: 100 });
    expect(expectError(await zahle(ohne.id, 98, { skonto: true }), 422).errors.fieldErrors.skonto).toBeDefined();
    expect((await lies(ohne.id)).offenerBetrag).toBe(100);
  });
});

describe('overpayment', () => {
  it("the surplus becomes a credit item on the customer's account, referring to the payment, settled like other items", async () => {
    const kunde = await f.adresse();
    const op = await f.offenerPosten({ betrag: 100, adresseId: kunde.id });
    const res = expectOk(await zahle(op.id, 150));
    expect(res.result.zahlungsBetrag).toBe(100);
    expect(res.offenerPosten).toMatchObject({ offenerBetrag: 0, bisherGezahlt: 100, abgeschlossen: true });
    expect(res.guthaben).toMatchObject({
      opvArt: 'GH',
      adresseId: kunde.id,
      belegId: null,
      zahlungId: res.result.id,
      rechnungsnummer: op.rechnungsnummer,
      rechnungsBetrag: -50,
      offenerBetrag: -50,
      abgeschlossen: false,
    });
    expect((await adresse(kunde.id)).opvBetrag).toBe(-50);
    const offen = expectOk(await c.call(endpoints.offenePostenList, { as, query: { filter: `adresseId=${kunde.id},abgeschlossen=false` } })).result;
    expect(offen.map((o) => [o.id, o.opvArt, o.offenerBetrag])).toEqual([[res.guthaben?.id, 'GH', -50]]);
    const gezahlt = (await c.call(endpoints.zahlungenList, { as, params: { id: op.id } })).body;
    expect(gezahlt && 'result' in gezahlt ? gezahlt.result[0]?.guthabenId : null).toBe(res.guthaben?.id);

    // a credit note's payout cannot exceed what is open
    const gutschrift = await f.offenerPosten({ betrag: 10, belegart: '0500', adresseId: kunde.id });
    expectError(await zahle(gutschrift.id, 10.01), 422);

    // the credit is paid out (or used) like a credit note; then the payment that made it cannot be reversed
    const zweite = await f.offenerPosten({ betrag: 30, adresseId: kunde.id });
    const zweiteZahlung = expectOk(await zahle(zweite.id, 35));
    const guthabenId = res.guthaben?.id as number;
    expectOk(await zahle(guthabenId, 50, { zahlungPer: 'Bar' }));
    expect(await lies(guthabenId)).toMatchObject({ offenerBetrag: 0, abgeschlossen: true });
    expectError(await c.call(endpoints.zahlungStorno, { as, params: { id: op.id, paymentId: res.result.id }, body: { data: { grund: 'x' } } }), 409);
    // an unused credit is settled with the reversal of its payment
    const back = expectOk(
      await c.call(endpoints.zahlungStorno, {
        as,
        params: { id: zweite.id, paymentId: zweiteZahlung.result.id },
        body: { data: { grund: 'falsch zugeordnet' } },
      }),
    );
    expect(back.offenerPosten).toMatchObject({ offenerBetrag: 30, abgeschlossen: false });
    expect(await lies(zweiteZahlung.guthaben?.id as number)).toMatchObject({ offenerBetrag: 0, abgeschlossen: true, rechnungsBetrag: -5 });
    expect((await adresse(kunde.id)).opvBetrag).toBe(30 - 10);
  });
});

describe("the address's purchase history", () => {
  it('leaves out cancelled invoices and their cancellation documents', async () => {
    const kunde = await f.adresse();
    const bleibt = await f.offenerPosten({ betrag: 12, adresseId: kunde.id });
    const storniert = await f.offenerPosten({ betrag: 34, adresseId: kunde.id });
    const vorher = expectOk(await c.call(endpoints.historie, { as, params: { id: kunde.id } })).result;
    expect(vorher.map((h) => h.belegId).sort()).toEqual([bleibt.belegId, storniert.belegId].sort());
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: storniert.belegId }, body: {} }));
    const belege = await db.selectFrom('belege').select(['id', 'belegart']).where('adresseId', '=', kunde.id).execute();
    expect(belege.some((b) => b.belegart === '0600')).toBe(true);
    const nachher = expectOk(await c.call(endpoints.historie, { as, params: { id: kunde.id }, query: { returnTotal: 'true' } }));
    expect(nachher.result.map((h) => h.belegId)).toEqual([bleibt.belegId]);
    expect(nachher.resultCount).toBe(1);
  });
});

describe('cancelling the invoice', () => {
  // issue 19 item 8: this test asserted the old behaviour (the item deleted, 404); GoBD keeps it, settled
  it('cancelling an unpaid invoice settles its open item (never deleted); a paid one cannot be cancelled (409)', async () => {
    const kunde = await f.adresse();
    const op = await f.offenerPosten({ betrag: 70, adresseId: kunde.id });
    expect((await adresse(kunde.id)).opvBetrag).toBe(70);
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: op.belegId }, body: {} }));
    expect(await lies(op.id)).toMatchObject({ rechnungsBetrag: 70, offenerBetrag: 0, bisherGezahlt: 70, abgeschlossen: true });
    expect((await adresse(kunde.id)).opvBetrag).toBe(0);

    const bezahlt = await f.offenerPosten({ betrag: 80, adresseId: kunde.id });
    expectOk(await zahle(bezahlt.id, 20));
    const err = expectError(await c.call(endpoints.belegStornieren, { as, params: { id: bezahlt.belegId }, body: {} }), 409);
    expect(err.errors.services[0]?.message).toContain('Zahlungen');
    expect(await lies(bezahlt.id)).toMatchObject({ offenerBetrag: 60, bisherGezahlt: 20 });
    expect(expectOk(await c.call(endpoints.belegGet, { as, params: { id: bezahlt.belegId } })).result.belegstatus).toBe(3);
  });
});

describe('dunning run', () => {
  it("the preview shows what the run will do and changes nothing; the run raises the confirmed addresses' overdue, undisputed, unblocked, not unadmonished items by one, once per day, and writes their letters", async () => {
    const alt = plusTage(heute(), -40);
    const kunde = await f.adresse();
    const ausgelassenKunde = await f.adresse();
    const faellig = await f.offenerPosten({ betrag: 50, belegdatum: alt, adresseId: kunde.id });
    const zweites = await f.offenerPosten({ betrag: 25.5, belegdatum: plusTage(alt, 2), adresseId: kunde.id });
    const ausgelassen = await f.offenerPosten({ betrag: 70, belegdatum: alt, adresseId: ausgelassenKunde.id });
    // 14 days net: due 5 days ago, within the 7 grace days
    const inKarenz = await f.offenerPosten({ betrag: 50, belegdatum: plusTage(heute(), -19), adresseId: kunde.id });
    const neu = await f.offenerPosten({ betrag: 50 });
    const strittig = await f.offenerPosten({ betrag: 50, belegdatum: alt });
    const gesperrt = await f.offenerPosten({ betrag: 50, belegdatum: alt });
    const nichtMahnen = await f.offenerPosten({ betrag: 50, belegdatum: alt });
    const bezahlt = await f.offenerPosten({ betrag: 50, belegdatum: alt });
    const gutschrift = await f.offenerPosten({ betrag: 50, belegdatum: alt, belegart: '0500' });
    for (const [op, data] of [
      [strittig, { strittig: true }],
      [gesperrt, { gesperrt: true }],
      [nichtMahnen, { nichtMahnen: true }],
    ] as const) {
      expectOk(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data } }));
    }
    expectOk(await zahle(bezahlt.id, 50));

    const stufe = async (op: { id: number }) => (await lies(op.id)).mahnstufe;
    const vorschau = expectOk(await c.call(endpoints.mahnlaufVorschau, { as })).result;
    expect(vorschau).toMatchObject({ datum: heute(), karenzTage: 7, bereitsGelaufen: false });
    const vorschauPosten = vorschau.adressen.flatMap((a) => a.posten.map((p) => p.offenerPostenId));
    expect(vorschau.adressen.find((a) => a.adresseId === kunde.id)).toMatchObject({
      stufe: 1,
      titel: 'Zahlungserinnerung',
      betrag: 75.5,
      mahnschreibenId: null,
      posten: [
        {
          offenerPostenId: faellig.id,
          rechnungsnummer: faellig.rechnungsnummer,
          offenerBetrag: 50,
          nettoFaellig: faellig.nettoFaellig,
          stufeVorher: 0,
          stufe: 1,
        },
        { offenerPostenId: zweites.id, offenerBetrag: 25.5, stufeVorher: 0, stufe: 1 },
      ],
    });
    expect(vorschauPosten).toContain(ausgelassen.id);
    for (const op of [inKarenz, neu, strittig, gesperrt, nichtMahnen, bezahlt, gutschrift]) expect(vorschauPosten).not.toContain(op.id);
    expect(await stufe(faellig)).toBe(0);
    expect(await db.selectFrom('mahnlaeufe').select('id').where('datum', '=', heute()).execute()).toEqual([]);

    // the user confirms every address but one
    const adresseIds = vorschau.adressen.map((a) => a.adresseId).filter((id) => id !== ausgelassenKunde.id);
    expectError(await c.call(endpoints.mahnlauf, { as, body: { data: { adresseIds: [] } } }), 422);
    const first = expectOk(await c.call(endpoints.mahnlauf, { as, body: { data: { adresseIds } } })).result;
    expect(first).toMatchObject({ datum: heute(), bereitsGelaufen: false });
    expect(first.erhoeht).toBe(vorschauPosten.length - 1);
    const brief = first.adressen.find((a) => a.adresseId === kunde.id);
    expect(brief).toMatchObject({ stufe: 1, titel: 'Zahlungserinnerung', betrag: 75.5, mahnschreibenId: expect.any(Number) });
    expect(brief?.posten.map((p) => [p.offenerPostenId, p.stufe])).toEqual([
      [faellig.id, 1],
      [zweites.id, 1],
    ]);
    expect(first.adressen.map((a) => a.adresseId)).not.toContain(ausgelassenKunde.id);
    expect(await stufe(faellig)).toBe(1);
    expect((await lies(faellig.id)).letzteMahnung).toBe(heute());
    for (const op of [ausgelassen, inKarenz, neu, strittig, gesperrt, nichtMahnen, bezahlt, gutschrift]) expect(await stufe(op)).toBe(0);

    // the run and its letters are listed; the run's detail shows what it did
    const laeufe = expectOk(await c.call(endpoints.mahnlaeufeList, { as })).result;
    expect(laeufe[0]).toMatchObject({ id: first.id, datum: heute(), erhoeht: first.erhoeht, schreiben: first.adressen.length });
    expect(expectOk(await c.call(endpoints.mahnlaufGet, { as, params: { id: first.id } })).result.adressen).toEqual(first.adressen);
    const briefe = expectOk(await c.call(endpoints.mahnschreibenList, { as, query: { filter: `adresseId=${kunde.id}` } })).result;
    expect(briefe).toMatchObject([{ id: brief?.mahnschreibenId, mahnlaufId: first.id, stufe: 1, titel: 'Zahlungserinnerung', betrag: 75.5, anzahl: 2 }]);

    const vorher = await db.selectFrom('offenePosten').select(['id', 'mahnstufe', 'geaendertAm']).orderBy('id').execute();
    expect(expectOk(await c.call(endpoints.mahnlaufVorschau, { as })).result).toMatchObject({ bereitsGelaufen: true, adressen: [] });
    const second = expectOk(await c.call(endpoints.mahnlauf, { as: 'admin', body: undefined })).result;
    expect(second).toMatchObject({ datum: heute(), bereitsGelaufen: true, erhoeht: 0, erhoehtImLauf: first.erhoeht, adressen: [] });
    expect(second.meldung).toContain('bereits gelaufen');
    expect(await db.selectFrom('offenePosten').select(['id', 'mahnstufe', 'geaendertAm']).orderBy('id').execute()).toEqual(vorher);
    const log = await db.selectFrom('protokoll').selectAll().where('tabelle', '=', 'OPV').where('datensatzId', '=', faellig.id).execute();
    expect(log.some((l) => l.bemerkung === `Mahnlauf ${heute()}` && l.felder === 'mahnstufe,letzteMahnung')).toBe(true);

    // the letter as PDF: the level's title and texts, the items with dates and amounts, the total and the deadline
    const pdf = await c.callRaw(endpoints.mahnschreibenPdf, { as, params: { id: brief?.mahnschreibenId as number } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    for (const erwartet of [
      'Zahlungserinnerung',
      kunde.name1,
      faellig.rechnungsnummer,
      zweites.rechnungsnummer,
      formatDatum(faellig.nettoFaellig),
      '50,00 €',
      '25,50 €',
      '75,50 €',
      `bis zum ${formatDatum(plusTage(heute(), MAHN_ZAHLUNGSFRIST_TAGE))}`,
    ]) {
      expect(text).toContain(erwartet);
    }
    expectError(await c.call(endpoints.mahnlaufGet, { as, params: { id: 999_999 } }), 404);
    expect((await c.callRaw(endpoints.mahnschreibenPdf, { as, params: { id: 999_999 } })).statusCode).toBe(404);
  });

  it('grace days: an item becomes dunnable only when net due plus MAHNUNG.KARENZTAGE (default 7) lie before the day; a higher level prints the next letter', async () => {
    const tag = plusTage(heute(), 300); // future days: no other run of this file uses them
    const kunde = await f.adresse();
    // 14 days net: due on day − 5
    const op = await f.offenerPosten({ betrag: 40, belegdatum: plusTage(tag, -19), adresseId: kunde.id });
    const lauf = (d: string) => db.transaction().execute((trx) => runDunning(trx, admin, d, { adresseIds: [kunde.id] }));
    await lauf(tag);
    expect((await lies(op.id)).mahnstufe).toBe(0);
    await db.updateTable('systemParameter').set({ wert: '3' }).where('name', '=', 'MAHNUNG.KARENZTAGE').execute();
    try {
      await lauf(plusTage(tag, 1));
      expect((await lies(op.id)).mahnstufe).toBe(1);
    } finally {
      await db.updateTable('systemParameter').set({ wert: '7' }).where('name', '=', 'MAHNUNG.KARENZTAGE').execute();
    }
    const zweiter = await lauf(plusTage(tag, 15));
    expect((await lies(op.id)).mahnstufe).toBe(2);
    const brief = expectOk(await c.call(endpoints.mahnschreibenList, { as, query: { filter: `mahnlaufId=${zweiter.id}` } })).result[0];
    expect(brief).toMatchObject({ stufe: 2, titel: '1. Mahnung', adresseId: kunde.id });
    const pdf = await c.callRaw(endpoints.mahnschreibenPdf, { as, params: { id: brief?.id as number } });
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain('1. Mahnung');
    expect(text).toContain('trotz unserer Zahlungserinnerung');
    expect(text).not.toContain('Zahlungserinnerung\n');
  });

  it('[OP-004] a level rises again only 14 days after the last reminder, and never above 5', async () => {
    const op = await f.offenerPosten({ betrag: 10, belegdatum: plusTage(heute(), -400) });
    const lauf = (tage: number) => db.transaction().execute((trx) => runDunning(trx, admin, plusTage(heute(), tage)));
    // future days: no other run of this file uses them
    await lauf(100);
    expect((await lies(op.id)).mahnstufe).toBe(1);
    await lauf(110);
    expect((await lies(op.id)).mahnstufe).toBe(1);
    for (let k = 1; k <= 6; k++) await lauf(110 + 14 * k);
    expect(await lies(op.id)).toMatchObject({ mahnstufe: 5, letzteMahnung: plusTage(heute(), 110 + 14 * 4) });
  });
});

describe('summary, flags, list, rights', () => {
  it('[OP-008] [OP-009] the summary sums count and open amount per dunning level', async () => {
    const report = async () => expectOk(await c.call(endpoints.offenePostenUebersicht, { as })).daten[0]!.datensaetze[0]!;
    const open = await db.selectFrom('offenePosten').select(['mahnstufe', 'offenerBetrag']).where('abgeschlossen', '=', false).execute();
    const u = await report();
    for (let n = 0; n <= 5; n++) {
      const rows = open.filter((r) => Number(r.mahnstufe) === n);
      expect(u[`stufe${n}_Anzahl` as 'stufe0_Anzahl'], `stufe${n}`).toBe(rows.length);
      expect(Math.round(u[`stufe${n}_Betrag` as 'stufe0_Betrag'] * 100)).toBe(rows.reduce((s, r) => s + Number(r.offenerBetrag), 0));
    }
    expect(u.gesamt_Anzahl).toBe(open.length);
    const op = await f.offenerPosten({ betrag: 33.33 });
    const mehr = await report();
    expect(mehr.stufe0_Anzahl).toBe(u.stufe0_Anzahl + 1);
    expect(Math.round(mehr.stufe0_Betrag * 100)).toBe(Math.round(u.stufe0_Betrag * 100) + 3333);
    expectOk(await zahle(op.id, 33.33));
    expect((await report()).stufe0_Anzahl).toBe(u.stufe0_Anzahl);
  });

  it('[OP-005] flags change with a change-log entry; amounts are not writable; a lock of another user is a 423', async () => {
    const op = await f.offenerPosten({ betrag: 12 });
    const changed = expectOk(
      await c.call(endpoints.offenerPostenUpdate, {
        as,
        params: { id: op.id },
        body: { data: { strittig: true, gesperrt: true }, ProtokollBemerkung: 'Reklamation' },
      }),
    ).result;
    expect(changed).toMatchObject({ strittig: true, gesperrt: true, nichtMahnen: false, abgeschlossen: false, offenerBetrag: 12 });
    const log = await db
      .selectFrom('protokoll')
      .selectAll()
      .where('tabelle', '=', 'OPV')
      .where('datensatzId', '=', op.id)
      .where('aktion', '=', 'AENDERN')
      .execute();
    expect(log.at(-1)).toMatchObject({ bemerkung: 'Reklamation' });
    expect(log.at(-1)?.felder?.split(',').sort()).toEqual(['gesperrt', 'strittig']);
    expect(expectOk(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: { strittig: false } } })).result.strittig).toBe(
      false,
    );
    // clarified, unblocked, unadmonished
    expect(
      expectOk(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: { gesperrt: false, nichtMahnen: true } } })).result,
    ).toMatchObject({ strittig: false, gesperrt: false, nichtMahnen: true });
    expectOk(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: { nichtMahnen: false } } }));
    // completed is not a flag to set: it follows the payments
    expectError(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: invalid({ abgeschlossen: true }) } }), 400);
    const bezahlt = await f.offenerPosten({ betrag: 5 });
    expect(expectOk(await zahle(bezahlt.id, 5)).offenerPosten.abgeschlossen).toBe(true);
    expectError(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: invalid({ offenerBetrag: 0 }) } }), 400);
    expectError(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: invalid({ mahnstufe: 0 }) } }), 400);

    await f.sperre({ tabelle: 'OPV', datensatzId: op.id }, { as: 'admin' });
    const locked = expectError(await c.call(endpoints.offenerPostenUpdate, { as, params: { id: op.id }, body: { data: { nichtMahnen: true } } }), 423);
    expect(locked.messageCode).toBe(MessageCode.locked);
    expectError(await zahle(op.id, 1), 423);
    expect(await lies(op.id)).toMatchObject({ nichtMahnen: false, offenerBetrag: 12 });
  });

  it('the list filters by address, state, level and disputed, searches invoice number and name', async () => {
    const kunde = await f.adresse({ name1: 'Ölmühle Übersee' });
    const a = await f.offenerPosten({ betrag: 10, adresseId: kunde.id });
    const b = await f.offenerPosten({ betrag: 20, adresseId: kunde.id });
    expectOk(await zahle(b.id, 20));
    const list = (query: Record<string, string | boolean>) =>
      c.call(endpoints.offenePostenList, { as, query }).then((r) => expectOk(r).result.map((x) => x.id));
    expect(await list({ filter: `adresseId=${kunde.id}` })).toEqual([a.id, b.id]);
    expect(await list({ filter: `adresseId=${kunde.id},abgeschlossen=false` })).toEqual([a.id]);
    expect(await list({ filter: `adresseId=${kunde.id},abgeschlossen=true` })).toEqual([b.id]);
    expect(await list({ filter: `adresseId=${kunde.id},mahnstufe=1` })).toEqual([]);
    expect(await list({ filter: `adresseId=${kunde.id},strittig=true` })).toEqual([]);
    expect(await list({ search: a.rechnungsnummer })).toEqual([a.id]);
    expect(await list({ search: 'Ölmühle', orderBy: 'rechnungsnummer' })).toEqual([a.id, b.id].sort((x, y) => x - y));
    const total = expectOk(await c.call(endpoints.offenePostenList, { as, query: { returnTotal: true, limit: 1, orderBy: 'name1' } }));
    expect(total.resultCount).toBeGreaterThan(1);
    expect(total.hasMoreData).toBe(true);
    // German order: Ö sorts as O
    const sorted = expectOk(await c.call(endpoints.offenePostenList, { as, query: { orderBy: 'name1', limit: 10000 } })).result.map((r) => r.name1);
    const oel = sorted.indexOf('Ölmühle Übersee');
    expect(sorted.slice(0, oel).every((n) => n.localeCompare('Olmuhle', 'de', { sensitivity: 'base' }) <= 0)).toBe(true);
    expectError(await c.call(endpoints.offenePostenList, { as, query: { filter: 'geheim=1' } }), 400);
  });

  it('rights: reading needs BEK_SEHEN; payments, flags and the dunning run need BEK_AENDERN (403 naming the right)', async () => {
    const op = await f.offenerPosten({ betrag: 15 });
    const leser = await f.benutzer({ rechte: { BEK_AENDERN: false } });
    const ohne = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expectOk(await c.call(endpoints.offenerPostenGet, { as: leser.anmeldename, params: { id: op.id } }));
    expectOk(await c.call(endpoints.offenePostenUebersicht, { as: leser.anmeldename }));
    for (const res of [
      await zahle(op.id, 5, {}, leser.anmeldename),
      await c.call(endpoints.offenerPostenUpdate, { as: leser.anmeldename, params: { id: op.id }, body: { data: { strittig: true } } }),
      await c.call(endpoints.mahnlauf, { as: leser.anmeldename, body: undefined }),
    ]) {
      expect(expectError(res, 403).messageParameters).toEqual(['BEK_AENDERN']);
    }
    for (const res of [
      await c.call(endpoints.offenePostenList, { as: ohne.anmeldename }),
      await c.call(endpoints.offenerPostenGet, { as: ohne.anmeldename, params: { id: op.id } }),
      await c.call(endpoints.zahlungenList, { as: ohne.anmeldename, params: { id: op.id } }),
      await c.call(endpoints.offenePostenUebersicht, { as: ohne.anmeldename }),
    ]) {
      expect(expectError(res, 403).messageParameters).toEqual(['BEK_SEHEN']);
    }
    expect(await lies(op.id)).toMatchObject({ offenerBetrag: 15, strittig: false });
    expectError(await c.call(endpoints.offenerPostenGet, { token: null, params: { id: op.id } }), 401);
  });
});
