import { useMutation, useQuery } from '@tanstack/react-query';
import type { TicketDetail, TicketListe, ticketAenderung } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { onActivitiesChanged } from '@/features/crm/activities/api';
import { api } from '@/lib/api/client';
import { fetchBlob, fileForm } from '@/lib/api/files';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/save-blob';

export type { TicketDetail, TicketListe };
export type TicketInput = z.input<typeof ticketAenderung>;
export const ticketKeys = createQueryKeys('tickets');
/** Sub-tickets and attachments of one ticket are few; one page holds them. */
const SUB_LIMIT = 500;

const recordKey = (id: number | null) => ticketKeys.custom('record', id);
const invalidateTicket = (id: number) => queryClient.invalidateQueries({ queryKey: recordKey(id) });
const invalidateLists = () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
// an activity changes the effort spent (aufwandIst) of its ticket and of every ticket above it
onActivitiesChanged('ticket', () => void queryClient.invalidateQueries({ queryKey: ticketKeys.custom('record') }));

export function useTicket(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: recordKey(id),
    queryFn: async () => (await api('ticketGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

export const prefetchTicket = (id: number | null) =>
  id ? queryClient.prefetchQuery({ queryKey: recordKey(id), queryFn: async () => (await api('ticketGet', { params: { id } })).result }) : undefined;

/** POST /crm/tickets (the id from the Location header, TKT-020) or PATCH …/{id} with the lock token. */
export async function saveTicket(id: number | null, data: Partial<TicketInput>, lockToken: string | null = null) {
  const res = await saveForm<TicketDetail, Partial<TicketInput>>({ path: '/crm/tickets', id, data, lockToken });
  if (res.result && res.id) queryClient.setQueryData(recordKey(res.id), res.result);
  const parent = res.result?.hauptTicketId ?? data.hauptTicketId;
  if (parent) void queryClient.invalidateQueries({ queryKey: ticketKeys.custom('sub', parent) });
  void invalidateLists();
  return res;
}

export async function deleteTicket(id: number, lockToken: string | null) {
  const parent = queryClient.getQueryData<TicketDetail>(recordKey(id))?.hauptTicketId;
  await api('ticketDelete', { params: { id }, headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined });
  queryClient.removeQueries({ queryKey: recordKey(id) });
  if (parent) void queryClient.invalidateQueries({ queryKey: ticketKeys.custom('sub', parent) });
  void invalidateLists();
}

/** GET /crm/tickets/{id}/untertickets (TKT-025). */
export function useSubTickets(id: number) {
  return useQuery({
    queryKey: ticketKeys.custom('sub', id),
    queryFn: async () => (await api('ticketUntertickets', { params: { id, limit: SUB_LIMIT, orderBy: '-ticketNummer' } })).result,
  });
}

// ── attachments ─────────────────────────────────────────────────────────────────

const attachmentsKey = (id: number) => ticketKeys.custom('attachments', id);

/** GET /crm/tickets/{id}/anhaenge (TKT-023). */
export function useAttachments(id: number) {
  return useQuery({
    queryKey: attachmentsKey(id),
    queryFn: async () => (await api('ticketAnhaenge', { params: { id, limit: SUB_LIMIT } })).result,
  });
}

/** Uploads a file as base64; the server checks its type by its bytes (400 on daten otherwise). */
export function useUploadAttachment(id: number) {
  return useMutation({
    mutationFn: async (file: File) => (await api('ticketAnhangCreate', { params: { id }, body: fileForm(file) })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(id) }),
  });
}

export function useDeleteAttachment(id: number) {
  return useMutation({
    mutationFn: (fileId: number) => api('ticketAnhangDelete', { params: { id, subId: fileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(id) }),
  });
}

/** The file's content (GET /stammdaten/dateien/{id}, TKT-024), saved under its name. */
export async function downloadAttachment(fileId: number, dateiname: string) {
  saveBlob(await fetchBlob('GET', '/stammdaten/dateien/:id', { id: fileId }), dateiname);
}

// ── billing ─────────────────────────────────────────────────────────────────────

/** "Create billing document": an order or invoice of the billable activities; the ticket then names it. */
export function useCreateBillingDocument(id: number) {
  return useMutation({
    mutationFn: async (belegart: string) => (await api('ticketAbrechnen', { params: { id }, body: { belegart } })).result,
    onSuccess: (ticket) => {
      queryClient.setQueryData(recordKey(id), ticket);
      void invalidateTicket(id);
    },
  });
}
