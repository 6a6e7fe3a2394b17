import { ERV_CHECKLISTE_LEER, ERV_CHECKPUNKTE, ERV_KLEINBETRAG_UNTERPUNKTE, ERV_RECHTE, type ErvCheckliste, endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { renderGeschaeftsdokument } from '../src/modules/belege/belege.pdf';
import { type EingangsrechnungNeu, legeEingangsrechnungAn } from '../src/modules/einkauf/eingangsrechnungen.service';
import { api, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';
import { readPdf } from './pdf-reader';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const lieferant = await f.adresse({ name1: 'Armaturen Nord GmbH', istKunde: false, istLieferant: true });
const ALLES: ErvCheckliste = Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, p !== 'kleinbetrag'])) as ErvCheckliste;
const pdf = (titel: string) =>
  renderGeschaeftsdokument({
    briefkopf: { name: 'Armaturen Nord GmbH', zeilen: [], absenderzeile: 'Armaturen Nord GmbH · Kai 1 · 24103 Kiel', fussspalten: [] },
    empfaenger: ['Muster Handel & Service GmbH', 'Einkauf'],
    titel,
    kopfdaten: [{ label: 'Datum', wert: '02.11.2026' }],
    spalten: [{ key: 'bez', titel: 'Bezeichnung' }],
    zeilen: [{ zellen: { bez: 'Kugelhahn DN 25' } }],
  });

const standardPdf = await pdf('Rechnung');

/** A new incoming invoice through the creation service (status 0): two lines, 100 € + 19 % unless said otherwise. */
async function rechnung(extra: Partial<EingangsrechnungNeu> = {}, daten = standardPdf) {
  const belegnummer = extra.belegnummer ?? unique('RE-');
  return legeEingangsrechnungAn(db, null, {
    adresseId: lieferant.id,
    belegnummer,
    belegdatum: '2026-11-02',
    zeilen: [
      { artikelnummer: 'KH-25', bezeichnung: 'Kugelhahn DN 25', menge: 2000, einzelpreis: 300_000, mwstsatz: 1900 },
      { bezeichnung: 'Fracht', menge: 1000, einzelpreis: 400_000, mwstsatz: 1900 },
    ],
    nettoFaellig: '2026-12-02',
    valuta: '2026-11-02',
    skonto: [
      { faellig: '2026-11-12', prozent: 300 },
      { faellig: '2026-11-22', prozent: 200 },
    ],
    zahlungsart: 'Überweisung',
    hinweis: 'Preis weicht ab',
    dateien: [{ dateiname: `${belegnummer}.pdf`, daten, mimeType: 'application/pdf', pruefDokument: true }],
    ...extra,
  });
}

const get = async (id: number, as = 'admin') => expectOk(await c.call(endpoints.eingangsrechnungGet, { as, params: { id } })).result;
const historie = async (id: number) => expectOk(await c.call(endpoints.eingangsrechnungHistorie, { as: 'admin', params: { id } })).result;
const share = (id: number, as = 'admin') => c.call(endpoints.eingangsrechnungFreigeben, { as, params: { id }, body: { data: {} } });
const reject = (id: number, bemerkung: string | undefined, as = 'admin') =>
  c.call(endpoints.eingangsrechnungAblehnen, { as, params: { id }, body: { data: bemerkung === undefined ? {} : { bemerkung } } });
const passOn = (id: number, anBenutzerId: number | null | undefined, as = 'admin') =>
  c.call(endpoints.eingangsrechnungWeiterleiten, { as, params: { id }, body: { data: anBenutzerId === undefined ? {} : { anBenutzerId } } });
const checklist = (id: number, checkliste: ErvCheckliste, as = 'admin') =>
  c.call(endpoints.eingangsrechnungCheckliste, { as, params: { id }, body: { data: { checkliste } } });

/** Approves until `bis`, saving the full checklist at the formal check. */
async function bis(id: number, ziel: number) {
  for (let s = (await get(id)).statusErpruefung; s !== ziel; s = (await get(id)).statusErpruefung) {
    if (s === 10) expectOk(await checklist(id, ALLES));
    expectOk(await share(id));
  }
}

/** A user with exactly these ERV rights granted (the others have no row: denied, project rights). */
const nutzer = (rechte: string[]) => f.benutzer({ rechte: Object.fromEntries(rechte.map((r) => [r, true])) });

describe('incoming-invoice verification: list and record', () => {
  it('[ERV-003] the list answers every field of the spec, with total, quick search, filter and sort', async () => {
    const nr = unique('LISTE-');
    const id = await rechnung({ belegnummer: nr });
    const res = expectOk(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { search: nr, returnTotal: 'true' } }));
    expect(res.resultCount).toBe(1);
    const row = res.result[0];
    for (const feld of [
      'bskId',
      'bskbelegnr',
      'statusErpruefung',
      'bskbetragNetto',
      'hinweis',
      'zarzahlungsart',
      'adrbriefname',
      'bskvaluta',
      'ablehnungsgrund',
      'skontoFaellig1',
      'skontoFaellig2',
      'nettoFaellig',
      'anBenutzerId',
      'bemerkung',
    ])
      expect(row).toHaveProperty(feld);
    expect(row).toMatchObject({
      bskId: id,
      bskbelegnr: nr,
      statusErpruefung: 0,
      bskbetragNetto: 100,
      bskbetragBrutto: 119,
      hinweis: 'Preis weicht ab',
      zarzahlungsart: 'Überweisung',
      adrbriefname: 'Armaturen Nord GmbH',
      bskvaluta: '2026-11-02',
      ablehnungsgrund: null,
      skontoFaellig1: '2026-11-12',
      skontoProzent1: 3,
      skontoFaellig2: '2026-11-22',
      skontoProzent2: 2,
      nettoFaellig: '2026-12-02',
      anBenutzerId: null,
      bemerkung: null,
    });
    // the supplier's name is searchable, amounts filter in euro, sorting by the spec's names
    const byName = expectOk(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { search: 'armaturen', filter: `bskbelegnr=${nr}` } }));
    expect(byName.result.map((r) => r.bskId)).toEqual([id]);
    const byAmount = expectOk(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { filter: `bskbetragNetto=100,bskbelegnr=${nr}` } }));
    expect(byAmount.result).toHaveLength(1);
    const sorted = expectOk(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { orderBy: 'bskbelegnr', limit: 500 } })).result.map(
      (r) => r.bskbelegnr,
    );
    expect(sorted.length).toBeGreaterThan(1);
    expect(
      expectError(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { orderBy: 'gibtsNicht' } }), 400).errors.fieldErrors,
    ).toHaveProperty('orderBy');
  });

  it('the demo data holds incoming invoices in every resting status, each with a check document', async () => {
    // the demo invoices (ER-2026-…) are walked through the services; bulk rows beyond the demo set have no files
    const demo = expectOk(await c.call(endpoints.eingangsrechnungenList, { as: 'admin', query: { limit: 1000, filter: 'bskbelegnr~ER-2026-' } })).result;
    const statuses = new Set(demo.map((r) => r.statusErpruefung));
    for (const s of [0, 10, 19, 20, 29, 30, 39, 40, 49, 91, 99]) expect(statuses, `status ${s}`).toContain(s);
    for (const r of demo) expect((await get(r.bskId)).pruefDokumentId, r.bskbelegnr).not.toBeNull();
    const passedOn = demo.find((r) => r.anBenutzerId !== null);
    expect(passedOn).toBeDefined();
    expect((await historie(passedOn?.bskId ?? 0)).map((h) => h.aktion)).toContain('WEITERLEITUNG');
  });

  it('the check document (eraktivesPruefDokument J) is served as PDF for the preview; 404 without one', async () => {
    const nr = unique('PDF-');
    const id = await rechnung({ belegnummer: nr }, await pdf(`Rechnung ${nr}`));
    const rec = await get(id);
    expect(rec.pruefDokumentId).toBeGreaterThan(0);
    const res = await c.callRaw(endpoints.eingangsrechnungPruefdokument, { as: 'admin', params: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(res.rawPayload)).pages.join('\n')).toContain(`Rechnung ${nr}`);
    const ohne = await rechnung({ dateien: [] });
    expect((await get(ohne)).pruefDokumentId).toBeNull();
    expectError(await c.callRaw(endpoints.eingangsrechnungPruefdokument, { as: 'admin', params: { id: ohne } }), 404);
    expectError(await c.call(endpoints.eingangsrechnungGet, { as: 'admin', params: { id: 99_999_999 } }), 404);
  });

  it('the creation service refuses a second invoice of the same supplier with the same number (409), writes lines and history', async () => {
    const nr = unique('DUP-');
    const id = await rechnung({ belegnummer: nr });
    await expect(rechnung({ belegnummer: nr })).rejects.toMatchObject({ httpStatus: 409 });
    const lines = await db
      .selectFrom('einkaufBelegPositionen')
      .select(['position', 'gesamtpreis'])
      .where('einkaufBelegId', '=', id)
      .orderBy('position')
      .execute();
    expect(lines.map((l) => Number(l.gesamtpreis))).toEqual([6000, 4000]);
    expect((await historie(id)).map((h) => [h.aktion, h.statusVon, h.statusNach])).toEqual([['ANLAGE', null, 0]]);
  });
});

describe('incoming-invoice verification: workflow', () => {
  it('share walks 0 → 10 → 19 → 20 → 29 → 30 → 39 → 40 → 49 → 99, every step in the history', async () => {
    const id = await rechnung();
    const seen = [0];
    for (;;) {
      const s = (await get(id)).statusErpruefung;
      if (s === 99) break;
      if (s === 10) expectOk(await checklist(id, ALLES));
      seen.push(expectOk(await share(id)).result.statusErpruefung);
    }
    expect(seen).toEqual([0, 10, 19, 20, 29, 30, 39, 40, 49, 99]);
    const h = await historie(id);
    expect(h.filter((r) => r.aktion === 'FREIGABE').map((r) => [r.statusVon, r.statusNach])).toEqual([
      [0, 10],
      [10, 19],
      [19, 20],
      [20, 29],
      [29, 30],
      [30, 39],
      [39, 40],
      [40, 49],
      [49, 99],
    ]);
    expect(h.map((r) => r.aktion)).toContain('CHECKLISTE');
    expect(h.every((r) => r.benutzerName !== null || r.aktion === 'ANLAGE')).toBe(true);
  });

  it('the administrator setting ERV.UNTERPRUEFUNG = N leaves out the sub-check (29 → 40)', async () => {
    const id = await rechnung();
    await bis(id, 29);
    await db.updateTable('systemParameter').set({ wert: 'N' }).where('name', '=', 'ERV.UNTERPRUEFUNG').execute();
    try {
      expect(expectOk(await share(id)).result.statusErpruefung).toBe(40);
    } finally {
      await db.updateTable('systemParameter').set({ wert: 'J' }).where('name', '=', 'ERV.UNTERPRUEFUNG').execute();
    }
  });

  it('approving the formal check needs the saved checklist complete (409), and nothing changes', async () => {
    const id = await rechnung();
    await bis(id, 10);
    const before = (await historie(id)).length;
    const e = expectError(await share(id), 409);
    expect(e.errors.fieldErrors).toHaveProperty('checkliste');
    expect((await get(id)).statusErpruefung).toBe(10);
    expect(await historie(id)).toHaveLength(before);
  });

  it('rejecting an opened stage writes its x1 and then 91; the remark becomes the reason', async () => {
    for (const [stufe, x1] of [
      [10, 11],
      [20, 21],
      [30, 31],
      [40, 41],
    ] as const) {
      const id = await rechnung();
      await bis(id, stufe);
      const r = expectOk(await reject(id, 'Menge stimmt nicht')).result;
      expect(r).toMatchObject({ statusErpruefung: 91, ablehnungsgrund: 'Menge stimmt nicht' });
      expect((await historie(id)).filter((h) => h.aktion === 'ABLEHNUNG').map((h) => [h.statusVon, h.statusNach, h.text])).toEqual([
        [stufe, x1, 'Menge stimmt nicht'],
        [x1, 91, 'Menge stimmt nicht'],
      ]);
    }
    const offen = await rechnung();
    expectOk(await reject(offen, 'Falscher Empfänger'));
    expect((await historie(offen)).filter((h) => h.aktion === 'ABLEHNUNG').map((h) => [h.statusVon, h.statusNach])).toEqual([[0, 91]]);
  });

  it('rejecting without a remark (missing, empty, blank) is a 422 on bemerkung and changes nothing', async () => {
    const id = await rechnung();
    await bis(id, 10);
    for (const b of [undefined, '', '   ']) {
      const e = expectError(await reject(id, b), 422);
      expect(e.errors.fieldErrors.bemerkung).toBeDefined();
    }
    expect((await get(id)).statusErpruefung).toBe(10);
    expect((await historie(id)).some((h) => h.aktion === 'ABLEHNUNG')).toBe(false);
  });

  it('pass on sets the target user and keeps the status; missing, id 0, unknown or blocked users are refused', async () => {
    const id = await rechnung();
    await bis(id, 20);
    const ziel = await f.benutzer({ name: 'Prüferin Kiel' });
    const r = expectOk(
      await c.call(endpoints.eingangsrechnungWeiterleiten, {
        as: 'admin',
        params: { id },
        body: { data: { anBenutzerId: ziel.id, bemerkung: 'Bitte sachlich prüfen' } },
      }),
    ).result;
    expect(r).toMatchObject({ statusErpruefung: 20, anBenutzerId: ziel.id, anBenutzerName: 'Prüferin Kiel', bemerkung: 'Bitte sachlich prüfen' });
    const step = (await historie(id)).at(-1);
    expect(step).toMatchObject({ aktion: 'WEITERLEITUNG', statusVon: 20, statusNach: 20, anBenutzerId: ziel.id });
    const gesperrt = await f.benutzer({ gesperrt: true });
    for (const [anBenutzerId, feld] of [
      [undefined, 'anBenutzerId'],
      [null, 'anBenutzerId'],
      [0, 'anBenutzerId'],
      [-1, 'anBenutzerId'],
      [99_999_999, 'anBenutzerId'],
      [gesperrt.id, 'anBenutzerId'],
    ] as const) {
      const e = expectError(await passOn(id, anBenutzerId), 422);
      expect(e.errors.fieldErrors[feld]).toBeDefined();
    }
    expect((await get(id)).anBenutzerId).toBe(ziel.id);
  });

  it('each transition not allowed from the current status is a 409 that changes nothing', async () => {
    const offen = async () => {
      const id = await rechnung();
      return id;
    };
    const ziel = await f.benutzer();
    // rejecting a granted stage (x9) is not allowed: approve into the next stage first
    for (const s of [19, 29, 39, 49]) {
      const id = await offen();
      await bis(id, s);
      expectError(await reject(id, 'x'), 409);
      expect((await get(id)).statusErpruefung).toBe(s);
    }
    // nothing is allowed on a closed invoice
    const granted = await offen();
    await bis(granted, 99);
    const rejected = await offen();
    expectOk(await reject(rejected, 'x'));
    for (const id of [granted, rejected]) {
      const before = await historie(id);
      const rec = await get(id);
      expectError(await share(id), 409);
      expectError(await reject(id, 'nochmal'), 409);
      expectError(await passOn(id, ziel.id), 409);
      expectError(await checklist(id, ALLES), 409);
      expect(await get(id)).toEqual(rec);
      expect(await historie(id)).toEqual(before);
    }
  });
});

describe('incoming-invoice verification: checklist', () => {
  it('saving the checklist needs visual check and VAT-compliant with its sub-items, else 422 with the message', async () => {
    const id = await rechnung();
    await bis(id, 10);
    const ohneSicht = expectError(await checklist(id, { ...ALLES, sichtpruefung: false }), 422);
    expect(ohneSicht.errors.services[0]?.message ?? '').toContain('Pflichtwerte der Checkliste');
    expect(ohneSicht.errors.fieldErrors).toHaveProperty('sichtpruefung');
    expectError(await checklist(id, { ...ERV_CHECKLISTE_LEER, sichtpruefung: true }), 422);
    // a parent tick without its children is inconsistent
    expectError(await checklist(id, { ...ERV_CHECKLISTE_LEER, sichtpruefung: true, ustKonform: true }), 422);
    expect((await get(id)).checkliste).toEqual(ERV_CHECKLISTE_LEER);
    const ok = expectOk(await checklist(id, ALLES)).result;
    expect(ok.checkliste).toEqual(ALLES);
  });

  it('small value (§ 33 UStDV, gross up to 250,00 €) needs only its four sub-items; above 250,00 € it is refused', async () => {
    const klein = await rechnung({ summen: { netto: 21_008, brutto: 25_000 } });
    await bis(klein, 10);
    const vier = Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, false])) as ErvCheckliste;
    for (const p of ERV_KLEINBETRAG_UNTERPUNKTE) vier[p] = true;
    const reduziert = { ...vier, sichtpruefung: true, ustKonform: true, kleinbetrag: true };
    expectOk(await checklist(klein, reduziert));
    expect(expectOk(await share(klein)).result.statusErpruefung).toBe(19);

    const gross = await rechnung({ summen: { netto: 21_017, brutto: 25_001 } });
    await bis(gross, 10);
    expect(expectError(await checklist(gross, reduziert), 422).errors.fieldErrors).toHaveProperty('kleinbetrag');
  });
});

describe('incoming-invoice verification: rights (project rights, denied unless granted)', () => {
  it('ERV_SEHEN: list, record, history and check document; without it 403', async () => {
    const id = await rechnung();
    const ohne = await nutzer([]);
    const mit = await nutzer([ERV_RECHTE.SEHEN]);
    expectError(await c.call(endpoints.eingangsrechnungenList, { as: ohne.anmeldename }), 403);
    expectError(await c.call(endpoints.eingangsrechnungGet, { as: ohne.anmeldename, params: { id } }), 403);
    expectError(await c.call(endpoints.eingangsrechnungHistorie, { as: ohne.anmeldename, params: { id } }), 403);
    expectError(await c.callRaw(endpoints.eingangsrechnungPruefdokument, { as: ohne.anmeldename, params: { id } }), 403);
    expectOk(await c.call(endpoints.eingangsrechnungenList, { as: mit.anmeldename }));
    expectOk(await c.call(endpoints.eingangsrechnungGet, { as: mit.anmeldename, params: { id } }));
    expect((await c.callRaw(endpoints.eingangsrechnungPruefdokument, { as: mit.anmeldename, params: { id } })).statusCode).toBe(200);
  });

  it('ERV_FREIGEBEN, ERV_ABLEHNEN, ERV_WEITERLEITEN each allow their call only; refused calls change nothing', async () => {
    const ziel = await f.benutzer();
    const nurSehen = await nutzer([ERV_RECHTE.SEHEN]);
    const freigeber = await nutzer([ERV_RECHTE.SEHEN, ERV_RECHTE.FREIGEBEN]);
    const ablehner = await nutzer([ERV_RECHTE.SEHEN, ERV_RECHTE.ABLEHNEN]);
    const weiterleiter = await nutzer([ERV_RECHTE.SEHEN, ERV_RECHTE.WEITERLEITEN]);
    const id = await rechnung();
    await bis(id, 10);
    for (const u of [nurSehen, ablehner, weiterleiter]) {
      expect(expectError(await share(id, u.anmeldename), 403).messageParameters).toEqual([ERV_RECHTE.FREIGEBEN]);
      expectError(await checklist(id, ALLES, u.anmeldename), 403);
    }
    for (const u of [nurSehen, freigeber, weiterleiter]) expectError(await reject(id, 'x', u.anmeldename), 403);
    for (const u of [nurSehen, freigeber, ablehner]) expectError(await passOn(id, ziel.id, u.anmeldename), 403);
    expect((await get(id)).statusErpruefung).toBe(10);

    expectOk(await checklist(id, ALLES, freigeber.anmeldename));
    expect(expectOk(await share(id, freigeber.anmeldename)).result.statusErpruefung).toBe(19);
    expect(expectOk(await passOn(id, ziel.id, weiterleiter.anmeldename)).result.anBenutzerId).toBe(ziel.id);
    expectOk(await share(id, freigeber.anmeldename));
    expect(expectOk(await reject(id, 'Sachlich falsch', ablehner.anmeldename)).result.statusErpruefung).toBe(91);
    const h = await historie(id);
    expect(h.at(-1)).toMatchObject({ aktion: 'ABLEHNUNG', benutzerId: ablehner.id });
  });

  it('a right row denied wins over nothing: an administrator has every ERV right', async () => {
    const verweigert = await f.benutzer({ rechte: { [ERV_RECHTE.SEHEN]: false } });
    expectError(await c.call(endpoints.eingangsrechnungenList, { as: verweigert.anmeldename }), 403);
    const admin = await f.benutzer({ istAdmin: true });
    expectOk(await c.call(endpoints.eingangsrechnungenList, { as: admin.anmeldename }));
  });
});

describe('incoming-invoice verification under parallel requests', () => {
  it.runIf(DB_KIND === 'postgres')(
    'parallel approvals and rejections of one invoice: each status step is taken once, history rows match (PostgreSQL)',
    async () => {
      const id = await rechnung();
      const vorher = (await historie(id)).length;
      const res = await Promise.all([...Array.from({ length: 8 }, () => share(id)), ...Array.from({ length: 4 }, () => reject(id, 'parallel abgelehnt'))]);
      for (const x of res) expect([200, 409, 422]).toContain(x.status);
      const ok = res.filter((x) => x.status === 200).length;
      expect(ok).toBeGreaterThanOrEqual(1);
      const nachher = await get(id);
      // every answered 200 is one step in the history, and the status is where those steps lead — no step taken twice
      expect((await historie(id)).length - vorher).toBeGreaterThanOrEqual(ok);
      const statusse = [0, 10, 11, 91];
      expect(statusse).toContain(nachher.statusErpruefung);
      if (nachher.statusErpruefung === 10) expect(res.filter((x, i) => i < 8 && x.status === 200)).toHaveLength(1);
    },
  );
});
