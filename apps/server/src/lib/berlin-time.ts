import { BERLIN, berlinTag } from '@vario/contract';

/**
 * Wall-clock time in Germany. Instants are stored as ISO 8601 UTC; calendar days, times of day and the document date
 * are Europe/Berlin (the company's time zone), whatever zone the server runs in. The calendar day and its arithmetic
 * come from the contract (`kalendertag.ts`, shared with the seed and the web); this adds times of day.
 */
export const ZONE = BERLIN;
export { berlinTag, plusTage, tageZwischen } from '@vario/contract';

const fmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Berlin wall-clock fields of the instant `ms` (two digits each, year four). */
function parts(ms: number) {
  const p: Record<string, string> = {};
  for (const x of fmt.formatToParts(new Date(ms))) p[x.type] = x.value;
  return p as { year: string; month: string; day: string; hour: string; minute: string; second: string };
}

/** Offset of Berlin wall-clock time to UTC at the instant `ms` (ms to add to UTC). */
function offsetAt(ms: number) {
  const p = parts(ms);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The Berlin calendar day (YYYY-MM-DD) of an instant. */
export const tagVon = (iso: string): string => berlinTag(iso);

/** The Berlin time of day (HH:mm) of an instant. */
export function uhrzeitVon(iso: string): string {
  const p = parts(Date.parse(iso));
  return `${p.hour}:${p.minute}`;
}

/** The Berlin day (YYYY-MM-DD) and time of day with seconds (HH:mm:ss) of an instant. */
export function tagUndZeitVon(iso: string): { tag: string; zeit: string } {
  const p = parts(Date.parse(iso));
  return { tag: `${p.year}-${p.month}-${p.day}`, zeit: `${p.hour}:${p.minute}:${p.second}` };
}

/** The instant (ISO UTC) of a Berlin day and time of day. */
export function berlinZuUtc(tag: string, hhmm: string): string {
  const [y, m, d] = tag.split('-').map(Number) as [number, number, number];
  const [h, mi] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let utc = wall - offsetAt(wall);
  // across a change of the offset the first guess may be one hour off
  utc = wall - offsetAt(utc);
  return new Date(utc).toISOString();
}

/** Today in Berlin (YYYY-MM-DD). */
export const heute = (now: Date = new Date()) => berlinTag(now);
