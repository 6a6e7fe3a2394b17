import {
  MessageCode,
  MATERIALSTATUS as MS,
  AUFTRAGSSTATUS as ST,
  type serviceAktionDaten,
  type serviceAuftragAenderung,
  type serviceAuftragEingabe,
  type serviceMaterialEingabe,
  type servicePlanungAenderung,
  type servicePlanungEingabe,
} from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { money2, qty3 } from '../../lib/codecs';
import { ApiError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { assertRef } from '../../lib/refs';
import { type Bewegung, buche } from '../lager/lager.service';
import { drawNumber } from '../system/nummernkreise.service';
import { renderAbschlussbericht } from './service.pdf';
import { auftragLesen, buchungOut, materialLesen, planungLesen, zeitOut } from './service.read';
import { DISPO_RECHT, type Wer } from './service.wer';
import { berlinZuUtc, heute, minutenZwischen, schrittZeit, tagVon, uhrzeitVon } from './service.zeit';

/**
 * The field service's rules (2-business-processes §4–§5, SVC-019..058): the technician's journey as a state machine on
 * the planning item, material bookings through the stock journal, additional work, time recordings, subsequent
 * bookings, calendar entries, signature and completion. Every function takes the transaction first and does all its
 * writes in it; the online routes and the offline sync (service.sync.ts) call the same functions.
 *
 * Journey of a planning item: open → accepted (angenommenDatum) → travel started (reisebeginnDatum) → on site
 * (vorOrtDatum) → time/material/additional work → signature → completion. Rejecting, returning, phone-completing and
 * completing end the item (aktiv false); suspending and ending duty clear travel and arrival (the next visit starts
 * again with travel); every step is kept in the journey log with its real time.
 */

type Daten<K extends keyof typeof serviceAktionDaten> = z.output<(typeof serviceAktionDaten)[K]>;
export type Quelle = 'online' | 'sync';
export interface Schritt {
  wer: Wer;
  quelle: Quelle;
}

const PRUEFEN = 'Bitte die Eingaben prüfen!';
/** Upper bounds that keep values inside the integer columns (a larger number is a typing error, answered as such). */
const MAX_KM = 100_000;
const MAX_KOSTEN = 10_000_000;
export const BEMERKUNG_PFLICHT = 'Es muss eine Bemerkung eingegeben werden!';
export const UNGUELTIG = 'Geben Sie einen gültigen Wert ein!';
const fehler = (feld: string, text: string, status: 400 | 422 = 400) =>
  status === 400 ? badRequest(text, { [feld]: [text] }) : unprocessable(text, { [feld]: [text] });

// ---------------------------------------------------------------- access and state

/** Row-locks what the query reads on PostgreSQL (SQLite's write transactions are serial already). */
function forUpdate<Q extends { forUpdate(): Q }>(trx: Db, q: Q): Q {
  return dialectOf(trx) === 'postgres' ? q.forUpdate() : q;
}

/** The planning item of a step, row-locked; 404 when it does not exist or is not the technician's (any more). */
export async function planungFuer(trx: Db, wer: Wer, id: number) {
  const p = await forUpdate(trx, trx.selectFrom('servicePlanungen').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!p || (!wer.alle && (p.technikerId === null || p.technikerId !== wer.technikerId))) {
    throw new ApiError(404, MessageCode.notFound, 'Der Einsatz wurde nicht gefunden oder ist Ihnen nicht (mehr) zugewiesen', {
      messageParameters: ['Planung'],
    });
  }
  return p;
}
export type PlanungRow = Awaited<ReturnType<typeof planungFuer>>;

/** The task of a step, row-locked; 404 when the technician has no planning item for it. */
export async function auftragFuer(trx: Db, wer: Wer, id: number) {
  const a = await forUpdate(trx, trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!a || (!wer.alle && (a.technikerId === null || a.technikerId !== wer.technikerId))) {
    throw new ApiError(404, MessageCode.notFound, 'Der Serviceauftrag wurde nicht gefunden oder ist Ihnen nicht (mehr) zugewiesen', {
      messageParameters: ['Serviceauftrag'],
    });
  }
  return a;
}
export type AuftragRow = Awaited<ReturnType<typeof auftragFuer>>;

/** A cancelled or completed task takes no more steps (409). */
function assertOffen(a: { auftragsstatus: string; auftragsnummer: string }) {
  if (a.auftragsstatus === ST.storniert) throw conflict(`Der Auftrag ${a.auftragsnummer} wurde storniert`);
  if (a.auftragsstatus === ST.abgeschlossen) throw conflict(`Der Auftrag ${a.auftragsnummer} ist bereits abgeschlossen`);
}

async function auftragZu(trx: Db, p: PlanungRow) {
  if (p.serviceAuftragId === null) throw unprocessable('Der Einsatz gehört zu keinem Serviceauftrag');
  const a = await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', p.serviceAuftragId).executeTakeFirstOrThrow();
  assertOffen(a);
  return a;
}

function assertAktiv(p: PlanungRow) {
  if (!p.aktiv) throw conflict('Der Einsatz ist nicht mehr aktiv (abgelehnt, zurückgegeben oder erledigt)');
}
function assertAngenommen(p: PlanungRow) {
  assertAktiv(p);
  if (!p.angenommenDatum) throw unprocessable('Der Einsatz ist noch nicht angenommen');
}
/** SVC-021/022: hours and material only after travel start and arrival. */
function assertVorOrt(p: PlanungRow, was: 'Stunden' | 'Material') {
  assertAngenommen(p);
  if (!p.reisebeginnDatum || !p.vorOrtDatum) {
    throw unprocessable(
      was === 'Stunden'
        ? 'Stunden können erst gebucht werden, wenn Reisebeginn und Ankunft gebucht sind'
        : 'Material kann erst nach der Ankunft vor Ort gebucht werden',
    );
  }
}
/** SVC-049: not before the arrival (the message names the arrival time as HH:mm). */
function assertNachAnkunft(p: PlanungRow, zeit: string, feld: string) {
  if (p.vorOrtDatum && zeit < p.vorOrtDatum) {
    const text =
      tagVon(zeit) === tagVon(p.vorOrtDatum)
        ? `Die Zeit darf nicht vor der Ankunft um ${uhrzeitVon(p.vorOrtDatum)} liegen`
        : `Die Zeit darf nicht vor der Ankunft (${tagVon(p.vorOrtDatum)} ${uhrzeitVon(p.vorOrtDatum)}) liegen`;
    throw unprocessable(text, { [feld]: [text] });
  }
}

async function setStatus(trx: Db, auftragId: number, status: string, extra: Record<string, unknown> = {}) {
  await trx
    .updateTable('serviceAuftraege')
    .set({ auftragsstatus: status, geaendertAm: nowIso(), ...extra })
    .where('id', '=', auftragId)
    .execute();
}

/** The journey log: each step with its real time and when the server got it. */
export async function schrittLoggen(trx: Db, s: Schritt, auftragId: number, planungId: number | null, art: string, zeitpunkt: string, text?: string | null) {
  await trx
    .insertInto('serviceSchritte')
    .values({ serviceAuftragId: auftragId, planungId, art, zeitpunkt, erfasstAm: nowIso(), benutzerId: s.wer.id, quelle: s.quelle, text: text ?? null })
    .execute();
}

// ---------------------------------------------------------------- time recordings

async function laufendeZeit(trx: Db, technikerId: number) {
  return trx.selectFrom('serviceZeiten').selectAll().where('technikerId', '=', technikerId).where('laeuft', '=', 1).executeTakeFirst();
}

/** Ends a running automatic recording at `bis` (never before its start) and adds its minutes to its task. */
async function zeitBeenden(trx: Db, z: { id: number; von: string; serviceAuftragId: number }, bis: string, abgebrochen: boolean) {
  const ende = bis < z.von ? z.von : bis;
  const minuten = minutenZwischen(z.von, ende);
  await trx.updateTable('serviceZeiten').set({ bis: ende, minuten, laeuft: null, abgebrochen }).where('id', '=', z.id).execute();
  await trx
    .updateTable('serviceAuftraege')
    .set((eb) => ({ gebrauchteZeit: eb('gebrauchteZeit', '+', minuten) }))
    .where('id', '=', z.serviceAuftragId)
    .execute();
}

/** Stops the technician's running recording when it belongs to this planning item (suspend, return, end duty, completion). */
async function zeitDesEinsatzesStoppen(trx: Db, p: PlanungRow, bis: string) {
  if (p.technikerId === null) return;
  const z = await laufendeZeit(trx, p.technikerId);
  if (z && z.planungId === p.id) await zeitBeenden(trx, z, bis, false);
}

// ---------------------------------------------------------------- the journey

export interface SchrittErgebnis {
  planungId: number;
  meldung?: string;
  zeitId?: number | null;
}

/** SVC-024 accept: an open, active item; sets angenommenDatum; task status 02. */
export async function annehmen(trx: Db, s: Schritt, id: number, d: Daten<'annehmen'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAktiv(p);
  if (p.angenommenDatum) throw unprocessable('Der Einsatz ist bereits angenommen');
  const t = schrittZeit(d.zeitpunkt);
  await trx.updateTable('servicePlanungen').set({ angenommenDatum: t }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.angenommen);
  await schrittLoggen(trx, s, a.id, p.id, 'annehmen', t);
  return { planungId: p.id, meldung: 'Einsatz angenommen' };
}

const bemerkungPflicht = (b: string | null | undefined) => {
  const text = b?.trim();
  if (!text) throw fehler('bemerkung', BEMERKUNG_PFLICHT);
  return text;
};

/** Reject an open item (SVC-040: remark required); the item leaves the technician; task status 10 and unassigned. */
export async function ablehnen(trx: Db, s: Schritt, id: number, d: Daten<'ablehnen'>): Promise<SchrittErgebnis> {
  const bemerkung = bemerkungPflicht(d.bemerkung);
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAktiv(p);
  if (p.angenommenDatum) throw unprocessable('Ein angenommener Einsatz wird zurückgegeben, nicht abgelehnt');
  const t = schrittZeit(d.zeitpunkt);
  await trx.updateTable('servicePlanungen').set({ abgelehntDatum: t, aktiv: false, bemerkung }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.abgelehnt, { technikerId: null });
  await schrittLoggen(trx, s, a.id, p.id, 'ablehnen', t, bemerkung);
  return { planungId: p.id, meldung: 'Einsatz abgelehnt' };
}

/** Return an accepted task to the dispatcher (remark required); running time stopped; task status 09 and unassigned. */
export async function zurueckgeben(trx: Db, s: Schritt, id: number, d: Daten<'zurueckgeben'>): Promise<SchrittErgebnis> {
  const bemerkung = bemerkungPflicht(d.bemerkung);
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAngenommen(p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ erledigtDatum: t, aktiv: false, bemerkung }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.zurueckgegeben, { technikerId: null });
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
  assertAngenommen(p);
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
    text = `Zurückgestellt auf ${datum.split('-').reverse().join('.')} ${uhrzeit}`;
  } else text = 'Zurückgestellt ohne Termin';
  if (d.bemerkung?.trim()) text += `: ${d.bemerkung.trim()}`;
  await trx.updateTable('servicePlanungen').set(set).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, datum ? ST.zurueckgestellt : ST.zurueckgestelltOhneTermin);
  await schrittLoggen(trx, s, a.id, p.id, 'zurueckstellen', t, text);
  return { planungId: p.id, meldung: text };
}

/** End duty for today: running time stopped, travel and arrival cleared (the next day starts with travel); status 08. */
export async function dienstende(trx: Db, s: Schritt, id: number, d: Daten<'dienstende'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAngenommen(p);
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ reisebeginnDatum: null, vorOrtDatum: null }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.dienstende);
  await schrittLoggen(trx, s, a.id, p.id, 'dienstende', t, d.bemerkung?.trim() || null);
  return { planungId: p.id, meldung: 'Dienstende gebucht' };
}

/** Phone completed: solved by phone before arrival; the visit ends; status 06. */
export async function telefonischErledigt(trx: Db, s: Schritt, id: number, d: Daten<'telefonischErledigt'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAngenommen(p);
  if (p.vorOrtDatum) throw unprocessable('Der Techniker ist bereits vor Ort: bitte den Auftrag abschließen');
  const t = schrittZeit(d.zeitpunkt);
  await zeitDesEinsatzesStoppen(trx, p, t);
  await trx.updateTable('servicePlanungen').set({ erledigtDatum: t, aktiv: false }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.telefonischErledigt);
  await schrittLoggen(trx, s, a.id, p.id, 'telefonischErledigt', t, d.bemerkung?.trim() || null);
  return { planungId: p.id, meldung: 'Telefonisch erledigt' };
}

/** SVC-019/059 travel start: accepted, reisebeginnDatum empty; status 03. */
export async function reisebeginn(trx: Db, s: Schritt, id: number, d: Daten<'reisebeginn'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAngenommen(p);
  if (p.reisebeginnDatum) throw unprocessable(`Der Reisebeginn ist bereits gebucht (${uhrzeitVon(p.reisebeginnDatum)})`);
  const t = schrittZeit(d.zeitpunkt, d.datum);
  await trx.updateTable('servicePlanungen').set({ reisebeginnDatum: t }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.reiseGestartet);
  await schrittLoggen(trx, s, a.id, p.id, 'reisebeginn', t);
  return { planungId: p.id, meldung: 'Reisebeginn gestartet' };
}

/** SVC-020/048/061 arrival: after travel start, while vorOrtDatum is empty, not before travel start; strecke whole km ≥ 0; status 04. */
export async function ankunft(trx: Db, s: Schritt, id: number, d: Daten<'ankunft'>): Promise<SchrittErgebnis> {
  if (!Number.isInteger(d.strecke) || d.strecke < 0 || d.strecke > MAX_KM)
    throw fehler('strecke', 'Bitte die Strecke in ganzen Kilometern (0 oder mehr) eingeben');
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertAngenommen(p);
  if (!p.reisebeginnDatum) throw unprocessable('Bitte zuerst den Reisebeginn buchen');
  if (p.vorOrtDatum) throw unprocessable(`Die Ankunft ist bereits gebucht (${uhrzeitVon(p.vorOrtDatum)})`);
  const t = schrittZeit(d.zeitpunkt, d.datum);
  if (t < p.reisebeginnDatum) throw fehler('datum', `Die Ankunft darf nicht vor dem Reisebeginn um ${uhrzeitVon(p.reisebeginnDatum)} liegen`, 422);
  await trx.updateTable('servicePlanungen').set({ vorOrtDatum: t, strecke: d.strecke }).where('id', '=', p.id).execute();
  await setStatus(trx, a.id, ST.vorOrt);
  await schrittLoggen(trx, s, a.id, p.id, 'ankunft', t, `${d.strecke} km`);
  return { planungId: p.id, meldung: 'Status Vor-Ort gesetzt' };
}

/**
 * Start the automatic recording (SVC-021/025/049): on site, not before the arrival; one active automatic recording per
 * technician — another running one refuses (409, its planning item id as message parameter) unless `abbrechen`, which
 * ends it at this start.
 */
export async function zeitStart(trx: Db, s: Schritt, id: number, d: Daten<'zeitStart'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertVorOrt(p, 'Stunden');
  const t = schrittZeit(d.zeitpunkt, d.datum);
  assertNachAnkunft(p, t, 'datum');
  const technikerId = p.technikerId as number;
  const laeuft = await laufendeZeit(trx, technikerId);
  if (laeuft) {
    if (!d.abbrechen) {
      const nr = await trx.selectFrom('serviceAuftraege').select('auftragsnummer').where('id', '=', laeuft.serviceAuftragId).executeTakeFirst();
      throw new ApiError(
        409,
        MessageCode.conflict,
        `Es läuft bereits eine Zeiterfassung (Auftrag ${nr?.auftragsnummer ?? laeuft.serviceAuftragId}). Soll sie abgebrochen werden?`,
        {
          messageParameters: [String(laeuft.planungId), String(laeuft.id)],
          fieldErrors: { abbrechen: ['Es läuft bereits eine Zeiterfassung'] },
        },
      );
    }
    await zeitBeenden(trx, laeuft, t, true);
  }
  const { id: zeitId } = await trx
    .insertInto('serviceZeiten')
    .values({ technikerId, serviceAuftragId: a.id, planungId: p.id, art: 'A', von: t, bis: null, minuten: null, bemerkung: null, laeuft: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: { code?: string }) => {
      // a start from another device in the same moment (unique: one running recording per technician)
      if (err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE')
        throw conflict('Es läuft bereits eine Zeiterfassung', { abbrechen: ['Es läuft bereits eine Zeiterfassung'] });
      throw err;
    });
  await setStatus(trx, a.id, ST.inArbeit);
  await schrittLoggen(trx, s, a.id, p.id, 'zeitStart', t, laeuft ? 'laufende Zeiterfassung abgebrochen' : null);
  return { planungId: p.id, meldung: 'Zeiterfassung gestartet', zeitId };
}

/** Stop the running recording of this item; the end after its start (SVC-050); minutes added to the task. Status 07. */
export async function zeitStopp(trx: Db, s: Schritt, id: number, d: Daten<'zeitStopp'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertVorOrt(p, 'Stunden');
  const t = schrittZeit(d.zeitpunkt, d.datum);
  const laeuft = p.technikerId === null ? undefined : await laufendeZeit(trx, p.technikerId);
  if (!laeuft || laeuft.planungId !== p.id) throw unprocessable('Für diesen Einsatz läuft keine Zeiterfassung');
  if (t <= laeuft.von) throw fehler('datum', `Die Bis-Zeit muss nach der Von-Zeit (${uhrzeitVon(laeuft.von)}) liegen`, 422);
  await zeitBeenden(trx, laeuft, t, false);
  await setStatus(trx, a.id, ST.arbeitUnterbrochen);
  await schrittLoggen(trx, s, a.id, p.id, 'zeitStopp', t, `${minutenZwischen(laeuft.von, t)} min`);
  return { planungId: p.id, meldung: 'Zeiterfassung beendet', zeitId: laeuft.id };
}

/** Service time dialog: a manual recording von–bis on a day (SVC-021/049/050); minutes added to the task. */
export async function serviceZeit(trx: Db, s: Schritt, id: number, d: Daten<'serviceZeit'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  assertVorOrt(p, 'Stunden');
  const t = schrittZeit(d.zeitpunkt);
  const tag = d.tag ?? tagVon(t);
  const von = berlinZuUtc(tag, d.von);
  const bis = berlinZuUtc(tag, d.bis);
  if (bis <= von) throw fehler('bis', 'Die Bis-Zeit muss nach der Von-Zeit liegen', 422);
  assertNachAnkunft(p, von, 'von');
  if (tag > heute()) throw fehler('tag', 'Zeiten können nicht für einen Tag nach heute gebucht werden', 422);
  const minuten = minutenZwischen(von, bis);
  const { id: zeitId } = await trx
    .insertInto('serviceZeiten')
    .values({
      technikerId: p.technikerId as number,
      serviceAuftragId: a.id,
      planungId: p.id,
      art: 'M',
      von,
      bis,
      minuten,
      bemerkung: d.bemerkung?.trim() || null,
      laeuft: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('serviceAuftraege')
    .set((eb) => ({ gebrauchteZeit: eb('gebrauchteZeit', '+', minuten), geaendertAm: nowIso() }))
    .where('id', '=', a.id)
    .execute();
  await schrittLoggen(trx, s, a.id, p.id, 'serviceZeit', t, `${d.von}–${d.bis} (${minuten} min)`);
  return { planungId: p.id, meldung: 'Servicezeit gebucht', zeitId };
}

export async function zeitLesen(db: Db, id: number | null | undefined) {
  if (!id) return null;
  const z = await db.selectFrom('serviceZeiten').selectAll().where('id', '=', id).executeTakeFirst();
  return z ? { ...zeitOut(z), art: z.art as 'A' | 'M' } : null;
}

export async function aktiveZeit(db: Db, wer: Wer) {
  if (wer.technikerId === null) return null;
  const z = await laufendeZeit(db, wer.technikerId);
  return z ? { ...zeitOut(z), art: z.art as 'A' | 'M' } : null;
}

// ---------------------------------------------------------------- material

type MaterialRow = NonNullable<Awaited<ReturnType<typeof materialZeile>>>;
async function materialZeile(trx: Db, id: number) {
  return forUpdate(trx, trx.selectFrom('serviceMaterial').selectAll().where('id', '=', id)).executeTakeFirst();
}

const n = (v: number | string | bigint) => Number(v);
const verbraucht = (m: MaterialRow) => n(m.mengeEingebaut) + n(m.mengeDoa) + n(m.mengeGutteilretoure);

/** The material status of a line from its quantities (§4 colours: 10, 13, 15, 17, 25, 27, 19, 29). */
type Mengenfeld = 'mengeUmgelagert' | 'mengeEingebaut' | 'mengeDoa' | 'mengeGutteilretoure' | 'mengeNichtGeliefert' | 'mengeReserviert' | 'mengeBestaetigt';
/** The quantities the status follows from; a quantity a new line does not set yet is 0 (the column's default). */
type Mengen = Pick<MaterialRow, 'menge'> & Partial<Pick<MaterialRow, Mengenfeld>>;

export function materialstatusVon(m: Mengen): string {
  const n = (v: number | string | bigint | undefined) => Number(v ?? 0);
  const menge = n(m.menge);
  const umgelagert = n(m.mengeUmgelagert);
  if (menge > 0 && n(m.mengeEingebaut) + n(m.mengeDoa) + n(m.mengeGutteilretoure) >= menge) return MS.verbucht;
  if (n(m.mengeNichtGeliefert) > 0) return MS.nichtLieferbar;
  if (umgelagert === 0) return n(m.mengeReserviert) > 0 ? MS.reserviert : MS.angefordert;
  if (umgelagert < menge) return MS.inUmlagerung;
  const best = n(m.mengeBestaetigt);
  if (best >= umgelagert) return MS.bestaetigt;
  return best > 0 ? MS.teilweiseBestaetigt : MS.umgelagert;
}

/** Order of the material statuses from least to most advanced: a task's status is its least advanced line's. */
const RANG = [MS.nichtLieferbar, MS.angefordert, MS.reserviert, MS.inUmlagerung, MS.umgelagert, MS.teilweiseBestaetigt, MS.bestaetigt, MS.verbucht] as string[];

async function materialstatusNeu(trx: Db, materialId: number) {
  const m = await trx.selectFrom('serviceMaterial').selectAll().where('id', '=', materialId).executeTakeFirstOrThrow();
  const status = materialstatusVon(m);
  if (status !== m.materialstatus) await trx.updateTable('serviceMaterial').set({ materialstatus: status }).where('id', '=', m.id).execute();
  const all = await trx.selectFrom('serviceMaterial').select('materialstatus').where('serviceAuftragId', '=', m.serviceAuftragId).execute();
  const least = all.map((r) => r.materialstatus).sort((x, y) => RANG.indexOf(x) - RANG.indexOf(y))[0] ?? null;
  await trx.updateTable('serviceAuftraege').set({ materialstatus: least }).where('id', '=', m.serviceAuftragId).execute();
}

const FELD = {
  eingebaut: 'mengeEingebaut',
  doa: 'mengeDoa',
  gutteilretoure: 'mengeGutteilretoure',
  defektVerkauft: 'mengeDefektVerkauft',
  defektEingelagert: 'mengeDefektEingelagert',
} as const;
export type Buchungsart = keyof typeof FELD;

/**
 * SVC-051..054: the bounds of a booking (thousandths). Good parts (installed, DOA, return) up to what is left of the
 * line's quantity; faulty parts (sold, stored) up to the installed quantity not yet accounted for (each installed part
 * replaces one faulty part). A negative amount corrects earlier bookings of the same kind, down to minus their sum.
 */
export function grenzen(m: MaterialRow, art: Buchungsart) {
  const gebucht = n(m[FELD[art]]);
  if (art === 'defektVerkauft' || art === 'defektEingelagert') {
    return { max: n(m.mengeEingebaut) - n(m.mengeDefektVerkauft) - n(m.mengeDefektEingelagert), min: -gebucht };
  }
  return { max: n(m.menge) - verbraucht(m), min: -gebucht };
}

/** Amount rules of the material dialogs (SVC-051..053), the amount in pieces; answers thousandths. */
function pruefeMenge(menge: number, g: { max: number; min: number }) {
  let v: number;
  try {
    v = qty3.toDb(menge);
  } catch {
    throw fehler('menge', UNGUELTIG);
  }
  if (v === 0) throw fehler('menge', UNGUELTIG);
  if (v > g.max)
    throw new ApiError(400, MessageCode.validation, 'zu groß', { fieldErrors: { menge: ['zu groß'] }, messageParameters: [String(qty3.fromDb(g.max))] });
  if (v < g.min)
    throw new ApiError(400, MessageCode.validation, 'zu klein', { fieldErrors: { menge: ['zu klein'] }, messageParameters: [String(qty3.fromDb(g.min))] });
  return v;
}

async function lagerDesTechnikers(trx: Db, technikerId: number | null) {
  const t = technikerId === null ? undefined : await trx.selectFrom('techniker').selectAll().where('id', '=', technikerId).executeTakeFirst();
  if (!t) throw unprocessable('Dem Auftrag ist kein Techniker zugeordnet');
  return t;
}
function lagerPflicht(id: number | null, was: string): number {
  if (id === null) throw unprocessable(`Dem Techniker ist kein ${was} zugeordnet`);
  return id;
}

/** The material step's context: the line of the task, the technician's planning item on site (SVC-022). */
async function materialKontext(trx: Db, s: Schritt, auftragId: number, materialId: number) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const m = await materialZeile(trx, materialId);
  if (!m || m.serviceAuftragId !== a.id) throw notFound('Materialzeile');
  const p = await trx
    .selectFrom('servicePlanungen')
    .selectAll()
    .where('serviceAuftragId', '=', a.id)
    .where('technikerId', '=', a.technikerId ?? -1)
    .where('aktiv', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!p?.vorOrtDatum || !p.reisebeginnDatum) throw unprocessable('Material kann erst nach der Ankunft vor Ort gebucht werden');
  return { a, m, p };
}

export interface MaterialErgebnis {
  buchungId: number;
  materialId: number;
  warnungen: string[];
}

/**
 * A material booking (SVC-014, 022, 023, 051..053): the amount rules, the stock movements through the journal, the
 * line's quantity and status. Stock: installed — out of the technician's good-parts store to the customer; DOA — from
 * the good-parts store into the DOA store; good-part return — from the good-parts store back to the line's source
 * store; faulty stored — the removed faulty part into the faulty store; faulty sold — the removed faulty part through
 * the faulty store (in and out: it is sold on). A negative amount reverses. Short stock is a 422 (nothing written).
 */
export async function materialBuchen(
  trx: Db,
  s: Schritt,
  auftragId: number,
  materialId: number,
  art: Buchungsart,
  d: { menge: number; seriennr?: string | null; chargennr?: string | null; zeitpunkt?: string },
): Promise<MaterialErgebnis> {
  const { a, m, p } = await materialKontext(trx, s, auftragId, materialId);
  const t = schrittZeit(d.zeitpunkt);
  assertNachAnkunft(p, t, 'zeitpunkt');
  const menge = pruefeMenge(d.menge, grenzen(m, art));
  const tech = await lagerDesTechnikers(trx, p.technikerId);
  const text = `Serviceauftrag ${a.auftragsnummer}`;
  const base = { artikelId: m.artikelId, feld: 'bestand' as const, benutzerId: s.wer.id, text };
  const moves: Bewegung[] = [];
  const gut = () => lagerPflicht(tech.gutteileLagerId, 'Gutteilelager');
  const warnungen: string[] = [];
  switch (art) {
    case 'eingebaut':
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_EINBAU' });
      break;
    case 'doa':
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_DOA' });
      moves.push({ ...base, lagerId: lagerPflicht(tech.doateileLagerId, 'DOA-Lager'), menge, art: 'SVC_DOA' });
      break;
    case 'gutteilretoure':
      if (m.quelleLagerId === null) throw unprocessable('Die Materialzeile hat kein Herkunftslager für die Rückbuchung');
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_RETOURE' });
      moves.push({ ...base, lagerId: m.quelleLagerId, menge, art: 'SVC_RETOURE' });
      break;
    case 'defektEingelagert':
      moves.push({ ...base, lagerId: lagerPflicht(tech.defektteileLagerId, 'Defektteilelager'), menge, art: 'SVC_DEFEKT_EIN' });
      break;
    case 'defektVerkauft': {
      const lager = lagerPflicht(tech.defektteileLagerId, 'Defektteilelager');
      const betrag = Math.abs(menge);
      const sign = menge > 0 ? 1 : -1;
      // in and out again (sold on): the journal shows the part passing through the faulty store
      moves.push({ ...base, lagerId: lager, menge: betrag, art: 'SVC_DEFEKT_VERKAUF', text: `${text}: ${sign > 0 ? 'Ausbau' : 'Korrektur'}` });
      moves.push({ ...base, lagerId: lager, menge: -betrag, art: 'SVC_DEFEKT_VERKAUF', text: `${text}: ${sign > 0 ? 'Verkauf' : 'Korrektur'}` });
      break;
    }
  }
  // negative amounts reverse: the stock flows back the other way
  if (menge < 0 && art !== 'defektVerkauft') moves.reverse();
  if ((art === 'eingebaut' || art === 'doa') && menge > 0) {
    const nachher = verbraucht(m) + menge;
    if (nachher > n(m.mengeUmgelagert)) {
      warnungen.push(
        `Material noch nicht umgelagert: umgelagert ${fmtMenge(n(m.mengeUmgelagert))}, gebucht ${fmtMenge(nachher)} ${m.mengeneinheit} — gebucht aus dem Bestand des Gutteilelagers`,
      );
    }
  }
  await buche(trx, moves);
  const feld = FELD[art];
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ [feld]: eb(feld, '+', menge) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  const { id: buchungId } = await trx
    .insertInto('serviceMaterialBuchungen')
    .values({
      serviceAuftragId: a.id,
      materialId: m.id,
      planungId: p.id,
      artikelId: m.artikelId,
      art,
      menge,
      seriennr: d.seriennr?.trim() || null,
      chargennr: d.chargennr?.trim() || null,
      zeitpunkt: t,
      technikerId: p.technikerId,
      benutzerId: s.wer.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('serviceAuftraege').set({ geaendertAm: nowIso() }).where('id', '=', a.id).execute();
  await schrittLoggen(trx, s, a.id, p.id, art === 'gutteilretoure' ? 'rueckbuchung' : 'materialBuchung', t, `${art} ${fmtMenge(menge)} ${m.mengeneinheit}`);
  return { buchungId, materialId: m.id, warnungen };
}

const fmtMenge = (v: number) => String(qty3.fromDb(v)).replace('.', ',');

export async function buchungLesen(db: Db, id: number) {
  const b = await db.selectFrom('serviceMaterialBuchungen').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...buchungOut(b), art: b.art as Buchungsart };
}

/** Confirm received material: 0 < menge ≤ transferred − confirmed ('zu groß'). */
export async function materialBestaetigen(trx: Db, s: Schritt, materialId: number, d: Daten<'materialBestaetigen'>) {
  const m = await materialZeile(trx, materialId);
  if (!m) throw notFound('Materialzeile');
  const a = await auftragFuer(trx, s.wer, m.serviceAuftragId);
  assertOffen(a);
  const menge = pruefeMenge(d.menge, { max: n(m.mengeUmgelagert) - n(m.mengeBestaetigt), min: 1 });
  const t = schrittZeit(d.zeitpunkt);
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ mengeBestaetigt: eb('mengeBestaetigt', '+', menge) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  await schrittLoggen(trx, s, a.id, null, 'materialBestaetigen', t, `${fmtMenge(menge)} ${m.mengeneinheit} bestätigt`);
  return m.id;
}

// ---------------------------------------------------------------- additional work

/** SVC-041..047: the fields each type needs; the others are cleared. */
async function mehraufwandWerte(trx: Db, d: Daten<'mehraufwand'>) {
  const art = await trx.selectFrom('serviceMehraufwandsarten').selectAll().where('id', '=', d.mehraufwandArtId).executeTakeFirst();
  if (!art) throw fehler('mehraufwandArtId', `Unbekannte Mehraufwandsart: ${d.mehraufwandArtId}`);
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  const werte = {
    mehraufwandArtId: art.id,
    bemerkung: d.bemerkung?.trim() || null,
    abrechnungsartId: d.abrechnungsartId ?? null,
    vonZeitpunkt: null as string | null,
    bisZeitpunkt: null as string | null,
    kosten: null as number | null,
    strecke: null as number | null,
  };
  const pflicht = 'Bitte einen Wert eingeben';
  if (art.typ === 1) {
    if (!d.vonZeitpunkt || !d.bisZeitpunkt) {
      throw badRequest(PRUEFEN, { ...(d.vonZeitpunkt ? {} : { vonZeitpunkt: [pflicht] }), ...(d.bisZeitpunkt ? {} : { bisZeitpunkt: [pflicht] }) });
    }
    const von = new Date(d.vonZeitpunkt).toISOString();
    const bis = new Date(d.bisZeitpunkt).toISOString();
    if (von >= bis) throw fehler('bisZeitpunkt', 'Der Beginn muss vor dem Ende liegen');
    werte.vonZeitpunkt = von;
    werte.bisZeitpunkt = bis;
  } else if (art.typ === 2) {
    if (d.kosten === null || d.kosten === undefined) throw fehler('kosten', pflicht);
    if (d.kosten <= 0) throw fehler('kosten', 'zu klein');
    if (d.kosten > MAX_KOSTEN) throw fehler('kosten', 'zu groß');
    if (money2.toDb(d.kosten) / 100 !== d.kosten) throw fehler('kosten', 'Bitte einen ganzen Preis (höchstens 2 Nachkommastellen) eingeben');
    werte.kosten = money2.toDb(d.kosten);
  } else {
    if (d.strecke === null || d.strecke === undefined) throw fehler('strecke', pflicht);
    if (!Number.isInteger(d.strecke) || d.strecke <= 0 || d.strecke > MAX_KM) throw fehler('strecke', 'Bitte eine ganze Zahl größer 0 eingeben');
    werte.strecke = d.strecke;
  }
  return { werte, typ: art.typ, bezeichnung: art.bezeichnung };
}

/** Save additional work of a task (new, or change with `mehraufwandId`). */
export async function mehraufwandSpeichern(trx: Db, s: Schritt, auftragId: number, d: Daten<'mehraufwand'>, mehraufwandId?: number) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const { werte, bezeichnung } = await mehraufwandWerte(trx, d);
  const t = schrittZeit(d.zeitpunkt);
  let id: number;
  if (mehraufwandId === undefined) {
    ({ id } = await trx
      .insertInto('serviceMehraufwaende')
      .values({ ...werte, serviceAuftragId: a.id, technikerId: s.wer.technikerId ?? a.technikerId, zeitpunkt: t })
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    const alt = await trx
      .selectFrom('serviceMehraufwaende')
      .select('id')
      .where('id', '=', mehraufwandId)
      .where('serviceAuftragId', '=', a.id)
      .executeTakeFirst();
    if (!alt) throw notFound('Mehraufwand');
    await trx.updateTable('serviceMehraufwaende').set(werte).where('id', '=', alt.id).execute();
    id = alt.id;
  }
  await schrittLoggen(trx, s, a.id, null, mehraufwandId === undefined ? 'mehraufwand' : 'mehraufwandAendern', t, bezeichnung);
  return id;
}

export async function mehraufwandLoeschen(trx: Db, s: Schritt, auftragId: number, mehraufwandId: number, zeitpunkt?: string) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const res = await trx.deleteFrom('serviceMehraufwaende').where('id', '=', mehraufwandId).where('serviceAuftragId', '=', a.id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound('Mehraufwand');
  await schrittLoggen(trx, s, a.id, null, 'mehraufwandLoeschen', schrittZeit(zeitpunkt));
}

export async function mehraufwandLesen(db: Db, id: number) {
  const r = await db
    .selectFrom('serviceMehraufwaende')
    .innerJoin('serviceMehraufwandsarten', 'serviceMehraufwandsarten.id', 'serviceMehraufwaende.mehraufwandArtId')
    .selectAll('serviceMehraufwaende')
    .select('serviceMehraufwandsarten.typ')
    .where('serviceMehraufwaende.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...r, kosten: r.kosten === null ? null : money2.fromDb(r.kosten) };
}

// ---------------------------------------------------------------- subsequent bookings, calendar

/** SVC-055: a subsequent booking for a day after today is refused. */
export async function nachbuchung(trx: Db, s: Schritt, d: Daten<'nachbuchung'>) {
  const ts = new Date(d.nachbuchungTimeStamp).toISOString();
  if (tagVon(ts) > heute()) {
    throw fehler('nachbuchungTimeStamp', 'Eine Nachbuchung für einen Tag nach heute ist nicht möglich', 422);
  }
  const { id } = await trx
    .insertInto('serviceNachbuchungen')
    .values({ ben_id: s.wer.id, istAnmeldung: d.istAnmeldung, nachbuchungTimeStamp: ts, kommentar: d.kommentar?.trim() || null, erfasstAm: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SNB', datensatzId: id, aktion: 'NEU', benutzerId: s.wer.id });
  return id;
}

/** SVC-056..058: defaults today / same day / type 1; start ≠ end forces both half days; a single day needs one half. */
async function kalenderWerte(
  trx: Db,
  d: Daten<'kalendereintrag'>,
  alt?: { KAL_TYP_ID: number; Vormittags: boolean; Nachmittags: boolean; StartDatum: string; EndeDatum: string; Kommentar: string | null },
) {
  const start = d.StartDatum ?? alt?.StartDatum ?? heute();
  const ende = d.EndeDatum ?? (d.StartDatum !== undefined ? start : (alt?.EndeDatum ?? start));
  const typ = d.KAL_TYP_ID ?? alt?.KAL_TYP_ID ?? 1;
  if (!(await trx.selectFrom('serviceKalenderTypen').select('id').where('id', '=', typ).executeTakeFirst())) {
    throw fehler('KAL_TYP_ID', `Unbekannter Kalendertyp: ${typ}`);
  }
  if (ende < start) throw fehler('EndeDatum', 'Das Ende darf nicht vor dem Beginn liegen');
  let vor = d.Vormittags ?? alt?.Vormittags ?? true;
  let nach = d.Nachmittags ?? alt?.Nachmittags ?? true;
  if (start !== ende) {
    vor = true;
    nach = true;
  } else if (!vor && !nach) throw fehler('Vormittags', 'Bitte Vormittag und/oder Nachmittag wählen');
  const kommentar = d.Kommentar === undefined ? (alt?.Kommentar ?? null) : d.Kommentar?.trim() || null;
  return { KAL_TYP_ID: typ, Vormittags: vor, Nachmittags: nach, StartDatum: start, EndeDatum: ende, Kommentar: kommentar };
}

async function eigenerEintrag(trx: Db, wer: Wer, id: number) {
  const e = await forUpdate(trx, trx.selectFrom('serviceKalendereintraege').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!e || (!wer.alle && e.BEN_ID !== wer.id)) throw notFound('Kalendereintrag');
  return e;
}

export async function kalenderNeu(trx: Db, s: Schritt, d: Daten<'kalendereintrag'>) {
  const werte = await kalenderWerte(trx, d);
  const { id } = await trx
    .insertInto('serviceKalendereintraege')
    .values({ ...werte, BEN_ID: s.wer.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'NEU', benutzerId: s.wer.id });
  return id;
}

export async function kalenderAendern(trx: Db, s: Schritt, id: number, d: Daten<'kalendereintrag'>) {
  const alt = await eigenerEintrag(trx, s.wer, id);
  const werte = await kalenderWerte(trx, d, alt);
  await trx.updateTable('serviceKalendereintraege').set(werte).where('id', '=', id).execute();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'AENDERN', benutzerId: s.wer.id, felder: Object.keys(d).filter((k) => k !== 'zeitpunkt') });
  return id;
}

export async function kalenderLoeschen(trx: Db, s: Schritt, id: number) {
  await eigenerEintrag(trx, s.wer, id);
  await trx.deleteFrom('serviceKalendereintraege').where('id', '=', id).execute();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'LOESCHEN', benutzerId: s.wer.id });
}

export async function kalenderLesen(db: Db, id: number) {
  const e = await db.selectFrom('serviceKalendereintraege').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...e, Vormittags: Boolean(e.Vormittags), Nachmittags: Boolean(e.Nachmittags) };
}

// ---------------------------------------------------------------- signature and completion

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The customer's signature (PNG, name of the signer). */
export async function unterschrift(trx: Db, s: Schritt, auftragId: number, d: Daten<'unterschrift'>) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const bytes = Buffer.from(d.daten.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length < 60 || !bytes.subarray(0, 8).equals(PNG)) throw fehler('daten', 'Die Unterschrift muss ein PNG-Bild sein');
  const t = schrittZeit(d.zeitpunkt);
  await trx
    .updateTable('serviceAuftraege')
    .set({ unterschriftDaten: bytes.toString('base64'), unterschriftName: d.name.trim(), unterschriftAm: t, geaendertAm: nowIso() })
    .where('id', '=', a.id)
    .execute();
  await schrittLoggen(trx, s, a.id, null, 'unterschrift', t, d.name.trim());
  return a.id;
}

/**
 * Completion: needs the signature; a running recording on the task is stopped; the completion report (PDF with the
 * signature) is rendered and kept with its SHA-256; status 12; the task's planning items end.
 */
export async function abschliessen(trx: Db, s: Schritt, auftragId: number, d: Daten<'abschluss'>) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  if (!a.unterschriftDaten) throw unprocessable('Bitte zuerst die Unterschrift des Kunden erfassen');
  const t = schrittZeit(d.zeitpunkt);
  const laufend = await trx.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', a.id).where('laeuft', '=', 1).execute();
  for (const z of laufend) await zeitBeenden(trx, z, t, false);
  await trx.updateTable('servicePlanungen').set({ aktiv: false, erledigtDatum: t }).where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).execute();
  await setStatus(trx, a.id, ST.abgeschlossen, { abgeschlossenAm: t });
  await schrittLoggen(trx, s, a.id, null, 'abschluss', t, d.bemerkung?.trim() || null);
  const { pdf, sha256 } = await renderAbschlussbericht(trx, a.id);
  await trx.updateTable('serviceAuftraege').set({ abschlussbericht: pdf, abschlussberichtSha256: sha256 }).where('id', '=', a.id).execute();
  return { auftragId: a.id, sha256 };
}

// ---------------------------------------------------------------- office: orders, planning, material lines

const jetzt = () => nowIso();

/**
 * Office functions (plan, reassign, cancel, material lines and transfers) also check on the object level that the user
 * reaches every task: a technician without a stored SVC_DISPO row (an unlisted right counts as granted) is refused too.
 */
function assertDispo(wer: Wer) {
  if (!wer.alle) throw forbidden(DISPO_RECHT);
}

/** Office: a new order; its number drawn from the range AUFTRAG; site copied from the asset or address when not given. */
export async function auftragAnlegen(trx: Db, wer: Wer, d: z.output<typeof serviceAuftragEingabe>) {
  assertDispo(wer);
  await assertRef(trx, 'adressen', d.adresseId, 'adresseId');
  await assertRef(trx, 'assets', d.assetId, 'assetId');
  await assertRef(trx, 'serviceAuftragsarten', d.auftragsartId, 'auftragsartId');
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  const standort = await standortVon(trx, d);
  const { text } = await drawNumber(trx, 'AUFTRAG');
  const { id } = await trx
    .insertInto('serviceAuftraege')
    .values({
      ...leer(d),
      ...standort,
      auftragsnummer: text,
      auftragsstatus: ST.neu,
      materialstatus: null,
      bezeichnung: d.bezeichnung,
      technikerId: null,
      angelegtAm: jetzt(),
      geaendertAm: jetzt(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SVA', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

function leer(d: Partial<z.output<typeof serviceAuftragEingabe>>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) if (v !== undefined) out[k] = typeof v === 'string' ? v.trim() || null : v;
  return out as Partial<Record<string, string | number | null>>;
}

async function standortVon(trx: Db, d: Partial<z.output<typeof serviceAuftragEingabe>>) {
  if (d.standortOrt || d.standortPlz || d.standortStrasse) return {};
  if (d.assetId) {
    const as = await trx.selectFrom('assets').selectAll().where('id', '=', d.assetId).executeTakeFirst();
    if (as?.standortOrt)
      return { standortName: as.standortName, standortStrasse: as.standortStrasse, standortPlz: as.standortPlz, standortOrt: as.standortOrt };
  }
  if (d.adresseId) {
    const ad = await trx.selectFrom('adressen').select(['name1', 'strasse', 'plz', 'ort']).where('id', '=', d.adresseId).executeTakeFirst();
    if (ad) return { standortName: ad.name1, standortStrasse: ad.strasse, standortPlz: ad.plz, standortOrt: ad.ort };
  }
  return {};
}

/** Office: change an order; status 90 cancels it (its planning items end; queued steps then answer a conflict). */
export async function auftragAendern(trx: Db, wer: Wer, id: number, d: z.output<typeof serviceAuftragAenderung>) {
  assertDispo(wer);
  const a = await auftragFuer(trx, wer, id);
  await assertRef(trx, 'adressen', d.adresseId, 'adresseId');
  await assertRef(trx, 'assets', d.assetId, 'assetId');
  await assertRef(trx, 'serviceAuftragsarten', d.auftragsartId, 'auftragsartId');
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  if (
    d.auftragsstatus &&
    !(await trx.selectFrom('serviceStatus').select('status').where('art', '=', 'A').where('status', '=', d.auftragsstatus).executeTakeFirst())
  ) {
    throw fehler('auftragsstatus', `Unbekannter Auftragsstatus: ${d.auftragsstatus}`);
  }
  if (a.auftragsstatus === ST.abgeschlossen && Object.keys(d).length) throw conflict(`Der Auftrag ${a.auftragsnummer} ist bereits abgeschlossen`);
  const set = leer(d);
  if (Object.keys(set).length)
    await trx
      .updateTable('serviceAuftraege')
      .set({ ...set, geaendertAm: jetzt() })
      .where('id', '=', a.id)
      .execute();
  if (d.auftragsstatus === ST.storniert) {
    const t = jetzt();
    const laufend = await trx.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', a.id).where('laeuft', '=', 1).execute();
    for (const z of laufend) await zeitBeenden(trx, z, t, true);
    await trx.updateTable('servicePlanungen').set({ aktiv: false, erledigtDatum: t }).where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).execute();
  }
  await logChange(trx, { tabelle: 'SVA', datensatzId: a.id, aktion: 'AENDERN', benutzerId: wer.id, felder: Object.keys(set) });
  return a.id;
}

async function planungskopie(trx: Db, auftragId: number) {
  const a = await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', auftragId).executeTakeFirstOrThrow();
  const as = a.assetId ? await trx.selectFrom('assets').select(['assetnummer', 'bezeichnung']).where('id', '=', a.assetId).executeTakeFirst() : undefined;
  return {
    a,
    kopie: {
      titel: a.titel ?? a.bezeichnung,
      plz: a.standortPlz,
      ort: a.standortOrt,
      strasse: a.standortStrasse,
      assetBezeichnung: as?.bezeichnung ?? null,
      assetNr: as?.assetnummer ?? null,
      auftragsbeschreibung: a.auftragsbeschreibung,
    },
  };
}

/** Office: plan a visit (the task is assigned to the technician; status 01, or 02 when planned as accepted). */
export async function planungAnlegen(trx: Db, wer: Wer, d: z.output<typeof servicePlanungEingabe>) {
  assertDispo(wer);
  await auftragFuer(trx, wer, d.serviceAuftragId);
  await assertRef(trx, 'techniker', d.technikerId, 'technikerId');
  const beginn = new Date(d.beginnDatum).toISOString();
  const ende = new Date(d.endeDatum).toISOString();
  if (ende <= beginn) throw fehler('endeDatum', 'Das Ende muss nach dem Beginn liegen');
  const { a, kopie } = await planungskopie(trx, d.serviceAuftragId);
  assertOffen(a);
  const offen = await trx.selectFrom('servicePlanungen').select('id').where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).executeTakeFirst();
  if (offen) throw conflict(`Der Auftrag ${a.auftragsnummer} ist bereits eingeplant (Einsatz ${offen.id})`);
  const { id } = await trx
    .insertInto('servicePlanungen')
    .values({
      ...kopie,
      serviceAuftragId: a.id,
      technikerId: d.technikerId,
      beginnDatum: beginn,
      endeDatum: ende,
      angenommenDatum: d.angenommen ? jetzt() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setStatus(trx, a.id, d.angenommen ? ST.angenommen : ST.disponiert, { technikerId: d.technikerId });
  await logChange(trx, { tabelle: 'SVP', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

/** Office: move or reassign; a reassigned item is open again for the new technician (its journey cleared, running time stopped). */
export async function planungAendern(trx: Db, wer: Wer, id: number, d: z.output<typeof servicePlanungAenderung>) {
  assertDispo(wer);
  const p = await planungFuer(trx, wer, id);
  assertAktiv(p);
  if (p.serviceAuftragId !== null)
    assertOffen(await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', p.serviceAuftragId).executeTakeFirstOrThrow());
  await assertRef(trx, 'techniker', d.technikerId, 'technikerId');
  const set: Record<string, unknown> = {};
  if (d.beginnDatum) set.beginnDatum = new Date(d.beginnDatum).toISOString();
  if (d.endeDatum) set.endeDatum = new Date(d.endeDatum).toISOString();
  if (((set.endeDatum as string) ?? p.endeDatum) <= ((set.beginnDatum as string) ?? p.beginnDatum))
    throw fehler('endeDatum', 'Das Ende muss nach dem Beginn liegen');
  if (d.technikerId !== undefined && d.technikerId !== p.technikerId) {
    await zeitDesEinsatzesStoppen(trx, p, jetzt());
    Object.assign(set, { technikerId: d.technikerId, angenommenDatum: null, reisebeginnDatum: null, vorOrtDatum: null, strecke: null });
    if (p.serviceAuftragId !== null) await setStatus(trx, p.serviceAuftragId, ST.disponiert, { technikerId: d.technikerId });
  }
  if (Object.keys(set).length) await trx.updateTable('servicePlanungen').set(set).where('id', '=', p.id).execute();
  await logChange(trx, { tabelle: 'SVP', datensatzId: p.id, aktion: 'AENDERN', benutzerId: wer.id, felder: Object.keys(set) });
  return p.id;
}

/** Office: a material line; the quantity is reserved in the source store; receiving store default the technician's good parts. */
export async function materialAnlegen(trx: Db, wer: Wer, auftragId: number, d: z.output<typeof serviceMaterialEingabe>) {
  assertDispo(wer);
  const a = await auftragFuer(trx, wer, auftragId);
  assertOffen(a);
  const art = await trx.selectFrom('artikel').select(['id', 'artikelart', 'mengeneinheit']).where('id', '=', d.artikelId).executeTakeFirst();
  if (!art) throw fehler('artikelId', `Unbekannter Artikel: ${d.artikelId}`);
  if (art.artikelart !== '1') throw fehler('artikelId', 'Nur Lagerartikel (Artikelart 1) können umgelagert werden', 422);
  await assertRef(trx, 'lager', d.quelleLagerId, 'quelleLagerId');
  await assertRef(trx, 'lager', d.empfangLagerId, 'empfangLagerId');
  let empfangId = d.empfangLagerId ?? null;
  if (empfangId === null && a.technikerId !== null) {
    empfangId = (await trx.selectFrom('techniker').select('gutteileLagerId').where('id', '=', a.technikerId).executeTakeFirst())?.gutteileLagerId ?? null;
  }
  const empfang = empfangId === null ? undefined : await trx.selectFrom('lager').select(['bezeichnung']).where('id', '=', empfangId).executeTakeFirst();
  const kunde = d.umlagerungTyp === 3;
  let menge: number;
  try {
    menge = qty3.toDb(d.menge);
  } catch {
    throw fehler('menge', UNGUELTIG);
  }
  const reserviert = d.quelleLagerId ? menge : 0;
  const werte = {
    serviceAuftragId: a.id,
    artikelId: art.id,
    sctyp: d.sctyp?.trim() || null,
    umlagerungTyp: d.umlagerungTyp ?? null,
    quelleLagerId: d.quelleLagerId ?? null,
    empfangLagerId: empfangId,
    empfangBezeichnung: kunde ? (a.standortName ?? empfang?.bezeichnung ?? null) : (empfang?.bezeichnung ?? null),
    empfangPlz: kunde ? a.standortPlz : null,
    empfangOrt: kunde ? a.standortOrt : null,
    empfangStrasse: kunde ? a.standortStrasse : null,
    mengeneinheit: art.mengeneinheit || 'Stk',
    menge,
    mengeReserviert: reserviert,
    mengeNichtGeliefert: d.mengeNichtGeliefert ? qty3.toDb(d.mengeNichtGeliefert) : 0,
  };
  const { id } = await trx
    .insertInto('serviceMaterial')
    .values({ ...werte, materialstatus: materialstatusVon(werte) })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (reserviert && d.quelleLagerId) {
    await buche(trx, [
      {
        artikelId: art.id,
        lagerId: d.quelleLagerId,
        feld: 'reserviert',
        menge: reserviert,
        art: 'SVC_RESERVIERUNG',
        text: `Serviceauftrag ${a.auftragsnummer}`,
        benutzerId: wer.id,
      },
    ]);
  }
  await materialstatusNeu(trx, id);
  await logChange(trx, { tabelle: 'SVM', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

/** Office: transfer (part of) a line from its source into its receiving store (stock journal); the reservation is released. */
export async function materialUmlagern(trx: Db, wer: Wer, materialId: number, mengeStk: number) {
  assertDispo(wer);
  const m = await materialZeile(trx, materialId);
  if (!m) throw notFound('Materialzeile');
  const a = await auftragFuer(trx, wer, m.serviceAuftragId);
  assertOffen(a);
  if (m.quelleLagerId === null || m.empfangLagerId === null) throw unprocessable('Die Materialzeile braucht ein Herkunfts- und ein Empfangslager');
  const menge = pruefeMenge(mengeStk, { max: n(m.menge) - n(m.mengeUmgelagert), min: 1 });
  const frei = Math.min(menge, n(m.mengeReserviert));
  const base = { artikelId: m.artikelId, benutzerId: wer.id, text: `Serviceauftrag ${a.auftragsnummer}`, art: 'SVC_UMLAGERUNG' };
  const moves: Bewegung[] = [
    { ...base, lagerId: m.quelleLagerId, feld: 'bestand', menge: -menge },
    { ...base, lagerId: m.empfangLagerId, feld: 'bestand', menge },
  ];
  if (frei) moves.push({ ...base, lagerId: m.quelleLagerId, feld: 'reserviert', menge: -frei });
  await buche(trx, moves);
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ mengeUmgelagert: eb('mengeUmgelagert', '+', menge), mengeReserviert: eb('mengeReserviert', '-', frei) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  await logChange(trx, { tabelle: 'SVM', datensatzId: m.id, aktion: 'AENDERN', benutzerId: wer.id, felder: ['mengeUmgelagert'] });
  return m.id;
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
  zeitStart,
  zeitStopp,
  serviceZeit,
} as const;

export { auftragLesen, materialLesen, planungLesen };
