import { queryOptions, useQuery } from '@tanstack/react-query';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { tokenStore } from '@/lib/api/token';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export const lookupKeys = createQueryKeys('lookups');
const DAY_MS = 24 * 60 * 60 * 1000;
/** The country list is read once with its limit of 2000 (ADR-031). */
export const COUNTRY_LIMIT = 2000;

/** Countries (lkz, land), ordered by name (ADR-031, ADR-032). */
export function useCountries() {
  const token = useToken();
  return useQuery({
    queryKey: lookupKeys.custom('countries'),
    queryFn: async () => (await api('laender', { params: { orderBy: 'land', limit: COUNTRY_LIMIT } })).result,
    enabled: !!token,
    staleTime: DAY_MS,
    meta: { silent: true },
  });
}

/** Active entries of a text catalogue key, e.g. `ADR.Anrede` (ADR-040). */
export function useTextCatalogue(schluessel: string) {
  const token = useToken();
  return useQuery({
    queryKey: lookupKeys.custom('texte', schluessel),
    queryFn: async () => (await api('texte', { params: { filter: `schluessel=${schluessel},istAktiv=true`, orderBy: 'sortierung', limit: 500 } })).result,
    enabled: !!token,
    staleTime: DAY_MS,
    meta: { silent: true },
  });
}

/** A system parameter's value (null when unset). */
export function useSystemParameter(name: string) {
  return useQuery(systemParameterQuery(name, !!useToken()));
}

const systemParameterQuery = (name: string, signedIn: boolean) =>
  queryOptions({
    queryKey: lookupKeys.custom('parameter', name),
    queryFn: async () => (await api('systemParameter', { params: { filter: `name=${name}` } })).result[0]?.wert ?? null,
    enabled: signedIn,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** Reads system parameters before the screen that needs them renders (route loaders); a failure is the screen's to show. */
export async function prefetchSystemParameters(...names: string[]): Promise<void> {
  if (tokenStore.get()) await Promise.all(names.map((n) => queryClient.ensureQueryData(systemParameterQuery(n, true)).catch(() => undefined)));
}

/** A parameter counts as set when its value is neither empty nor 0/false/nein. */
export const parameterIsSet = (wert: string | null | undefined) => !!wert && !/^(0|false|nein|no|n)$/i.test(wert.trim());
