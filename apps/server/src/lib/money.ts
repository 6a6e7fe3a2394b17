/**
 * Price, discount and VAT arithmetic in integers — the one place the server computes money.
 *
 * Units (see codecs.ts): amounts in cents (money2), unit prices in 1/10,000 (money4), quantities in thousandths
 * (qty3), percentages in hundredths of a percent (percent2: 19 % = 1900).
 *
 * Rounding rule (one, everywhere): commercial rounding — half away from zero — applied once per line (the line's net
 * amount in cents) and once per document (the VAT of each rate on the sum of its line nets). Intermediate products are
 * exact bigints, so no value is rounded twice and no binary fraction enters a sum.
 */

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('Divisor muss positiv sein');
  const q = a / b;
  const r = a % b;
  if (2n * (r < 0n ? -r : r) >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

/** A bigint result back to a number; refuses values a double cannot hold exactly. */
export function safe(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Betrag zu groß: ${v}`);
  return n;
}

const B = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Kein ganzzahliger Betrag: ${n}`);
  return BigInt(n);
};
const HUNDRED_PERCENT = 10_000n; // percent2

/** A unit price (1/10,000) less its percentage discounts, one after the other, rounded once to 1/10,000. */
export function discountedUnit(unitPrice4: number, ...discountsPercent2: (number | null | undefined)[]): number {
  let num = B(unitPrice4);
  let den = 1n;
  for (const d of discountsPercent2) {
    num *= HUNDRED_PERCENT - B(d ?? 0);
    den *= HUNDRED_PERCENT;
  }
  return safe(divRound(num, den));
}

/**
 * The net amount of one line in cents: unit price (1/10,000) × quantity (thousandths) less its discounts
 * (hundredths of a percent), rounded once.
 */
export function lineNet(unitPrice4: number, qty3: number, ...discountsPercent2: (number | null | undefined)[]): number {
  // price4 × qty3 is in 1/10,000,000 euro; cents are 1/100: divide by 10^5
  let num = B(unitPrice4) * B(qty3);
  let den = 100_000n;
  for (const d of discountsPercent2) {
    num *= HUNDRED_PERCENT - B(d ?? 0);
    den *= HUNDRED_PERCENT;
  }
  return safe(divRound(num, den));
}

/** VAT in cents of a net amount in cents at a rate (hundredths of a percent). */
export function vat(netCents: number, ratePercent2: number): number {
  return safe(divRound(B(netCents) * B(ratePercent2), HUNDRED_PERCENT));
}

/** Gross amount in cents: net plus its VAT. */
export function gross(netCents: number, ratePercent2: number): number {
  return netCents + vat(netCents, ratePercent2);
}

/** Gross unit price in 1/10,000 (for lists and filters that keep four places). */
export function grossUnit(unitPrice4: number, ratePercent2: number): number {
  return safe(divRound(B(unitPrice4) * (HUNDRED_PERCENT + B(ratePercent2)), HUNDRED_PERCENT));
}

/** Gross unit price shown to users, in cents: a net unit price (1/10,000) with VAT, rounded once to the cent. */
export function grossUnitCents(unitPrice4: number, ratePercent2: number): number {
  return safe(divRound(B(unitPrice4) * (HUNDRED_PERCENT + B(ratePercent2)), HUNDRED_PERCENT * 100n));
}

/** A value of one scale in another, rounded once (e.g. 1/10,000 → cents: fromDecimals 4, toDecimals 2). */
export function rescale(value: number, fromDecimals: number, toDecimals: number): number {
  if (toDecimals >= fromDecimals) return safe(B(value) * 10n ** BigInt(toDecimals - fromDecimals));
  return safe(divRound(B(value), 10n ** BigInt(fromDecimals - toDecimals)));
}

export interface TotalsLine {
  /** Net amount of the line in cents (from `lineNet`). */
  netCents: number;
  /** VAT rate in hundredths of a percent. */
  ratePercent2: number;
}
export interface DocumentTotals {
  net: number;
  vat: number;
  gross: number;
  /** Per VAT rate, ascending: the sum of its line nets and the VAT on that sum. */
  perRate: { ratePercent2: number; net: number; vat: number }[];
}

/** Document totals in cents: line nets summed per rate, VAT rounded once per rate, then summed. */
export function documentTotals(lines: readonly TotalsLine[]): DocumentTotals {
  const byRate = new Map<number, bigint>();
  for (const l of lines) byRate.set(l.ratePercent2, (byRate.get(l.ratePercent2) ?? 0n) + B(l.netCents));
  const perRate = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ratePercent2, net]) => ({ ratePercent2, net: safe(net), vat: safe(divRound(net * B(ratePercent2), HUNDRED_PERCENT)) }));
  const net = perRate.reduce((s, r) => s + BigInt(r.net), 0n);
  const v = perRate.reduce((s, r) => s + BigInt(r.vat), 0n);
  return { net: safe(net), vat: safe(v), gross: safe(net + v), perRate };
}

/** Sum of amounts in cents (exact; refuses a result a double cannot hold). */
export function addCents(...amounts: number[]): number {
  return safe(amounts.reduce((s, a) => s + B(a), 0n));
}

/** a − b in cents. */
export function subtractCents(a: number, b: number): number {
  return safe(B(a) - B(b));
}

/** A percentage (hundredths of a percent) of an amount in cents, rounded once half away from zero (e.g. a cash discount). */
export function percentOfCents(cents: number, percent2: number): number {
  return safe(divRound(B(cents) * B(percent2), HUNDRED_PERCENT));
}
