import { useRecordIdParam } from '@/components/record-page/use-record-route';
import { useAsset } from './api';

/** The asset id of the current route (null for `new`) and its record. */
export function useAssetFromRoute() {
  const param = useRecordIdParam();
  const id = /^\d+$/.test(param) ? Number(param) : null;
  const asset = useAsset(id);
  return { id, asset: asset.data, query: asset };
}
