import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';

export const picklistKeys = createQueryKeys('picklist');

/** PICK-010: the open lists of a warehouse or of a storage region. */
export function usePicklists(filter: { lagerId?: number; lagerkreisId?: number } | null) {
  return useQuery({
    queryKey: picklistKeys.custom('list', filter?.lagerId ?? null, filter?.lagerkreisId ?? null),
    queryFn: async () => (await api('picklisten', { params: filter ?? {} })).result,
    enabled: !!filter,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** PICK-011: opens a list (takes its lock) and answers it with its lines. */
export const openPicklist = async (lfdNr: number) => (await api('picklistenArtikel', { params: { LfdNr: lfdNr } })).result;
/** PICK-009/011: releases a list's lock. */
export const unlockPicklist = async (lfdNr: number) => (await api('picklistenArtikel', { params: { LfdNr: lfdNr, unlock: '1' } })).result;
export const confirmPick = async (data: { lfdNr: number; positionId: number; lagerplatz: string | null; artikel: string; menge: number }) =>
  (await api('pickBestaetigen', { body: { data } })).result;
/** PICK-007: the picking cart of a list the user holds open (null clears it). */
export const setPicklistCart = async (lfdNr: number, wagenNr: string | null) =>
  (await api('picklisteWagenSetzen', { body: { data: { lfdNr, wagenNr } } })).result;
