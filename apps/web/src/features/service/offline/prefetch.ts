import type { Me } from '@vario/contract';
import dayjs from 'dayjs';
import { api } from '@/lib/api/client';
import { tokenStore } from '@/lib/api/token';
import { readDeviceCopy } from '@/lib/device-copy';
import { fetchStatusDictionary, MATERIAL_TO_CONFIRM, PLANNING_FILTER, PLANNING_LIMIT, serviceKeys } from '../api';
import { mondayOf, weekDays } from '../calendar/week';
import { knownOffline, reachableState, readThroughCopy } from './copy';

/**
 * The device copy of the coming days (issue 12 item 4), taken when the technician opens the service screens with a
 * connection (at most every few minutes): the planning lists, every planning item of the next days with its task
 * (contacts, asset, material lines, additional work, times, journey log), the material to confirm, the active time
 * recording, this and next week's calendar, the stock of the technician's three stores and the dictionaries (status,
 * additional-work types, calendar entry types). Each read goes through the device copy under the same query key and
 * with the same answer shape as the screens' read hooks (features/service/api.ts), so the screens find it offline.
 */
export const DAYS_AHEAD = 7;
const EVERY_MS = 5 * 60_000;
export const stockKey = (lagerId: number) => serviceKeys.custom('lagerBestand', lagerId);
export const fetchStock = (lagerId: number) => api('lagerBestaende', { params: { id: lagerId, limit: 500 } });

let last = 0;
let running: Promise<void> | null = null;

export function refreshDeviceCopy(force = false): Promise<void> {
  const me = readDeviceCopy<Me>('me', tokenStore.get());
  if (!me?.techniker || knownOffline() || (!force && Date.now() - last < EVERY_MS)) return Promise.resolve();
  running ??= (async () => {
    try {
      const techniker = me.techniker as NonNullable<Me['techniker']>;
      const planningList = (kind: keyof typeof PLANNING_FILTER) =>
        readThroughCopy(serviceKeys.list({ kind }), () =>
          api('servicePlanungList', { params: { filter: PLANNING_FILTER[kind], orderBy: 'beginnDatum', returnTotal: 'true', limit: PLANNING_LIMIT } }),
        );
      const [accepted, open] = await Promise.all([planningList('accepted'), planningList('open')]);
      const until = dayjs().add(DAYS_AHEAD, 'day').endOf('day');
      const items = [...accepted.result, ...open.result].filter((p) => dayjs(p.beginnDatum).isBefore(until));
      const tasks = [...new Set(items.map((p) => p.serviceAuftragId).filter((id): id is number => id !== null))];
      const monday = mondayOf(dayjs());
      const weeks = [monday, monday.add(7, 'day')].map((m) => weekDays(m));
      const stores = [techniker.gutteileLagerId, techniker.doateileLagerId, techniker.defektteileLagerId].filter((id): id is number => id !== null);
      const reads: Promise<unknown>[] = [
        ...items.map((p) =>
          readThroughCopy(serviceKeys.custom('planung', p.id), async () => (await api('servicePlanungGet', { params: { id: p.id } })).result),
        ),
        ...tasks.map((id) => readThroughCopy(serviceKeys.detail(id), async () => (await api('serviceAuftragGet', { params: { id } })).result)),
        readThroughCopy(serviceKeys.custom('status'), fetchStatusDictionary),
        readThroughCopy(serviceKeys.custom('mehraufwandsarten'), async () => (await api('serviceMehraufwandsarten')).result),
        readThroughCopy(serviceKeys.custom('kalendertypen'), async () => (await api('serviceKalenderTypen')).result),
        readThroughCopy(serviceKeys.list({ kind: 'material' }), () =>
          api('serviceMaterialOffen', { params: { filter: MATERIAL_TO_CONFIRM, orderBy: 'auftragsnummer', limit: PLANNING_LIMIT } }),
        ),
        readThroughCopy(serviceKeys.custom('zeitAktiv'), async () => (await api('serviceZeitenAktiv')).result),
        ...weeks.map((days) =>
          readThroughCopy(
            serviceKeys.custom('kalender', days[0], days[6]),
            async () => (await api('serviceKalender', { params: { von: days[0] as string, bis: days[6] as string } })).result,
          ),
        ),
        ...stores.map((id) => readThroughCopy(stockKey(id), () => fetchStock(id))),
      ];
      // one failing read (a right the user lacks, a task gone meanwhile) does not stop the others
      await Promise.allSettled(reads);
      // answered from the device copy because the server could not be reached: try again with the connection
      if (reachableState.get()) last = Date.now();
    } catch {
      // no connection after all: the next opening tries again
    } finally {
      running = null;
    }
  })();
  return running;
}
