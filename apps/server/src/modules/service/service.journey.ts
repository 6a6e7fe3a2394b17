import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { formatDatum, formatZahl } from '../../lib/format-de';
import {
  auftragZu,
  bemerkungPflicht,
  type Daten,
  fehler,
  journeyPruefen,
  MAX_KM,
  planungFuer,
  type Schritt,
  type SchrittErgebnis,
  schrittLoggen,
  statusNachSchritt,
} from './service.basis';
import { assertNichtInZukunft, berlinZuUtc, schrittZeit, tagVon, uhrzeitVon } from './service.zeit';
import { serviceZeit, zeitDesEinsatzesStoppen, zeitStart, zeitStopp } from './service.zeiterfassung';

/**
 * The technician's journey on a planning item (2-business-processes §4, SVC-019..026): open → accepted
 * (angenommenDatum) → travel started (reisebeginnDatum) → on site (vorOrtDatum) → time/material/additional work →
 * signature → completion. Rejecting, returning and phone-completing end the item (aktiv false); suspending and ending
 * duty clear travel and arrival (the next visit starts again with travel); every step is kept in the journey log with
 * its real time. Which step is allowed in which phase and the status it leads to: the contract's JOURNEY_SCHRITTE.
 */

/** SVC-024 accept: an open, active item; sets angenommenDatum; task status 02. */
export async function annehmen(trx: Db, s: Schritt, id: number, d: Daten<'annehmen'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('annehmen', p);
  const t = schrittZeit(d.zeitpunkt);
  await trx.updateTable('servicePlanungen').set({ angenommenDatum: t }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'annehmen');
  await schrittLoggen(trx, s, a.id, p.id, 'annehmen', t);
  return { planungId: p.id, meldung: 'Einsatz angenommen' };
}

/** Reject an open item (SVC-040: remark required); the item leaves the technician; task status 10 and unassigned. */
export async function ablehnen(trx: Db, s: Schritt, id: number, d: Daten<'ablehnen'>): Promise<SchrittErgebnis> {
  const bemerkung = bemerkungPflicht(d.bemerkung);
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('ablehnen', p);
  const t = schrittZeit(d.zeitpunkt);
  await trx.updateTable('servicePlanungen').set({ abgelehntDatum: t, aktiv: false, bemerkung }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'ablehnen', {}, { technikerId: null });
  await schrittLoggen(trx, s, a.id, p.id, 'ablehnen', t, bemerkung);
  return { planungId: p.id, meldung: 'Einsatz abgelehnt' };
}

/** Return an accepted task to the dispatcher (remark required); running time stopped; task status 09 and unassigned. */
export async function zurueckgeben(trx: Db, s: Schritt, id: number, d: Daten<'zurueckgeben'>): Promise<SchrittErgebnis> {
  const bemerkung = bemerkungPflicht(d.bemerkung);
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('zurueckgeben', p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ erledigtDatum: t, aktiv: false, bemerkung }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'zurueckgeben', {}, { technikerId: null });
  await schrittLoggen(trx, s, a.id, p.id, 'zurueckgeben', t, bemerkung);
  return { planungId: p.id, meldung: 'Auftrag zurückgegeben' };
}

/**
 * SVC-026/029 suspend: with a new date and time (both) the visit moves there (status 19), without either it is
 * retained without a date (status 21); one without the other is a 400. Travel and arrival are cleared, running time stops.
 */
export async function zurueckstellen(trx: Db, s: Schritt, id: number, d: Daten<'zurueckstellen'>): Promise<SchrittErgebnis> {
  const datum = d.datum ?? null;
  const uhrzeit = d.uhrzeit ?? null;
  if ((datum === null) !== (uhrzeit === null)) {
    const text = 'Bitte Datum und Uhrzeit angeben';
    throw badRequest(text, datum === null ? { datum: [text] } : { uhrzeit: [text] });
  }
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('zurueckstellen', p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  const set: Record<string, unknown> = { reisebeginnDatum: null, vorOrtDatum: null, strecke: null };
  let text: string;
  if (datum && uhrzeit) {
    const beginn = berlinZuUtc(datum, uhrzeit);
    if (beginn <= t) throw fehler('datum', 'Der neue Termin muss in der Zukunft liegen', 422);
    const dauer = Math.max(Date.parse(p.endeDatum) - Date.parse(p.beginnDatum), 30 * 60_000);
    set.beginnDatum = beginn;
    set.endeDatum = new Date(Date.parse(beginn) + dauer).toISOString();
    text = `Zurückgestellt auf ${formatDatum(datum)} ${uhrzeit}`;
  } else text = 'Zurückgestellt ohne Termin';
  if (d.bemerkung?.trim()) text += `: ${d.bemerkung.trim()}`;
  await trx.updateTable('servicePlanungen').set(set).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'zurueckstellen', { datum });
  await schrittLoggen(trx, s, a.id, p.id, 'zurueckstellen', t, text);
  return { planungId: p.id, meldung: text };
}

/** End duty for today: running time stopped, travel and arrival cleared (the next day starts with travel); status 08. */
export async function dienstende(trx: Db, s: Schritt, id: number, d: Daten<'dienstende'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('dienstende', p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ reisebeginnDatum: null, vorOrtDatum: null }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'dienstende');
  await schrittLoggen(trx, s, a.id, p.id, 'dienstende', t, d.bemerkung?.trim() || null);
  return { planungId: p.id, meldung: 'Dienstende gebucht' };
}

/** Phone completed: solved by phone before arrival; the visit ends; status 06. */
export async function telefonischErledigt(trx: Db, s: Schritt, id: number, d: Daten<'telefonischErledigt'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('telefonischErledigt', p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ erledigtDatum: t, aktiv: false }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'telefonischErledigt');
  await schrittLoggen(trx, s, a.id, p.id, 'telefonischErledigt', t, d.bemerkung?.trim() || null);
  return { planungId: p.id, meldung: 'Telefonisch erledigt' };
}

/** SVC-019/059 travel start: accepted, reisebeginnDatum empty; status 03. */
export async function reisebeginn(trx: Db, s: Schritt, id: number, d: Daten<'reisebeginn'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('reisebeginn', p);
  const t = schrittZeit(d.zeitpunkt, d.datum);
  await trx.updateTable('servicePlanungen').set({ reisebeginnDatum: t }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'reisebeginn');
  await schrittLoggen(trx, s, a.id, p.id, 'reisebeginn', t);
  return { planungId: p.id, meldung: 'Reisebeginn gestartet' };
}

/** SVC-020/048/061 arrival: after travel start, while vorOrtDatum is empty, not before travel start; strecke whole km ≥ 0; status 04. */
export async function ankunft(trx: Db, s: Schritt, id: number, d: Daten<'ankunft'>): Promise<SchrittErgebnis> {
  if (!Number.isInteger(d.strecke) || d.strecke < 0 || d.strecke > MAX_KM)
    throw fehler('strecke', 'Bitte die Strecke in ganzen Kilometern (0 oder mehr) eingeben');
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('ankunft', p);
  const reise = p.reisebeginnDatum as string;
  const t = schrittZeit(d.zeitpunkt, d.datum);
  if (t < reise) throw fehler('datum', `Die Ankunft darf nicht vor dem Reisebeginn um ${uhrzeitVon(reise)} liegen`, 422);
  await trx.updateTable('servicePlanungen').set({ vorOrtDatum: t, strecke: d.strecke }).where('id', '=', p.id).execute();
  await statusNachSchritt(trx, a.id, 'ankunft');
  await schrittLoggen(trx, s, a.id, p.id, 'ankunft', t, `${formatZahl(d.strecke)} km`, d.strecke);
  return { planungId: p.id, meldung: 'Status Vor-Ort gesetzt' };
}

/**
 * Issue 19 item 14: correct the booked arrival (a wrong time typed on site). Only while the arrival is booked and the task
 * open; the new time (HH:mm on `tag`, default the day of the booked arrival) not after now, not before the travel start
 * and not after the earliest time booked since the arrival on this visit (time recordings, material bookings) — the
 * order of the times stays consistent. Each correction is kept with old and new time, reason, who and when.
 */
export async function ankunftKorrigieren(trx: Db, s: Schritt, id: number, d: Daten<'ankunftKorrigieren'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('ankunftKorrigieren', p);
  const t = schrittZeit(d.zeitpunkt);
  const alt = p.vorOrtDatum as string;
  const neu = berlinZuUtc(d.tag ?? tagVon(alt), d.datum);
  if (neu === alt) throw fehler('datum', `Die Ankunft ist bereits um ${uhrzeitVon(alt)} gebucht`, 422);
  assertNichtInZukunft(neu, t, 'datum');
  if (p.reisebeginnDatum && neu < p.reisebeginnDatum)
    throw fehler('datum', `Die Ankunft darf nicht vor dem Reisebeginn um ${uhrzeitVon(p.reisebeginnDatum)} liegen`, 422);
  const [zeit, material] = await Promise.all([
    trx.selectFrom('serviceZeiten').select('von').where('planungId', '=', p.id).where('von', '>=', alt).orderBy('von').limit(1).executeTakeFirst(),
    trx
      .selectFrom('serviceMaterialBuchungen')
      .select('zeitpunkt')
      .where('planungId', '=', p.id)
      .where('zeitpunkt', '>=', alt)
      .orderBy('zeitpunkt')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const frueheste = [zeit && { t: zeit.von, was: 'Zeiterfassung' }, material && { t: material.zeitpunkt, was: 'Materialbuchung' }]
    .filter((x): x is { t: string; was: string } => !!x)
    .sort((x, y) => (x.t < y.t ? -1 : 1))[0];
  if (frueheste && neu > frueheste.t)
    throw fehler('datum', `Die Ankunft darf nicht nach der ersten gebuchten Zeit (${frueheste.was} um ${uhrzeitVon(frueheste.t)}) liegen`, 422);
  const grund = d.grund?.trim() || null;
  await trx.updateTable('servicePlanungen').set({ vorOrtDatum: neu }).where('id', '=', p.id).execute();
  await trx
    .insertInto('serviceAnkunftKorrekturen')
    .values({ planungId: p.id, serviceAuftragId: a.id, alt, neu, grund, benutzerId: s.wer.id, geaendertAm: nowIso() })
    .execute();
  await schrittLoggen(trx, s, a.id, p.id, 'ankunftKorrigieren', t, `${uhrzeitVon(alt)} → ${uhrzeitVon(neu)}${grund ? `: ${grund}` : ''}`);
  return { planungId: p.id, meldung: `Ankunft auf ${uhrzeitVon(neu)} korrigiert` };
}

/** The journey steps on a planning item, by sync action kind. */
export const PLANUNG_SCHRITTE = {
  annehmen,
  ablehnen,
  zurueckgeben,
  zurueckstellen,
  dienstende,
  telefonischErledigt,
  reisebeginn,
  ankunft,
  ankunftKorrigieren,
  zeitStart,
  zeitStopp,
  serviceZeit,
} as const;
