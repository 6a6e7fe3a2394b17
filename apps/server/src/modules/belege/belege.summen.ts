import { discountedUnit, divRound, documentTotals, lineNet, safe } from '../../lib/money';

/**
 * Totals of a sales document, computed on the server only, in integers (lib/money.ts; units as in belege.tables.ts).
 *
 * Per line (article lines; text lines count nothing):
 *   gesamtpreis = einzelpreis × menge less rabatt1, then rabatt2, plus teuerungszuschlag (percent) — rounded once to
 *   the cent — plus eilzuschlag (an amount); endpreis = the effective unit price after the same steps, rounded to the
 *   cent (an amount the clerk reads as money; stored in 1/10,000 like the unit price, always a whole cent).
 * Per document:
 *   betragNetto = Σ line nets;
 *   head discount 1 = rabatt1Prozent of betragNetto, or the amount rabatt1Betrag; head discount 2 likewise on what is
 *   left after discount 1 (a percent is rounded once to the cent);
 *   the two discounts are split over the VAT rates in proportion to their line nets (the rate with the largest net
 *   takes the rounding remainder, so the parts sum exactly);
 *   freight, cash on delivery and insurance are taxed at the document's main rate (the rate with the largest line
 *   net; 19 % when there is none);
 *   VAT per rate on the rate's base, rounded once per rate (documentTotals);
 *   endbetragNetto = betragNetto − discounts + freight + cash on delivery + insurance; betragBrutto = that + VAT;
 *   rohertrag = betragNetto − discounts − Σ ek × menge (lines with a purchase price);
 *   gewicht = Σ unit weight × menge (grams).
 */

export const STANDARD_MWST = 1900;

export interface SummenZeile {
  positionsArt: string;
  menge: number;
  einzelpreis: number;
  rabatt1: number;
  rabatt2: number;
  teuerungszuschlag: number;
  eilzuschlag: number;
  mwstSatz: number;
  ek: number | null;
  gewicht: number | null;
}
export interface SummenKopf {
  frachtkosten: number;
  nachnahme: number;
  versicherung: number;
  rabatt1Prozent: number | null;
  rabatt1Betrag: number | null;
  rabatt2Prozent: number | null;
  rabatt2Betrag: number | null;
}
export interface Summen {
  betragNetto: number;
  rabatt1Wert: number;
  rabatt2Wert: number;
  endbetragNetto: number;
  mwstBetrag: number;
  betragBrutto: number;
  /** Per rate ascending, stored units: satz percent2, netto and mwst cents. */
  mwstAufteilung: { satz: number; netto: number; mwst: number }[];
  rohertrag: number;
  gewicht: number;
  /** The rate freight and other charges are taxed at. */
  hauptsatz: number;
}

export const istTextzeile = (z: { positionsArt: string }) => z.positionsArt === 'T';

/** Line net (cents) and effective unit price (1/10,000) of one line; a text line has neither. */
export function zeilenWerte(z: SummenZeile): { gesamtpreis: number; endpreis: number } {
  if (istTextzeile(z)) return { gesamtpreis: 0, endpreis: 0 };
  // a surcharge is a negative discount: (1 − r1)(1 − r2)(1 + t)
  const steps = [z.rabatt1, z.rabatt2, -z.teuerungszuschlag];
  return {
    gesamtpreis: safe(BigInt(lineNet(z.einzelpreis, z.menge, ...steps)) + BigInt(z.eilzuschlag)),
    endpreis: safe(divRound(BigInt(discountedUnit(z.einzelpreis, ...steps)), 100n) * 100n),
  };
}

/** Splits `total` over `weights` in proportion; the index `rest` takes the rounding remainder (exact sum). */
export function verteile(total: bigint, weights: bigint[], rest: number): bigint[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return weights.map((_, i) => (i === rest ? total : 0n));
  const parts = weights.map((w, i) => (i === rest ? 0n : divRound(total * w, sum < 0n ? -sum : sum) * (sum < 0n ? -1n : 1n)));
  parts[rest] = total - parts.reduce((s, p) => s + p, 0n);
  return parts;
}

const prozentVon = (cents: bigint, percent2: number) => divRound(cents * BigInt(percent2), 10_000n);

/** Every total of a document from its head and lines (lines with their current gesamtpreis from `zeilenWerte`). */
export function belegSummen(kopf: SummenKopf, zeilen: readonly (SummenZeile & { gesamtpreis: number })[]): Summen {
  const artikel = zeilen.filter((z) => !istTextzeile(z));
  const proSatz = new Map<number, bigint>();
  let netto = 0n;
  let kosten = 0n;
  let gramm = 0n;
  for (const z of artikel) {
    proSatz.set(z.mwstSatz, (proSatz.get(z.mwstSatz) ?? 0n) + BigInt(z.gesamtpreis));
    netto += BigInt(z.gesamtpreis);
    if (z.ek !== null) kosten += BigInt(lineNet(z.ek, z.menge));
    if (z.gewicht !== null) gramm += divRound(BigInt(z.gewicht) * BigInt(z.menge), 1000n);
  }
  const rabatt = (prozent: number | null, betrag: number | null, basis: bigint) =>
    prozent !== null ? prozentVon(basis, prozent) : betrag !== null ? BigInt(betrag) : 0n;
  const r1 = rabatt(kopf.rabatt1Prozent, kopf.rabatt1Betrag, netto);
  const r2 = rabatt(kopf.rabatt2Prozent, kopf.rabatt2Betrag, netto - r1);

  const saetze = [...proSatz.keys()].sort((a, b) => a - b);
  // main rate: the largest net (on a tie the higher rate)
  let hauptsatz = STANDARD_MWST;
  let groesste: bigint | null = null;
  for (const s of saetze) {
    const n = proSatz.get(s) as bigint;
    if (groesste === null || n > groesste || (n === groesste && s > hauptsatz)) {
      groesste = n;
      hauptsatz = s;
    }
  }
  if (!saetze.includes(hauptsatz)) saetze.push(hauptsatz);
  saetze.sort((a, b) => a - b);
  const gewichte = saetze.map((s) => proSatz.get(s) ?? 0n);
  const abzug = verteile(r1 + r2, gewichte, saetze.indexOf(hauptsatz));
  const nebenkosten = BigInt(kopf.frachtkosten) + BigInt(kopf.nachnahme) + BigInt(kopf.versicherung);
  const basis = saetze.map((s, i) => ({
    netCents: safe((proSatz.get(s) ?? 0n) - (abzug[i] as bigint) + (s === hauptsatz ? nebenkosten : 0n)),
    ratePercent2: s,
  }));
  // a rate with nothing on it (no lines, no charges) is left out of the breakdown
  const t = documentTotals(basis.filter((b, i) => b.netCents !== 0 || proSatz.has(saetze[i] as number)));
  return {
    betragNetto: safe(netto),
    rabatt1Wert: safe(r1),
    rabatt2Wert: safe(r2),
    endbetragNetto: t.net,
    mwstBetrag: t.vat,
    betragBrutto: t.gross,
    mwstAufteilung: t.perRate.map((r) => ({ satz: r.ratePercent2, netto: r.net, mwst: r.vat })),
    rohertrag: safe(netto - r1 - r2 - kosten),
    gewicht: safe(gramm),
    hauptsatz,
  };
}
