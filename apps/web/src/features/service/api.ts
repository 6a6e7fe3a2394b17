import { useQuery } from '@tanstack/react-query';
import { type EndpointName, MATERIALSTATUS, SERVICE_SCHRITTARTEN, type ServiceAktionArt, type ServiceSchrittIds, type serviceStatus } from '@vario/contract';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useMe, useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { notifyInfo, notifySuccess } from '@/lib/api/error-handler';
import { fetchBlob } from '@/lib/api/files';
import { newId } from '@/lib/id';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { withDeviceCopy } from './offline/copy';

export const serviceKeys = createQueryKeys('service');
type ServiceStatus = z.infer<typeof serviceStatus>;

/** The planning lists (SVC-063): accepted tasks and open ones, both in the order of their start. */
export const PLANNING_FILTER = { accepted: 'serviceAuftragId!null,angenommenDatum!null', open: 'serviceAuftragId!null,angenommenDatum=null' } as const;
export type PlanningKind = keyof typeof PLANNING_FILTER;
/** The planning lists' order (by start), the list's and its export's. */
export const PLANNING_ORDER = 'beginnDatum';
/** A technician has a few dozen items; the office's open list is read in one window of this size (ordered by start). */
export const PLANNING_LIMIT = 500;

export function usePlanningList(kind: PlanningKind) {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.list({ kind }),
    ...withDeviceCopy(serviceKeys.list({ kind }), () =>
      api('servicePlanungList', { params: { filter: PLANNING_FILTER[kind], orderBy: PLANNING_ORDER, returnTotal: 'true', limit: PLANNING_LIMIT } }),
    ),
    enabled: !!token,
  });
}

export function usePlanning(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.custom('planung', id),
    ...withDeviceCopy(serviceKeys.custom('planung', id), async () => (await api('servicePlanungGet', { params: { id: id as number } })).result),
    enabled: !!token && !!id,
  });
}

/** The task with contacts, asset, planning items, material, additional work, times and the journey log. */
export function useTask(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.detail(id ?? 0),
    ...withDeviceCopy(serviceKeys.detail(id ?? 0), async () => (await api('serviceAuftragGet', { params: { id: id as number } })).result),
    enabled: !!token && !!id,
  });
}

/**
 * The additional work of a task, read with its own call (SVC-065: GET /service/auftraege/{id}/mehraufwaende). The
 * answer is kept as the device copy under the task's id and read in the task's shape (`planungen`, `material`,
 * `mehraufwaende`) so the device's pending steps apply to it as they do to the task (offline/overlay.ts).
 */
export function useWorkEntries(auftragId: number | null) {
  const token = useToken();
  const key = serviceKeys.custom('mehraufwaende', auftragId);
  return useQuery({
    queryKey: key,
    ...withDeviceCopy(key, async () => ({
      id: auftragId as number,
      auftragsnummer: null,
      planungen: [],
      material: [],
      mehraufwaende: (await api('serviceMehraufwaende', { params: { id: auftragId as number } })).result,
    })),
    select: (d) => d.mehraufwaende,
    enabled: !!token && !!auftragId,
  });
}

/** The status dictionary, 50 a page, loading on while hasMoreData (SVC-064). */
export const STATUS_PAGE = 50;
export async function fetchStatusDictionary() {
  const all: ServiceStatus[] = [];
  for (let offset = 0; ; offset += STATUS_PAGE) {
    const page = await api('serviceStatus', { params: { limit: STATUS_PAGE, offset } });
    all.push(...page.result);
    if (!page.hasMoreData || page.result.length === 0) break;
  }
  return all;
}

/** The status dictionary as `art:status` → text. */
/** A task (A) or material (M) status as the screens show it: "20 · Angenommen", or the code alone without a text. */
export const statusLabel = (texts: ReadonlyMap<string, string>, art: 'A' | 'M', status: string) => {
  const text = texts.get(`${art}:${status}`);
  return text ? `${status} · ${text}` : status;
};

export function useStatusTexts(): Map<string, string> {
  const token = useToken();
  const q = useQuery({
    queryKey: serviceKeys.custom('status'),
    ...withDeviceCopy(serviceKeys.custom('status'), fetchStatusDictionary),
    enabled: !!token,
    staleTime: 60 * 60_000,
    meta: { silent: true },
  });
  return useMemo(() => new Map((q.data ?? []).map((s) => [`${s.art}:${s.status}`, s.beschreibung])), [q.data]);
}

/** Additional-work types (SVC-066). */
export function useWorkTypes() {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.custom('mehraufwandsarten'),
    ...withDeviceCopy(serviceKeys.custom('mehraufwandsarten'), async () => (await api('serviceMehraufwandsarten')).result),
    enabled: !!token,
    staleTime: 60 * 60_000,
  });
}

export function useCalendarTypes() {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.custom('kalendertypen'),
    ...withDeviceCopy(serviceKeys.custom('kalendertypen'), async () => (await api('serviceKalenderTypen')).result),
    enabled: !!token,
    staleTime: 60 * 60_000,
  });
}

/** The week: the user's planning items and calendar entries overlapping von–bis (ISO dates). */
export function useCalendar(von: string, bis: string) {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.custom('kalender', von, bis),
    ...withDeviceCopy(serviceKeys.custom('kalender', von, bis), async () => (await api('serviceKalender', { params: { von, bis } })).result),
    enabled: !!token,
    placeholderData: (prev) => prev,
  });
}

/** Confirm material (SVC-005): the lines transferred to the technician and not yet fully confirmed. */
export const MATERIAL_TO_CONFIRM = `materialstatus=${MATERIALSTATUS.umgelagert}|${MATERIALSTATUS.teilweiseBestaetigt}`;
/** The confirm-material list's order, the list's and its export's. */
export const MATERIAL_ORDER = 'auftragsnummer';
export function useMaterialToConfirm() {
  const token = useToken();
  return useQuery({
    queryKey: serviceKeys.list({ kind: 'material' }),
    ...withDeviceCopy(serviceKeys.list({ kind: 'material' }), () =>
      api('serviceMaterialOffen', { params: { filter: MATERIAL_TO_CONFIRM, orderBy: MATERIAL_ORDER, limit: PLANNING_LIMIT } }),
    ),
    enabled: !!token,
  });
}

/** The user's active automatic time recording (null when none). */
export function useActiveTimer() {
  const token = useToken();
  const me = useMe().data;
  return useQuery({
    queryKey: serviceKeys.custom('zeitAktiv'),
    ...withDeviceCopy(serviceKeys.custom('zeitAktiv'), async () => (await api('serviceZeitenAktiv')).result),
    enabled: !!token && !!me?.techniker,
  });
}

/** The stored completion report (PDF). */
export const loadCompletionReport = (auftragId: number) => fetchBlob('GET', '/service/auftraege/:id/abschlussbericht', { id: auftragId });

/** The ids a step targets (the same fields as a queued sync action). */
export type ServiceStepIds = ServiceSchrittIds;

/** The online call of a step kind: its endpoint and path parameters, from the contract's step kinds table. */
function stepRoute(art: ServiceAktionArt, ids: ServiceStepIds) {
  const kind = SERVICE_SCHRITTARTEN[art];
  const [first, second] = kind.ids.map((k) => ids[k]);
  const params: Record<string, number | undefined> = {};
  if (kind.ids.length > 0) params.id = first;
  if (kind.ids.length > 1) params.subId = second;
  return { endpoint: kind.endpoint as EndpointName, params, body: kind.body };
}

/** The answer of sendServiceStep for a step kept on the device (the queue has said so: "saved on the device"). */
export const QUEUED: unique symbol = Symbol('queued');

/**
 * Every service write of the screens: through the offline layer's queue (features/service/offline/sync.ts) — online
 * and with nothing older waiting it is sent at once (sendServiceStepOnline, the online call's answer comes back);
 * without a connection it is kept on the device with its real time and answers QUEUED (shown as "not yet sent").
 * Loaded on first use, so the device database is no part of a screen's first load.
 */
export async function sendServiceStep(art: ServiceAktionArt, ids: ServiceStepIds, daten: Record<string, unknown>): Promise<unknown> {
  const { runAction } = await import('./offline/sync');
  const r = await runAction(art, ids, daten, sendServiceStepOnline);
  return r.sent ? r.result : QUEUED;
}

/**
 * The success notice of a step: only once the server has it (`res` is its answer); a step kept on the device has had
 * its own notice ("saved on the device, sent when the connection returns") and shows none of the online texts.
 */
export function stepDone(res: unknown, message: string, kind: 'info' | 'success' = 'success') {
  if (res === QUEUED || res === 'queued' || !res) return;
  (kind === 'info' ? notifyInfo : notifySuccess)(message);
}

/**
 * Sends one journey step online. The client's id of the action is the `Idempotency-Key` and `zeitpunkt` the real time
 * of the step (default now), so the same step sent twice changes nothing (issue 12).
 */
export async function sendServiceStepOnline(
  art: ServiceAktionArt,
  ids: ServiceStepIds,
  daten: Record<string, unknown>,
  opts: { clientId?: string; zeitpunkt?: string } = {},
): Promise<unknown> {
  const route = stepRoute(art, ids);
  const zeitpunkt = opts.zeitpunkt ?? new Date().toISOString();
  // cannot be typed here: the step's data comes from the device queue as stored JSON and its endpoint is chosen by `art`
  // at run time; the server validates params and body against the same contract schemas (a 400 names the field)
  const res = await api(route.endpoint, {
    params: route.params as never,
    body: route.body ? ({ data: { ...daten, zeitpunkt } } as never) : undefined,
    headers: { 'Idempotency-Key': opts.clientId ?? newId() },
  });
  await queryClient.invalidateQueries({ queryKey: serviceKeys.all });
  return res;
}
