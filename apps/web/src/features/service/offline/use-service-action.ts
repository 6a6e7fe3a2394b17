import type { ServiceAktionArt } from '@vario/contract';
import { useCallback, useEffect } from 'react';
import { useStore } from '@/lib/store';
import { type ServiceStepIds, sendServiceStepOnline } from '../api';
import { refreshDeviceCopy } from './prefetch';
import { conflictState, discard, drainNow, pendingState, type RunResult, redo, runAction, startSync, syncingState } from './sync';

export type { RunResult } from './sync';

/**
 * `run(art, ids, daten, label?)`: the one way the service screens write (issue 12 item 4). Online it sends the step at
 * once (client id as Idempotency-Key, real time as zeitpunkt) and answers `{ sent: true, result }`; without a
 * connection it keeps the step on the device, applies it to the device copy and answers `{ sent: false }` with the
 * notice "saved on this device". A server refusal (4xx) is thrown, as from any save. features/service/api.ts's
 * `sendServiceStep` goes the same way.
 */
export function useServiceAction() {
  useEffect(() => startSync(refreshDeviceCopy), []);
  const run = useCallback(async (art: ServiceAktionArt, ids: ServiceStepIds, daten: Record<string, unknown> = {}, label?: string): Promise<RunResult> => {
    return runAction(art, ids, daten, sendServiceStepOnline, label);
  }, []);
  return { run };
}

/** The steps not yet sent (in order), whether a replay is running, and a way to send now. */
export function usePendingActions() {
  useEffect(() => startSync(refreshDeviceCopy), []);
  const pending = useStore(pendingState);
  const syncing = useStore(syncingState);
  return { pending, count: pending.length, syncing, sendNow: drainNow };
}

/** The steps the server refused on replay, with its reason; discard or redo (corrected data, original time). */
export function useConflicts() {
  useEffect(() => startSync(refreshDeviceCopy), []);
  const conflicts = useStore(conflictState);
  return { conflicts, count: conflicts.length, discard, redo };
}
