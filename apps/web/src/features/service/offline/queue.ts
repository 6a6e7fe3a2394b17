import { ABSCHLUSS_SCHRITTE, type ApiErrorBody, SERVICE_SCHRITT_IDS, type ServiceAktion } from '@vario/contract';
import { taskOf } from './context';
import type { Conflict, ConflictError, QueuedAction, ServiceDatabase } from './db';

/**
 * The queue of actions done on the device, and its replay (issue 12 item 4). Pure logic over the device database and a
 * transport, so it is tested without a browser (queue.test.ts):
 * - actions leave strictly in the order they were done (`seq`), in batches, through `POST /service/sync`;
 * - each keeps its client id across attempts, so a batch whose answer got lost is sent again without effect ('doppelt');
 * - 'angewendet'/'doppelt' remove an action; 'konflikt' moves it with the server's reason to the conflicts, where the
 *   technician discards or redoes it;
 * - no server (network), a lapsed session (401) or a server fault stop the replay and keep everything for later;
 * - a batch the server refuses as a whole (a malformed action) is retried one action at a time, and the one it refuses
 *   alone becomes a conflict: one bad action never blocks the queue;
 * - the signature and completion of a task wait (stay queued, unsent) while another step of the same task is refused
 *   (a conflict) or still queued, wherever in the queue (a corrected step is queued again at the end): the customer
 *   never signs a job the server has not got all of (issue 19 item 14).
 */
export const BATCH_SIZE = 50;

export type SyncResult = { clientId: string; ergebnis: 'angewendet' | 'doppelt' | 'konflikt'; fehler?: Partial<ApiErrorBody> };

/** How a send failed: no answer, session lapsed, server busy/broken (retry later), or the request itself was refused. */
export type SendFailure = { kind: 'offline' | 'unauthorized' | 'later' | 'refused'; status: number; body?: Partial<ApiErrorBody> | null };

export interface SyncTransport {
  /** Sends the actions; answers one result per action it processed, or throws a SendFailure. */
  sync(actions: ServiceAktion[]): Promise<SyncResult[]>;
}

export const isSendFailure = (e: unknown): e is SendFailure => typeof e === 'object' && e !== null && 'kind' in e && 'status' in e;

export interface DrainOutcome {
  sent: number;
  applied: number;
  conflicts: number;
  /** Why the replay stopped early (undefined: the queue is empty or only newer actions arrived meanwhile). */
  stopped?: SendFailure['kind'];
  /** Signature/completion steps left waiting for a refused or queued step of their task. */
  held: number;
}

/**
 * The queued steps that wait: signature and completion of a task with a conflict or another queued step (of another
 * kind) — the held ones are not sent until those are accepted or discarded.
 */
export function heldBack(pending: readonly QueuedAction[], conflicts: readonly Conflict[]): Set<string> {
  const refused = new Set(conflicts.map((c) => taskOf(c.action)).filter((x) => x !== undefined));
  const open = new Set(pending.filter((a) => !ABSCHLUSS_SCHRITTE.includes(a.art)).map(taskOf));
  const held = new Set<string>();
  for (const a of pending) {
    const task = taskOf(a);
    if (ABSCHLUSS_SCHRITTE.includes(a.art) && task !== undefined && (refused.has(task) || open.has(task))) held.add(a.clientId);
  }
  return held;
}

/** The wire form of a queued action (without the device's bookkeeping). */
export function toAktion(a: QueuedAction): ServiceAktion {
  const out: ServiceAktion = { clientId: a.clientId, art: a.art, zeitpunkt: a.zeitpunkt, daten: a.daten };
  for (const k of SERVICE_SCHRITT_IDS) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

export function conflictError(body: Partial<ApiErrorBody> | null | undefined, status?: number): ConflictError {
  const message =
    body?.errors?.services?.[0]?.message ?? Object.values(body?.errors?.fieldErrors ?? {})[0]?.[0] ?? body?.messageCode ?? `HTTP ${status ?? '?'}`;
  return {
    message,
    messageCode: body?.messageCode,
    httpStatus: body?.httpStatus ?? status,
    trackingId: body?.trackingId,
    fieldErrors: body?.errors?.fieldErrors,
  };
}

/** Puts an action at the end of the queue; answers it with its position. */
export async function enqueue(db: ServiceDatabase, action: Omit<QueuedAction, 'seq'>): Promise<QueuedAction> {
  const seq = await db.add('queue', action as QueuedAction);
  return { ...action, seq };
}

/** The user's queued actions in the order they were done. */
export async function pendingOf(db: ServiceDatabase, user: number): Promise<QueuedAction[]> {
  const all = await db.getAllFromIndex('queue', 'user', user);
  return all.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function conflictsOf(db: ServiceDatabase, user: number): Promise<Conflict[]> {
  const all = await db.getAllFromIndex('conflicts', 'user', user);
  return all.sort((a, b) => (a.action.seq ?? 0) - (b.action.seq ?? 0));
}

export async function discardConflict(db: ServiceDatabase, clientId: string) {
  await db.delete('conflicts', clientId);
}

/**
 * Redo: the conflict's action goes to the end of the queue as a new action (new client id — the server has answered
 * the old one for good), with the technician's corrected data and its original real time; the conflict is removed in
 * the same transaction, so the action is never in both places or in none.
 */
export async function redoConflict(db: ServiceDatabase, clientId: string, newClientId: string, daten: Record<string, unknown>, now: string) {
  const tx = db.transaction(['queue', 'conflicts'], 'readwrite');
  const conflict = await tx.objectStore('conflicts').get(clientId);
  if (!conflict) {
    await tx.done;
    return null;
  }
  const { seq: _seq, ...old } = conflict.action;
  // a corrected time of the step (the review page's time field) is its real time from now on
  const zeitpunkt = typeof daten.zeitpunkt === 'string' ? daten.zeitpunkt : old.zeitpunkt;
  const action: QueuedAction = { ...old, clientId: newClientId, zeitpunkt, daten, queuedAt: now, attempts: 0, lastAttempt: undefined };
  const seq = await tx.objectStore('queue').add(action);
  await tx.objectStore('conflicts').delete(clientId);
  await tx.done;
  return { ...action, seq };
}

/** Applies the server's answers: removes what arrived, moves refusals to the conflicts (one transaction per batch). */
async function settle(db: ServiceDatabase, batch: QueuedAction[], results: SyncResult[], now: string) {
  const byId = new Map(results.map((r) => [r.clientId, r]));
  const tx = db.transaction(['queue', 'conflicts'], 'readwrite');
  let applied = 0;
  let conflicts = 0;
  for (const a of batch) {
    const r = byId.get(a.clientId);
    if (!r) continue; // not processed: stays queued, in place
    if (r.ergebnis === 'konflikt') {
      await tx.objectStore('conflicts').put({ clientId: a.clientId, user: a.user, action: a, error: conflictError(r.fehler), at: now });
      conflicts++;
    } else applied++;
    await tx.objectStore('queue').delete(a.seq as number);
  }
  await tx.done;
  return { applied, conflicts, processed: byId.size };
}

async function markAttempt(db: ServiceDatabase, batch: QueuedAction[], now: string) {
  const tx = db.transaction('queue', 'readwrite');
  for (const a of batch) {
    const current = await tx.store.get(a.seq as number);
    if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastAttempt: now });
  }
  await tx.done;
}

/**
 * Sends the user's queue in order until it is empty or a send fails for a reason that needs waiting. Actions queued
 * while it runs are sent in the same run, after the ones before them.
 */
export async function drainQueue(db: ServiceDatabase, user: number, transport: SyncTransport, now = () => new Date().toISOString()): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, applied: 0, conflicts: 0, held: 0 };
  // after a batch refused as a whole: its actions one at a time (up to and including this position)
  let singleThrough = -1;
  for (;;) {
    const all = await pendingOf(db, user);
    const held = heldBack(all, await conflictsOf(db, user));
    outcome.held = held.size;
    const pending = all.filter((a) => !held.has(a.clientId));
    if (pending.length === 0) return outcome;
    const batch = pending.slice(0, (pending[0]?.seq ?? 0) <= singleThrough ? 1 : BATCH_SIZE);
    let results: SyncResult[];
    try {
      results = await transport.sync(batch.map(toAktion));
    } catch (e) {
      const failure: SendFailure = isSendFailure(e) ? e : { kind: 'offline', status: 0 };
      if (failure.kind === 'refused') {
        if (batch.length > 1) {
          singleThrough = batch[batch.length - 1]?.seq ?? -1;
          continue;
        }
        // this one action alone is refused: it becomes a conflict with the server's reason, the queue goes on
        const a = batch[0] as QueuedAction;
        await settle(db, batch, [{ clientId: a.clientId, ergebnis: 'konflikt', fehler: failure.body ?? { httpStatus: failure.status } }], now());
        outcome.sent++;
        outcome.conflicts++;
        continue;
      }
      await markAttempt(db, batch, now());
      outcome.stopped = failure.kind;
      return outcome;
    }
    const settled = await settle(db, batch, results, now());
    outcome.sent += settled.processed;
    outcome.applied += settled.applied;
    outcome.conflicts += settled.conflicts;
    // the server stopped before the end of the batch without saying why: try again later rather than loop
    if (settled.processed === 0) {
      outcome.stopped = 'later';
      return outcome;
    }
  }
}
