import { useRecordIdParam } from '@/components/record-page/use-record-route';
import { useUsageParameters } from '@/lib/reference-data';
import { useDeal } from './api';

/** The deal id of the current route (null for `new`) and its record. */
export function useDealFromRoute() {
  const param = useRecordIdParam();
  const id = /^\d+$/.test(param) ? Number(param) : null;
  const deal = useDeal(id);
  return { id, deal: deal.data, query: deal };
}

/** Whether the deals area is switched on (usage parameter deals); unknown while loading counts as on. */
export const useDealsOn = () => useUsageParameters().data?.deals !== false;
