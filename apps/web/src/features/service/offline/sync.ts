import { notifications } from '@mantine/notifications';
import type { ServiceAktionArt, ServiceSchrittIds } from '@vario/contract';
import { api } from '@/lib/api/client';
import { handleApiError, TOAST } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { tokenState } from '@/lib/api/token';
import { newId } from '@/lib/id';
import { queryClient } from '@/lib/query-client';
import { createStore } from '@/lib/store';
import { contextOf } from './context';
import { currentUserId, knownOffline, reachableState } from './copy';
import { type Conflict, type QueuedAction, serviceDb } from './db';
import { conflictsOf, discardConflict, drainQueue, enqueue, pendingOf, redoConflict, type SendFailure, type SyncTransport } from './queue';
import { offlineT } from './texts';

/**
 * The running side of the offline queue: sends a step at once when it can, queues it when it cannot, and replays the
 * queue when the connection returns (the `online` event, every 10 s while something waits or the server was out of reach, on app start and after a
 * new login). The screens read its state through hooks (use-service-action.ts).
 */
const RETRY_MS = 10_000;
/** The service area's query keys (SERVICE_QUERIES of ../api; this file imports nothing of the screens, so that api.ts
 * can load it without an import cycle). */
const SERVICE_QUERIES = ['service'] as const;

/** The ids a step targets (ServiceStepIds of ../api). */
export type StepIds = ServiceSchrittIds;
/** The online call of a step (sendServiceStepOnline of ../api), given by the caller. */
export type OnlineSender = (
  art: ServiceAktionArt,
  ids: StepIds,
  daten: Record<string, unknown>,
  opts: { clientId: string; zeitpunkt: string },
) => Promise<unknown>;

/** Refreshes the device copy of the coming days (prefetch.ts), set by startSync. */
let refreshDeviceCopy: (force?: boolean) => Promise<void> = () => Promise.resolve();

export const pendingState = createStore<QueuedAction[]>([]);
export const conflictState = createStore<Conflict[]>([]);
export const syncingState = createStore(false);

/** Re-reads the user's queue and conflicts into the stores. */
export async function refreshState() {
  const user = currentUserId();
  if (user === null) {
    pendingState.set([]);
    conflictState.set([]);
    return;
  }
  const db = await serviceDb();
  const [pending, conflicts] = await Promise.all([pendingOf(db, user), conflictsOf(db, user)]);
  pendingState.set(pending);
  conflictState.set(conflicts);
}

/** POST /service/sync, with the client's errors sorted into what the queue does with them. */
const transport: SyncTransport = {
  async sync(aktionen) {
    try {
      return (await api('serviceSync', { body: { data: { aktionen } } })).result;
    } catch (e) {
      if (!isApiError(e)) throw { kind: 'offline', status: 0 } satisfies SendFailure;
      const status = e.status;
      if (status === 0) throw { kind: 'offline', status } satisfies SendFailure;
      if (status === 401) {
        // the session has lapsed: the usual login dialog opens; the queue waits for the new login
        handleApiError(e, { silent: true });
        throw { kind: 'unauthorized', status } satisfies SendFailure;
      }
      if (status === 429 || status >= 500) throw { kind: 'later', status, body: e.body } satisfies SendFailure;
      throw { kind: 'refused', status, body: e.body } satisfies SendFailure;
    }
  },
};

let running: Promise<void> | null = null;

/** Sends the queue now (once at a time per tab; other tabs wait for the browser-wide lock). */
export function drainNow(): Promise<void> {
  running ??= (async () => {
    try {
      const user = currentUserId();
      if (user === null || knownOffline()) return;
      const db = await serviceDb();
      if ((await pendingOf(db, user)).length === 0) return;
      syncingState.set(true);
      const run = () => drainQueue(db, user, transport);
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      const outcome = locks ? await locks.request('vario-service-sync', run) : await run();
      reachableState.set(outcome.stopped !== 'offline');
      if (outcome.sent > 0) {
        await queryClient.invalidateQueries({ queryKey: SERVICE_QUERIES });
        void refreshDeviceCopy(true);
      }
      if (outcome.conflicts > 0)
        notifications.show({
          id: 'service-conflicts',
          color: 'red',
          title: offlineT('conflictTitle'),
          message: offlineT('conflictText', { count: outcome.conflicts }),
          autoClose: TOAST.service,
        });
      // at the end of a replay that was not stopped, what is held waits for a refused step (a conflict)
      else if (outcome.held > 0 && !outcome.stopped)
        notifications.show({
          id: 'service-held',
          color: 'yellow',
          title: offlineT('heldTitle'),
          message: offlineT('heldText', { count: outcome.held }),
          autoClose: TOAST.service,
        });
      else if (outcome.sent > 0 && !outcome.stopped)
        notifications.show({ id: 'service-sent', color: 'green', title: offlineT('sentTitle'), message: offlineT('sentText'), autoClose: TOAST.success });
    } catch (e) {
      console.error(e);
    } finally {
      syncingState.set(false);
      await refreshState().catch(() => undefined);
      running = null;
    }
  })();
  return running;
}

let started = false;
/** Starts the replay triggers once per tab (called by the hooks of the service screens and the shell's badge). */
export function startSync(refresh?: (force?: boolean) => Promise<void>) {
  if (refresh) refreshDeviceCopy = refresh;
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    reachableState.set(true);
    void drainNow().then(() => refreshDeviceCopy());
  });
  setInterval(() => {
    if (pendingState.get().length > 0) void drainNow();
    else if (!reachableState.get()) void refreshDeviceCopy();
  }, RETRY_MS);
  let token = tokenState.get();
  tokenState.subscribe(() => {
    const next = tokenState.get();
    if (next && next !== token) void refreshState().then(drainNow);
    token = next;
  });
  void refreshState()
    .then(drainNow)
    .then(() => refreshDeviceCopy());
}

export interface RunResult {
  /** true: the server has it; false: kept on the device, sent when the connection returns. */
  sent: boolean;
  clientId: string;
  /** The online call's answer when sent. */
  result?: unknown;
}

/**
 * Does one step: online (and nothing older waiting) at once with its client id as Idempotency-Key and its real time;
 * otherwise — or when the network fails on the way — into the queue, behind everything before it, so the server gets
 * the steps in the order they were done ("saved on this device" is said here). A refusal of the server (4xx) is the
 * caller's to show, as for any save.
 */
export async function runAction(
  art: ServiceAktionArt,
  ids: StepIds,
  daten: Record<string, unknown>,
  sendOnline: OnlineSender,
  label?: string,
): Promise<RunResult> {
  const clientId = newId();
  const zeitpunkt = new Date().toISOString();
  const user = currentUserId();
  const db = user === null ? null : await serviceDb().catch(() => null);
  const waiting = db && user !== null ? (await pendingOf(db, user)).length : 0;
  if (!db || user === null || (waiting === 0 && !knownOffline())) {
    try {
      const result = await sendOnline(art, ids, daten, { clientId, zeitpunkt });
      reachableState.set(true);
      return { sent: true, clientId, result };
    } catch (e) {
      if (!db || user === null || !isApiError(e) || !e.isOffline) throw e;
      reachableState.set(false);
    }
  }
  const kept = await db.getAllFromIndex('copy', 'user', user).catch(() => []);
  const kontext = contextOf(
    ids,
    kept.map((c) => c.value),
  );
  await enqueue(db, { clientId, art, ...ids, zeitpunkt, daten: { ...daten, zeitpunkt }, user, queuedAt: zeitpunkt, attempts: 0, label, kontext });
  notifications.show({ id: 'service-queued', color: 'yellow', title: offlineT('queuedTitle'), message: offlineT('queuedText'), autoClose: TOAST.success });
  await refreshState();
  // the screens re-read through the device copy with this step applied
  await queryClient.invalidateQueries({ queryKey: SERVICE_QUERIES });
  void drainNow();
  return { sent: false, clientId };
}

export async function discard(clientId: string) {
  await discardConflict(await serviceDb(), clientId);
  await refreshState();
}

/** What became of a resent step: taken by the server, refused again (with its reason), or still on the device. */
export type RedoOutcome = { state: 'sent' } | { state: 'refused'; conflict: Conflict } | { state: 'queued' };

/**
 * Redo a conflict with corrected data: back into the queue (new client id; its time as corrected, else the original),
 * then sent at once; answers what became of it, so the review page can say why a resend failed (the server's message).
 */
export async function redo(clientId: string, daten: Record<string, unknown>): Promise<RedoOutcome> {
  const db = await serviceDb();
  const action = await redoConflict(db, clientId, newId(), daten, new Date().toISOString());
  await refreshState();
  await queryClient.invalidateQueries({ queryKey: SERVICE_QUERIES });
  await drainNow();
  if (!action) return { state: 'queued' };
  const conflict = await db.get('conflicts', action.clientId);
  if (conflict) return { state: 'refused', conflict };
  const still = await db.getFromIndex('queue', 'clientId', action.clientId);
  return still ? { state: 'queued' } : { state: 'sent' };
}
