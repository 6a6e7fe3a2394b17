import { DEFAULT_STATUSES, DEFAULT_TYPES, DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../labels';

/** The list's filters in the URL: types and statuses as comma lists ("" = all), the address id, the quick search. */
export interface SaleDocumentListSearch {
  types?: string;
  status?: string;
  address?: number;
  q?: string;
}

export function validateSaleDocumentListSearch(s: Record<string, unknown>): SaleDocumentListSearch {
  const out: SaleDocumentListSearch = {};
  if (typeof s.types === 'string')
    out.types = s.types
      .split(',')
      .filter((v) => (DOCUMENT_TYPES as readonly string[]).includes(v))
      .join(',');
  if (typeof s.status === 'string' || typeof s.status === 'number')
    out.status = String(s.status)
      .split(',')
      .filter((v) => (DOCUMENT_STATUSES as readonly number[]).includes(Number(v)))
      .join(',');
  const a = typeof s.address === 'number' ? s.address : typeof s.address === 'string' && /^[1-9]\d*$/.test(s.address) ? Number(s.address) : null;
  if (a && Number.isSafeInteger(a)) out.address = a;
  if (typeof s.q === 'string' && s.q) out.q = s.q;
  return out;
}

/** The chosen types and statuses; absent in the URL = the default pick-list filter 0100/0200 with status 1, 2, 3 (BEL-036). */
export function chosenFilters(search: SaleDocumentListSearch) {
  const types = search.types === undefined ? [...DEFAULT_TYPES] : search.types ? search.types.split(',') : [];
  const statuses = search.status === undefined ? DEFAULT_STATUSES.map(String) : search.status ? search.status.split(',') : [];
  return { types, statuses };
}

/** The spec's list filters as the endpoint's query (BEL-037): `belegart=0100,0200`, `belegstatus=1,2,3`, `adresseId`; an empty choice filters nothing. */
export function listParams(types: readonly string[], statuses: readonly string[], adresseId: number | null | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (types.length) out.belegart = [...types].sort().join(',');
  if (statuses.length) out.belegstatus = [...statuses].sort().join(',');
  if (adresseId) out.adresseId = adresseId;
  return out;
}
