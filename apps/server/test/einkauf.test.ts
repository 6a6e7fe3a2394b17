import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { renderGeschaeftsdokument } from '../src/modules/belege/belege.pdf';
import { legeEinkaufsbelegAn } from '../src/modules/einkauf/einkauf.service';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { readPdf } from './pdf-reader';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const pdf = (titel: string) =>
  renderGeschaeftsdokument({
    briefkopf: { name: 'Lieferant Nord GmbH', zeilen: [], absenderzeile: 'Lieferant Nord GmbH · Kai 1 · 24103 Kiel', fussspalten: [] },
    empfaenger: ['Muster Handel & Service GmbH', 'Einkauf'],
    titel,
    kopfdaten: [{ label: 'Datum', wert: '02.11.2026' }],
    spalten: [{ key: 'bez', titel: 'Bezeichnung' }],
    zeilen: [{ zellen: { bez: 'Kugelhahn' } }],
  });

const erster = await legeEinkaufsbelegAn(
  db,
  {
    belegart: '1400',
    belegnummer: 'ER-TEST-1',
    belegdatum: '2026-11-02',
    adresseId: null,
    lieferantName: 'Lieferant Nord GmbH',
    betragNetto: 10000,
    betragBrutto: 11900,
  },
  [
    { dateiname: 'Lieferschein ER-TEST-1.pdf', daten: await pdf('Lieferschein LS-1'), mimeType: 'application/pdf', pruefDokument: false },
    { dateiname: 'ER-TEST-1.pdf', daten: await pdf('Rechnung ER-TEST-1'), mimeType: 'application/pdf', pruefDokument: true },
  ],
);
const zweiter = await legeEinkaufsbelegAn(
  db,
  { belegart: '1400', belegnummer: 'ER-TEST-2', belegdatum: '2026-11-03', adresseId: null, lieferantName: 'Lieferant Süd', betragNetto: 0, betragBrutto: 0 },
  [{ dateiname: 'ER-TEST-2.pdf', daten: await pdf('Rechnung ER-TEST-2'), mimeType: 'application/pdf', pruefDokument: true }],
);

describe('purchase documents (view only)', () => {
  it('[BEL-046] [BEL-024] lists the files with id, dateiname and eraktivesPruefDokument; the check document (J) first', async () => {
    const files = expectOk(await c.call(endpoints.einkaufBelegDateien, { as: 'buero', params: { id: erster } }));
    expect(files.result.map((d) => [d.dateiname, d.eraktivesPruefDokument])).toEqual([
      ['ER-TEST-1.pdf', 'J'],
      ['Lieferschein ER-TEST-1.pdf', 'N'],
    ]);
    expect(files.result[0]).toMatchObject({ mimeType: 'application/pdf' });
    expect(files.result[0]?.groesse).toBeGreaterThan(500);
    expect(files.hasMoreData).toBe(false);
  });

  it('[BEL-047] answers a file as binary PDF that a parser reads', async () => {
    const [pruef] = expectOk(await c.call(endpoints.einkaufBelegDateien, { as: 'buero', params: { id: erster } })).result;
    const res = await c.callRaw(endpoints.einkaufBelegDateiDaten, { as: 'buero', params: { id: erster, fileId: pruef?.id ?? 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(pruef?.groesse);
    const text = (await readPdf(res.rawPayload)).pages.join('\n');
    expect(text).toContain('Rechnung ER-TEST-1');
  });

  it('a file of another purchase document, an unknown file or document is a 404 error object', async () => {
    const [fremd] = expectOk(await c.call(endpoints.einkaufBelegDateien, { as: 'buero', params: { id: zweiter } })).result;
    expectError(await c.callRaw(endpoints.einkaufBelegDateiDaten, { as: 'buero', params: { id: erster, fileId: fremd?.id ?? 0 } }), 404);
    expectError(await c.callRaw(endpoints.einkaufBelegDateiDaten, { as: 'buero', params: { id: erster, fileId: 99_999_999 } }), 404);
    expectError(await c.call(endpoints.einkaufBelegDateien, { as: 'buero', params: { id: 99_999_999 } }), 404);
  });

  it('[RIGHT] needs BEK_SEHEN', async () => {
    const ohne = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expectError(await c.call(endpoints.einkaufBelegDateien, { as: ohne.anmeldename, params: { id: erster } }), 403);
    const [datei] = expectOk(await c.call(endpoints.einkaufBelegDateien, { as: 'buero', params: { id: erster } })).result;
    expectError(await c.callRaw(endpoints.einkaufBelegDateiDaten, { as: ohne.anmeldename, params: { id: erster, fileId: datei?.id ?? 0 } }), 403);
  });

  it('[BEL-048] purchase documents can only be viewed: the API offers no write call under /einkauf', () => {
    const einkauf = Object.values(endpoints).filter((e) => e.path.startsWith('/einkauf/'));
    expect(einkauf.length).toBeGreaterThan(0);
    expect(einkauf.every((e) => e.method === 'GET')).toBe(true);
  });

  it('the demo seed has purchase documents whose check document is a real PDF', async () => {
    const seeded = await db
      .selectFrom('einkaufBelege')
      .select(['id', 'belegnummer'])
      .where('belegnummer', 'like', 'ER-2026-%')
      // the ones taken in from an e-invoice keep the XML (or ZUGFeRD PDF) as received: incoming-einvoice.test.ts
      .where('erechnungPruefung', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    expect(seeded).toBeDefined();
    const files = expectOk(await c.call(endpoints.einkaufBelegDateien, { as: 'admin', params: { id: seeded?.id ?? 0 } })).result;
    expect(files.filter((d) => d.eraktivesPruefDokument === 'J')).toHaveLength(1);
    const res = await c.callRaw(endpoints.einkaufBelegDateiDaten, { as: 'admin', params: { id: seeded?.id ?? 0, fileId: files[0]?.id ?? 0 } });
    const read = await readPdf(res.rawPayload);
    expect(read.pages[0]).toContain(seeded?.belegnummer);
    expect(read.pages[0]).toContain('Gesamtbetrag');
  });
});
