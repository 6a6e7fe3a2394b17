import { useMutation, useQuery } from '@tanstack/react-query';
import { PRESETS_WARENGRUPPEN_CHART } from '@vario/contract';
import { useToken } from '@/app/auth/session';
import { readUserParameter, writeUserParameter } from '@/features/settings/api';
import { api } from '@/lib/api/client';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export const statisticsKeys = createQueryKeys('statistics');

/** Company turnover by calendar year and month (STAT-004, STAT-007). */
export function useCompanyTurnover() {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.custom('turnover'),
    queryFn: async () => (await api('umsatzGesamt')).daten[0]?.datensaetze ?? [],
    enabled: !!token,
    // cheap reads of an aggregate: a document booked elsewhere shows on the next visit
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Turnover by product group over the current fiscal year (STAT-008). */
export function useProductGroupTurnover() {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.custom('productGroups'),
    queryFn: async () => (await api('umsatzWarengruppen')).daten[0]?.datensaetze ?? [],
    enabled: !!token,
    // cheap reads of an aggregate: a document booked elsewhere shows on the next visit
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Birthdays in the window (STAT-010, STAT-014): the window (today, from, to) and the rows. */
export function useBirthdays() {
  const token = useToken();
  return useQuery({
    queryKey: statisticsKeys.custom('birthdays'),
    queryFn: async () => {
      const { daten } = await api('geburtstage');
      return { fenster: daten[0].datensaetze[0] ?? null, rows: daten[1].datensaetze };
    },
    enabled: !!token,
    // cheap reads of an aggregate: a document booked elsewhere shows on the next visit
    staleTime: 0,
    meta: { silent: true },
  });
}

const parseHidden = (w: string): string[] => {
  const v = JSON.parse(w) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};
const hiddenKey = (token: string | null) => statisticsKeys.custom('hiddenGroups', token);

/** The hidden legend entries of the product-group chart, kept per user (STAT-009: data.wert a JSON string). */
export function useHiddenGroups() {
  const token = useToken();
  const query = useQuery({
    queryKey: hiddenKey(token),
    queryFn: async () => (await readUserParameter(PRESETS_WARENGRUPPEN_CHART, parseHidden)) ?? [],
    enabled: !!token,
    staleTime: Infinity,
    meta: { silent: true },
  });
  const save = useMutation({
    mutationFn: (hidden: string[]) => writeUserParameter(PRESETS_WARENGRUPPEN_CHART, JSON.stringify(hidden)),
    onMutate: async (hidden) => {
      await queryClient.cancelQueries({ queryKey: hiddenKey(token) });
      queryClient.setQueryData(hiddenKey(token), hidden);
    },
    meta: { silent: true },
  });
  return { hidden: query.data ?? [], isLoading: query.isLoading, save: (hidden: string[]) => save.mutate(hidden) };
}
