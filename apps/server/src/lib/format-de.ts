import { BERLIN, berlinTag } from '@vario/contract';
import { toScaled } from './codecs';

/**
 * The one German text of amounts, quantities, percentages and dates on the server (PDFs, messages, mails). Values are
 * the stored integers of their codec (`lib/codecs.ts`: money2 cents, money4 1/10,000, qty3 thousandths, percent2
 * hundredths) and are formatted without floating point: thousands dots, decimal comma.
 *
 * - amount (`formatBetrag`): always 2 decimals — 123450 → "1.234,50 €"
 * - unit price (`formatPreis4`): 2 decimals, or 4 where it has more than cents (never 3) — 1250 → "0,1250 €"
 * - quantity (`formatMenge`): up to 3 decimals, no trailing zeros — 1234500 → "1.234,5"
 * - percent (`formatProzent`): up to 2 decimals — 750 → "7,5 %"
 * - a decimal number of the API (`formatZahl`, e.g. km): up to 3 decimals — 12.5 → "12,5"
 */

/** An integer scaled by 10^decimals as de-DE text with thousands dots, e.g. (123456, 2) → "1.234,56"; trailing zeros beyond `minDecimals` dropped. */
export function formatScaled(value: number | bigint, decimals: number, minDecimals = decimals): string {
  const v = BigInt(value);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const scale = 10n ** BigInt(decimals);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  let frac = decimals > 0 ? (abs % scale).toString().padStart(decimals, '0') : '';
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${neg ? '-' : ''}${whole}${frac ? `,${frac}` : ''}`;
}

const symbol = (waehrung: string) => (waehrung === 'EUR' ? '€' : waehrung);

/** Cents as an amount: 123456 → "1.234,56 €". */
export const formatBetrag = (cents: number | bigint, waehrung = 'EUR') => `${formatScaled(cents, 2)} ${symbol(waehrung)}`;
/** A unit price in 1/10,000: two decimals, or all four when it has more than cents (12,5 ct → "0,1250 €"; never three). */
export const formatPreis4 = (value: number | bigint, waehrung = 'EUR') => `${formatScaled(value, 4, BigInt(value) % 100n === 0n ? 2 : 4)} ${symbol(waehrung)}`;
/** A quantity in thousandths, up to three decimals without trailing zeros: 1234500 → "1.234,5". */
export const formatMenge = (qty3: number | bigint) => formatScaled(qty3, 3, 0);
/** A percentage in hundredths: 1900 → "19 %", 750 → "7,5 %". */
export const formatProzent = (percent2: number | bigint) => `${formatScaled(percent2, 2, 0)} %`;

/** A decimal number of the API (not a stored integer; e.g. a distance in km) with up to `maxDecimals` decimals: 1234.5 → "1.234,5". */
export const formatZahl = (value: number, maxDecimals = 3) => formatScaled(toScaled(value, maxDecimals), maxDecimals, 0);

const grenzeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 6 });
/** A limit of a schema (any size, up to 6 decimals) as German text: 9999.99 → "9.999,99". */
export const formatGrenze = (value: number | bigint) => grenzeFormat.format(value);

let timeFormat: Intl.DateTimeFormat | undefined;

/** An ISO date (or date-time) as dd.mm.yyyy; a date-time by its Berlin calendar day. */
export function formatDatum(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  if (Number.isNaN(Date.parse(iso))) return iso;
  const [y, mo, d] = berlinTag(iso).split('-');
  return `${d}.${mo}.${y}`;
}

/** An ISO date-time as dd.mm.yyyy hh:mm in Berlin. */
export function formatZeitpunkt(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  timeFormat ??= new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${formatDatum(iso)} ${timeFormat.format(d)}`;
}
