/**
 * Field kinds stored as integers, defined once: the API speaks decimal numbers (euro, percent, pieces), the database
 * holds integer minor units. A resource declares `fields: { vknetto: money4, mwstsatz: percent2, bestand: qty3 }` and
 * its list scales, `fromRow` and `toRow` are derived from that one declaration (see `codecsOf`).
 */

export interface Codec {
  /** Decimal places kept (the factor between API value and stored integer is 10^decimals). */
  readonly decimals: number;
  readonly scale: number;
  readonly name: string;
  /** API number → stored integer, rounded half away from zero at the last kept decimal. */
  toDb(v: number): number;
  /** Stored integer → API number. */
  fromDb(v: number | bigint | string): number;
}

/**
 * A decimal number as an integer of `decimals` places, from its shortest decimal text (what the client sent), so
 * 1.005 € is 101 cents and never 100 (as `Math.round(1.005 * 100)` answers). Rounds half away from zero.
 */
export function toScaled(v: number, decimals: number): number {
  if (!Number.isFinite(v)) throw new RangeError(`Keine endliche Zahl: ${v}`);
  const negative = v < 0;
  const [mantissa = '0', expText] = String(Math.abs(v)).split('e');
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  const digits = `${intPart}${fracPart}`;
  // position of the decimal point within `digits`, after applying the exponent and the scale
  const point = intPart.length + Number(expText ?? 0) + decimals;
  let kept: bigint;
  let next: number;
  if (point <= 0) {
    kept = 0n;
    next = point === 0 ? Number(digits[0] ?? '0') : 0;
  } else {
    kept = BigInt(digits.slice(0, point).padEnd(point, '0') || '0');
    next = Number(digits[point] ?? '0');
  }
  if (next >= 5) kept += 1n;
  const n = Number(negative ? -kept : kept);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Zahl zu groß: ${v}`);
  return n === 0 ? 0 : n;
}

function codec(name: string, decimals: number): Codec {
  const scale = 10 ** decimals;
  return {
    name,
    decimals,
    scale,
    toDb: (v) => toScaled(v, decimals),
    // an integer divided by a power of ten is the double nearest to the decimal: it prints as the decimal
    fromDb: (v) => Number(v) / scale,
  };
}

/** Money in cents (amounts, totals, credit limits). */
export const money2 = codec('money2', 2);
/** Money in 1/10,000 (unit prices). */
export const money4 = codec('money4', 4);
/** Quantities in thousandths. */
export const qty3 = codec('qty3', 3);
/** Percentages in hundredths of a percent (19 % = 1900). */
export const percent2 = codec('percent2', 2);

type Nullish = null | undefined;
/** Converts a value that may be null or absent (kept as it is). */
export const encode = <V extends number | Nullish>(c: Codec, v: V): number | Exclude<V, number> =>
  (v === null || v === undefined ? v : c.toDb(v)) as number | Exclude<V, number>;
export const decode = <V extends number | bigint | string | Nullish>(c: Codec, v: V): number | Exclude<V, number | bigint | string> =>
  (v === null || v === undefined ? v : c.fromDb(v)) as number | Exclude<V, number | bigint | string>;

export type FieldCodecs = Record<string, Codec>;

/** Derived from one `fields` declaration: the list scales and the two conversions of the present keys. */
export function codecsOf(fields: FieldCodecs) {
  const entries = Object.entries(fields);
  return {
    // null prototype: a filter field named `constructor` or `toString` finds no scale (list-query.ts looks up own keys)
    scales: Object.assign(Object.create(null), Object.fromEntries(entries.map(([k, c]) => [k, c.scale]))) as Record<string, number>,
    /** Stored integers → API numbers for the keys present in the row (null stays null). */
    decodeRow<R extends Record<string, unknown>>(row: R): R {
      let out: Record<string, unknown> | undefined;
      for (const [k, c] of entries) {
        if (!Object.hasOwn(row, k)) continue;
        out ??= { ...row };
        out[k] = decode(c, row[k] as number | null);
      }
      return (out ?? row) as R;
    },
    /** API numbers → stored integers for the keys present in the input. */
    encodeRow<R extends Record<string, unknown>>(data: R): R {
      const out: Record<string, unknown> = { ...data };
      for (const [k, c] of entries) if (Object.hasOwn(data, k)) out[k] = encode(c, data[k] as number | null | undefined);
      return out as R;
    },
  };
}
