import { useParams } from '@tanstack/react-router';
import { useAsset } from './api';

/** The asset id of the current route (null for `new`) and its record. */
export function useAssetFromRoute() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const asset = useAsset(id);
  return { id, asset: asset.data, query: asset };
}
