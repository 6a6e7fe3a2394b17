import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_VERSION, type Basisdaten, BENUTZER_TYPEN_WEBAPP, type Me, type systemInfo } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { tokenState, tokenStore } from '@/lib/api/token';
import { forgetDeviceCopies as forgetCopies, fromDeviceCopy, writeDeviceCopy } from '@/lib/device-copy';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { useStore } from '@/lib/store';

export const sessionKeys = createQueryKeys('session');
const BASISDATEN_KEY = 'vario.basisdaten';
const DAY_MS = 24 * 60 * 60 * 1000;

export const useToken = () => useStore(tokenState);
type SystemInfo = z.infer<typeof systemInfo>;

/** The signed-in user with rights and technician (APP-025); drawn from the device copy while the server is asked. */
export function useMe() {
  return useQuery(meQuery(useToken()));
}

const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: sessionKeys.custom('me', token),
    queryFn: async () => {
      const me = (await api('me')).result;
      writeDeviceCopy('me', token, me);
      return me;
    },
    enabled: !!token,
    staleTime: Infinity,
    ...fromDeviceCopy<Me>('me', token),
  });

/** The signed-in frame's loader: the user is known before the first signed-in screen renders (a failure is the screen's to show). */
export async function prefetchMe(): Promise<void> {
  const token = tokenStore.get();
  if (token) await queryClient.ensureQueryData(meQuery(token)).catch(() => undefined);
}

/** Base data, cached in the browser and refreshed when missing, unstamped or older than a day (APP-027). */
export async function loadBasisdaten(now = Date.now()): Promise<Basisdaten> {
  try {
    const cached = JSON.parse(localStorage.getItem(BASISDATEN_KEY) ?? 'null') as { stamp?: number; data?: Basisdaten } | null;
    if (cached?.data && typeof cached.stamp === 'number' && now - cached.stamp < DAY_MS) return cached.data;
  } catch {
    // a broken cache entry is simply reloaded
  }
  const data = (await api('basisdaten')).result;
  localStorage.setItem(BASISDATEN_KEY, JSON.stringify({ stamp: now, data }));
  return data;
}

export function useBasisdaten() {
  const token = useToken();
  return useQuery({ queryKey: sessionKeys.custom('basisdaten', token), queryFn: () => loadBasisdaten(), enabled: !!token, staleTime: DAY_MS });
}

/** Licence holder and versions (APP-030), kept as a device copy like the user (APP-029 section system info). */
export function useSystemInfo() {
  const token = useToken();
  return useQuery({
    queryKey: sessionKeys.custom('systemInfo', token),
    queryFn: async () => {
      const info = (await api('systemInfo')).result;
      writeDeviceCopy('systemInfo', token, info);
      return info;
    },
    enabled: !!token,
    staleTime: Infinity,
    ...fromDeviceCopy<SystemInfo>('systemInfo', token),
  });
}

const basic = (user: string, password: string) => {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
};

/** First three numeric parts of a version string, e.g. "8.5.19.3" → "8.5.19". */
export const versionCore = (v: string) => (v.match(/\d+/g) ?? []).slice(0, 3).join('.');
export const versionsDiffer = (db: string) => versionCore(db) !== versionCore(APP_VERSION);
export const mayUseWebapp = (me: Me) => me.benutzer.webappBerechtigt && (BENUTZER_TYPEN_WEBAPP as readonly number[]).includes(me.benutzer.typ);

export type LoginOutcome = { kind: 'ok'; versionMismatch: string | null } | { kind: 'noLicence' };

/** Logs in with Basic authorisation (HTTP-010), then checks licence and version (APP-040, APP-041). */
export async function login(user: string, password: string): Promise<LoginOutcome> {
  const { result } = await api('login', { authorization: basic(user, password) });
  tokenStore.set(result.token);
  forgetDeviceCopies();
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  const me = (await api('me')).result;
  if (!mayUseWebapp(me)) {
    await api('logout').catch(() => undefined);
    tokenStore.clear();
    return { kind: 'noLicence' };
  }
  const info = await api('systemInfo')
    .then((r) => r.result)
    .catch(() => null);
  return { kind: 'ok', versionMismatch: info && versionsDiffer(info.datenbankVersion) ? info.datenbankVersion : null };
}

/** Ends the session on the server (best effort) and forgets it here (APP-023). */
export async function logout() {
  if (tokenStore.get()) await api('logout', {}).catch(() => undefined);
  tokenStore.clear();
  forgetDeviceCopies();
  queryClient.clear();
}

/** Base data and grid presets kept on this device belong to the user who was logged in. */
function forgetDeviceCopies() {
  localStorage.removeItem(BASISDATEN_KEY);
  forgetCopies();
}
