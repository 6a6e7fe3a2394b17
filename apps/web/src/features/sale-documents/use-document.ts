import { useRecordIdParam } from '@/components/record-page/use-record-route';
import { useSaleDocument } from './api';

/** The document id of the current route (null for `new`) and its head. */
export function useDocumentFromRoute() {
  const param = useRecordIdParam();
  const id = /^[1-9]\d*$/.test(param) ? Number(param) : null;
  const query = useSaleDocument(id);
  return { id, doc: query.data, query };
}
