/**
 * The business calendar day: days (`YYYY-MM-DD`) are Europe/Berlin (the company's time zone) wherever the code runs —
 * server, seed and browser alike — and day arithmetic is calendar arithmetic on the date, never 24 h steps on an
 * instant (which lose or gain a day across a daylight-saving change in local time).
 */
export const BERLIN = 'Europe/Berlin';

let dayFormat: Intl.DateTimeFormat | undefined;

/** The Berlin calendar day (`YYYY-MM-DD`) of an instant (default: now). */
export function berlinTag(instant: Date | string | number = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN, year: 'numeric', month: '2-digit', day: '2-digit' });
  const p: Record<string, string> = {};
  for (const x of dayFormat.formatToParts(instant instanceof Date ? instant : new Date(instant))) p[x.type] = x.value;
  return `${p.year}-${p.month}-${p.day}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const utcNoon = (tag: string) => {
  const m = DAY.exec(tag.slice(0, 10));
  if (!m) throw new RangeError(`Kein Kalendertag: ${tag}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A calendar day (`YYYY-MM-DD`, a longer ISO text is cut to its day) plus `tage` days (negative: back). */
export function plusTage(tag: string, tage: number): string {
  const d = new Date(utcNoon(tag));
  d.setUTCDate(d.getUTCDate() + tage);
  return isoDay(d.getTime());
}

/** Whole days from one calendar day to another (`bis` later: positive). */
export function tageZwischen(von: string, bis: string): number {
  return Math.round((utcNoon(bis) - utcNoon(von)) / 86_400_000);
}
