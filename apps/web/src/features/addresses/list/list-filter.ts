import { listSearchQ } from '@/components/data-grid/keep-alive';

/** The relation filter of the address index (ADR-003): customers, real suppliers (not customers), both, or all. */
export const RELATIONS = ['all', 'customer', 'supplier', 'both'] as const;
export type Relation = (typeof RELATIONS)[number];

export interface AddressListSearch {
  relation?: Relation;
  unblocked?: boolean;
  /** The quick search (kept in the URL: back button and shared links). */
  q?: string;
}

export const validateAddressListSearch = (s: Record<string, unknown>): AddressListSearch => ({
  relation: RELATIONS.includes(s.relation as Relation) && s.relation !== 'all' ? (s.relation as Relation) : undefined,
  unblocked: s.unblocked === true || s.unblocked === 'true' ? true : undefined,
  q: listSearchQ(s.q),
});

/** The list filter in the server's grammar (ADR-004). */
export function relationFilter(relation: Relation, unblockedOnly: boolean): string | undefined {
  const parts: string[] = [];
  if (relation === 'customer') parts.push('istKunde=true');
  if (relation === 'supplier') parts.push('istLieferant=true', 'istKunde=false');
  if (relation === 'both') parts.push('istKunde=true', 'istLieferant=true');
  if (unblockedOnly) parts.push('gesperrt=false');
  return parts.length ? parts.join(',') : undefined;
}

/** The address list's order when the user has saved none: by name. */
export const ADDRESS_LIST_PRESET = { sortBy: 'name1', descending: false };
