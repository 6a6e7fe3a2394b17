import { useMutation, useQuery } from '@tanstack/react-query';
import type { Erinnerung } from '@vario/contract';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useBasisdaten, useMe, useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { createStore, useStore } from '@/lib/store';

export const reminderKeys = createQueryKeys('reminders');

export const REMINDER_FIRST_LOAD_MS = 2000;
export const REMINDER_REFRESH_MS = 300_000;
export const REMINDER_LIMIT = 500;
export const DUE_WINDOW_MINUTES = 15;

/** Becomes true 2 s after the layout starts with a token (REM-010, REM-011). */
const pollingReady = createStore(false);

export function useStartReminderPolling() {
  const token = useToken();
  useEffect(() => {
    if (!token) return;
    const timer = setTimeout(() => pollingReady.set(true), REMINDER_FIRST_LOAD_MS);
    return () => clearTimeout(timer);
  }, [token]);
}

/** The own reminders: 500 per fetch, by date, every 5 minutes (REM-012, REM-013). */
export function useReminders() {
  const token = useToken();
  const ready = useStore(pollingReady);
  const me = useMe().data;
  const userId = me?.benutzer.id;
  return useQuery({
    queryKey: reminderKeys.list({ userId }),
    queryFn: async () =>
      (await api('erinnerungenList', { params: { limit: REMINDER_LIMIT, filter: `benutzerId=${userId}`, orderBy: 'erinnerungDatum' } })).result,
    enabled: !!token && ready && !!userId,
    refetchInterval: REMINDER_REFRESH_MS,
    staleTime: REMINDER_REFRESH_MS,
  });
}

/** Due: the date falls within the next 15 minutes (REM-017). */
export const isDue = (r: Pick<Erinnerung, 'erinnerungDatum'>, now = dayjs()) => {
  const d = dayjs(r.erinnerungDatum);
  return !d.isBefore(now) && !d.isAfter(now.add(DUE_WINDOW_MINUTES, 'minute'));
};
export const isPast = (r: Pick<Erinnerung, 'erinnerungDatum'>, now = dayjs()) => dayjs(r.erinnerungDatum).isBefore(now);
export const dueCount = (list: readonly Erinnerung[] | undefined, now = dayjs()) => (list ?? []).filter((r) => isDue(r, now)).length;

/** Users a reminder may be addressed to: not blocked and id above 0, shown by kuerzel (APP-032, REM-020). */
export function useReminderUsers() {
  const base = useBasisdaten().data;
  return (base?.benutzer ?? []).filter((u) => !u.gesperrt && u.id > 0).sort((a, b) => a.kuerzel.localeCompare(b.kuerzel));
}

export interface ReminderInput {
  benutzerId: number;
  bemerkung: string;
  erinnerungDatum: string;
  tabelle?: Erinnerung['tabelle'];
  tabelleId?: number | null;
}

const invalidate = () => queryClient.invalidateQueries({ queryKey: reminderKeys.all });

/** Create (POST) without id, change (PATCH) with id (REM-014, REM-015). */
export function useSaveReminder() {
  return useMutation({
    mutationFn: ({ id, ...data }: ReminderInput & { id?: number }) =>
      saveForm<Erinnerung>({
        path: '/crm/erinnerungen',
        id,
        data: id ? { bemerkung: data.bemerkung, erinnerungDatum: data.erinnerungDatum, benutzerId: data.benutzerId } : data,
      }),
    meta: { action: 'save' },
    onSuccess: invalidate,
  });
}

export function useDeleteReminder() {
  return useMutation({ mutationFn: (id: number) => api('erinnerungDelete', { params: { id } }), meta: { action: 'delete' }, onSuccess: invalidate });
}

/** One DELETE per reminder, then the failures are counted (HTTP-033). */
export function useDeleteAllReminders() {
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const results = await Promise.allSettled(ids.map((id) => api('erinnerungDelete', { params: { id } })));
      return { failed: results.filter((r) => r.status === 'rejected').length, total: ids.length };
    },
    onSettled: invalidate,
  });
}
