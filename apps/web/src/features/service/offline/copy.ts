import type { Me } from '@vario/contract';
import { ApiError, isApiError } from '@/lib/api/errors';
import { tokenStore } from '@/lib/api/token';
import { readDeviceCopy } from '@/lib/device-copy';
import { createStore } from '@/lib/store';
import { type ServiceDatabase, serviceDb } from './db';
import { withPending } from './overlay';
import { pendingOf } from './queue';

/**
 * The device copy of the service reads (issue 12 item 4): every answer a service read gets from the server is kept in
 * IndexedDB under its query key and the signed-in user; without a connection (or when the server cannot be reached)
 * the read answers the kept copy — with the actions not yet sent applied on top (overlay.ts), as it does online while
 * the queue still holds some. Used by the read hooks of features/service/api.ts through `withDeviceCopy`.
 */

/** The signed-in user's id (benutzer), from the session's own device copy: known offline, null when signed out. */
export function currentUserId(): number | null {
  return readDeviceCopy<Me>('me', tokenStore.get())?.benutzer.id ?? null;
}

const copyKey = (user: number, queryKey: readonly unknown[]) => `${user}|${JSON.stringify(queryKey)}`;

export async function saveCopy(db: ServiceDatabase, user: number, queryKey: readonly unknown[], value: unknown) {
  await db.put('copy', { key: copyKey(user, queryKey), user, queryKey: [...queryKey], value, savedAt: new Date().toISOString() });
}

export async function readCopy<T>(db: ServiceDatabase, user: number, queryKey: readonly unknown[]): Promise<{ value: T; savedAt: string } | undefined> {
  const entry = await db.get('copy', copyKey(user, queryKey));
  return entry ? { value: entry.value as T, savedAt: entry.savedAt } : undefined;
}

/** When the browser knows it has no network, no request is tried (it would only wait for the timeout). */
export const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Whether the server answered the last service call: false after a request found no server. `navigator.onLine` alone
 * is not enough — a phone in a cellar often has a network (Wi-Fi, one bar) but no way to the server.
 */
export const reachableState = createStore(true);

/**
 * A read that keeps working offline: the server's answer (kept as the device copy), else the device copy; both with
 * the pending actions applied. Throws the original error for anything but a missing connection, and a connection
 * error when there is no copy either.
 */
export async function readThroughCopy<T>(queryKey: readonly unknown[], fetcher: () => Promise<T>): Promise<T> {
  const user = currentUserId();
  if (user === null) return fetcher();
  let db: ServiceDatabase | null = null;
  try {
    db = await serviceDb();
  } catch {
    // no IndexedDB (private mode of some browsers): online only
    return fetcher();
  }
  if (!knownOffline()) {
    try {
      const value = await fetcher();
      reachableState.set(true);
      await saveCopy(db, user, queryKey, value);
      return withPending(value, await pendingOf(db, user));
    } catch (e) {
      if (!isApiError(e) || !e.isOffline) throw e;
      reachableState.set(false);
    }
  }
  const copy = await readCopy<T>(db, user, queryKey);
  if (!copy) throw new ApiError({ status: 0, body: null, method: 'GET', path: String(queryKey.join('/')) });
  return withPending(copy.value, await pendingOf(db, user));
}

/**
 * Query options for a service read: `useQuery({ queryKey: k, ...withDeviceCopy(k, () => api(…)) })`. `networkMode:
 * 'always'` lets the read run without a connection (TanStack Query would otherwise pause it) so the copy answers.
 */
export function withDeviceCopy<T>(queryKey: readonly unknown[], fetcher: () => Promise<T>) {
  return { queryFn: () => readThroughCopy(queryKey, fetcher), networkMode: 'always' as const };
}
