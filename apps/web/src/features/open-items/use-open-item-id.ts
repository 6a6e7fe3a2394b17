import { useRecordIdParam } from '@/components/record-page/use-record-route';
import { useOpenItem } from './api';

/** The open item of the current route and its record. */
export function useOpenItemFromRoute() {
  const param = useRecordIdParam();
  const id = /^[1-9]\d*$/.test(param) ? Number(param) : null;
  const item = useOpenItem(id);
  return { id, item: item.data, query: item };
}
