import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';

export const storageKeys = createQueryKeys('storage');

/** One warehouse with its region and whether it has storage places (LAG-005, LAG-008). */
export function useWarehouse(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: storageKeys.detail(id ?? 0),
    queryFn: async () => (await api('lager', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
    staleTime: 5 * 60_000,
  });
}

/** The stock of one product on the storage places of a warehouse (LAG-007). */
export function usePlaceStock(artikelId: number | null, lagerId: number | null) {
  return useQuery({
    queryKey: storageKeys.custom('places', artikelId, lagerId),
    queryFn: async () => (await api('lagerplatzBestaende', { params: { artikelId: artikelId as number, lagerId: lagerId as number } })).result,
    enabled: !!artikelId && !!lagerId,
  });
}

/** The storage places of a warehouse, by location (empty for a warehouse without places). */
export function useStoragePlaces(lagerId: number | null) {
  return useQuery({
    queryKey: storageKeys.custom('lagerplaetze', lagerId),
    queryFn: async () => (await api('lagerplaetze', { params: { id: lagerId as number } })).result,
    enabled: !!lagerId,
    staleTime: 5 * 60_000,
  });
}
