import { useMutation, useQuery } from '@tanstack/react-query';
import type { Artikel, artikelEingabe } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { api, type BodyOf } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { usePriceGroupList } from '@/lib/reference-data';
import { storageKeys } from '../storage/api';

export const productKeys = createQueryKeys('products');
const DAY_MS = 24 * 60 * 60 * 1000;
/** The journal on the storage tab shows the latest movements in one window. */
export const JOURNAL_LIMIT = 200;

export function useProduct(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: productKeys.custom('record', id, 'master'),
    queryFn: async () => (await api('artikelGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

/** POST without id, PATCH with id (ART_AENDERN); the lock token goes along. */
export async function saveProduct(id: number | null, data: Partial<z.output<typeof artikelEingabe>>, lockToken: string | null) {
  const res = await saveForm<Artikel, Partial<z.output<typeof artikelEingabe>>>({ path: '/stammdaten/artikel', id, data, lockToken });
  if (res.result && res.id) queryClient.setQueryData(productKeys.custom('record', res.id, 'master'), res.result);
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  return res;
}

/** DELETE (ART_LOESCHEN); the server refuses a product with stock movements (409). */
export async function deleteProduct(id: number, lockToken: string | null) {
  await api('artikelDelete', { params: { id }, headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined });
  queryClient.removeQueries({ queryKey: productKeys.custom('record', id) });
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
}

/** Custom fields: bezeichnung/wert pairs (ART-005). */
export function useCustomFields(id: number) {
  return useQuery({
    queryKey: productKeys.custom('record', id, 'freieFelder'),
    queryFn: async () => (await api('freieFelder', { params: { id } })).result,
  });
}

export function useSaveCustomFields(id: number) {
  return useMutation({
    mutationFn: async (rows: { bezeichnung: string; wert: string | null }[]) => (await api('freieFelderSet', { params: { id }, body: { data: rows } })).result,
    onSuccess: (rows) => queryClient.setQueryData(productKeys.custom('record', id, 'freieFelder'), rows),
  });
}

/** Graduated prices: /AP3 for staffel '2', /AP5 for staffel '5' (ART-013, ART-014). */
export const scaleOf = (staffel: string | null | undefined) => (staffel === '5' ? 'AP5' : staffel === '2' ? 'AP3' : null);

export function usePriceScale(id: number | null, staffel: string | null | undefined) {
  const ap = scaleOf(staffel);
  return useQuery({
    queryKey: productKeys.custom('record', id, 'staffel', ap),
    queryFn: async () => (await api('preisstaffel', { params: { id: id as number, ap: ap as 'AP3' } })).result,
    enabled: !!id && !!ap,
    meta: { silent: true },
  });
}

/** A price-scale row as the server answers it (ART-015, ART-019): price group, name, period, tier values. */
export type ScaleRow = { preisgruppe: number; bezeichnung: string; gueltigVon: string | null; gueltigBis: string | null } & Record<
  string,
  number | string | null | undefined
>;

/**
 * Replaces the product's graduated prices of one scale (PUT /stammdaten/artikel/{id}/AP3|AP5): the rows kept and — last,
 * so that the server's field errors of it (`<n>.gueltigVon`, an overlap included) name the dialog's own fields — the
 * row added or changed.
 */
export async function savePriceScale(id: number, ap: 'AP3' | 'AP5', kept: Record<string, unknown>[], changed?: Record<string, unknown>) {
  const data = changed ? [...kept, changed] : kept;
  try {
    const res = (await api('preisstaffelSet', { params: { id, ap }, body: { data: data as BodyOf<'preisstaffelSet'>['data'] } })).result;
    queryClient.setQueryData(productKeys.custom('record', id, 'staffel', ap), res);
    return res;
  } catch (e) {
    if (!changed || !isApiError(e) || !e.body?.errors) throw e;
    const prefix = `${kept.length}.`;
    const own = Object.entries(e.fieldErrors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]);
    throw new ApiError({
      status: e.status,
      method: e.method,
      path: e.path,
      headers: e.headers,
      body: { ...e.body, errors: { services: e.body.errors.services ?? [], fieldErrors: Object.fromEntries(own) } },
    });
  }
}

/** Price groups 1–17 with their names (ART-016, ART-017), from the session's reference data (APP-028). */
export const usePriceGroups = usePriceGroupList;

export function useProductGroups() {
  const token = useToken();
  return useQuery({
    queryKey: productKeys.custom('warengruppen'),
    queryFn: async () => (await api('warengruppen', { params: { orderBy: 'bezeichnung', limit: 500 } })).result,
    enabled: !!token,
    staleTime: DAY_MS,
    meta: { silent: true },
  });
}

/** Stock of the product per warehouse (ART-008). */
export function useProductStock(id: number, enabled = true) {
  return useQuery({
    queryKey: productKeys.custom('record', id, 'bestaende'),
    queryFn: async () => (await api('artikelBestaende', { params: { id, limit: 500 } })).result,
    enabled,
  });
}

/** The movement journal of the product, newest first: every stock figure is the sum of these rows. */
export function useMovements(id: number, lagerId?: number | null) {
  return useQuery({
    queryKey: productKeys.custom('record', id, 'bewegungen', lagerId ?? null),
    queryFn: async () => {
      const filter = lagerId ? `artikelId=${id},lagerId=${lagerId}` : `artikelId=${id}`;
      return api('bewegungen', { params: { filter, orderBy: '-id', limit: JOURNAL_LIMIT, returnTotal: 'true' } });
    },
  });
}

/** Books an arrival, issue, transfer or inventory count through the stock service; the stock and journal reload. */
export async function bookStock(data: BodyOf<'buchung'>['data']) {
  const res = await api('buchung', { body: { data } });
  await queryClient.invalidateQueries({ queryKey: productKeys.custom('record', data.artikelId) });
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: storageKeys.all });
  return res.result;
}
