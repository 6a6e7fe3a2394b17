import type { Techniker } from '@vario/contract';

/** The three service stores of a technician: good parts, DOA parts, faulty parts (LAG-010, LAG-011). */
export const SERVICE_STORES = [
  { kind: 'serviceStorage', field: 'gutteileLagerId' },
  { kind: 'serviceStorageDoa', field: 'doateileLagerId' },
  { kind: 'serviceStorageFaulty', field: 'defektteileLagerId' },
] as const;
export type ServiceStoreKind = (typeof SERVICE_STORES)[number]['kind'];

/** The warehouse id of a store kind, or null when the user has no technician or the store is not assigned (LAG-013). */
export function serviceStoreId(techniker: Techniker | null | undefined, kind: ServiceStoreKind): number | null {
  const store = SERVICE_STORES.find((s) => s.kind === kind);
  return (store && techniker?.[store.field]) || null;
}
