import {
  AUFTRAGSSTATUS,
  istGeschlossen,
  MessageCode,
  phaseVon,
  type ServiceAktionArt,
  type serviceAktionDaten,
  statusNach,
  VERWEIGERUNG_STATUS,
  type Verweigerung,
  verweigerung,
} from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import { ApiError, badRequest, conflict, forbidden, unprocessable } from '../../lib/errors';
import { DISPO_RECHT, type Wer } from './service.wer';
import { uhrzeitVon } from './service.zeit';

/**
 * What every sub-area of the field service's rules shares: who acts (Schritt), reaching a task or planning item
 * (404 when it is not the technician's), the journey guard that reads the contract's step table (JOURNEY_SCHRITTE),
 * setting the status a step leads to, and the journey log. The sub-areas: service.journey.ts (accept … arrival),
 * service.zeiterfassung.ts (time), service.material.ts, service.mehraufwand.ts (additional work), service.kalender.ts
 * (subsequent bookings, calendar), service.abschluss.ts (signature, completion), service.buero.ts (office planning).
 */

export type Daten<K extends keyof typeof serviceAktionDaten> = z.output<(typeof serviceAktionDaten)[K]>;
export type Quelle = 'online' | 'sync';
export interface Schritt {
  wer: Wer;
  quelle: Quelle;
}

/** The answer of a step on a planning item: the item, the journey's notice and the time recording it touched. */
export interface SchrittErgebnis {
  planungId: number;
  meldung?: string;
  zeitId?: number | null;
}

export const PRUEFEN = 'Bitte die Eingaben prüfen!';
/** Upper bounds that keep values inside the integer columns (a larger number is a typing error, answered as such). */
export const MAX_KM = 100_000;
export const MAX_KOSTEN = 10_000_000;
export const BEMERKUNG_PFLICHT = 'Es muss eine Bemerkung eingegeben werden!';
export const UNGUELTIG = 'Geben Sie einen gültigen Wert ein!';
export const fehler = (feld: string, text: string, status: 400 | 422 = 400) =>
  status === 400 ? badRequest(text, { [feld]: [text] }) : unprocessable(text, { [feld]: [text] });
export const jetzt = () => nowIso();

// ---------------------------------------------------------------- access

/** Row-locks what the query reads on PostgreSQL (SQLite's write transactions are serial already). */
export function forUpdate<Q extends { forUpdate(): Q }>(trx: Db, q: Q): Q {
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
export function assertOffen(a: { auftragsstatus: string; auftragsnummer: string }) {
  if (!istGeschlossen(a.auftragsstatus)) return;
  throw conflict(
    a.auftragsstatus === AUFTRAGSSTATUS.storniert
      ? `Der Auftrag ${a.auftragsnummer} wurde storniert`
      : `Der Auftrag ${a.auftragsnummer} ist bereits abgeschlossen`,
  );
}

/** The open task of a planning item. */
export async function auftragZu(trx: Db, p: PlanungRow) {
  if (p.serviceAuftragId === null) throw unprocessable('Der Einsatz gehört zu keinem Serviceauftrag');
  const a = await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', p.serviceAuftragId).executeTakeFirstOrThrow();
  assertOffen(a);
  return a;
}

/**
 * Office functions (plan, reassign, cancel, material lines and transfers) also check on the object level that the user
 * reaches every task: a user without SVC_DISPO (a project right: denied unless granted) and every technician, even one
 * granted it, are refused.
 */
export function assertDispo(wer: Wer) {
  if (!wer.alle) throw forbidden(DISPO_RECHT);
}

// ---------------------------------------------------------------- the journey guard

/** The refusal texts of the journey (the contract's step table decides, these word it). */
function verweigerungsText(grund: Verweigerung, p: PlanungRow | null | undefined): string {
  switch (grund) {
    case 'nichtAktiv':
      return 'Der Einsatz ist nicht mehr aktiv (abgelehnt, zurückgegeben oder erledigt)';
    case 'nichtAngenommen':
      return 'Der Einsatz ist noch nicht angenommen';
    case 'bereitsAngenommen':
      return 'Der Einsatz ist bereits angenommen';
    case 'angenommenZurueckgeben':
      return 'Ein angenommener Einsatz wird zurückgegeben, nicht abgelehnt';
    case 'schonVorOrt':
      return 'Der Techniker ist bereits vor Ort: bitte den Auftrag abschließen';
    case 'reiseGebucht':
      return `Der Reisebeginn ist bereits gebucht (${uhrzeitVon(p?.reisebeginnDatum as string)})`;
    case 'reiseFehlt':
      return 'Bitte zuerst den Reisebeginn buchen';
    case 'ankunftGebucht':
      return `Die Ankunft ist bereits gebucht (${uhrzeitVon(p?.vorOrtDatum as string)})`;
    case 'ankunftFehlt':
      return 'Die Ankunft ist noch nicht gebucht';
    case 'stundenErstVorOrt':
      return 'Stunden können erst gebucht werden, wenn Reisebeginn und Ankunft gebucht sind';
    case 'materialErstVorOrt':
      return 'Material kann erst nach der Ankunft vor Ort gebucht werden';
    case 'keineZeitLaeuft':
      return 'Für diesen Einsatz läuft keine Zeiterfassung';
    case 'zeitLaeuft':
      return 'Es läuft bereits eine Zeiterfassung';
    case 'geschlossen':
      return 'Der Auftrag ist bereits abgeschlossen';
    case 'ohnePlanung':
      return 'Der Einsatz wurde nicht gefunden';
  }
}

/**
 * SVC-019..025: whether the step is allowed in the phase of the planning item (the contract's JOURNEY_SCHRITTE);
 * a refusal answers its status (409 conflict, 422 rule) with the journey's wording. `zeitLaeuft`: the technician's
 * automatic recording runs on this item.
 */
export function journeyPruefen(schritt: ServiceAktionArt, p: PlanungRow | null | undefined, zeitLaeuft = false) {
  const grund = verweigerung(schritt, phaseVon(p ? { ...p, aktiv: Boolean(p.aktiv), zeitLaeuft } : null));
  if (grund === null) return;
  const text = verweigerungsText(grund, p);
  if (VERWEIGERUNG_STATUS[grund] === 409) throw conflict(text);
  if (VERWEIGERUNG_STATUS[grund] === 404) throw new ApiError(404, MessageCode.notFound, text, { messageParameters: ['Planung'] });
  throw unprocessable(text);
}

/** Office changes of a planning item: only while it is active (409). */
export function assertAktiv(p: PlanungRow) {
  if (!p.aktiv) throw conflict(verweigerungsText('nichtAktiv', p));
}

// ---------------------------------------------------------------- status and journey log

export async function setStatus(trx: Db, auftragId: number, status: string, extra: Record<string, unknown> = {}) {
  await trx
    .updateTable('serviceAuftraege')
    .set({ auftragsstatus: status, geaendertAm: nowIso(), ...extra })
    .where('id', '=', auftragId)
    .execute();
}

/** Sets the status the contract's step table names after the step (nothing when the step leaves it). */
export async function statusNachSchritt(
  trx: Db,
  auftragId: number,
  schritt: ServiceAktionArt,
  daten: { datum?: unknown } = {},
  extra: Record<string, unknown> = {},
) {
  const status = statusNach(schritt, daten);
  if (status !== null) await setStatus(trx, auftragId, status, extra);
}

/** The journey log: each step with its real time and when the server got it (an arrival also with its distance in km). */
export async function schrittLoggen(
  trx: Db,
  s: Schritt,
  auftragId: number,
  planungId: number | null,
  art: string,
  zeitpunkt: string,
  text?: string | null,
  strecke?: number | null,
) {
  await trx
    .insertInto('serviceSchritte')
    .values({
      serviceAuftragId: auftragId,
      planungId,
      art,
      zeitpunkt,
      erfasstAm: nowIso(),
      benutzerId: s.wer.id,
      quelle: s.quelle,
      text: text ?? null,
      strecke: strecke ?? null,
    })
    .execute();
}

/** SVC-040: a remark, trimmed non-empty. */
export const bemerkungPflicht = (b: string | null | undefined) => {
  const text = b?.trim();
  if (!text) throw fehler('bemerkung', BEMERKUNG_PFLICHT);
  return text;
};
