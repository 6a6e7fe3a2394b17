import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { prefetchFiscalYearStart } from '@/components/turnover/fiscal-year';
import { api } from '@/lib/api/client';
import { tokenStore } from '@/lib/api/token';
import { queryClient } from '@/lib/query-client';
import { addressKeys, SUB_LIST_LIMIT } from './api';

/** Net turnover rows (jahr, monat, summe) of an address (ADR-020). */
export function useTurnover(addressId: number) {
  return useQuery(turnoverQuery(addressId));
}

const turnoverQuery = (addressId: number) =>
  queryOptions({
    queryKey: addressKeys.custom('record', addressId, 'turnover'),
    queryFn: async () => (await api('umsatzstatistik', { params: { adresseId: addressId } })).daten[0]?.datensaetze ?? [],
    meta: { silent: true },
  });

/** The dashboard route's loader: turnover and fiscal-year start are at hand when the dashboard first renders. */
export async function prefetchDashboard(addressId: number | null): Promise<void> {
  if (!addressId || !tokenStore.get()) return;
  await Promise.all([queryClient.ensureQueryData(turnoverQuery(addressId)).catch(() => undefined), prefetchFiscalYearStart()]);
}

/** Open order lines, sorted by document date ascending (ADR-072, ADR-073). */
export function useBackorders(addressId: number) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'backorders'),
    queryFn: async () => {
      const rows = (await api('auftragsrueckstaende', { params: { adresseId: addressId } })).daten[0]?.datensaetze ?? [];
      return [...rows].sort((a, b) => a.belegdatum.localeCompare(b.belegdatum) || a.belegnr.localeCompare(b.belegnr) || a.position - b.position);
    },
    meta: { silent: true },
  });
}

export interface HistoryFilter {
  artikelnr: string;
  bezeichnung: string;
  datumvon: string | null;
  datumbis: string | null;
}

/** History window of one address with its filters (ADR-076, ADR-077). */
export function useHistory(addressId: number, f: HistoryFilter) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'history', f),
    queryFn: async () =>
      api('historie', {
        params: {
          id: addressId,
          returnTotal: 'true',
          limit: SUB_LIST_LIMIT,
          artikelnr: f.artikelnr.trim() || undefined,
          bezeichnung: f.bezeichnung.trim() || undefined,
          datumvon: f.datumvon ?? undefined,
          datumbis: f.datumbis ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
