import { useQuery } from '@tanstack/react-query';
import type { DatevEinstellungenEingabe, MailAusgang, MailEntwurf, MailSenden } from '@vario/contract';
import { api, request } from '@/lib/api/client';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export const outboxKeys = createQueryKeys('outbox');

/** What can be mailed: a sales document, a dunning letter or a task's service report (the server names the draft, the send and the states). */
export type MailSource = { kind: 'beleg'; id: number } | { kind: 'mahnschreiben'; id: number } | { kind: 'servicebericht'; id: number };

export async function fetchMailDraft(source: MailSource): Promise<MailEntwurf> {
  const params = { id: source.id };
  switch (source.kind) {
    case 'beleg':
      return (await api('belegMailEntwurf', { params })).result;
    case 'mahnschreiben':
      return (await api('mahnschreibenMailEntwurf', { params })).result;
    case 'servicebericht':
      return (await api('serviceberichtMailEntwurf', { params })).result;
  }
}

export async function sendMail(source: MailSource, data: MailSenden) {
  const params = { id: source.id };
  const body = { data };
  const res =
    source.kind === 'beleg'
      ? await api('belegMailSenden', { params, body })
      : source.kind === 'mahnschreiben'
        ? await api('mahnschreibenMailSenden', { params, body })
        : await api('serviceberichtMailSenden', { params, body });
  void queryClient.invalidateQueries({ queryKey: outboxKeys.custom('mails', source.kind, source.id) });
  return res.result;
}

async function fetchMails(source: MailSource): Promise<MailAusgang[]> {
  const params = { id: source.id };
  switch (source.kind) {
    case 'beleg':
      return (await api('belegMails', { params })).result;
    case 'mahnschreiben':
      return (await api('mahnschreibenMails', { params })).result;
    case 'servicebericht':
      return (await api('serviceberichtMails', { params })).result;
  }
}

/** The mails of a source with their state; refreshed every few seconds while one is still being sent. */
export function useMails(source: MailSource | null) {
  return useQuery({
    queryKey: outboxKeys.custom('mails', source?.kind ?? null, source?.id ?? null),
    queryFn: async (): Promise<MailAusgang[]> => (source ? fetchMails(source) : []),
    enabled: !!source,
    refetchInterval: (q) => ((q.state.data ?? []).some((m) => m.zustand === 'wartend') ? 3000 : false),
  });
}

export const useSmtp = () => useQuery({ queryKey: outboxKeys.custom('smtp'), queryFn: async () => (await api('smtpGet')).result });
export const useTemplates = () => useQuery({ queryKey: outboxKeys.custom('templates'), queryFn: async () => (await api('mailVorlagen')).result });
export const useDatevSettings = () => useQuery({ queryKey: outboxKeys.custom('datev'), queryFn: async () => (await api('datevEinstellungenGet')).result });

export async function saveDatevSettings(data: DatevEinstellungenEingabe) {
  const res = (await api('datevEinstellungenSet', { body: { data } })).result;
  queryClient.setQueryData(outboxKeys.custom('datev'), res);
  return res;
}

/** A binary answer with its file name (Content-Disposition) as the server named it. */
async function download(path: string, params: Record<string, string | number | undefined>) {
  const res = await request<ArrayBuffer>('GET', path, { params, headers: { Accept: '*/*' } });
  const cd = res.headers.get('Content-Disposition') ?? '';
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1] ?? /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? 'datev.csv');
  return { blob: new Blob([res.data], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' }), name };
}

export const exportBatch = (q: { von: string; bis: string; test: boolean; wiederholen: boolean }) =>
  download('/finanzen/datev/buchungsstapel', { von: q.von, bis: q.bis, test: q.test ? 'true' : undefined, wiederholen: q.wiederholen ? 'true' : undefined });
export const exportDebtors = () => download('/finanzen/datev/debitoren-kreditoren', {});
export const downloadExport = (id: number) => download('/finanzen/datev/exporte/:id/datei', { id });
