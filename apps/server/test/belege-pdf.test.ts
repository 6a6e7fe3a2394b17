import { createHash } from 'node:crypto';
import { endpoints } from '@vario/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { money2 } from '../src/lib/codecs';
import { formatBetrag } from '../src/lib/format-de';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { readPdf } from './pdf-reader';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const setStatus = (id: number, belegstatus: number, extra: { storniertAm?: string | null } = {}) =>
  db
    .updateTable('belege')
    .set({ belegstatus, ...extra })
    .where('id', '=', id)
    .execute();

async function pdfOf(id: number, as = 'admin') {
  const res = await c.callRaw(endpoints.belegPdf, { as, params: { id } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res;
}

/** A real PNG (a dark stroke on a transparent box), as the signature pad sends it. */
const signaturePng = async () =>
  sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: Buffer.from('<svg width="300" height="100"><path d="M10 80 C 60 10, 120 90, 290 20" stroke="black" stroke-width="4" fill="none"/></svg>') },
    ])
    .png()
    .toBuffer();

const kunde = await f.adresse({ name1: 'Müller & Söhne Gärtnerei GmbH', strasse: 'Große Straße 5', plz: '20095', ort: 'Hamburg' });

// 70 article lines at two VAT rates and a text line: three pages
const rechnung = await f.beleg({ belegart: '0400', adresseId: kunde.id, betreff: 'Bestellung 4711' });
const artikel = await f.artikel({ bezeichnung: 'Kugelhahn DN 25' });
for (let i = 1; i <= 70; i++) {
  await f.position(rechnung.id, { artikelId: artikel.id, bezeichnung: `Ventil Größe ${i}`, menge: i, mwstSatz: i % 2 ? 19 : 7 });
  if (i === 30) await f.position(rechnung.id, { positionsArt: 'T', bezeichnung: 'Hinweis zur Lieferung', beschreibung: 'Teillieferung folgt' });
}

describe('PDF of a sales document', () => {
  it('[BEL-045] is a real business document: number, window address, every position, VAT per rate, totals, "Seite x von 3", the table header on every page', async () => {
    const res = await pdfOf(rechnung.id);
    const pdf = await readPdf(res.rawPayload);
    const beleg = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: rechnung.id } })).result;
    expect(pdf.pages).toHaveLength(3);
    const all = pdf.pages.join('\n');
    expect(pdf.pages[0]).toContain(rechnung.belegnummer);
    expect(pdf.pages[0]).toContain('Müller & Söhne Gärtnerei GmbH');
    expect(pdf.pages[0]).toContain('Große Straße 5');
    expect(pdf.pages[0]).toContain('20095 Hamburg');
    expect(pdf.pages[0]).toContain('Muster Handel & Service GmbH');
    expect(pdf.pages[0]).toContain('Bestellung 4711');
    for (let i = 1; i <= 70; i++) expect(all).toContain(`Ventil Größe ${i}`);
    expect(all).toContain('Hinweis zur Lieferung');
    expect(all).toContain('Teillieferung folgt');
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`Seite ${i + 1} von 3`);
      for (const head of ['Pos.', 'Bezeichnung', 'Menge', 'Einzelpreis', 'Gesamt']) expect(page).toContain(head);
    });
    for (const z of beleg.mwstAufteilung) {
      expect(all).toContain(`zzgl. ${z.satz} % USt auf ${formatBetrag(money2.toDb(z.netto))}`);
      expect(all).toContain(formatBetrag(money2.toDb(z.mwst)));
    }
    expect(beleg.mwstAufteilung).toHaveLength(2);
    expect(all).toContain(formatBetrag(money2.toDb(beleg.endbetragNetto)));
    expect(all).toContain(formatBetrag(money2.toDb(beleg.betragBrutto)));
    expect(all).toMatch(/Zahlbar bis zum \d{2}\.\d{2}\.\d{4} ohne Abzug/);
    expect(pdf.images.every((n) => n === 0)).toBe(true);
  });

  it('keeps the SHA-256 of the served bytes with the document; the same document renders the same bytes', async () => {
    const first = await pdfOf(rechnung.id);
    const stored = await db.selectFrom('belegDokumente').selectAll().where('belegId', '=', rechnung.id).executeTakeFirstOrThrow();
    expect(stored.pdfSha256).toBe(sha256(first.rawPayload));
    expect(first.headers['x-content-sha256']).toBe(stored.pdfSha256);
    expect(Number(stored.pdfGroesse)).toBe(first.rawPayload.length);
    const again = await pdfOf(rechnung.id);
    expect(sha256(again.rawPayload)).toBe(stored.pdfSha256);
  });

  it('[RIGHT-018] needs BEK_SEHEN; an unknown document is a 404 error object', async () => {
    const ohneSehen = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expectError(await c.callRaw(endpoints.belegPdf, { as: ohneSehen.anmeldename, params: { id: rechnung.id } }), 403);
    expectError(await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: 99_999_999 } }), 404);
  });

  it('a delivery note shows quantities without prices', async () => {
    const ls = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    await f.position(ls.id, { bezeichnung: 'Pumpe ohne Preis', menge: 3 });
    const pdf = await readPdf((await pdfOf(ls.id)).rawPayload);
    expect(pdf.pages[0]).toContain('Lieferschein');
    expect(pdf.pages[0]).toContain('Pumpe ohne Preis');
    expect(pdf.pages[0]).not.toContain('Einzelpreis');
    expect(pdf.pages[0]).not.toContain('Gesamtbetrag');
    expect(pdf.pages[0]).toContain('Seite 1 von 1');
  });
});

const ohneAendern = await f.benutzer({ rechte: { BEK_AENDERN: false } });
const ohneFremd = await f.benutzer({ rechte: { BEK_FREMDBEARB: false } });

describe('print (drucken)', () => {
  it('moves status 1 → 2, writes history row D and keeps the hash of the printed file', async () => {
    const b = await f.beleg({ belegart: '0100', adresseId: kunde.id });
    await f.position(b.id, { bezeichnung: 'Angebotene Pumpe' });
    const res = expectOk(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: b.id } })).result;
    expect(res).toMatchObject({ id: b.id, belegnummer: b.belegnummer, belegstatus: 2 });
    expect(res.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await db.selectFrom('belegDokumente').select('pdfSha256').where('belegId', '=', b.id).executeTakeFirstOrThrow();
    expect(stored.pdfSha256).toBe(res.pdfSha256);
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.belegstatus).toBe(2);
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie.filter((h) => h.art === 'D')).toHaveLength(1);
    expect(historie.find((h) => h.art === 'D')).toMatchObject({ belegstatus: 2, benutzer: 'ADM' });
    // printing again keeps status 2 and writes another row D
    expect(expectOk(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: b.id } })).result.belegstatus).toBe(2);
    const again = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(again.filter((h) => h.art === 'D')).toHaveLength(2);
  });

  it('printing is refused on a booked or cancelled document (422, nothing written)', async () => {
    const b = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    await setStatus(b.id, 3);
    const e = expectError(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: b.id } }), 422);
    expect(e.errors.services[0]?.message).toMatch(/nicht mehr bearbeitbar/);
    const s = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    await setStatus(s.id, 2, { storniertAm: new Date().toISOString() });
    expectError(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: s.id } }), 422);
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie.some((h) => h.art === 'D')).toBe(false);
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.belegstatus).toBe(3);
    // the PDF itself stays available for the booked document; the cancelled one is stamped
    await pdfOf(b.id);
    const storniert = await readPdf((await pdfOf(s.id)).rawPayload);
    expect(storniert.pages[0]).toContain('STORNIERT');
    expect(storniert.pages[0]).toMatch(/Dieser Beleg wurde am \d{2}\.\d{2}\.\d{4} storniert/);
  });

  it('[RIGHT-019] [RIGHT-021] needs BEK_AENDERN (403) and BEK_FREMDBEARB for another user’s document (403); 404 for an unknown one', async () => {
    const b = await f.beleg({ adresseId: kunde.id });
    expectError(await c.call(endpoints.belegDrucken, { as: ohneAendern.anmeldename, params: { id: b.id } }), 403);
    const e = expectError(await c.call(endpoints.belegDrucken, { as: ohneFremd.anmeldename, params: { id: b.id } }), 403);
    expect(e.messageParameters).toContain('BEK_FREMDBEARB');
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.belegstatus).toBe(1);
    expectError(await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: 99_999_999 } }), 404);
  });
});

describe('signature (unterschrift)', () => {
  it('stores a real PNG with the signer, answers it, writes history row Q and the PDF shows the image', async () => {
    const b = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    await f.position(b.id, { bezeichnung: 'Gelieferte Pumpe' });
    expect(expectOk(await c.call(endpoints.belegUnterschriftGet, { as: 'admin', params: { id: b.id } })).result).toBeNull();
    const png = await signaturePng();
    const saved = expectOk(
      await c.call(endpoints.belegUnterschriftSet, {
        as: 'admin',
        params: { id: b.id },
        body: { data: { daten: png.toString('base64'), name: 'Erika Jürgens' } },
      }),
    ).result;
    expect(saved).toMatchObject({ belegId: b.id, name: 'Erika Jürgens', erfasstVon: 'ADM' });
    const read = expectOk(await c.call(endpoints.belegUnterschriftGet, { as: 'admin', params: { id: b.id } })).result;
    expect(Buffer.from(read?.daten ?? '', 'base64').equals(png)).toBe(true);
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie.some((h) => h.art === 'Q' && h.text.includes('Erika Jürgens'))).toBe(true);
    const pdf = await readPdf((await pdfOf(b.id)).rawPayload);
    expect(pdf.images[0]).toBe(1);
    expect(pdf.pages[0]).toContain('Erika Jürgens');
  });

  it('is allowed on a booked document (signed on delivery) but refused on a cancelled one (422)', async () => {
    const b = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    await setStatus(b.id, 3);
    const png = (await signaturePng()).toString('base64');
    expectOk(await c.call(endpoints.belegUnterschriftSet, { as: 'admin', params: { id: b.id }, body: { data: { daten: png } } }));
    await setStatus(b.id, 3, { storniertAm: new Date().toISOString() });
    expectError(await c.call(endpoints.belegUnterschriftSet, { as: 'admin', params: { id: b.id }, body: { data: { daten: png } } }), 422);
  });

  it('[RIGHT-021] issue 19 item 3: another user’s document needs BEK_FREMDBEARB to be signed (403, nothing stored); on a booked document the first signature is taken, a replacement is a 409', async () => {
    const png = (await signaturePng()).toString('base64');
    const other = await signaturePng().then((b) => sharp(b).flop().png().toBuffer());
    const set = (id: number, daten: string, as = 'admin') =>
      c.call(endpoints.belegUnterschriftSet, { as, params: { id }, body: { data: { daten, name: as } } });
    const lesen = async (id: number) => expectOk(await c.call(endpoints.belegUnterschriftGet, { as: 'admin', params: { id } })).result;

    // another user's document (the admin's): refused without BEK_FREMDBEARB, first and as a replacement
    const fremd = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    expect(expectError(await set(fremd.id, png, ohneFremd.anmeldename), 403).messageParameters).toContain('BEK_FREMDBEARB');
    expect(await lesen(fremd.id)).toBeNull();
    expectOk(await set(fremd.id, png));
    expectError(await set(fremd.id, other.toString('base64'), ohneFremd.anmeldename), 403);
    expect((await lesen(fremd.id))?.daten).toBe(png);

    // booked: the first signature is taken (a delivery note is signed on delivery), a replacement is refused
    const gebucht = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    await db.updateTable('belege').set({ belegstatus: 3, gebuchtAm: new Date().toISOString() }).where('id', '=', gebucht.id).execute();
    expectOk(await set(gebucht.id, png));
    expect(expectError(await set(gebucht.id, other.toString('base64')), 409).errors.services[0]?.message).toMatch(/nicht mehr ersetzt/);
    expect((await lesen(gebucht.id))?.daten).toBe(png);

    // unbooked: replacing stays possible, and the history says so
    const offen = await f.beleg({ belegart: '0300', adresseId: kunde.id });
    expectOk(await set(offen.id, png));
    expectOk(await set(offen.id, other.toString('base64')));
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: offen.id } })).result;
    expect(
      historie
        .filter((h) => h.art === 'Q')
        .map((h) => h.text.split(' (')[0])
        .sort(),
    ).toEqual(['Unterschrift erfasst', 'Unterschrift ersetzt']);
  });

  it('[APP-108] refuses what is no PNG: text, a JPEG, a broken PNG (400 on daten); needs BEK_AENDERN', async () => {
    const b = await f.beleg({ adresseId: kunde.id });
    const set = (daten: string, as = 'admin') => c.call(endpoints.belegUnterschriftSet, { as, params: { id: b.id }, body: { data: { daten } } });
    let e = expectError(await set(Buffer.from('kein Bild').toString('base64')), 400);
    expect(Object.keys(e.errors.fieldErrors)).toContain('daten');
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    e = expectError(await set(jpeg.toString('base64')), 400);
    expect(e.errors.fieldErrors.daten?.[0]).toMatch(/PNG/);
    const png = await signaturePng();
    expectError(await set(png.subarray(0, png.length - 40).toString('base64')), 400);
    expectError(await c.call(endpoints.belegUnterschriftSet, { as: 'admin', params: { id: b.id }, body: invalid({ data: { daten: '***' } }) }), 400);
    expectError(await set(png.toString('base64'), ohneAendern.anmeldename), 403);
    expect(expectOk(await c.call(endpoints.belegUnterschriftGet, { as: 'admin', params: { id: b.id } })).result).toBeNull();
  });
});

describe('the invoice’s legally required contents (issue 19 item 10)', () => {
  const model = async (id: number) => (await import('../src/modules/belege/belege.dokumente.service')).belegPdfModel(db, id);
  const zahlart = async (bezeichnung: string) =>
    (await db.selectFrom('zahlungsarten').select('id').where('bezeichnung', '=', bezeichnung).executeTakeFirstOrThrow()).id;
  const wert = (m: Awaited<ReturnType<typeof model>>, label: string) => m.kopfdaten.find((k) => k.label === label)?.wert;

  it('[BEL-045] the date of supply (Leistungsdatum) and the delivery-note number come from the delivery note; else the delivery date; else "entspricht Rechnungsdatum"', async () => {
    const lager = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
      .ausgangLagerId as number;
    const a = await f.artikel();
    await f.buchung({ artikelId: a.id, lagerId: lager, menge: 5 });
    const ls = await f.beleg({ belegart: '0300', adresseId: kunde.id, belegdatum: '2026-03-02' });
    await f.position(ls.id, { artikelId: a.id, menge: 2 });
    expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: ls.id } }));
    const re = expectOk(await c.call(endpoints.belegUmwandeln, { as: 'admin', params: { id: ls.id, targetType: '0400' } })).result;
    const m = await model(re.id);
    expect(wert(m, 'Leistungsdatum')).toBe('02.03.2026');
    expect(wert(m, 'Lieferschein-Nr.')).toBe(ls.belegnummer);
    const pdf = await readPdf((await pdfOf(re.id)).rawPayload);
    expect(pdf.pages[0]).toContain('Leistungsdatum');
    expect(pdf.pages[0]).toContain(ls.belegnummer);

    const mitTermin = await f.beleg({ belegart: '0400', adresseId: kunde.id, liefertermin: '2026-04-15' });
    expect(wert(await model(mitTermin.id), 'Leistungsdatum')).toBe('15.04.2026');
    const ohne = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    expect(wert(await model(ohne.id), 'Leistungsdatum')).toBe('entspricht Rechnungsdatum');
    expect(wert(await model(ohne.id), 'Lieferschein-Nr.')).toBeUndefined();
  });

  it('[BEL-045] the payment terms follow the payment type: a direct debit is collected, Skonto terms print dates and amounts, never "Zahlbar sofort" for them', async () => {
    const ls = await f.beleg({ belegart: '0400', adresseId: kunde.id, zahlart: await zahlart('Lastschrift') });
    await f.position(ls.id, {});
    const texte = (await model(ls.id)).schlusstexte?.join(' ') ?? '';
    expect(texte).toMatch(/per Lastschrift von Ihrem Konto eingezogen/);
    expect(texte).not.toMatch(/Zahlbar sofort/);
    expect(texte).toContain(formatBetrag(11900, 'EUR'));

    const sk = await f.beleg({ belegart: '0400', adresseId: kunde.id, zahlart: await zahlart('30 Tage netto, 10 Tage 2 % Skonto'), belegdatum: '2026-05-04' });
    await f.position(sk.id, {});
    const skonto = (await model(sk.id)).schlusstexte?.join(' ') ?? '';
    expect(skonto).toContain('Bei Zahlung bis zum 14.05.2026');
    expect(skonto).toContain(formatBetrag(238, 'EUR'));
    expect(skonto).toContain('Zahlbar bis zum 03.06.2026');
  });
});
