import { useQuery } from '@tanstack/react-query';
import type { zusatzadresse, zusatzadresseEingabe } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { addressKeys, SUB_LIST_LIMIT } from './api';

export type Zusatzadresse = z.infer<typeof zusatzadresse>;
export type ZusatzadresseInput = z.input<typeof zusatzadresseEingabe>;

const invalidate = (addressId: number, part: string) => queryClient.invalidateQueries({ queryKey: addressKeys.custom('record', addressId, part) });

// ── additional addresses ───────────────────────────────────────────────────────

export function useAdditionalAddresses(addressId: number, art: string | null) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'additional', art),
    queryFn: async () =>
      (await api('zusatzadressenList', { params: { id: addressId, filter: art ? `art=${art}` : undefined, orderBy: 'name1', limit: SUB_LIST_LIMIT } })).result,
  });
}

export function useAdditionalAddress(addressId: number, subId: number | null) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'additional', 'one', subId),
    queryFn: async () => (await api('zusatzadresseGet', { params: { id: addressId, subId: subId as number } })).result,
    enabled: !!subId,
  });
}

export async function saveAdditionalAddress(addressId: number, subId: number | null, data: Partial<ZusatzadresseInput>) {
  // nested: the create path takes the address id; a change goes to …/zusatzadressen/:subId
  const res = subId
    ? { id: subId, result: (await api('zusatzadresseUpdate', { params: { id: addressId, subId }, body: { data } })).result, created: false }
    : await saveForm<Zusatzadresse>({ path: '/stammdaten/adressen/:id/zusatzadressen', params: { id: addressId }, data });
  void invalidate(addressId, 'additional');
  return res;
}

export async function deleteAdditionalAddress(addressId: number, subId: number) {
  await api('zusatzadresseDelete', { params: { id: addressId, subId } });
  void invalidate(addressId, 'additional');
}
