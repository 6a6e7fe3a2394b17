import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BELEGARTEN, endpoints, FACTURX } from '@vario/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { type Api, api, expectError, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND } from './helper';

/**
 * E-invoices out (issue 24 items 1–7): one test invoice per tax case and feature, made, booked and delivered through
 * the API in all three formats; every XML (and the XML taken out of each ZUGFeRD PDF with pdf.js) goes into one folder
 * that the official rules (tools/einvoice-validation: CII schema, CEN EN 16931 Schematron, KoSIT XRechnung Schematron)
 * check in one run. The PDF container is checked with pdf.js and pdffonts.
 */

const t = await createTestApp();
const c: Api = api(t);
const f = factories(c);
const ordner = mkdtempSync(join(tmpdir(), 'einvoices-'));
afterAll(() => rmSync(ordner, { recursive: true, force: true }));
const VALIDATOR = fileURLToPath(new URL('../../../tools/einvoice-validation/validate.mjs', import.meta.url));

const FORMATE = ['xrechnung-ubl', 'xrechnung-cii', 'zugferd'] as const;

async function erechnung(id: number, format: (typeof FORMATE)[number], as = 'admin') {
  return c.callRaw(endpoints.belegERechnung, { as, params: { id }, query: { format } });
}

interface Fall {
  name: string;
  adresse?: Record<string, unknown>;
  kopf?: Record<string, unknown>;
  positionen: Record<string, unknown>[];
}

const kunde = (extra: Record<string, unknown> = {}) => ({
  strasse: 'Rathausplatz 1',
  plz: '24103',
  ort: 'Kiel',
  email: `einkauf-${unique()}@example.de`,
  ...extra,
});

async function rechnung(fall: Fall, belegart: '0400' | '0500' = '0400') {
  const adresse = await f.adresse(kunde(fall.adresse) as never);
  const beleg = await f.beleg({ belegart, adresseId: adresse.id, betreff: 'PO-4711', ...fall.kopf } as never);
  for (const p of fall.positionen) await f.position(beleg.id, { menge: 1, ...p } as never);
  return { adresse, beleg };
}

const buchen = (id: number, as = 'admin') => c.call(endpoints.belegBuchen, { as, params: { id }, body: {} });

async function xmlAusPdf(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const anhaenge = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
    const meta = await doc.getMetadata();
    const xmp = (meta.metadata as { getRaw(): string } | null)?.getRaw() ?? '';
    return { anhaenge: anhaenge ?? {}, xmp };
  } finally {
    await doc.destroy();
  }
}

/** Every text node value of an element name anywhere in the XML (namespace prefixes as written). */
function werte(xml: string, name: string): string[] {
  const out: string[] = [];
  const walk = (o: unknown) => {
    if (Array.isArray(o)) {
      for (const x of o) walk(x);
      return;
    }
    if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o)) {
        if (k === name)
          for (const x of Array.isArray(v) ? v : [v]) out.push(typeof x === 'object' && x ? String((x as Record<string, unknown>)['#'] ?? '') : String(x));
        walk(v);
      }
  };
  walk(convert(xml, { format: 'object' }));
  return out;
}

const gelieferte: { name: string; format: string; bytes: Buffer; id: number }[] = [];

describe('e-invoices: the test invoices of issue 24 item 6', () => {
  let skontoZahlart = 0;
  beforeAll(async () => {
    // the seller data an administrator fills in once (the demo letterhead has the rest)
    expectOk(
      await c.call(endpoints.verkaeuferSet, {
        as: 'admin',
        body: { data: { kontaktName: 'Jana Muster', kontaktTelefon: '0431 987650', kontaktEmail: 'rechnung@muster-handel.de', lkz: 'DE' } },
      }),
    );
    // the seeded payment type "30 Tage netto, 10 Tage 2 % Skonto"
    skontoZahlart = (await t.handle.db.selectFrom('zahlungsarten').select('id').where('skontoTage', '=', 10).executeTakeFirstOrThrow()).id;
  });

  const faelle = (): Fall[] => [
    {
      name: 'S-19-und-7',
      positionen: [
        { einzelpreis: 100, mwstSatz: 19 },
        { einzelpreis: 50, menge: 2, mwstSatz: 7, mengeneinheit: 'Stk' },
      ],
    },
    {
      name: 'Z-nullsatz',
      positionen: [
        { einzelpreis: 80, mwstSatz: 19 },
        { einzelpreis: 20, mwstSatz: 0 },
      ],
    },
    {
      name: 'E-steuerfrei',
      adresse: { steuerfall: 'steuerfrei', steuerbefreiungsgrund: 'Steuerfrei nach § 4 Nr. 21 UStG' },
      positionen: [{ einzelpreis: 300, mwstSatz: 0 }],
    },
    { name: 'AE-reverse-charge', adresse: { steuerfall: 'reverse-charge', ustId: 'DE 123 456 789' }, positionen: [{ einzelpreis: 1200, mwstSatz: 0 }] },
    {
      name: 'K-innergemeinschaftlich',
      adresse: { steuerfall: 'innergemeinschaftlich', ustId: 'FR12345678901', lkz: 'FR', plz: '75001', ort: 'Paris' },
      positionen: [{ einzelpreis: 450, menge: 3, mwstSatz: 0 }],
    },
    { name: 'G-export', adresse: { steuerfall: 'export', lkz: 'CH', plz: '8001', ort: 'Zürich' }, positionen: [{ einzelpreis: 999.99, mwstSatz: 0 }] },
    {
      name: 'rabatte-und-zuschlaege',
      kopf: { rabatt1Prozent: 5, rabatt1Text: 'Treuerabatt', frachtkosten: 12.5, versicherung: 3.2 },
      positionen: [
        { einzelpreis: 123.45, menge: 3, rabatt1: 10, mwstSatz: 19 },
        { einzelpreis: 19.99, menge: 7, rabatt1: 3, rabatt2: 2, eilzuschlag: 5, mwstSatz: 7 },
        { einzelpreis: 10, menge: 2, teuerungszuschlag: 4, mwstSatz: 19 },
      ],
    },
    { name: 'oeffentlich-leitweg-id', adresse: { oeffentlich: true, leitwegId: '04011000-1234512345-06' }, positionen: [{ einzelpreis: 250, mwstSatz: 19 }] },
    {
      name: 'rundung-005',
      positionen: [
        { einzelpreis: 3.5, menge: 3, mwstSatz: 19 },
        { einzelpreis: 1.675, menge: 3, mwstSatz: 7 },
        { einzelpreis: 0.3333, menge: 1.5, mwstSatz: 7 },
      ],
    },
  ];

  it('books each case and delivers it in all three formats; the second download answers the same bytes', async () => {
    for (const fall of [...faelle(), { name: 'skonto', kopf: { zahlart: skontoZahlart }, positionen: [{ einzelpreis: 1000, mwstSatz: 19 }] }]) {
      const { beleg } = await rechnung(fall);
      expectOk(await buchen(beleg.id));
      for (const format of FORMATE) {
        const res = await erechnung(beleg.id, format);
        expect(res.statusCode, `${fall.name} ${format}: ${res.body}`).toBe(200);
        const bytes = res.rawPayload;
        expect(res.headers['x-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
        gelieferte.push({ name: fall.name, format, bytes, id: beleg.id });
        const nochmal = await erechnung(beleg.id, format);
        expect(Buffer.compare(nochmal.rawPayload, bytes), `${fall.name} ${format}: the second download`).toBe(0);
      }
    }
  }, 120_000); // ten invoices booked and thirty e-invoices rendered

  it('a credit note (381) refers to the invoice it corrects (BT-25, BT-26)', async () => {
    const { beleg } = await rechnung({
      name: 'rechnung-fuer-gutschrift',
      positionen: [
        { einzelpreis: 400, mwstSatz: 19 },
        { einzelpreis: 40, mwstSatz: 7 },
      ],
    });
    expectOk(await buchen(beleg.id));
    const gutschrift = expectOk(
      await c.call(endpoints.belegUmwandeln, {
        as: 'admin',
        params: { id: beleg.id, targetType: '05' },
        body: {},
        headers: { 'idempotency-key': unique() },
      } as never),
    ).result as { id: number };
    expectOk(await buchen(gutschrift.id));
    for (const format of FORMATE) {
      const res = await erechnung(gutschrift.id, format);
      expect(res.statusCode, res.body).toBe(200);
      gelieferte.push({ name: 'gutschrift-381', format, bytes: res.rawPayload, id: gutschrift.id });
    }
    const ubl = (gelieferte.find((g) => g.name === 'gutschrift-381' && g.format === 'xrechnung-ubl') as { bytes: Buffer }).bytes.toString('utf8');
    expect(ubl).toContain('<ubl:CreditNote');
    expect(werte(ubl, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(werte(ubl, 'cbc:ID')).toContain(beleg.belegnummer);
    const cii = (gelieferte.find((g) => g.name === 'gutschrift-381' && g.format === 'xrechnung-cii') as { bytes: Buffer }).bytes.toString('utf8');
    expect(werte(cii, 'ram:TypeCode')).toContain('381');
    expect(werte(cii, 'ram:IssuerAssignedID')).toContain(beleg.belegnummer);
  });

  it('a cancellation invoice (384) of an invoice: the original negated (quantities, line and document amounts, allowances and charges), BT-25/26 its invoice; of a credit note: positive, BT-25 the credit note', async () => {
    const { beleg } = await rechnung({
      name: 'rechnung-fuer-storno',
      kopf: { rabatt1Prozent: 5, rabatt1Text: 'Treuerabatt', frachtkosten: 12.5 },
      positionen: [
        { einzelpreis: 123.45, menge: 3, rabatt1: 10, mwstSatz: 19 },
        { einzelpreis: 19.99, menge: 7, eilzuschlag: 5, mwstSatz: 7 },
      ],
    });
    expectOk(await buchen(beleg.id));
    const original = (await erechnung(beleg.id, 'xrechnung-cii')).rawPayload.toString('utf8');
    expectOk(await c.call(endpoints.belegStornieren, { as: 'admin', params: { id: beleg.id } }));
    const gutschriftId = (gelieferte.find((g) => g.name === 'gutschrift-381') as { id: number }).id;
    expectOk(await c.call(endpoints.belegStornieren, { as: 'admin', params: { id: gutschriftId } }));
    const db = t.handle.db;
    const storno = await db.selectFrom('belege').select(['id', 'belegart']).where('stornoVonId', '=', beleg.id).executeTakeFirstOrThrow();
    const stornoGu = await db.selectFrom('belege').select('id').where('stornoVonId', '=', gutschriftId).executeTakeFirstOrThrow();
    expect(storno.belegart).toBe(BELEGARTEN.stornorechnung.belegart);
    for (const [name, id] of [
      ['storno-384', storno.id],
      ['storno-384-gutschrift', stornoGu.id],
    ] as const) {
      for (const format of FORMATE) {
        const res = await erechnung(id, format);
        expect(res.statusCode, `${name} ${format}: ${res.body}`).toBe(200);
        gelieferte.push({ name, format, bytes: res.rawPayload, id });
      }
    }
    const xml = (name: string, format: string) => (gelieferte.find((g) => g.name === name && g.format === format) as { bytes: Buffer }).bytes.toString('utf8');
    const cii = xml('storno-384', 'xrechnung-cii');
    const ubl = xml('storno-384', 'xrechnung-ubl');
    expect(werte(cii, 'ram:TypeCode')).toContain(BELEGARTEN.stornorechnung.untdid1001);
    expect(ubl).toContain('<ubl:Invoice');
    expect(werte(ubl, 'cbc:InvoiceTypeCode')).toEqual(['384']);
    expect(werte(cii, 'ram:IssuerAssignedID')).toContain(beleg.belegnummer);
    expect(werte(ubl, 'cbc:ID')).toContain(beleg.belegnummer);
    // every amount the original states comes back negated: lines, allowances, charges, tax, totals, amount due
    for (const feld of [
      'ram:LineTotalAmount',
      'ram:ActualAmount',
      'ram:BasisAmount',
      'ram:CalculatedAmount',
      'ram:GrandTotalAmount',
      'ram:DuePayableAmount',
      'ram:TaxBasisTotalAmount',
      'ram:AllowanceTotalAmount',
      'ram:ChargeTotalAmount',
    ]) {
      const neg = (v: string) => (v.startsWith('-') ? v.slice(1) : v === '0.00' ? v : `-${v}`);
      expect(werte(cii, feld).sort(), feld).toEqual(werte(original, feld).map(neg).sort());
    }
    expect(werte(cii, 'ram:BilledQuantity')).toEqual(['-3.000', '-7.000']);
    expect(werte(cii, 'ram:DuePayableAmount')[0]).toMatch(/^-\d/);
    // nothing to pay: no due date, no credit transfer
    expect(werte(cii, 'ram:DueDateDateTime')).toEqual([]);
    expect(werte(cii, 'ram:IBANID')).toEqual([]);
    const gu = xml('storno-384-gutschrift', 'xrechnung-cii');
    expect(werte(gu, 'ram:TypeCode')).toContain('384');
    expect(werte(gu, 'ram:DuePayableAmount')[0]).toMatch(/^\d/);
    const gutschriftNr = (await db.selectFrom('belege').select('belegnummer').where('id', '=', gutschriftId).executeTakeFirstOrThrow()).belegnummer;
    expect(werte(gu, 'ram:IssuerAssignedID')).toContain(gutschriftNr);
  });

  it('each ZUGFeRD PDF is a PDF/A-3b carrying the CII as factur-x.xml (Alternative) with the Factur-X XMP, every font embedded', async () => {
    const pdfs = gelieferte.filter((g) => g.format === 'zugferd');
    expect(pdfs.length).toBeGreaterThanOrEqual(10);
    for (const g of pdfs) {
      const { anhaenge, xmp } = await xmlAusPdf(g.bytes);
      expect(Object.keys(anhaenge)).toEqual([FACTURX.dateiname]);
      const xml = Buffer.from((anhaenge[FACTURX.dateiname] as { content: Uint8Array }).content);
      expect(xml.toString('utf8')).toContain('urn:cen.eu:en16931:2017</ram:ID>');
      writeFileSync(join(ordner, `${g.name}-zugferd.xml`), xml);
      // the embedded invoice is this document: the same number and amount due as its XRechnung
      const nummerUndBetrag = (x: string) => [/<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)/.exec(x)?.[1], werte(x, 'ram:DuePayableAmount')[0]];
      const xr = (gelieferte.find((x) => x.id === g.id && x.format === 'xrechnung-cii') as { bytes: Buffer }).bytes.toString('utf8');
      expect(nummerUndBetrag(xml.toString('utf8'))).toEqual(nummerUndBetrag(xr));
      expect(nummerUndBetrag(xr)[0]).toMatch(/^(RE|GU|SR)/);
      const latin = g.bytes.toString('latin1');
      expect(latin).toMatch(/\/Type \/Filespec[\s\S]{0,40}\/AFRelationship \/Alternative|\/AFRelationship \/Alternative/);
      expect(latin).toMatch(/\/AF \[\d+ 0 R\]/);
      expect(werte(xmp, 'pdfaid:part')).toEqual(['3']);
      expect(werte(xmp, 'pdfaid:conformance')).toEqual(['B']);
      expect(werte(xmp, 'fx:DocumentFileName')).toEqual([FACTURX.dateiname]);
      expect(werte(xmp, 'fx:ConformanceLevel')).toEqual(['EN 16931']);
      expect(werte(xmp, 'pdfaSchema:namespaceURI')).toEqual([FACTURX.namensraum]);
      const datei = join(ordner, `${g.name}.pdf`);
      writeFileSync(datei, g.bytes);
      const fonts = spawnSync('pdffonts', [datei], { encoding: 'utf8' });
      expect(fonts.status, fonts.stderr).toBe(0);
      const zeilen = fonts.stdout
        .split('\n')
        .slice(2)
        .filter((l) => l.trim());
      expect(zeilen.length).toBeGreaterThan(0);
      for (const z of zeilen) expect(z, `${g.name}: ${z}`).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
      rmSync(datei);
    }
  });

  it('the official rules (CII schema, EN 16931, XRechnung) find no fatal failure in any of them', async () => {
    for (const g of gelieferte.filter((x) => x.format !== 'zugferd')) writeFileSync(join(ordner, `${g.name}-${g.format}.xml`), g.bytes);
    mkdirSync(ordner, { recursive: true });
    if (DB_KIND !== 'sqlite') return; // the validator's run is the same on both databases; the XML comes from the same model
    const r = spawnSync('node', [VALIDATOR, ordner], { encoding: 'utf8', timeout: 240_000 });
    expect(r.stdout).toMatch(/e-invoice validation: \d+ files, 0 failed/);
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 300_000);

  it('the XML carries the tax cases, Leitweg-ID, Skonto and the sums as booked', () => {
    const cii = (name: string) => (gelieferte.find((g) => g.name === name && g.format === 'xrechnung-cii') as { bytes: Buffer }).bytes.toString('utf8');
    expect(werte(cii('S-19-und-7'), 'ram:RateApplicablePercent')).toEqual(expect.arrayContaining(['19.00', '7.00']));
    expect(werte(cii('E-steuerfrei'), 'ram:ExemptionReason')).toEqual(['Steuerfrei nach § 4 Nr. 21 UStG']);
    expect(werte(cii('AE-reverse-charge'), 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(werte(cii('AE-reverse-charge'), 'ram:CategoryCode')).toContain('AE');
    expect(werte(cii('K-innergemeinschaftlich'), 'ram:CategoryCode')).toContain('K');
    expect(werte(cii('G-export'), 'ram:CategoryCode')).toContain('G');
    expect(werte(cii('Z-nullsatz'), 'ram:CategoryCode')).toEqual(expect.arrayContaining(['S', 'Z']));
    expect(werte(cii('oeffentlich-leitweg-id'), 'ram:BuyerReference')).toEqual(['04011000-1234512345-06']);
    expect(werte(cii('skonto'), 'ram:Description').join('\n')).toMatch(/#SKONTO#TAGE=10#PROZENT=2\.00#\n/);
    // rounding on the edge: 3 × 3.50 = 10.50 at 19 % is 1.995 → 2.00; 3 × 1.675 = 5.025 → 5.03 and 1.5 × 0.3333 =
    // 0.49995 → 0.50 (half away from zero), 7 % of 5.53 = 0.3871 → 0.39
    const rundung = cii('rundung-005');
    expect(werte(rundung, 'ram:LineTotalAmount')).toEqual(expect.arrayContaining(['10.50', '5.03', '0.50']));
    expect(werte(rundung, 'ram:CalculatedAmount')).toEqual(expect.arrayContaining(['2.00', '0.39']));
    const ubl = (gelieferte.find((g) => g.name === 'rabatte-und-zuschlaege' && g.format === 'xrechnung-ubl') as { bytes: Buffer }).bytes.toString('utf8');
    expect(werte(ubl, 'cbc:AllowanceChargeReason')).toEqual(
      expect.arrayContaining(['Treuerabatt', 'Frachtkosten', 'Versicherung', 'Rabatt', 'Eilzuschlag', 'Teuerungszuschlag']),
    );
  });
});

describe('e-invoices: rules of delivery and the pre-booking check', () => {
  it('refuses booking for a public customer without Leitweg-ID and names each missing BT; nothing is booked', async () => {
    const adresse = await f.adresse({ oeffentlich: true, strasse: null, plz: null, ort: null } as never);
    expect(adresse.erechnungFormat).toBe('xrechnung-ubl');
    const beleg = await f.beleg({ belegart: '0400', adresseId: adresse.id });
    await f.position(beleg.id, { einzelpreis: 10, menge: 1, mwstSatz: 19 });
    const res = await buchen(beleg.id);
    const err = expectError(res, 422);
    expect(Object.keys(err.errors.fieldErrors)).toEqual(expect.arrayContaining(['BT-10', 'BT-49', 'BT-52', 'BT-53']));
    expect(err.errors.fieldErrors['BT-10']?.[0]).toMatch(/Leitweg-ID/);
    expect(err.messageParameters).toEqual(expect.arrayContaining(['BT-10']));
    const nachher = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: beleg.id } })).result;
    expect(nachher.belegstatus).toBe(beleg.belegstatus);
    const op = expectOk(await c.call(endpoints.offenePostenList, { as: 'admin', query: { filter: `belegId=${beleg.id}` } })).result;
    expect(op).toEqual([]);
  });

  it('names missing seller data; in warning mode books and answers the warnings', async () => {
    const vorher = expectOk(await c.call(endpoints.verkaeuferGet, { as: 'admin' })).result;
    expectOk(await c.call(endpoints.verkaeuferSet, { as: 'admin', body: { data: { iban: '', ustId: '', steuernummer: '' } } }));
    const stand = expectOk(await c.call(endpoints.verkaeuferGet, { as: 'admin' })).result;
    expect(stand.fehlend.map((x) => x.bt)).toEqual(expect.arrayContaining(['BT-31', 'BT-84']));
    const adresse = await f.adresse(kunde() as never);
    const beleg = await f.beleg({ belegart: '0400', adresseId: adresse.id });
    await f.position(beleg.id, { einzelpreis: 10, menge: 1, mwstSatz: 19 });
    const refused = expectError(await buchen(beleg.id), 422);
    expect(refused.errors.fieldErrors['BT-84']?.[0]).toMatch(/IBAN des Verkäufers/);
    expectOk(await c.call(endpoints.verkaeuferSet, { as: 'admin', body: { data: { pruefung: 'warnen' } } }));
    const gebucht = expectOk(await buchen(beleg.id));
    expect(gebucht.warnungen?.map((w) => w.bt)).toEqual(expect.arrayContaining(['BT-31', 'BT-84']));
    // the delivery itself still needs every term
    expectError(await erechnung(beleg.id, 'zugferd'), 422);
    expectOk(
      await c.call(endpoints.verkaeuferSet, {
        as: 'admin',
        body: { data: { iban: vorher.iban, ustId: vorher.ustId, steuernummer: vorher.steuernummer, pruefung: 'ablehnen' } },
      }),
    );
  });

  it('only booked invoices and credit notes; the rights of reading documents; a wrong format is a 400', async () => {
    const angebot = await f.beleg({ belegart: '0100' });
    await f.position(angebot.id, { einzelpreis: 10, menge: 1 });
    expectError(await erechnung(angebot.id, 'xrechnung-cii'), 422);
    const offen = await f.beleg({ belegart: '0400', adresseId: (await f.adresse(kunde() as never)).id });
    await f.position(offen.id, { einzelpreis: 10, menge: 1 });
    expectError(await erechnung(offen.id, 'xrechnung-cii'), 422);
    expectError(await c.callRaw(endpoints.belegERechnung, { as: 'admin', params: { id: offen.id }, query: { format: 'pdf' } }), 400);
    expectError(await erechnung(99_999_999, 'zugferd'), 404);
    const ohne = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expectError(await erechnung(offen.id, 'zugferd', ohne.anmeldename), 403);
    const nurAdmin = await f.benutzer();
    expectError(await c.call(endpoints.verkaeuferGet, { as: nurAdmin.anmeldename }), 403);
  });

  it('lists what was delivered with the stored SHA-256', async () => {
    const g = gelieferte.find((x) => x.name === 'S-19-und-7' && x.format === 'zugferd') as { id: number; bytes: Buffer };
    const liste = expectOk(await c.call(endpoints.belegERechnungen, { as: 'admin', params: { id: g.id } })).result;
    expect(liste.map((l) => l.format).sort()).toEqual([...FORMATE].sort());
    expect(liste.find((l) => l.format === 'zugferd')?.sha256).toBe(createHash('sha256').update(g.bytes).digest('hex'));
  });
});
