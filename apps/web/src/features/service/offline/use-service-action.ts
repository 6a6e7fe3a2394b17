import { notifications } from '@mantine/notifications';
import type { ServiceAktionArt } from '@vario/contract';
import { useCallback, useEffect } from 'react';
import { TOAST } from '@/lib/api/error-handler';
import { useStore } from '@/lib/store';
import type { ServiceStepIds } from '../api';
import { conflictState, discard, drainNow, pendingState, type RunResult, redo, runAction, startSync, syncingState } from './sync';
import { offlineT } from './texts';

export type { RunResult } from './sync';

/**
 * `run(art, ids, daten, label?)`: the one way the service screens write (issue 12 item 4). Online it sends the step at
 * once (client id as Idempotency-Key, real time as zeitpunkt) and answers `{ sent: true, result }`; without a
 * connection it keeps the step on the device, applies it to the device copy and answers `{ sent: false }` — the
 * "saved on this device" notice is shown here. A server refusal (4xx) is thrown, as from any save.
 */
export function useServiceAction() {
  useEffect(startSync, []);
  const run = useCallback(async (art: ServiceAktionArt, ids: ServiceStepIds, daten: Record<string, unknown> = {}, label?: string): Promise<RunResult> => {
    const result = await runAction(art, ids, daten, label);
    if (!result.sent)
      notifications.show({ id: 'service-queued', color: 'yellow', title: offlineT('queuedTitle'), message: offlineT('queuedText'), autoClose: TOAST.success });
    return result;
  }, []);
  return { run };
}

/** The steps not yet sent (in order), whether a replay is running, and a way to send now. */
export function usePendingActions() {
  useEffect(startSync, []);
  const pending = useStore(pendingState);
  const syncing = useStore(syncingState);
  return { pending, count: pending.length, syncing, sendNow: drainNow };
}

/** The steps the server refused on replay, with its reason; discard or redo (corrected data, original time). */
export function useConflicts() {
  useEffect(startSync, []);
  const conflicts = useStore(conflictState);
  return { conflicts, count: conflicts.length, discard, redo };
}
