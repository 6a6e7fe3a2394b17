import { useMutation, useQuery } from '@tanstack/react-query';
import type { deal, dealEingabe } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export type Deal = z.infer<typeof deal>;
export type DealInput = Partial<z.output<typeof dealEingabe>>;
export const dealKeys = createQueryKeys('deals');

const lockHeader = (lockToken?: string | null) => (lockToken ? { 'X-Lock-Token': lockToken } : undefined);
/** After a write: the record, the lists and the board are read again. */
function written(d?: Deal | null) {
  if (d) queryClient.setQueryData(dealKeys.custom('record', d.id), d);
  void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: dealKeys.custom('board') });
}

export function useDeal(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: dealKeys.custom('record', id),
    queryFn: async () => (await api('dealGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

/** POST without id, PATCH with id; rights per status are the server's (DEAL-009/010). */
export async function saveDeal(id: number | null, data: DealInput, lockToken: string | null) {
  const res = await saveForm<Deal, DealInput>({ path: '/crm/deals', id, data, lockToken });
  written(res.result);
  return res;
}

export async function deleteDeal(id: number, lockToken: string | null) {
  await api('dealDelete', { params: { id }, headers: lockHeader(lockToken) });
  queryClient.removeQueries({ queryKey: dealKeys.custom('record', id) });
  written();
}

/** The phase board: per phase count, sums and the first cards (filtered like the list). */
export function useDealBoard(filter: string | undefined, search: string | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: dealKeys.custom('board', filter ?? '', search ?? ''),
    queryFn: async () => (await api('dealBoard', { params: { filter, search: search || undefined } })).result,
    enabled: !!token,
    placeholderData: (prev) => prev,
  });
}

export function useMoveDeal() {
  return useMutation({
    mutationFn: async ({ id, phase }: { id: number; phase: 1 | 2 | 3 | 4 }) => (await api('dealPhase', { params: { id }, body: { data: { phase } } })).result,
    onSettled: (d) => written(d),
  });
}

export function useWinProposal(id: number | null) {
  return useQuery({
    queryKey: dealKeys.custom('record', id, 'vorschlag'),
    queryFn: async () => (await api('dealGewinnVorschlag', { params: { id: id as number } })).result,
    enabled: !!id,
  });
}

export async function winDeal(id: number, data: { datum?: string; summe?: number }) {
  const d = (await api('dealGewonnen', { params: { id }, body: { data } })).result;
  written(d);
  return d;
}

export async function loseDeal(id: number, grund: string) {
  const d = (await api('dealVerloren', { params: { id }, body: { data: { grund } } })).result;
  written(d);
  return d;
}

export function useLossReasons(enabled: boolean) {
  return useQuery({
    queryKey: dealKeys.custom('verlustgruende'),
    queryFn: async () => (await api('dealVerlustgruende')).result,
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function useDealDocuments(id: number | null) {
  return useQuery({
    queryKey: dealKeys.custom('record', id, 'belege'),
    queryFn: async () => (await api('dealBelege', { params: { id: id as number } })).result,
    enabled: !!id,
  });
}

export async function assignDocument(id: number, belegId: number) {
  const b = (await api('dealBelegZuweisen', { params: { id }, body: { belegId } })).result;
  void queryClient.invalidateQueries({ queryKey: dealKeys.custom('record', id, 'belege') });
  return b;
}
