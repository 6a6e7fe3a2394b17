import { BG_ZUORDNUNG, BT_ZUORDNUNG, type BtZuordnung, ERECHNUNG_NAMENSRAEUME, UBL_GUTSCHRIFT_NAMEN } from '@vario/contract';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { unprocessable } from '../../lib/errors';
import type { ERechnungDaten, Syntax } from '../erechnung/erechnung.xml';

/**
 * The e-invoice reader (issue 25 item 4): the contract's mapping table (`BT_ZUORDNUNG`, `BG_ZUORDNUNG`) read in
 * reverse — one generic walk that evaluates each entry's CII or UBL XPath 1.0 (relative to the root element or to the
 * element of the entry's group) and gives the values by BT id and the group items by BG id, the same shape
 * (`ERechnungDaten`) the writer takes. No second list of paths: a term the table does not name is not read.
 * Dates come as ISO days (CII format 102 YYYYMMDD converted), every other value as the trimmed text of the XML.
 */

/** The xpath package's compiled expression (its typings leave `parse` out). */
interface Ausdruck {
  select(o: { node: Node; namespaces: Record<string, string> }): Node[];
}
const parse = (xpath as unknown as { parse(e: string): Ausdruck }).parse;

const NS_CII: Record<string, string> = { ...ERECHNUNG_NAMENSRAEUME.cii };
const NS_UBL: Record<string, string> = { ...ERECHNUNG_NAMENSRAEUME.ubl };
const NS_UBL_GUTSCHRIFT: Record<string, string> = { ...ERECHNUNG_NAMENSRAEUME.ubl, ubl: ERECHNUNG_NAMENSRAEUME.ublGutschrift };

/** A UBL credit note's paths: the element names of `UBL_GUTSCHRIFT_NAMEN` replaced step by step. */
const gutschriftPfad = (pfad: string) =>
  Object.entries(UBL_GUTSCHRIFT_NAMEN).reduce((p, [von, nach]) => p.replace(new RegExp(`(?<![\\w:])${von}(?![\\w])`, 'g'), nach), pfad);

const cache = new Map<string, Ausdruck>();
function ausdruck(pfad: string): Ausdruck {
  let a = cache.get(pfad);
  if (!a) {
    a = parse(pfad);
    cache.set(pfad, a);
  }
  return a;
}

export interface GelesenesXml {
  syntax: Syntax;
  /** A UBL CreditNote document. */
  ublGutschrift: boolean;
  /** The values by BT id and group items by BG id (strings; dates ISO). */
  daten: ERechnungDaten;
}

/** Parses XML text; a DOCTYPE (entities) or a syntax error is a 422, never a 500. */
export function parseXml(text: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw keineERechnung('Die XML-Datei enthält eine DOCTYPE-Deklaration (in E-Rechnungen nicht erlaubt)');
  let fehler: string | null = null;
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, msg) => {
        if (level !== 'warning') fehler ??= String(msg).split('\n')[0] ?? 'Syntaxfehler';
      },
    }).parseFromString(text, 'application/xml') as unknown as Document;
  } catch (e) {
    throw keineERechnung(`Kein wohlgeformtes XML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (fehler || !doc?.documentElement) throw keineERechnung(`Kein wohlgeformtes XML: ${fehler ?? 'kein Wurzelelement'}`);
  return doc;
}

export const keineERechnung = (text: string) => unprocessable(`Keine lesbare E-Rechnung: ${text}`, { daten: [text] });

/** The syntax by the root element's namespace; anything else is a 422. */
export function syntaxVon(doc: Document): { syntax: Syntax; ublGutschrift: boolean } {
  const ns = doc.documentElement.namespaceURI;
  const name = doc.documentElement.localName;
  if (ns === ERECHNUNG_NAMENSRAEUME.cii.rsm && name === 'CrossIndustryInvoice') return { syntax: 'cii', ublGutschrift: false };
  if (ns === ERECHNUNG_NAMENSRAEUME.ubl.ubl && name === 'Invoice') return { syntax: 'ubl', ublGutschrift: false };
  if (ns === ERECHNUNG_NAMENSRAEUME.ublGutschrift && name === 'CreditNote') return { syntax: 'ubl', ublGutschrift: true };
  throw keineERechnung('Das XML ist weder eine CII-Rechnung (CrossIndustryInvoice) noch eine UBL-Rechnung (Invoice, CreditNote)');
}

const CII_DATUM = /^(\d{4})(\d{2})(\d{2})$/;

function wertVon(k: Node): string {
  return (k.nodeType === 2 ? (k as Attr).value : (k.textContent ?? '')).trim();
}

/** Reads the whole invoice through the mapping table. */
export function liesERechnung(doc: Document): GelesenesXml {
  const { syntax, ublGutschrift } = syntaxVon(doc);
  const namespaces = syntax === 'cii' ? NS_CII : ublGutschrift ? NS_UBL_GUTSCHRIFT : NS_UBL;
  const pfad = (p: string) => (ublGutschrift ? gutschriftPfad(p) : p);
  const waehle = (p: string, node: Node) => ausdruck(pfad(p)).select({ node, namespaces });
  const eintraege = new Map<string | null, BtZuordnung[]>();
  for (const e of BT_ZUORDNUNG) eintraege.set(e.gruppe, [...(eintraege.get(e.gruppe) ?? []), e]);

  const lies = (kontext: Node, gruppe: string | null): ERechnungDaten => {
    const daten: ERechnungDaten = {};
    for (const e of eintraege.get(gruppe) ?? []) {
      const k = waehle(e[syntax], kontext)[0];
      if (!k) continue;
      let wert = wertVon(k);
      if (wert === '') continue;
      if (e.typ === 'datum' && syntax === 'cii') wert = wert.replace(CII_DATUM, '$1-$2-$3');
      daten[e.bt] = wert;
    }
    for (const g of BG_ZUORDNUNG.filter((x) => x.eltern === gruppe)) {
      daten[g.bg] = waehle(g[syntax], kontext).map((el) => lies(el, g.bg));
    }
    return daten;
  };
  return { syntax, ublGutschrift, daten: lies(doc.documentElement, null) };
}

/**
 * A decimal text as a scaled integer (`stellen` places; more places are rounded half away from zero): "12.345" with
 * 2 → 1235. Null when the text is no plain decimal number (the e-invoice's number format: digits, an optional point).
 */
export function skaliert(text: unknown, stellen: number): number | null {
  if (typeof text !== 'string') return null;
  const m = /^([+-])?(\d{1,15})(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!m) return null;
  const nachkomma = m[3] ?? '';
  let wert = Number(m[2]) * 10 ** stellen + Number(nachkomma.slice(0, stellen).padEnd(stellen, '0') || '0');
  if (nachkomma.length > stellen && Number(nachkomma[stellen]) >= 5) wert += 1;
  return m[1] === '-' ? -wert : wert;
}
