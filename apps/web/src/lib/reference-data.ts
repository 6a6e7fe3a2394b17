import { useQuery } from '@tanstack/react-query';
import type { Nutzungsparameter, ZeiterfassungParameter } from '@vario/contract';
import { api } from '@/lib/api/client';
import { tokenState } from '@/lib/api/token';
import { readDeviceCopy, writeDeviceCopy } from '@/lib/device-copy';
import { createQueryKeys } from '@/lib/query-keys';
import { useStore } from '@/lib/store';

/**
 * Reference data the client holds (APP-028): system parameters (name → wert), usage parameters, price groups 1–17,
 * calendar entry types, time-tracking parameters and activity types — loaded once per session in one go, kept as a
 * device copy under the session's token, and reloaded when missing, unstamped or older than a day (the rule of the base
 * data, APP-027). The per-user web app parameters (dark mode, navigation, density …) are the settings model
 * (features/settings/api.ts `useUserParameter`), likewise kept as device copies.
 */
export interface ReferenceData {
  systemParameter: Record<string, string | null>;
  nutzungsparameter: Nutzungsparameter;
  preisgruppen: { nummer: number; bezeichnung: string }[];
  kalenderTypen: { id: number; bezeichnung: string; farbe: string | null }[];
  zeiterfassung: ZeiterfassungParameter;
  aktivitaetsarten: { id: number; wert: string; bezeichnung: string }[];
}

export const referenceKeys = createQueryKeys('referenceData');
export const REFERENCE_COPY = 'referenzdaten';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Lists of reference data are short; one page of this size holds each of them whole. */
const LIMIT = 500;

type Stamped = { stamp?: number; data?: ReferenceData };

/** A device copy counts while it is stamped, not older than a day and not from the future (a wrong clock reloads). */
export const copyIsFresh = (copy: Stamped | undefined, now: number): copy is { stamp: number; data: ReferenceData } =>
  !!copy?.data && typeof copy.stamp === 'number' && copy.stamp <= now && now - copy.stamp < DAY_MS;

async function fetchReferenceData(): Promise<ReferenceData> {
  const [parameter, nutzung, preisgruppen, kalenderTypen, zeiterfassung, aktivitaetsarten] = await Promise.all([
    api('systemParameter', { params: { orderBy: 'name', limit: LIMIT } }),
    api('nutzungsparameter'),
    api('preisgruppen', { params: { limit: 17 } }),
    api('serviceKalenderTypen'),
    api('zeiterfassungParameter'),
    api('aktivitaetsarten', { params: { limit: LIMIT } }),
  ]);
  return {
    systemParameter: Object.fromEntries(parameter.result.map((p) => [p.name, p.wert])),
    nutzungsparameter: nutzung.result,
    preisgruppen: preisgruppen.result,
    kalenderTypen: kalenderTypen.result,
    zeiterfassung: zeiterfassung.result,
    aktivitaetsarten: aktivitaetsarten.result,
  };
}

/** The reference data of this session: the device copy while it is fresh, else the server's (then stamped and kept). */
export async function loadReferenceData(token: string | null, now = Date.now()): Promise<ReferenceData> {
  const copy = readDeviceCopy<Stamped>(REFERENCE_COPY, token);
  if (copyIsFresh(copy, now)) return copy.data;
  const data = await fetchReferenceData();
  writeDeviceCopy(REFERENCE_COPY, token, { stamp: now, data });
  return data;
}

/** One query for all reference data; screens pick their part with `select` (one request per session, not per screen). */
export function useReferenceData<T = ReferenceData>(select?: (data: ReferenceData) => T) {
  const token = useStore(tokenState);
  return useQuery({
    queryKey: referenceKeys.custom(token),
    queryFn: () => loadReferenceData(token),
    enabled: !!token,
    staleTime: DAY_MS,
    select,
    meta: { silent: true },
  });
}

const select = {
  preisgruppen: (r: ReferenceData) => r.preisgruppen,
  aktivitaetsarten: (r: ReferenceData) => r.aktivitaetsarten,
  kalenderTypen: (r: ReferenceData) => r.kalenderTypen,
  nutzungsparameter: (r: ReferenceData) => r.nutzungsparameter,
  zeiterfassung: (r: ReferenceData) => r.zeiterfassung,
  systemParameter: (r: ReferenceData) => r.systemParameter,
};
export const usePriceGroupList = () => useReferenceData(select.preisgruppen);
export const useActivityTypeList = () => useReferenceData(select.aktivitaetsarten);
export const useCalendarTypeList = () => useReferenceData(select.kalenderTypen);
export const useUsageParameters = () => useReferenceData(select.nutzungsparameter);
export const useTimeTrackingParameters = () => useReferenceData(select.zeiterfassung);
export const useSystemParameters = () => useReferenceData(select.systemParameter);
