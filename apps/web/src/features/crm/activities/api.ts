import { useQuery } from '@tanstack/react-query';
import type { aktivitaet, aktivitaetEingabe } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import type { ActivityParent } from './rights';

export type Aktivitaet = z.infer<typeof aktivitaet>;
export type AktivitaetInput = z.input<typeof aktivitaetEingabe>;

export const activityKeys = createQueryKeys('crmActivities');
/** A record's activities are few; one page holds them. */
const LIMIT = 500;
/** The field that ties an activity to its record. */
export const PARENT_FIELD = { address: 'adresseId', ticket: 'ticketId', deal: 'dealId' } as const;

/** A record's activities, newest first: GET /stammdaten/adressen/{id}/aktivitaeten, /crm/tickets/{id}/…, /crm/deals/{id}/…. */
async function listActivities(parent: Pick<ActivityParent, 'kind' | 'id'>): Promise<Aktivitaet[]> {
  const params = { id: parent.id, limit: LIMIT };
  if (parent.kind === 'address') return (await api('aktivitaetenVonAdresse', { params: { ...params, orderBy: '-datum' } })).result;
  return (await api(parent.kind === 'ticket' ? 'ticketAktivitaeten' : 'dealAktivitaeten', { params })).result;
}

/** What else shows a record's activities (a ticket's effort): its area registers a refresh per kind. */
const dependents: Partial<Record<ActivityParent['kind'], (id: number) => void>> = {};
export const onActivitiesChanged = (kind: ActivityParent['kind'], refresh: (id: number) => void) => {
  dependents[kind] = refresh;
};

const invalidate = (parent: Pick<ActivityParent, 'kind' | 'id'>) => {
  void queryClient.invalidateQueries({ queryKey: activityKeys.custom(parent.kind, parent.id) });
  dependents[parent.kind]?.(parent.id);
};

/** The activities of an address, ticket or deal, newest first. */
export function useParentActivities(parent: Pick<ActivityParent, 'kind' | 'id'>) {
  return useQuery({
    queryKey: activityKeys.custom(parent.kind, parent.id),
    queryFn: () => listActivities(parent),
    enabled: parent.id > 0,
  });
}

export function useActivityRecord(activityId: number | null) {
  return useQuery({
    queryKey: activityKeys.custom('one', activityId),
    queryFn: async () => (await api('aktivitaetGet', { params: { id: activityId as number } })).result,
    enabled: !!activityId,
  });
}

/** Create (POST /crm/aktivitaeten with the record's id) or change (PATCH …/{id}); the record of an activity never changes. */
export async function saveParentActivity(parent: Pick<ActivityParent, 'kind' | 'id'>, activityId: number | null, data: Partial<AktivitaetInput>) {
  const { adresseId: _a, ticketId: _t, dealId: _d, ...rest } = data;
  const body = activityId ? rest : { ...rest, [PARENT_FIELD[parent.kind]]: parent.id };
  const res = await saveForm<Aktivitaet, Partial<AktivitaetInput>>({ path: '/crm/aktivitaeten', id: activityId, data: body });
  if (res.result && res.id) queryClient.setQueryData(activityKeys.custom('one', res.id), res.result);
  invalidate(parent);
  return res;
}

export async function deleteParentActivity(parent: Pick<ActivityParent, 'kind' | 'id'>, activityId: number) {
  await api('aktivitaetDelete', { params: { id: activityId } });
  queryClient.removeQueries({ queryKey: activityKeys.custom('one', activityId) });
  invalidate(parent);
}
