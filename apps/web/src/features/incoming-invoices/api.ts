import { useMutation, useQuery } from '@tanstack/react-query';
import { type Eingangsrechnung, type EingangsrechnungDetail, ERV_WORKFLOW, type ErvCheckliste, istErvStatus } from '@vario/contract';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { fetchBlob, fileForm } from '@/lib/api/files';
import { currentLanguage } from '@/lib/locale';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export type { Eingangsrechnung, EingangsrechnungDetail };
export const incomingInvoiceKeys = createQueryKeys('incomingInvoices');

/** The status's label from the contract's workflow table, in the UI's language. */
export const statusLabel = (s: number) => (istErvStatus(s) ? ERV_WORKFLOW[s].label[currentLanguage()] : String(s));
/** Badge colour: closed granted green, closed rejected red, opened grey, granted stages teal, opened stages blue. */
export const statusColor = (s: number) => (s === 99 ? 'green' : s === 91 ? 'red' : s === 0 ? 'gray' : s % 10 === 9 ? 'teal' : 'blue');

export function useIncomingInvoice(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: incomingInvoiceKeys.detail(id ?? 0),
    queryFn: async () => (await api('eingangsrechnungGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

export function useIncomingInvoiceHistory(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: incomingInvoiceKeys.custom('history', id),
    queryFn: async () => (await api('eingangsrechnungHistorie', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

/** The check document (file with eraktivesPruefDokument J) as PDF. */
export const loadCheckDocument = (id: number) => fetchBlob('GET', '/eingangsrechnungspruefung/:id/pruefdokument', { id });

const fresh = (r: EingangsrechnungDetail) => {
  queryClient.setQueryData(incomingInvoiceKeys.detail(r.bskId), r);
  void queryClient.invalidateQueries({ queryKey: incomingInvoiceKeys.custom('history', r.bskId) });
  void queryClient.invalidateQueries({ queryKey: incomingInvoiceKeys.lists() });
};

/** The dialogs' calls: checklist, share (approve), reject, pass on; each answers the invoice as it is now. */
export function useIncomingInvoiceActions(id: number) {
  const checklist = useMutation({
    mutationFn: async (checkliste: ErvCheckliste) => (await api('eingangsrechnungCheckliste', { params: { id }, body: { data: { checkliste } } })).result,
    onSuccess: fresh,
  });
  const share = useMutation({
    mutationFn: async () => (await api('eingangsrechnungFreigeben', { params: { id }, body: { data: {} } })).result,
    onSuccess: fresh,
  });
  const reject = useMutation({
    mutationFn: async (bemerkung: string) => (await api('eingangsrechnungAblehnen', { params: { id }, body: { data: { bemerkung } } })).result,
    onSuccess: fresh,
  });
  const passOn = useMutation({
    mutationFn: async (v: { anBenutzerId: number; bemerkung?: string }) =>
      (await api('eingangsrechnungWeiterleiten', { params: { id }, body: { data: v } })).result,
    onSuccess: fresh,
  });
  return { checklist, share, reject, passOn };
}

/** The readable view of the e-invoice behind the invoice (null: its check document is no e-invoice). */
export function useEInvoiceView(id: number) {
  const token = useToken();
  return useQuery({
    queryKey: incomingInvoiceKeys.custom('einvoice', id),
    queryFn: async () => (await api('eingangsrechnungERechnungAnsicht', { params: { id } })).result,
    enabled: !!token,
  });
}

/**
 * Take in an e-invoice file (XRechnung XML or ZUGFeRD PDF) as multipart; `createSupplier` creates a supplier not found.
 * Silent: the dialog shows the validation's findings itself.
 */
export function useEInvoiceUpload() {
  return useMutation({
    meta: { silent: true },
    mutationFn: async (v: { file: File; createSupplier: boolean }) =>
      (await api('eingangsrechnungERechnung', { body: fileForm(v.file, { lieferantAnlegen: v.createSupplier ? 'true' : 'false' }) })).result,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incomingInvoiceKeys.lists() }),
  });
}
