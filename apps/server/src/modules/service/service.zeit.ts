import { liegtInZukunft } from '@vario/contract';
import { berlinZuUtc, tagVon, uhrzeitVon } from '../../lib/berlin-time';
import { badRequest, unprocessable } from '../../lib/errors';

/** Times of the field service: the Berlin wall-clock helpers live in lib/berlin-time.ts (shared with sales documents). */
export { berlinZuUtc, heute, tagVon, uhrzeitVon, ZONE } from '../../lib/berlin-time';

const IN_ZUKUNFT = 'Der Zeitpunkt liegt in der Zukunft';

/**
 * A time the technician typed (`feld`) may not lie after the step's moment `bezug` (beyond the contract's clock-skew
 * tolerance, ZUKUNFT_TOLERANZ_MS): a 422 on the field naming both times.
 */
export function assertNichtInZukunft(zeit: string, bezug: string, feld: string) {
  if (!liegtInZukunft(zeit, bezug)) return;
  const wann = tagVon(zeit) === tagVon(bezug) ? uhrzeitVon(zeit) : `${tagVon(zeit)} ${uhrzeitVon(zeit)}`;
  const text = `Die Zeit ${wann} liegt in der Zukunft (jetzt ${uhrzeitVon(bezug)})`;
  throw unprocessable(text, { [feld]: [text] });
}

/**
 * The real time of a step: `zeitpunkt` (default now) — with `datum` (HH:mm) the time of day on the day of `zeitpunkt`.
 * A zeitpunkt after the server clock, or a `datum` after the zeitpunkt, by more than the contract's tolerance is refused
 * (400 on zeitpunkt: the device's clock; 422 on `feld`: the typed time).
 */
export function schrittZeit(zeitpunkt: string | undefined, datum?: string | null, feld = 'datum'): string {
  const basis = zeitpunkt ? new Date(zeitpunkt) : new Date();
  if (Number.isNaN(basis.getTime())) throw badRequest('Bitte die Eingaben prüfen!', { zeitpunkt: ['Ungültiger Zeitpunkt'] });
  if (liegtInZukunft(basis)) throw badRequest(IN_ZUKUNFT, { zeitpunkt: [IN_ZUKUNFT] });
  const iso = basis.toISOString();
  if (!datum) return iso;
  const t = berlinZuUtc(tagVon(iso), datum);
  assertNichtInZukunft(t, iso, feld);
  return t;
}

/** Whole minutes between two instants. */
export const minutenZwischen = (von: string, bis: string) => Math.floor((Date.parse(bis) - Date.parse(von)) / 60_000);
