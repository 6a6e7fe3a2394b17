import { badRequest } from '../../lib/errors';

/**
 * Times of the field service. Stored as ISO 8601 UTC; the technician's HH:mm and calendar days are wall-clock times in
 * Europe/Berlin (the company's time zone), whatever zone the server runs in.
 */
export const ZONE = 'Europe/Berlin';

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
export function tagVon(iso: string): string {
  const p = parts(Date.parse(iso));
  return `${p.year}-${p.month}-${p.day}`;
}

/** The Berlin time of day (HH:mm) of an instant. */
export function uhrzeitVon(iso: string): string {
  const p = parts(Date.parse(iso));
  return `${p.hour}:${p.minute}`;
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

/** Today in Berlin. */
export const heute = () => tagVon(new Date().toISOString());

/** How far a step's zeitpunkt may lie ahead of the server clock (devices' clocks drift). */
const VORLAUF_MS = 10 * 60 * 1000;

/**
 * The real time of a step: `zeitpunkt` (default now) — with `datum` (HH:mm) the time of day on the day of `zeitpunkt`.
 * A zeitpunkt ahead of the server clock by more than ten minutes is a 400.
 */
export function schrittZeit(zeitpunkt: string | undefined, datum?: string | null): string {
  const basis = zeitpunkt ? new Date(zeitpunkt) : new Date();
  if (Number.isNaN(basis.getTime())) throw badRequest('Bitte die Eingaben prüfen!', { zeitpunkt: ['Ungültiger Zeitpunkt'] });
  if (basis.getTime() > Date.now() + VORLAUF_MS) throw badRequest('Der Zeitpunkt liegt in der Zukunft', { zeitpunkt: ['Der Zeitpunkt liegt in der Zukunft'] });
  const iso = basis.toISOString();
  return datum ? berlinZuUtc(tagVon(iso), datum) : iso;
}

/** Whole minutes between two instants. */
export const minutenZwischen = (von: string, bis: string) => Math.floor((Date.parse(bis) - Date.parse(von)) / 60_000);
