import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FreieSql, FreieSqlDaten, freieSqlEingabe } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { api, request } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/save-blob';

export type { FreieSql, FreieSqlDaten };
export type FreieSqlInput = z.input<typeof freieSqlEingabe>;
export type Encoding = 'utf8' | 'windows1252';
export const freeSqlKeys = createQueryKeys('freeSql');

const recordKey = (id: number) => freeSqlKeys.detail(id);

/** GET /auswertungen/freiesql/{id} (STAT-020): the report with its required parameters in `parameter`. */
export function useFreeSql(id: number) {
  const token = useToken();
  return useQuery({ queryKey: recordKey(id), queryFn: async () => (await api('freieSqlGet', { params: { id } })).result, enabled: !!token });
}

/** GET /auswertungen/freiesql/{id}/daten (STAT-023) with the values; runs only once values were given (`values` not null). */
export function useFreeSqlData(id: number, values: Record<string, string> | null) {
  return useQuery({
    queryKey: freeSqlKeys.custom('daten', id, values),
    queryFn: async () => (await api('freieSqlDaten', { params: { id, ...values } as never })).daten[0],
    enabled: values !== null,
    retry: false,
    // a report reads live data: every run asks again
    gcTime: 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** POST (create) or PATCH (change) a report; administrators only (the server refuses others). */
export async function saveFreeSql(id: number | null, data: FreieSqlInput) {
  const res = await saveForm<FreieSql, FreieSqlInput>({ path: '/auswertungen/freiesql', id, data });
  if (res.result && res.id) queryClient.setQueryData(recordKey(res.id), res.result);
  void queryClient.invalidateQueries({ queryKey: freeSqlKeys.custom('daten') });
  void queryClient.invalidateQueries({ queryKey: freeSqlKeys.lists() });
  return res;
}

export async function deleteFreeSql(id: number) {
  await api('freieSqlDelete', { params: { id } });
  queryClient.removeQueries({ queryKey: recordKey(id) });
  void queryClient.invalidateQueries({ queryKey: freeSqlKeys.lists() });
}

/** GET /auswertungen/freiesql/{id}/export: the rows as CSV (semicolon, German numbers) in the chosen encoding, saved as a file. */
export async function downloadFreeSqlCsv(id: number, name: string, values: Record<string, string>, encoding: Encoding) {
  const res = await request<ArrayBuffer>('GET', '/auswertungen/freiesql/:id/export', {
    params: { ...values, id, format: 'csv', encoding },
    headers: { Accept: 'text/csv' },
  });
  const type = res.headers.get('Content-Type') ?? 'text/csv';
  saveBlob(new Blob([res.data], { type }), `${name.replace(/[\\/:*?"<>|]+/g, '_')}.csv`);
}
