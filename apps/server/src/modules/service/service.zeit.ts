import { berlinZuUtc, tagVon } from '../../lib/berlin-time';
import { badRequest } from '../../lib/errors';

/** Times of the field service: the Berlin wall-clock helpers live in lib/berlin-time.ts (shared with sales documents). */
export { berlinZuUtc, heute, tagVon, uhrzeitVon, ZONE } from '../../lib/berlin-time';

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
