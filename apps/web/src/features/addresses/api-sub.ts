import { useQuery } from '@tanstack/react-query';
import type { aktivitaet, aktivitaetEingabe, zusatzadresse, zusatzadresseEingabe } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { useActivityTypeList } from '@/lib/reference-data';
import { addressKeys, SUB_LIST_LIMIT } from './api';

export type Aktivitaet = z.infer<typeof aktivitaet>;
export type AktivitaetInput = z.input<typeof aktivitaetEingabe>;
export type Zusatzadresse = z.infer<typeof zusatzadresse>;
export type ZusatzadresseInput = z.input<typeof zusatzadresseEingabe>;

const invalidate = (addressId: number, part: string) => queryClient.invalidateQueries({ queryKey: addressKeys.custom('record', addressId, part) });

// ── activities ─────────────────────────────────────────────────────────────────

/** Activity types, from the session's reference data (APP-028). */
export const useActivityTypes = useActivityTypeList;

export function useActivities(addressId: number) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'activities'),
    queryFn: async () => (await api('aktivitaetenVonAdresse', { params: { id: addressId, orderBy: '-datum', limit: SUB_LIST_LIMIT } })).result,
  });
}

export function useActivity(activityId: number | null) {
  return useQuery({
    queryKey: addressKeys.custom('activity', activityId),
    queryFn: async () => (await api('aktivitaetGet', { params: { id: activityId as number } })).result,
    enabled: !!activityId,
  });
}

/** Create (POST /crm/aktivitaeten) or change (PATCH …/{id}); the address of an activity never changes. */
export async function saveActivity(addressId: number, activityId: number | null, data: Partial<AktivitaetInput>) {
  const { adresseId: _ignored, ...rest } = data;
  const res = await saveForm<Aktivitaet>({ path: '/crm/aktivitaeten', id: activityId, data: activityId ? rest : { ...rest, adresseId: addressId } });
  if (res.result && res.id) queryClient.setQueryData(addressKeys.custom('activity', res.id), res.result);
  void invalidate(addressId, 'activities');
  return res;
}

export async function deleteActivity(addressId: number, activityId: number) {
  await api('aktivitaetDelete', { params: { id: activityId } });
  queryClient.removeQueries({ queryKey: addressKeys.custom('activity', activityId) });
  void invalidate(addressId, 'activities');
}

// ── additional addresses ───────────────────────────────────────────────────────

export function useAdditionalAddresses(addressId: number, art: string | null) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'additional', art),
    queryFn: async () =>
      (await api('zusatzadressenList', { params: { id: addressId, filter: art ? `art=${art}` : undefined, orderBy: 'name1', limit: SUB_LIST_LIMIT } })).result,
  });
}

export function useAdditionalAddress(addressId: number, subId: number | null) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'additional', 'one', subId),
    queryFn: async () => (await api('zusatzadresseGet', { params: { id: addressId, subId: subId as number } })).result,
    enabled: !!subId,
  });
}

export async function saveAdditionalAddress(addressId: number, subId: number | null, data: Partial<ZusatzadresseInput>) {
  // nested: the create path takes the address id; a change goes to …/zusatzadressen/:subId
  const res = subId
    ? { id: subId, result: (await api('zusatzadresseUpdate', { params: { id: addressId, subId }, body: { data } })).result, created: false }
    : await saveForm<Zusatzadresse>({ path: '/stammdaten/adressen/:id/zusatzadressen', params: { id: addressId }, data });
  void invalidate(addressId, 'additional');
  return res;
}

export async function deleteAdditionalAddress(addressId: number, subId: number) {
  await api('zusatzadresseDelete', { params: { id: addressId, subId } });
  void invalidate(addressId, 'additional');
}
