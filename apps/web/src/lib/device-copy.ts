import type { Query } from '@tanstack/react-query';

/**
 * Device copies: the last server answer of a per-user query (signed-in user, user parameters, grid presets), kept in
 * localStorage under the token it belongs to. A screen draws at once from the copy and asks the server once in the
 * background; a copy of another token is never used, and login forgets them all.
 */
const PREFIX = 'vario.copy.';

export function readDeviceCopy<T>(key: string, token: string | null): T | undefined {
  if (!token) return undefined;
  try {
    const copy = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as { token?: string; value?: T } | null;
    return copy?.token === token ? copy.value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDeviceCopy(key: string, token: string | null, value: unknown) {
  if (!token) return;
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ token, value }));
  } catch {
    // storage full or disabled: the server stays the source
  }
}

export function forgetDeviceCopies() {
  for (const k of Object.keys(localStorage)) if (k.startsWith(PREFIX)) localStorage.removeItem(k);
}

/**
 * Query options that start from the device copy: it counts as loaded (so nothing waits for it), and the first observer
 * fetches the server's answer once (data from the copy carries updatedAt 0); after that staleTime applies.
 */
export function fromDeviceCopy<T>(key: string, token: string | null) {
  return {
    initialData: () => readDeviceCopy<T>(key, token),
    initialDataUpdatedAt: 0,
    refetchOnMount: (q: Query<T, Error, T, readonly unknown[]>) => (q.state.dataUpdatedAt === 0 ? ('always' as const) : false),
  };
}
