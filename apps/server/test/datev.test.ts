import { createHash } from 'node:crypto';
import { endpoints, MessageCode } from '@vario/contract';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { DATEV_EINSTELLUNGEN as EINSTELLUNGEN } from './datev-fixture';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/** The DATEV Buchungsstapel and debtor export (issue 24 items 10–13). */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const meldung = (e: { errors: { services: { message: string }[] } }) => e.errors.services.map((x) => x.message).join(' ');

/** One CSV line split into fields (quoted texts with doubled quotes). */
function felder(zeile: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (zeile[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const q = zeile.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quote: ${zeile}`);
        v += zeile.slice(i, q);
        if (zeile[q + 1] === '"') {
          v += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      out.push(v);
    } else {
      const e = zeile.indexOf(';', i);
      out.push(zeile.slice(i, e < 0 ? undefined : e));
      i = e < 0 ? zeile.length : e;
    }
    if (i >= zeile.length) return out;
    if (zeile[i] !== ';') throw new Error(`expected ; at ${i}: ${zeile}`);
    i++;
  }
}

interface Datei {
  name: string;
  bytes: Buffer;
  text: string;
  kopf: string[];
  spalten: string[];
  zeilen: Record<string, string>[];
  roh: string[][];
}
function lies(name: string, bytes: Buffer): Datei {
  const text = iconv.decode(bytes, 'win1252');
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  const kopf = felder(lines[0] as string);
  const spalten = felder(lines[1] as string);
  const roh = lines.slice(2).map(felder);
  return { name, bytes, text, kopf, spalten, roh, zeilen: roh.map((r) => Object.fromEntries(spalten.map((s, i) => [s, r[i] as string]))) };
}
async function exportiere(query: { von: string; bis: string; test?: boolean; wiederholen?: boolean }, as = 'admin') {
  const res = await c.callRaw(endpoints.datevBuchungsstapel, {
    as,
    query: { ...query, test: query.test ? 'true' : undefined, wiederholen: query.wiederholen ? 'true' : undefined },
  });
  if (res.statusCode !== 200) throw new Error(`export ${res.statusCode}: ${res.body}`);
  const name = /filename="?([^";]+)"?/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
  const bytes = res.rawPayload;
  const dateien = name.endsWith('.zip') ? Object.entries(unzipSync(bytes)).map(([n, b]) => lies(n, Buffer.from(b))) : [lies(name, bytes)];
  return { name, bytes, dateien, res, zeilen: dateien.flatMap((d) => d.zeilen) };
}
const cents = (betrag: string) => {
  const [e, n] = betrag.split(',');
  return Number(e) * 100 + Number(n);
};
/** Σ debit − Σ credit per account (Konto with its S/H, Gegenkonto with the opposite), in cents. */
function salden(zeilen: Record<string, string>[]) {
  const s = new Map<string, number>();
  for (const z of zeilen) {
    const v = cents(z['Umsatz (ohne Soll/Haben-Kz)'] as string) * (z['Soll/Haben-Kennzeichen'] === 'S' ? 1 : -1);
    s.set(z.Konto as string, (s.get(z.Konto as string) ?? 0) + v);
    const g = z['Gegenkonto (ohne BU-Schlüssel)'] as string;
    s.set(g, (s.get(g) ?? 0) - v);
  }
  return s;
}

describe('DATEV settings', () => {
  it('exports answer 422 naming what is missing until the settings are filled; only an administrator changes them; accounts longer than the account length are field errors', async () => {
    const fehlt = expectError(
      await c.call(endpoints.datevBuchungsstapel, { as: 'admin', query: { von: '2026-01-01', bis: '2026-01-31', test: false, wiederholen: false } }),
      422,
    );
    expect(meldung(fehlt)).toContain('Beraternummer');
    expect(meldung(fehlt)).toContain('Mandantennummer');
    const vorher = expectOk(await c.call(endpoints.datevEinstellungenGet, { as: 'admin' })).result;
    expect(vorher).toMatchObject({ vollstaendig: false, kontenrahmen: 'SKR03', konten: EINSTELLUNGEN.konten });
    expectError(await c.call(endpoints.datevEinstellungenGet, { as: 'buero' }), 403);
    expectError(await c.call(endpoints.datevEinstellungenSet, { as: 'buero', body: { data: EINSTELLUNGEN } }), 403);
    const lang = expectError(
      await c.call(endpoints.datevEinstellungenSet, { as: 'admin', body: { data: { ...EINSTELLUNGEN, konten: { ...EINSTELLUNGEN.konten, bank: '120000' } } } }),
      422,
    );
    expect(lang.errors.fieldErrors['konten.bank']?.[0]).toContain('120000');
    expectError(
      await c.call(endpoints.datevEinstellungenSet, { as: 'admin', body: { data: { ...EINSTELLUNGEN, beraternummer: 12 } } }),
      400,
      MessageCode.validation,
    );
    const neu = expectOk(await c.call(endpoints.datevEinstellungenSet, { as: 'admin', body: { data: EINSTELLUNGEN } })).result;
    expect(neu).toMatchObject({ ...EINSTELLUNGEN, vollstaendig: true });
  });

  it('the export needs the project right DATEV_EXPORT (denied unless granted)', async () => {
    expectError(
      await c.call(endpoints.datevBuchungsstapel, { as: 'buero', query: { von: '2026-01-01', bis: '2026-01-31', test: true, wiederholen: false } }),
      403,
    );
    expectError(await c.call(endpoints.datevExporte, { as: 'buero' }), 403);
    const mit = await f.benutzer({ rechte: { DATEV_EXPORT: true } });
    const r = await exportiere({ von: '2026-01-01', bis: '2026-01-31', test: true }, mit.anmeldename);
    expect(r.name).toBe('EXTF_Buchungsstapel_2026-01_TEST.csv');
  });
});

// a customer of this file with documents in a past month of its own
const MONAT = { von: '2026-09-01', bis: '2026-09-30' };
const kunde = await f.adresse({ name1: 'Bäckerei Größe & Söhne' });
const kundennummer = (await db.selectFrom('adressen').select('kundennummer').where('id', '=', kunde.id).executeTakeFirstOrThrow()).kundennummer as number;
const debitor = String(10000 + (kundennummer - 100000));

async function rechnung(belegart: '0400' | '0500', datum: string, zeilen: { preis: number; satz: number }[]) {
  const b = await f.beleg({ belegart, adresseId: kunde.id, belegdatum: datum });
  for (const z of zeilen) await f.position(b.id, { menge: 1, einzelpreis: z.preis, mwstSatz: z.satz });
  expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: b.id }, body: {} }));
  return (await db.selectFrom('belege').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow()) as {
    id: number;
    belegnummer: string;
    betragBrutto: number;
  };
}

describe('the Buchungsstapel', () => {
  it('header (EXTF 700, category 21, format 13, adviser, client, fiscal year, account length, period, SKR), 125 headings, every row as many fields, CRLF, CP1252', async () => {
    await rechnung('0400', '2026-09-03', [{ preis: 100, satz: 19 }]);
    const { dateien, name, res } = await exportiere({ ...MONAT, test: true });
    expect(name).toBe('EXTF_Buchungsstapel_2026-09_TEST.csv');
    expect(res.headers['content-type']).toContain('windows-1252');
    const [d] = dateien as [Datei];
    expect(d.kopf).toHaveLength(31);
    const wj = (await db.selectFrom('systemParameter').select('wert').where('name', '=', 'PFA.WIRTSCHAFTSJAHRBEGINN').executeTakeFirst())?.wert ?? '1';
    const m = Number(wj);
    expect(d.kopf.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(d.kopf[5]).toMatch(/^\d{17}$/);
    expect(d.kopf[7]).toBe('RE');
    expect(d.kopf.slice(10, 16)).toEqual(['29098', '55003', `${m <= 9 ? 2026 : 2025}${String(m).padStart(2, '0')}01`, '4', '20260901', '20260930']);
    expect(d.kopf.slice(18, 22)).toEqual(['1', '0', '0', 'EUR']);
    expect(d.kopf[26]).toBe('03');
    expect(d.spalten).toHaveLength(125);
    expect(d.spalten.slice(0, 14)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Kurs',
      'Basis-Umsatz',
      'WKZ Basis-Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Belegfeld 2',
      'Skonto',
      'Buchungstext',
    ]);
    expect(d.spalten[114]).toBe('Leistungsdatum');
    expect(d.spalten[116]).toBe('Fälligkeit');
    expect(d.roh.length).toBeGreaterThan(0);
    for (const r of d.roh) expect(r).toHaveLength(125);
    // no bare LF: every line ends with CRLF
    expect(d.text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    // texts are quoted, amounts have a decimal comma
    expect(d.text.split('\r\n')[2]).toMatch(/^\d+,\d{2};"[SH]";"EUR";/);
  });

  it('an invoice (19 % and 7 %), a credit note, a payment and its cash-in: debtor against the revenue account of each rate, S/H by type, Belegfeld 1 the number; per account Σ debit − Σ credit equals the turnover statistic plus VAT and the open items, to the cent; "ÄÖÜäöüß€" survive CP1252', async () => {
    const re = await rechnung('0400', '2026-09-10', [
      { preis: 100.05, satz: 19 },
      { preis: 33.33, satz: 7 },
    ]);
    const gu = await rechnung('0500', '2026-09-12', [{ preis: 10, satz: 19 }]);
    const op = (await db.selectFrom('offenePosten').selectAll().where('belegId', '=', re.id).executeTakeFirstOrThrow()) as { id: number; nettoFaellig: string };
    expectOk(
      await c.call(endpoints.zahlungCreate, {
        as: 'admin',
        params: { id: op.id },
        body: { data: { zahlungsBetrag: 50, zahlungsDatum: '2026-09-20', zahlungPer: 'Überweisung', auszug: 'ÄÖÜäöüß€' } },
      }),
    );
    const { dateien, zeilen } = await exportiere({ ...MONAT, test: true });
    const [d] = dateien as [Datei];
    // the euro sign is byte 0x80 in Windows-1252, the umlauts one byte each
    expect(d.bytes.includes(Buffer.from([0xc4, 0xd6, 0xdc, 0xe4, 0xf6, 0xfc, 0xdf, 0x80]))).toBe(true);
    const meine = zeilen.filter((z) => z.Konto === debitor || z['Gegenkonto (ohne BU-Schlüssel)'] === debitor);
    const reZeilen = meine.filter((z) => z['Belegfeld 1'] === re.belegnummer && z.Buchungstext?.startsWith('Rechnung'));
    expect(
      reZeilen.map((z) => [z['Umsatz (ohne Soll/Haben-Kz)'], z['Soll/Haben-Kennzeichen'], z.Konto, z['Gegenkonto (ohne BU-Schlüssel)'], z['BU-Schlüssel']]),
    ).toEqual([
      ['35,66', 'S', debitor, '8300', ''],
      ['119,06', 'S', debitor, '8400', ''],
    ]);
    expect(reZeilen[0]).toMatchObject({
      Belegdatum: '1009',
      Leistungsdatum: '10092026',
      Fälligkeit: `${op.nettoFaellig.slice(8, 10)}${op.nettoFaellig.slice(5, 7)}${op.nettoFaellig.slice(0, 4)}`,
    });
    const guZeile = meine.find((z) => z['Belegfeld 1'] === gu.belegnummer);
    expect(guZeile).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '11,90',
      'Soll/Haben-Kennzeichen': 'H',
      Konto: debitor,
      'Gegenkonto (ohne BU-Schlüssel)': '8400',
    });
    const zahlung = meine.find((z) => z.Buchungstext === `Zahlung ${re.belegnummer}`);
    expect(zahlung).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '50,00',
      'Soll/Haben-Kennzeichen': 'S',
      Konto: '1200',
      'Gegenkonto (ohne BU-Schlüssel)': debitor,
      'Belegfeld 1': re.belegnummer,
      'Beleginfo - Art 1': 'Auszug',
      'Beleginfo - Inhalt 1': 'ÄÖÜäöüß€',
    });

    // the customer's documents: Σ per account equals turnover (statistic) + VAT, and the open items' amounts
    const belegZeilen = meine.filter((z) => z.Konto === debitor);
    const s = salden(belegZeilen);
    const stat = expectOk(await c.call(endpoints.umsatzstatistik, { as: 'admin', query: { adresseId: kunde.id } })).daten[0]?.datensaetze ?? [];
    const netto = Math.round((stat.find((r) => r.jahr === 2026 && r.monat === 9)?.summe ?? 0) * 100);
    const docs = await db
      .selectFrom('belege')
      .select(['belegart', 'mwstBetrag', 'betragBrutto'])
      .where('adresseId', '=', kunde.id)
      .where('belegdatum', '>=', MONAT.von)
      .where('belegdatum', '<=', MONAT.bis)
      .where('gebuchtAm', 'is not', null)
      .execute();
    const mwst = docs.reduce((x, b) => x + (b.belegart === '0500' ? -1 : 1) * Number(b.mwstBetrag), 0);
    expect(s.get(debitor)).toBe(netto + mwst);
    const opSumme = await db
      .selectFrom('offenePosten')
      .select((eb) => eb.fn.sum<number>('rechnungsBetrag').as('s'))
      .where('adresseId', '=', kunde.id)
      .where('opvArt', '!=', 'GH')
      .where('rechnungsdatum', '>=', MONAT.von)
      .where('rechnungsdatum', '<=', MONAT.bis)
      .executeTakeFirstOrThrow();
    expect(s.get(debitor)).toBe(Number(opSumme.s));
    expect(-(s.get('8400') ?? 0) - (s.get('8300') ?? 0) - (s.get('8120') ?? 0)).toBe(netto + mwst);
  });

  it('a cancelled invoice and its cancellation both appear, on the same accounts with opposite signs, netting to zero', async () => {
    const re = await rechnung('0400', '2026-09-15', [{ preis: 80, satz: 19 }]);
    expectOk(await c.call(endpoints.belegStornieren, { as: 'admin', params: { id: re.id } }));
    const storno = await db.selectFrom('belege').select(['id', 'belegnummer', 'belegdatum']).where('stornoVonId', '=', re.id).executeTakeFirstOrThrow();
    const bis = [storno.belegdatum, MONAT.bis].sort()[1] as string;
    const { zeilen } = await exportiere({ von: MONAT.von, bis, test: true });
    const a = zeilen.filter((z) => z['Belegfeld 1'] === re.belegnummer && z.Buchungstext?.startsWith('Rechnung'));
    const b = zeilen.filter((z) => z['Belegfeld 1'] === storno.belegnummer);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '95,20',
      'Soll/Haben-Kennzeichen': 'S',
      Konto: debitor,
      'Gegenkonto (ohne BU-Schlüssel)': '8400',
    });
    expect(b[0]).toMatchObject({
      'Umsatz (ohne Soll/Haben-Kz)': '95,20',
      'Soll/Haben-Kennzeichen': 'H',
      Konto: debitor,
      'Gegenkonto (ohne BU-Schlüssel)': '8400',
    });
    expect(salden([...a, ...b]).get(debitor)).toBe(0);
  });

  it('each posting goes into exactly one export: a test export marks nothing, the next export leaves out what went out, a repeat is explicit; the log lists them and serves the same bytes', async () => {
    const re = await rechnung('0400', '2026-08-20', [{ preis: 12.34, satz: 19 }]);
    const von = '2026-08-01';
    const bis = '2026-08-31';
    const hat = (zeilen: Record<string, string>[]) => zeilen.some((z) => z['Belegfeld 1'] === re.belegnummer);
    expect(hat((await exportiere({ von, bis, test: true })).zeilen)).toBe(true);
    const erst = await exportiere({ von, bis });
    expect(hat(erst.zeilen)).toBe(true);
    expect(hat((await exportiere({ von, bis })).zeilen)).toBe(false);
    const nochmal = await exportiere({ von, bis, wiederholen: true });
    expect(hat(nochmal.zeilen)).toBe(true);
    // across every non-test, non-repeat export the invoice's rows went out once
    const log = expectOk(await c.call(endpoints.datevExporte, { as: 'admin', query: { limit: 1000 } })).result;
    const normale = log.filter((x) => x.art === 'buchungsstapel' && !x.test && !x.wiederholung);
    let mal = 0;
    for (const x of normale) {
      const datei = await c.callRaw(endpoints.datevExportDatei, { as: 'admin', params: { id: x.id } });
      const name = /filename="?([^";]+)"?/.exec(String(datei.headers['content-disposition']))?.[1] ?? '';
      const dateien = name.endsWith('.zip')
        ? Object.entries(unzipSync(datei.rawPayload)).map(([n, b]) => lies(n, Buffer.from(b)))
        : [lies(name, datei.rawPayload)];
      if (hat(dateien.flatMap((d) => d.zeilen))) mal++;
    }
    expect(mal).toBe(1);
    // the answer is streamed before its log entry exists: the entry is found by the SHA-256 of the bytes received
    const eintrag = log.find((x) => x.sha256 === createHash('sha256').update(erst.bytes).digest('hex'));
    expect(eintrag).toMatchObject({ art: 'buchungsstapel', von, bis, test: false, wiederholung: false, dateiname: 'EXTF_Buchungsstapel_2026-08.csv' });
    const datei = await c.callRaw(endpoints.datevExportDatei, { as: 'admin', params: { id: eintrag?.id as number } });
    expect(datei.rawPayload.equals(erst.bytes)).toBe(true);
    expect(log.some((x) => x.test && x.dateiname === 'EXTF_Buchungsstapel_2026-08_TEST.csv')).toBe(true);
  });

  it('several months: a ZIP with one EXTF file per month, each with its own period in the header', async () => {
    const { name, res, dateien } = await exportiere({ von: '2026-07-15', bis: '2026-09-30', test: true });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(name).toBe('DATEV_Buchungsstapel_2026-07-15_2026-09-30_TEST.zip');
    expect(dateien.map((d) => d.name).sort()).toEqual([
      'EXTF_Buchungsstapel_2026-07_TEST.csv',
      'EXTF_Buchungsstapel_2026-08_TEST.csv',
      'EXTF_Buchungsstapel_2026-09_TEST.csv',
    ]);
    const juli = dateien.find((d) => d.name.includes('2026-07')) as Datei;
    expect(juli.kopf.slice(14, 16)).toEqual(['20260715', '20260731']);
    for (const d of dateien) for (const z of d.zeilen) expect(z.Belegdatum?.slice(2)).toBe(d.name.slice(25, 27));
  });

  it('a field longer than DATEV allows is a clear 422 naming it, before anything is written: never cut', async () => {
    const re = await rechnung('0400', '2026-10-05', [{ preis: 1, satz: 19 }]);
    const lang = `RE-ALTBESTAND-${'X'.repeat(30)}`;
    await db.updateTable('belege').set({ belegnummer: lang }).where('id', '=', re.id).execute();
    const vorher = (
      await db
        .selectFrom('datevExporte')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    try {
      const e = expectError(
        await c.call(endpoints.datevBuchungsstapel, { as: 'admin', query: { von: '2026-10-01', bis: '2026-10-31', test: false, wiederholen: false } }),
        422,
      );
      expect(meldung(e)).toContain(`Belegfeld 1 hat ${lang.length} Zeichen, DATEV erlaubt 36`);
      expect(meldung(e)).toContain(lang);
      expect(
        (
          await db
            .selectFrom('datevExporte')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ).toEqual(vorher);
      expect(await db.selectFrom('datevExportPosten').select('id').where('quelle', '=', 'B').where('quelleId', '=', re.id).execute()).toEqual([]);
    } finally {
      await db.updateTable('belege').set({ belegnummer: re.belegnummer }).where('id', '=', re.id).execute();
    }
  });

  it('the seeded demo year, per month: Σ debit − Σ credit of the debtors equals the turnover the statistics show plus the VAT, to the cent, and the revenue accounts the same on the other side', async () => {
    const jahr = await db
      .selectFrom('belege')
      .select((eb) => eb.fn.max('belegdatum').as('d'))
      .where('belegart', 'in', ['0400', '0500', '0600'])
      .where('gebuchtAm', 'is not', null)
      .executeTakeFirstOrThrow();
    // up to the last booked document, cancellations included (a cancelled invoice counts nowhere in the statistics)
    const bis = String(jahr.d);
    const von = `${bis.slice(0, 4)}-01-01`;
    const { dateien } = await exportiere({ von, bis, test: true, wiederholen: true });
    const erloese = new Set(EINSTELLUNGEN.konten.erloese.map((k) => k.konto));
    const docs = await db
      .selectFrom('belege')
      .leftJoin('belege as o', 'o.id', 'belege.stornoVonId')
      .select(['belege.belegdatum', 'belege.belegart', 'o.belegart as originalArt', 'belege.betragBrutto', 'belege.mwstBetrag'])
      .where('belege.belegart', 'in', ['0400', '0500', '0600'])
      .where('belege.gebuchtAm', 'is not', null)
      .where('belege.belegdatum', '>=', von)
      .where('belege.belegdatum', '<=', bis)
      .execute();
    expect(docs.length).toBeGreaterThan(0);
    // the company's turnover by month as the statistics dashboard shows it (STAT-004)
    const stat = expectOk(await c.call(endpoints.umsatzGesamt, { as: 'admin' })).daten[0]?.datensaetze ?? [];
    const vorzeichen = (b: { belegart: string; originalArt: string | null }) => ((b.originalArt ?? b.belegart) === '0500' ? -1 : 1);
    let gesamt = 0;
    for (const d of dateien) {
      const monat = `${bis.slice(0, 4)}-${d.name.slice(25, 27)}`;
      const belegZeilen = d.zeilen.filter((z) => erloese.has(z['Gegenkonto (ohne BU-Schlüssel)'] as string));
      const s = salden(belegZeilen);
      const debitoren = [...s].filter(([k]) => k.length === 5).reduce((x, [, v]) => x + v, 0);
      const erloes = [...s].filter(([k]) => erloese.has(k)).reduce((x, [, v]) => x + v, 0);
      const imMonat = docs.filter((b) => b.belegdatum.startsWith(monat));
      const erwartet = imMonat.reduce((x, b) => x + vorzeichen(b) * Number(b.betragBrutto), 0);
      const mwst = imMonat.reduce((x, b) => x + vorzeichen(b) * Number(b.mwstBetrag), 0);
      const umsatz = Math.round((stat.find((r) => r.jahr === Number(bis.slice(0, 4)) && r.monat === Number(d.name.slice(25, 27)))?.summe ?? 0) * 100);
      expect({ monat, debitoren }).toEqual({ monat, debitoren: umsatz + mwst });
      expect({ monat, debitoren }).toEqual({ monat, debitoren: erwartet });
      expect({ monat, summe: erloes + erwartet }).toEqual({ monat, summe: 0 });
      gesamt += Math.abs(erwartet);
    }
    expect(gesamt).toBeGreaterThan(0);
  });
});

describe('debtors (category 16)', () => {
  it('one row per customer with its debtor account and name; "ÄÖÜäöüß€" survive; a name longer than DATEV allows is a 422 naming it', async () => {
    const res = await c.callRaw(endpoints.datevDebitoren, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    const d = lies('d', res.rawPayload);
    expect(d.kopf.slice(0, 5)).toEqual(['EXTF', '700', '16', 'Debitoren/Kreditoren', '5']);
    for (const r of d.roh) expect(r).toHaveLength(d.spalten.length);
    expect(d.zeilen.find((z) => z.Konto === debitor)?.['Name (Adressatentyp Unternehmen)']).toBe('Bäckerei Größe & Söhne');
    const u = await f.adresse({ name1: 'ÄÖÜäöüß€ GmbH' });
    const nr = (await db.selectFrom('adressen').select('kundennummer').where('id', '=', u.id).executeTakeFirstOrThrow()).kundennummer as number;
    const d2 = lies('d', (await c.callRaw(endpoints.datevDebitoren, { as: 'admin' })).rawPayload);
    expect(d2.zeilen.find((z) => z.Konto === String(10000 + nr - 100000))?.['Name (Adressatentyp Unternehmen)']).toBe('ÄÖÜäöüß€ GmbH');

    const langName = `Sehr lange Firmenbezeichnung ${'Z'.repeat(40)}`;
    await f.adresse({ name1: langName });
    const e = expectError(await c.call(endpoints.datevDebitoren, { as: 'admin' }), 422);
    expect(meldung(e)).toContain(`Name (Adressatentyp Unternehmen) hat ${langName.length} Zeichen, DATEV erlaubt 50`);
  });
});
