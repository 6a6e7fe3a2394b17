import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { navEntries } from '@/app/areas';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { tokenStore } from '@/lib/api/token';
import { type DensityChoice, parseDensity } from '@/lib/density';
import { fromDeviceCopy, writeDeviceCopy } from '@/lib/device-copy';
import { type ItemSettings, itemEnabled } from '@/lib/item-settings';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export const settingsKeys = createQueryKeys('settings');

export interface NavigationSettings extends ItemSettings {
  visible: boolean;
}
export interface InfobarSettings {
  dense: boolean;
  /** Reminders due within 15 minutes: kept in the model by the reminder poll, shown as the badge (APP-094, REM-018). */
  memoriesCount?: number;
}

/** The saved navigation names every entry that is on (APP-092: body visible, enabledItems); the ones switched off stay
 * in disabledItems, so entries added later start switched on (APP-095, APP-096). */
export const completeNavigation = (s: NavigationSettings): NavigationSettings => ({
  ...s,
  enabledItems: navEntries()
    .map((e) => e.id)
    .filter((id) => itemEnabled(s, id)),
});

/** The per-user parameters behind the settings model, with the defaults of 3-cross-cutting §9 (APP-094, APP-095). */
export const userParameters = {
  darkmode: { fallback: false as boolean, parse: (w: string) => w === 'true' },
  /** Row density: compact by default from 1280 px (issue 9 item 13). */
  density: { fallback: 'auto' as DensityChoice, parse: parseDensity },
  navigation: {
    // every entry is enabled until switched off (`itemEnabled`)
    fallback: { visible: false, enabledItems: [], disabledItems: [] } as NavigationSettings,
    parse: (w: string) => JSON.parse(w) as NavigationSettings,
  },
  dashboard: {
    fallback: { enabledItems: [], disabledItems: [] } as ItemSettings,
    parse: (w: string) => JSON.parse(w) as ItemSettings,
  },
  infobar: { fallback: { dense: true, memoriesCount: 0 } as InfobarSettings, parse: (w: string) => JSON.parse(w) as InfobarSettings },
  cookieBanner: { fallback: true as boolean, parse: (w: string) => w !== 'false' },
  userStorageRegion: { fallback: null as number | null, parse: (w: string) => (Number.isFinite(Number(w)) && w !== '' ? Number(w) : null) },
} as const;

export type UserParameterName = keyof typeof userParameters;
type ValueOf<N extends UserParameterName> = (typeof userParameters)[N]['fallback'];

/** What a value becomes before it is saved. */
const prepares: { [N in UserParameterName]?: (v: ValueOf<N>) => ValueOf<N> } = { navigation: completeNavigation };

/** Reads a user parameter; unset (the server answers `wert: null`) or unreadable gives `null` and the caller uses the default. */
export async function readUserParameter<T>(name: string, parse: (w: string) => T): Promise<T | null> {
  const { result } = await api('webappParameterGet', { params: { name } });
  if (result.wert === null) return null;
  try {
    return parse(result.wert);
  } catch (e) {
    if (e instanceof SyntaxError) return null;
    throw e;
  }
}

export const writeUserParameter = (name: string, value: unknown) =>
  api('webappParameterSet', { params: { name }, body: { data: { wert: typeof value === 'string' ? value : JSON.stringify(value) } } });

const userParameterQuery = <N extends UserParameterName>(name: N, token: string | null) =>
  queryOptions({
    queryKey: settingsKeys.custom('parameter', name, token),
    queryFn: async () => {
      const value = await readUserParameter(name, userParameters[name].parse as (w: string) => ValueOf<N>);
      writeDeviceCopy(`parameter.${name}`, token, value);
      return value;
    },
    enabled: !!token,
    staleTime: Infinity,
    meta: { silent: true },
    ...fromDeviceCopy<ValueOf<N> | null>(`parameter.${name}`, token),
  });

/**
 * Reads user parameters before the screen that shows them first renders (the frame's colour scheme, density and
 * navigation: no second render, no light flash for a dark-mode user on a new device); a failure leaves the defaults.
 */
export async function prefetchUserParameters(names: readonly UserParameterName[]): Promise<void> {
  const token = tokenStore.get();
  if (token) await Promise.all(names.map((n) => queryClient.ensureQueryData(userParameterQuery(n, token)).catch(() => undefined)));
}

export function useUserParameter<N extends UserParameterName>(name: N) {
  const query = useQuery(userParameterQuery(name, useToken()));
  const value = (query.data ?? userParameters[name].fallback) as ValueOf<N>;
  return { value, isLoading: query.isLoading, isSaved: query.data !== null && query.data !== undefined };
}

/** Saves a user parameter, updating the screen at once; failures are only logged (APP-093). */
export function useSaveUserParameter<N extends UserParameterName>(name: N) {
  const token = useToken();
  const prepare = (v: ValueOf<N>) => prepares[name]?.(v) ?? v;
  return useMutation({
    mutationFn: (value: ValueOf<N>) => writeUserParameter(name, prepare(value)),
    onMutate: async (raw) => {
      const value = prepare(raw);
      const key = settingsKeys.custom('parameter', name, token);
      // a read still in flight (the check behind a device copy) must not overwrite the new value
      await queryClient.cancelQueries({ queryKey: key });
      writeDeviceCopy(`parameter.${name}`, token, value);
      queryClient.setQueryData(key, value);
    },
    onError: (e) => console.warn(`saving ${name} failed`, e),
    meta: { silent: true },
  });
}

/** Sets a parameter in this device's settings model only (values the client derives, e.g. `infobar.memoriesCount`). */
export function useLocalParameter<N extends UserParameterName>(name: N) {
  const token = useToken();
  return (value: ValueOf<N>) => queryClient.setQueryData(settingsKeys.custom('parameter', name, token), value);
}

/** Changes the own password (APP-089); the server ends every session of the user. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (data: { altesPasswort: string; neuesPasswort: string }) => api('passwort', { body: { data } }),
  });
}
