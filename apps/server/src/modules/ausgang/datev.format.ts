import iconv from 'iconv-lite';

/**
 * The DATEV text format ("DATEV-Format", EXTF, header version 700): a header line, a heading line and data lines,
 * separated by semicolons, lines ended by CRLF, text in double quotes (a quote doubled), amounts with a decimal comma
 * and no digit grouping, written in Windows-1252. A text longer than its field allows, or with a character
 * Windows-1252 cannot carry, is an error — never cut or replaced.
 */

/** The columns of the Buchungsstapel, format version 13 (data category 21), in order. */
export const BUCHUNGSSTAPEL_SPALTEN = [
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
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [`Zusatzinformation - Art ${i + 1}`, `Zusatzinformation- Inhalt ${i + 1}`]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Mitgliedstaat u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

/** Field positions (0-based) the export fills, and the lengths DATEV allows for its texts. */
export const SP = {
  umsatz: 0,
  sh: 1,
  wkz: 2,
  konto: 6,
  gegenkonto: 7,
  bu: 8,
  belegdatum: 9,
  belegfeld1: 10,
  belegfeld2: 11,
  buchungstext: 13,
  beleginfoArt1: 20,
  beleginfoInhalt1: 21,
  leistungsdatum: 114,
  faelligkeit: 116,
} as const;
export const LAENGEN: Record<string, number> = {
  'BU-Schlüssel': 4,
  'Belegfeld 1': 36,
  'Belegfeld 2': 12,
  Buchungstext: 60,
  'Beleginfo - Art 1': 20,
  'Beleginfo - Inhalt 1': 210,
  Konto: 9,
  Gegenkonto: 9,
};

/** The columns of the debtors/creditors master data (data category 16, format version 5) this export writes, in order: the format's first 40. */
export const DEBITOREN_SPALTEN = [
  'Konto',
  'Name (Adressatentyp Unternehmen)',
  'Unternehmensgegenstand',
  'Name (Adressatentyp natürl. Person)',
  'Vorname (Adressatentyp natürl. Person)',
  'Name (Adressatentyp keine Angabe)',
  'Adressatentyp',
  'Kurzbezeichnung',
  'EU-Land',
  'EU-UStID',
  'Anrede',
  'Titel/Akad. Grad',
  'Adelstitel',
  'Namensvorsatz',
  'Adressart',
  'Straße',
  'Postfach',
  'Postleitzahl',
  'Ort',
  'Land',
  'Versandzusatz',
  'Adresszusatz',
  'Abweichende Anrede',
  'Abw. Zustellbezeichnung 1',
  'Abw. Zustellbezeichnung 2',
  'Kennz. Korrespondenzadresse',
  'Adresse Gültig von',
  'Adresse Gültig bis',
  'Telefon',
  'Bemerkung (Telefon)',
  'Telefon GL',
  'Bemerkung (Telefon GL)',
  'E-Mail',
  'Bemerkung (E-Mail)',
  'Internet',
  'Bemerkung (Internet)',
  'Fax',
  'Bemerkung (Fax)',
  'Sonstige',
  'Bemerkung (Sonstige 1)',
] as const;
export const DEBITOREN_LAENGEN: Record<string, number> = {
  'Name (Adressatentyp Unternehmen)': 50,
  Kurzbezeichnung: 15,
  Straße: 36,
  Postleitzahl: 10,
  Ort: 30,
  Land: 2,
  Telefon: 60,
  'E-Mail': 60,
  Internet: 60,
  Fax: 60,
  Anrede: 30,
};

/** A cell: a text (quoted) or a number/date written as it is; undefined and null are empty. */
export type Zelle = { t: string } | string | null | undefined;
export const txt = (t: string | null | undefined): Zelle => (t === null || t === undefined ? undefined : { t });

const CP = 'win1252';
/**
 * The printable characters Windows-1252 has: ASCII, Latin-1 from U+00A0 and the 27 of 0x80–0x9F (€, typographic
 * quotes, Š …). Control characters have no place in a DATEV text either.
 */
const CP1252 = /^[ -~\u00A0-\u00FF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;
/** True when Windows-1252 carries the text unchanged. */
export const cp1252Tauglich = (s: string) => CP1252.test(s);

/** Checks a text against its field's length and Windows-1252: the error text, or null. */
export function feldFehler(feld: string, wert: string, max: number | undefined, wo: string): string | null {
  if (max !== undefined && wert.length > max) return `${wo}: ${feld} hat ${wert.length} Zeichen, DATEV erlaubt ${max} („${wert}“)`;
  if (/[\r\n]/.test(wert)) return `${wo}: ${feld} enthält einen Zeilenumbruch`;
  if (!cp1252Tauglich(wert)) return `${wo}: ${feld} enthält Zeichen, die DATEV (Windows-1252) nicht darstellen kann („${wert}“)`;
  return null;
}

export function zeile(zellen: readonly Zelle[]): string {
  let out = '';
  for (let i = 0; i < zellen.length; i++) {
    const z = zellen[i];
    if (i > 0) out += ';';
    if (z === undefined || z === null) continue;
    out += typeof z === 'string' ? z : `"${z.t.includes('"') ? z.t.replaceAll('"', '""') : z.t}"`;
  }
  return out;
}

/** Cents as DATEV writes an amount: no sign, decimal comma, no grouping. */
export function betrag(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
/** 2026-03-07 → "0703" (Belegdatum: day and month). */
export const ttmm = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}`;
/** 2026-03-07 → "07032026" (Leistungsdatum, Fälligkeit). */
export const ttmmjjjj = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
/** 2026-03-07 → "20260307" (header dates). */
export const jjjjmmtt = (iso: string) => iso.slice(0, 10).replaceAll('-', '');

/** The EXTF header line (31 fields, header version 700). */
export function kopfzeile(k: {
  kategorie: 21 | 16;
  formatname: string;
  formatversion: number;
  erzeugtAm: Date;
  exportiertVon: string;
  berater: number;
  mandant: number;
  wjBeginn: string;
  sachkontenlaenge: number;
  von: string | null;
  bis: string | null;
  bezeichnung: string;
  skr: string;
}): string {
  const t = k.erzeugtAm.toISOString();
  const stempel = `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}${t.slice(20, 23)}`;
  const stapel = k.kategorie === 21;
  return zeile([
    { t: 'EXTF' },
    '700',
    String(k.kategorie),
    { t: k.formatname },
    String(k.formatversion),
    stempel,
    undefined,
    { t: 'RE' },
    { t: k.exportiertVon },
    { t: '' },
    String(k.berater),
    String(k.mandant),
    jjjjmmtt(k.wjBeginn),
    String(k.sachkontenlaenge),
    stapel && k.von ? jjjjmmtt(k.von) : undefined,
    stapel && k.bis ? jjjjmmtt(k.bis) : undefined,
    { t: k.bezeichnung },
    { t: '' },
    stapel ? '1' : undefined,
    stapel ? '0' : undefined,
    stapel ? '0' : undefined,
    { t: 'EUR' },
    undefined,
    { t: '' },
    undefined,
    undefined,
    { t: k.skr },
    undefined,
    undefined,
    { t: '' },
    { t: '' },
  ]);
}

/** Lines joined by CRLF (the last one ended too), encoded in Windows-1252. */
export function datei(zeilen: readonly string[]): Buffer {
  const text = `${zeilen.join('\r\n')}\r\n`;
  // every text was checked to be Windows-1252: without one of its 27 characters beyond U+00FF (€, typographic quotes …)
  // the bytes are the Latin-1 code units, which Node writes without a code table
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return iconv.encode(text, CP);
  return Buffer.from(text, 'latin1');
}
