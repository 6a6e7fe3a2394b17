import { useParams } from '@tanstack/react-router';
import { useAddress } from './api';

/** The address id of the current route (null for `new`) and its record. */
export function useAddressFromRoute() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : null;
  const address = useAddress(id);
  return { id, address: address.data, query: address };
}

/** The numeric id of a nested route param (`new` and missing → null). */
export const numericParam = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
