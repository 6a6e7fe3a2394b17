import { createHash } from 'node:crypto';
import {
  ABSCHLUSS_SCHRITTE,
  API_PREFIX,
  type ApiErrorBody,
  type Endpoint,
  endpoints,
  MessageCode,
  SERVICE_SCHRITT_IDS,
  SERVICE_SCHRITTARTEN,
  type ServiceAktion,
  type ServiceAktionArt,
  type ServiceSchrittIds,
  serviceAktionDaten,
} from '@vario/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError, badRequest, conflict, unprocessable } from '../../lib/errors';
import type { ResponseBody } from '../../lib/route';
import { type DbError, fromDatabase } from '../../plugins/errors';
import { auftragLesen, materialLesen, planungLesen } from './service.read';
import * as svc from './service.service';
import type { Wer } from './service.wer';

/**
 * One way to apply a step, for the online routes and the offline sync alike: the same rules (service.service.ts), one
 * transaction per step, and the store of applied steps keyed by user and the client's action id (`Idempotency-Key`
 * online, `clientId` in the sync). A key seen before with the same request (kind, ids and data: `anfrageHash`) answers
 * its stored result and changes nothing — a refusal is kept too (the same step sent again is refused again; a redo takes
 * a new id); with another request it is a 422 (in the sync: that step's konflikt).
 */

export type AktionIds = ServiceSchrittIds;
export interface Antwort<B = unknown> {
  status: number;
  body: B;
  location?: string;
}

type Arten = typeof SERVICE_SCHRITTARTEN;
const ARTEN = Object.keys(SERVICE_SCHRITTARTEN) as ServiceAktionArt[];

/** The online endpoint of each action kind (the contract's step kinds table): its response schema is the type of the step's answer. */
export const AKTION_ENDPOINT = Object.fromEntries(ARTEN.map((a) => [a, endpoints[SERVICE_SCHRITTARTEN[a].endpoint]])) as {
  [A in ServiceAktionArt]: (typeof endpoints)[Arten[A]['endpoint']];
} satisfies Record<ServiceAktionArt, Endpoint>;

/** The answer body of an action kind: the response of its online endpoint. */
export type AntwortBody<A extends ServiceAktionArt> = ResponseBody<(typeof AKTION_ENDPOINT)[A]>;

/** The validated `data` of an action kind. */
export type DatenVon<A extends ServiceAktionArt> = z.output<(typeof serviceAktionDaten)[Arten[A]['daten']]>;

const need = (v: number | undefined, feld: keyof AktionIds): number => {
  if (v === undefined) throw badRequest('Bitte die Eingaben prüfen!', { [feld]: ['Bitte einen Wert eingeben'] });
  return v;
};

/** Validates `daten` of a queued action like the online route validates its body (400 with the field errors). */
function datenPruefen<A extends ServiceAktionArt>(art: A, daten: unknown): DatenVon<A> {
  const r = serviceAktionDaten[SERVICE_SCHRITTARTEN[art].daten].safeParse(daten);
  // safeParse of the union of schemas answers the union of outputs; the schema is the one of `art`
  if (r.success) return r.data as DatenVon<A>;
  const fieldErrors: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const feld = i.path.join('.') || 'daten';
    fieldErrors[feld] = [...(fieldErrors[feld] ?? []), i.message];
  }
  throw badRequest('Bitte die Eingaben prüfen!', fieldErrors);
}

const planungAntwort = async (trx: Db, r: svc.SchrittErgebnis) => ({
  status: 200,
  body: { result: await planungLesen(trx, r.planungId), ...(r.meldung ? { meldung: r.meldung } : {}), zeit: await svc.zeitLesen(trx, r.zeitId) },
});

type Ausfuehrer = { [A in ServiceAktionArt]: (trx: Db, s: svc.Schritt, ids: AktionIds, daten: DatenVon<A>) => Promise<Antwort<AntwortBody<A>>> };

type PlanungArt = keyof typeof svc.PLANUNG_SCHRITTE;
/** The planning steps, each checked to take its kind's data. */
const PLANUNG_SCHRITTE: { [A in PlanungArt]: (trx: Db, s: svc.Schritt, planungId: number, daten: DatenVon<A>) => Promise<svc.SchrittErgebnis> } =
  svc.PLANUNG_SCHRITTE;

const planungSchritt =
  <A extends PlanungArt>(art: A) =>
  async (trx: Db, s: svc.Schritt, ids: AktionIds, daten: DatenVon<A>) =>
    planungAntwort(trx, await PLANUNG_SCHRITTE[art](trx, s, need(ids.planungId, 'planungId'), daten));

const materialBuchung = async (trx: Db, s: svc.Schritt, ids: AktionIds, art: svc.Buchungsart, daten: DatenVon<'rueckbuchung'>) => {
  const auftragId = need(ids.auftragId, 'auftragId');
  const materialId = need(ids.materialId, 'materialId');
  const r = await svc.materialBuchen(trx, s, auftragId, materialId, art, daten);
  return {
    status: 201,
    body: { result: await svc.buchungLesen(trx, r.buchungId), material: await materialLesen(trx, r.materialId), warnungen: r.warnungen },
    location: `${API_PREFIX}/service/auftraege/${auftragId}/material/${materialId}/buchungen/${r.buchungId}`,
  };
};

const mehraufwand = async (trx: Db, s: svc.Schritt, ids: AktionIds, daten: DatenVon<'mehraufwandNeu'>, neu: boolean) => {
  const auftragId = need(ids.auftragId, 'auftragId');
  const id = await svc.mehraufwandSpeichern(trx, s, auftragId, daten, neu ? undefined : need(ids.eintragId, 'eintragId'));
  return {
    status: neu ? 201 : 200,
    body: { result: await svc.mehraufwandLesen(trx, id) },
    location: `${API_PREFIX}/service/auftraege/${auftragId}/mehraufwaende/${id}`,
  };
};

const kalender = async (trx: Db, s: svc.Schritt, ids: AktionIds, daten: DatenVon<'kalenderNeu'>, neu: boolean) => {
  const id = neu ? await svc.kalenderNeu(trx, s, daten) : await svc.kalenderAendern(trx, s, need(ids.eintragId, 'eintragId'), daten);
  return { status: neu ? 201 : 200, body: { result: await svc.kalenderLesen(trx, id) }, location: `${API_PREFIX}/service/kalendereintraege/${id}` };
};

/** Each action kind applied in the caller's transaction, answering what its online call answers. */
const AUSFUEHREN: Ausfuehrer = {
  annehmen: planungSchritt('annehmen'),
  ablehnen: planungSchritt('ablehnen'),
  zurueckgeben: planungSchritt('zurueckgeben'),
  zurueckstellen: planungSchritt('zurueckstellen'),
  dienstende: planungSchritt('dienstende'),
  telefonischErledigt: planungSchritt('telefonischErledigt'),
  reisebeginn: planungSchritt('reisebeginn'),
  ankunft: planungSchritt('ankunft'),
  ankunftKorrigieren: planungSchritt('ankunftKorrigieren'),
  zeitStart: planungSchritt('zeitStart'),
  zeitStopp: planungSchritt('zeitStopp'),
  serviceZeit: planungSchritt('serviceZeit'),
  materialBuchung: (trx, s, ids, daten) => materialBuchung(trx, s, ids, daten.art, daten),
  rueckbuchung: (trx, s, ids, daten) => materialBuchung(trx, s, ids, 'gutteilretoure', daten),
  materialBestaetigen: async (trx, s, ids, daten) => {
    const id = await svc.materialBestaetigen(trx, s, need(ids.materialId, 'materialId'), daten);
    return { status: 200, body: { result: await materialLesen(trx, id) } };
  },
  nachbuchung: async (trx, s, _ids, daten) => {
    const id = await svc.nachbuchung(trx, s, daten);
    return { status: 201, body: { result: await svc.nachbuchungLesen(trx, id) }, location: `${API_PREFIX}/service/nachbuchungen/${id}` };
  },
  mehraufwandNeu: (trx, s, ids, daten) => mehraufwand(trx, s, ids, daten, true),
  mehraufwandAendern: (trx, s, ids, daten) => mehraufwand(trx, s, ids, daten, false),
  mehraufwandLoeschen: async (trx, s, ids, daten) => {
    await svc.mehraufwandLoeschen(trx, s, need(ids.auftragId, 'auftragId'), need(ids.eintragId, 'eintragId'), daten.zeitpunkt);
    return { status: 204, body: undefined };
  },
  unterschrift: async (trx, s, ids, daten) => {
    const id = await svc.unterschrift(trx, s, need(ids.auftragId, 'auftragId'), daten);
    return { status: 200, body: { result: await auftragLesen(trx, id) } };
  },
  abschluss: async (trx, s, ids, daten) => {
    const r = await svc.abschliessen(trx, s, need(ids.auftragId, 'auftragId'), daten);
    return { status: 200, body: { result: await auftragLesen(trx, r.auftragId), sha256: r.sha256 } };
  },
  kalenderNeu: (trx, s, ids, daten) => kalender(trx, s, ids, daten, true),
  kalenderAendern: (trx, s, ids, daten) => kalender(trx, s, ids, daten, false),
  kalenderLoeschen: async (trx, s, ids) => {
    await svc.kalenderLoeschen(trx, s, need(ids.eintragId, 'eintragId'));
    return { status: 204, body: undefined };
  },
};

/**
 * Checks of a step's data that need no database and may take a while (decoding the signature image): run before the
 * step's transaction, online and in the sync, so no transaction stays open while they wait for their turn.
 */
const VORAB: { [A in ServiceAktionArt]?: (daten: DatenVon<A>) => Promise<void> } = {
  unterschrift: svc.unterschriftPruefen,
};

async function vorab<A extends ServiceAktionArt>(art: A, daten: DatenVon<A>): Promise<void> {
  const pruefen = VORAB[art] as ((daten: DatenVon<A>) => Promise<void>) | undefined;
  if (pruefen) await pruefen(daten);
}

/** Applies one step in the caller's transaction and answers what the online call answers. */
export function aktionAusfuehren<A extends ServiceAktionArt>(
  trx: Db,
  s: svc.Schritt,
  art: A,
  ids: AktionIds,
  daten: DatenVon<A>,
): Promise<Antwort<AntwortBody<A>>> {
  const ausfuehren: Ausfuehrer[A] = AUSFUEHREN[art];
  return ausfuehren(trx, s, ids, daten);
}

async function gespeichert(db: Db, benutzerId: number, clientId: string) {
  return db.selectFrom('serviceAktionen').selectAll().where('benutzerId', '=', benutzerId).where('clientId', '=', clientId).executeTakeFirst();
}

/** A step's request, as stored with its key: its kind, its hash, its data when valid (else the refusal of its data). */
interface Anfrage {
  art: ServiceAktionArt;
  hash: string;
}

/** JSON with object keys sorted and undefined left out: the same data gives the same text, whatever the key order. */
function kanonisch(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(kanonisch);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => [k, kanonisch(o[k])]),
  );
}

/**
 * The hash of a step's request, compared like the creates' store compares its requests (`lib/idempotency.ts`): the
 * kind, the ids the kind takes and the (validated) data — without its time: the same step sent online (its time the
 * server's) and then from the queue (its time the device's) is one step.
 */
export function anfrageHash(art: ServiceAktionArt, ids: AktionIds, daten: unknown): string {
  const eigene = Object.fromEntries(SERVICE_SCHRITTARTEN[art].ids.map((k) => [k, ids[k]]));
  const { zeitpunkt: _zeit, ...rest } = (daten ?? {}) as Record<string, unknown>;
  return createHash('sha256')
    .update(JSON.stringify(kanonisch([art, eigene, rest])))
    .digest('hex');
}

async function speichern(db: Db, benutzerId: number, clientId: string, anfrage: Anfrage, status: number, body: unknown, conflictOk = false) {
  const q = db.insertInto('serviceAktionen').values({
    benutzerId,
    clientId,
    art: anfrage.art,
    anfrageHash: anfrage.hash,
    status,
    antwort: body === undefined ? null : JSON.stringify(body),
    erstelltAm: nowIso(),
  });
  await (conflictOk ? q.onConflict((oc) => oc.doNothing()) : q).execute();
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * A key (clientId) seen before with another kind of step, or with the same kind but another request (other data, another
 * planning item or task), is a client error (422), not a repetition. Rows stored before migration 0018 have no hash and
 * are compared by their kind only.
 */
function andereAnfrage<R extends { art: string; anfrageHash: string | null }>(row: R, anfrage: Anfrage): R {
  if (row.art !== anfrage.art) {
    throw unprocessable('Der Idempotency-Key wurde schon für einen anderen Schritt verwendet', {
      'Idempotency-Key': [`Der Schlüssel gehört zu einem Schritt der Art ${row.art}; bitte einen neuen Schlüssel verwenden`],
    });
  }
  if (row.anfrageHash !== null && row.anfrageHash !== anfrage.hash) {
    throw unprocessable('Der Idempotency-Key wurde schon für eine andere Anfrage verwendet', {
      'Idempotency-Key': ['Der Schlüssel gehört zu einem Schritt mit anderen Daten; bitte einen neuen Schlüssel verwenden'],
    });
  }
  return row;
}

/** Runs one step as an online call: the stored answer of a known key, else the step and its key in one transaction. */
export async function online<A extends ServiceAktionArt>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  wer: Wer,
  art: A,
  ids: AktionIds,
  daten: DatenVon<A>,
): Promise<AntwortBody<A> | FastifyReply> {
  const header = req.headers['idempotency-key'];
  if (header !== undefined && (typeof header !== 'string' || !KEY.test(header))) {
    throw badRequest('Ungültiger Idempotency-Key', { 'Idempotency-Key': ['1 bis 200 sichtbare ASCII-Zeichen'] });
  }
  const key = header as string | undefined;
  const replay = (row: { status: number; antwort: string | null }) => {
    reply.header('Idempotent-Replayed', 'true');
    return reply.code(row.status).send(row.antwort === null ? undefined : JSON.parse(row.antwort));
  };
  const anfrage: Anfrage = { art, hash: anfrageHash(art, ids, daten) };
  if (key) {
    const row = await gespeichert(db, wer.id, key);
    if (row) return replay(andereAnfrage(row, anfrage));
  }
  const s: svc.Schritt = { wer, quelle: 'online' };
  try {
    await vorab(art, daten);
    const out = await db.transaction().execute(async (trx) => {
      const r = await aktionAusfuehren(trx, s, art, ids, daten);
      if (key) await speichern(trx, wer.id, key, anfrage, r.status, r.body);
      return r;
    });
    if (out.location && out.status === 201) reply.header('Location', out.location);
    return out.body;
  } catch (err) {
    if (key) {
      const row = await gespeichert(db, wer.id, key);
      if (row) return replay(andereAnfrage(row, anfrage));
      if (err instanceof ApiError && err.httpStatus < 500) {
        await speichern(db, wer.id, key, anfrage, err.httpStatus, err.body(req.id, req.url), true);
      }
    }
    throw err;
  }
}

export interface SyncErgebnis {
  clientId: string;
  ergebnis: 'angewendet' | 'doppelt' | 'konflikt';
  fehler?: ApiErrorBody;
  antwort?: unknown;
}

/**
 * The error a failed step answers: a refusal as it is, a database error as the error handler maps it, anything else a
 * 500 — its cause goes to the server log under the request's tracking id (in the error object), never to the device,
 * as with every other 500.
 */
function alsApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const db = fromDatabase(err as DbError);
  if (db) return db;
  return new ApiError(
    500,
    MessageCode.internal,
    'Der Schritt konnte wegen eines Serverfehlers nicht ausgeführt werden; er wird beim nächsten Senden erneut versucht',
  );
}

/**
 * The offline queue: actions in order, each in its own transaction; a clientId seen before answers its stored result
 * (doppelt — or konflikt again for a stored refusal); a refusal (task reassigned or cancelled, stock gone, a step the
 * journey refuses, invalid data) is a konflikt with the error object and is kept. Each step keeps its real time:
 * `daten.zeitpunkt`, else the action's `zeitpunkt`. No step's failure stops the steps after it: a failure that is no
 * refusal (a bug, the database briefly out of reach) is that step's konflikt with its cause too — its transaction rolled
 * back, it is not kept (a resend tries it again) — and the later steps are still attempted.
 */
export async function sync(db: Db, req: FastifyRequest, wer: Wer, aktionen: ServiceAktion[]): Promise<SyncErgebnis[]> {
  const out: SyncErgebnis[] = [];
  const s: svc.Schritt = { wer, quelle: 'sync' };
  // the tasks of this batch with a refused step, and that step's kind: their signature and completion wait
  const abgelehnt = new Map<number, ServiceAktionArt>();
  for (const a of aktionen) {
    const instance = `${req.url}#${a.clientId}`;
    let anfrage: SyncAnfrage | undefined;
    let wartet = false;
    try {
      anfrage = syncAnfrage(a);
      const frueher = ABSCHLUSS_SCHRITTE.includes(a.art) && a.auftragId !== undefined ? abgelehnt.get(a.auftragId) : undefined;
      if (frueher) {
        wartet = true;
        throw conflict(
          `${SERVICE_SCHRITTARTEN[a.art].name.de} nicht übernommen: ein früherer Schritt dieses Auftrags (${SERVICE_SCHRITTARTEN[frueher].name.de}) wurde abgelehnt; bitte zuerst diesen Schritt korrigieren und erneut senden`,
        );
      }
      const r = await syncSchritt(db, s, a, anfrage, instance, req);
      if (r.ergebnis === 'konflikt') await merken(db, abgelehnt, a);
      out.push(r);
    } catch (e) {
      const err = alsApiError(e);
      const body = err.body(req.id, instance);
      if (err.httpStatus >= 500 || !anfrage) {
        req.log.error({ err: e, clientId: a.clientId, art: a.art }, 'service sync step failed');
      } else if (!wartet) {
        // a step held back for an earlier refused one is not kept: sent again later, with the same clientId, it is tried again
        try {
          await speichern(db, wer.id, a.clientId, anfrage, err.httpStatus, body, true);
        } catch (e2) {
          req.log.error({ err: e2, clientId: a.clientId }, 'service sync: refusal not stored');
        }
      }
      await merken(db, abgelehnt, a).catch(() => undefined);
      out.push({ clientId: a.clientId, ergebnis: 'konflikt', fehler: body });
    }
  }
  return out;
}

/** Notes the task of a refused step (its auftragId, else the task of its planning item or material line). */
async function merken(db: Db, abgelehnt: Map<number, ServiceAktionArt>, a: ServiceAktion) {
  let auftragId = a.auftragId;
  if (auftragId === undefined && a.planungId !== undefined)
    auftragId =
      (await db.selectFrom('servicePlanungen').select('serviceAuftragId').where('id', '=', a.planungId).executeTakeFirst())?.serviceAuftragId ?? undefined;
  if (auftragId === undefined && a.materialId !== undefined)
    auftragId = (await db.selectFrom('serviceMaterial').select('serviceAuftragId').where('id', '=', a.materialId).executeTakeFirst())?.serviceAuftragId;
  if (auftragId !== undefined && !abgelehnt.has(auftragId)) abgelehnt.set(auftragId, a.art);
}

/** A queued step's request: all ids it carries, its data validated (or the refusal of its data), and its hash. */
interface SyncAnfrage extends Anfrage {
  ids: AktionIds;
  daten?: DatenVon<ServiceAktionArt>;
  fehler?: unknown;
}

function syncAnfrage(a: ServiceAktion): SyncAnfrage {
  const ids: AktionIds = Object.fromEntries(SERVICE_SCHRITT_IDS.map((k) => [k, a[k]]));
  const roh = { ...a.daten, zeitpunkt: a.daten.zeitpunkt ?? a.zeitpunkt };
  try {
    const daten = datenPruefen(a.art, roh);
    return { art: a.art, ids, daten, hash: anfrageHash(a.art, ids, daten) };
  } catch (fehler) {
    return { art: a.art, ids, fehler, hash: anfrageHash(a.art, ids, roh) };
  }
}

/** One queued step: its stored result, or the step applied in its own transaction; a refusal throws (see `sync`). */
async function syncSchritt(db: Db, s: svc.Schritt, a: ServiceAktion, anfrage: SyncAnfrage, instance: string, req: FastifyRequest): Promise<SyncErgebnis> {
  // a clientId seen before: its stored result (doppelt, or konflikt again for a stored refusal) — a conflict of its own
  // when it came with another step or another request; the stored answer stays
  const bekannt = (row: { art: string; anfrageHash: string | null; status: number; antwort: string | null }): SyncErgebnis => {
    try {
      andereAnfrage(row, anfrage);
    } catch (err) {
      return { clientId: a.clientId, ergebnis: 'konflikt', fehler: alsApiError(err).body(req.id, instance) };
    }
    const body = row.antwort === null ? undefined : JSON.parse(row.antwort);
    return row.status >= 400
      ? { clientId: a.clientId, ergebnis: 'konflikt', fehler: body }
      : { clientId: a.clientId, ergebnis: 'doppelt', ...(body === undefined ? {} : { antwort: body }) };
  };
  const row = await gespeichert(db, s.wer.id, a.clientId);
  if (row) return bekannt(row);
  if (anfrage.fehler !== undefined || anfrage.daten === undefined) throw anfrage.fehler;
  const daten = anfrage.daten;
  try {
    await vorab(a.art, daten);
    const r = await db.transaction().execute(async (trx) => {
      const res = await aktionAusfuehren(trx, s, a.art, anfrage.ids, daten);
      await speichern(trx, s.wer.id, a.clientId, anfrage, res.status, res.body);
      return res;
    });
    return { clientId: a.clientId, ergebnis: 'angewendet', ...(r.body === undefined ? {} : { antwort: r.body }) };
  } catch (err) {
    // a twin of this step (same clientId) applied concurrently: its stored answer
    const again = await gespeichert(db, s.wer.id, a.clientId);
    if (again) return bekannt(again);
    throw err;
  }
}
