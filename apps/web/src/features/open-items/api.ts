import { useQuery } from '@tanstack/react-query';
import type { OffenerPosten, Zahlung, zahlungEingabe } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export type { OffenerPosten, Zahlung };
export const openItemKeys = createQueryKeys('openItems');

/** One open item (OP-006). */
export function useOpenItem(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.detail(id ?? 0),
    queryFn: async () => (await api('offenerPostenGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

/** The payments of an open item, oldest first (OP-001). */
export function usePayments(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('payments', id),
    queryFn: async () => (await api('zahlungenList', { params: { id: id as number, limit: 500, orderBy: 'zahlungsDatum' } })).result,
    enabled: !!token && !!id,
  });
}

/** One payment (OP-002, OP-007). */
export function usePayment(id: number | null, paymentId: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('payment', id, paymentId),
    queryFn: async () => (await api('zahlungGet', { params: { id: id as number, paymentId: paymentId as number } })).result,
    enabled: !!token && !!id && !!paymentId,
  });
}

/** The summary by dunning level (OP-008, OP-009). */
export function useOpenItemSummary(enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('summary'),
    queryFn: async () => (await api('offenePostenUebersicht')).daten[0]?.datensaetze[0] ?? null,
    enabled: !!token && enabled,
  });
}

const refreshLists = () => {
  void queryClient.invalidateQueries({ queryKey: openItemKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: openItemKeys.custom('summary') });
};

/** Changes the flags (disputed, unadmonished, blocked) under BEK_AENDERN, with the record lock's token. */
export async function saveOpenItemFlags(
  id: number,
  data: Partial<Pick<OffenerPosten, 'strittig' | 'nichtMahnen' | 'gesperrt'>>,
  lockToken: string | null,
  remark?: string,
) {
  const res = await api('offenerPostenUpdate', {
    params: { id },
    body: { data, ...(remark ? { ProtokollBemerkung: remark } : {}) },
    headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined,
  });
  queryClient.setQueryData(openItemKeys.detail(id), res.result);
  refreshLists();
  return { id };
}

export type PaymentInput = z.output<typeof zahlungEingabe>;

/**
 * Records a payment; `key` is the dialog's Idempotency-Key (one per opened dialog), so a repeated click or a retry
 * after a lost answer records it once. The server answers the payment and the open item after it.
 */
export async function recordPayment(id: number, data: PaymentInput, key: string) {
  const res = await api('zahlungCreate', { params: { id }, body: { data }, headers: { 'Idempotency-Key': key } });
  queryClient.setQueryData(openItemKeys.detail(id), res.offenerPosten);
  void queryClient.invalidateQueries({ queryKey: openItemKeys.custom('payments', id) });
  refreshLists();
  return res;
}

/** Today's dunning run for the confirmed addresses; a second run the same day changes nothing (bereitsGelaufen). */
export async function runDunning(adresseIds: number[]) {
  const res = await api('mahnlauf', { body: { data: { adresseIds } } });
  void queryClient.invalidateQueries({ queryKey: openItemKeys.all });
  queryClient.setQueryData(openItemKeys.custom('dunningRun', res.result.id), undefined);
  return res.result;
}

/** Reverses a payment (a counter-entry with the reason; GoBD: nothing is deleted); `key` is the dialog's Idempotency-Key. */
export async function reversePayment(id: number, paymentId: number, grund: string, key: string) {
  const res = await api('zahlungStorno', { params: { id, paymentId }, body: { data: { grund } }, headers: { 'Idempotency-Key': key } });
  queryClient.setQueryData(openItemKeys.detail(id), res.offenerPosten);
  void queryClient.invalidateQueries({ queryKey: openItemKeys.custom('payments', id) });
  void queryClient.invalidateQueries({ queryKey: openItemKeys.custom('payment', id) });
  refreshLists();
  return res;
}

/** What today's dunning run would do (nothing is changed). */
export function useDunningPreview(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('dunningPreview'),
    queryFn: async () => (await api('mahnlaufVorschau')).result,
    enabled: !!token && enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The dunning runs, newest first. */
export function useDunningRuns() {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('dunningRuns'),
    queryFn: async () => (await api('mahnlaeufeList', { params: { limit: 200 } })).result,
    enabled: !!token,
  });
}

/** One dunning run with its letters per address. */
export function useDunningRun(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: openItemKeys.custom('dunningRun', id),
    queryFn: async () => (await api('mahnlaufGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}
