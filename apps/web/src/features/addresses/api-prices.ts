import { useQuery } from '@tanstack/react-query';
import type { apz, apzEingabe, Kundensonderpreis, kundensonderpreisEingabe, Staffelwerte } from '@vario/contract';
import { STAFFELN } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { addressKeys, SUB_LIST_LIMIT } from './api';

export type Apz = z.infer<typeof apz>;
export type ApzInput = z.input<typeof apzEingabe>;
export type PriceInput = z.input<typeof kundensonderpreisEingabe>;
export type TierKind = 'mengenabhaengigePreise' | 'mengenabhaengigeRabatte';

const invalidate = (addressId: number) => queryClient.invalidateQueries({ queryKey: addressKeys.custom('record', addressId, 'prices') });
const priceKey = (addressId: number, priceId: number | null) => addressKeys.custom('record', addressId, 'prices', 'one', priceId);

export function usePrices(addressId: number) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'prices', 'list'),
    queryFn: async () => (await api('preiseList', { params: { id: addressId, orderBy: 'artikelnummer', limit: SUB_LIST_LIMIT } })).result,
  });
}

export function usePrice(addressId: number, priceId: number | null) {
  return useQuery({
    queryKey: priceKey(addressId, priceId),
    queryFn: async () => (await api('preisGet', { params: { id: addressId, priceId: priceId as number } })).result,
    enabled: !!priceId,
  });
}

const setPrice = (addressId: number, price: Kundensonderpreis) => {
  queryClient.setQueryData(priceKey(addressId, price.id), price);
  void queryClient.invalidateQueries({ queryKey: addressKeys.custom('record', addressId, 'prices', 'list') });
};

export async function savePrice(addressId: number, priceId: number | null, data: Partial<PriceInput>) {
  if (priceId) {
    const { result } = await api('preisUpdate', { params: { id: addressId, priceId }, body: { data } });
    setPrice(addressId, result);
    return { id: priceId, result, created: false };
  }
  const res = await saveForm<Kundensonderpreis>({ path: '/stammdaten/adressen/:id/kundensonderpreise', params: { id: addressId }, data });
  void invalidate(addressId);
  return res;
}

export async function deletePrice(addressId: number, priceId: number) {
  await api('preisDelete', { params: { id: addressId, priceId } });
  queryClient.removeQueries({ queryKey: priceKey(addressId, priceId) });
  void invalidate(addressId);
}

/** The fields of one tier row: price tiers carry quantity, net, gross and discount; discount tiers quantity and discount (ADR-056, ADR-057). */
export const tierFields = (kind: TierKind, n: number) =>
  kind === 'mengenabhaengigePreise' ? [`menge${n}`, `vk${n}`, `vk${n}Brutto`, `rabatt${n}`] : [`menge${n}`, `rabatt${n}`];

/** Tier numbers with at least one filled field: only these rows are shown (ADR-058). */
export const filledTiers = (kind: TierKind, values: Staffelwerte | undefined) =>
  STAFFELN.filter((n) => tierFields(kind, n).some((f) => values?.[f] !== null && values?.[f] !== undefined));

/**
 * The PATCH body of all tiers: an empty value becomes null (deleting it), others numbers;
 * gross fields (names with Brutto) and the id are dropped (ADR-061, ADR-062).
 */
export function tierPatch(kind: TierKind, edited: Record<string, string | number | null | undefined>): Staffelwerte {
  const out: Staffelwerte = {};
  for (const n of STAFFELN) {
    for (const f of tierFields(kind, n)) {
      if (f.includes('Brutto')) continue;
      const v = edited[f];
      if (v === undefined) continue;
      if (v === null || (typeof v === 'string' && v.trim() === '')) out[f] = null;
      else {
        const num = typeof v === 'number' ? v : Number(String(v).replace(/\./g, '').replace(',', '.'));
        out[f] = Number.isFinite(num) ? num : null;
      }
    }
  }
  return out;
}

/** Saves all tiers of one kind (ADR-064). */
export async function saveTiers(addressId: number, priceId: number, kind: TierKind, edited: Record<string, string | number | null | undefined>) {
  const { result } = await api('preisUpdate', { params: { id: addressId, priceId }, body: { data: { [kind]: tierPatch(kind, edited) } } });
  setPrice(addressId, result);
  return result;
}

// ── time- and quantity-dependent prices (apz) ─────────────────────────────────

export async function saveApz(addressId: number, priceId: number, apzId: number | null, data: ApzInput) {
  if (apzId) await api('apzUpdate', { params: { id: addressId, priceId, apzId }, body: { data } });
  else await api('apzCreate', { params: { id: addressId, priceId }, body: { data } });
  await queryClient.invalidateQueries({ queryKey: priceKey(addressId, priceId) });
}

export async function deleteApz(addressId: number, priceId: number, apzId: number) {
  await api('apzDelete', { params: { id: addressId, priceId, apzId } });
  await queryClient.invalidateQueries({ queryKey: priceKey(addressId, priceId) });
}
