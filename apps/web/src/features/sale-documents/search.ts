import { type BackRouteSearch, validateBackRouteSearch } from '@/components/record-page/back-link';

/** The query of a new document (BEL-006): `id` the address, `type` 0100 or 0200, optionally `dealId`. */
export interface NewDocumentSearch {
  id?: number;
  type?: string;
  dealId?: number;
}
export type SaleDocumentSearch = BackRouteSearch & NewDocumentSearch;

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9]\d*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Back link (BEL-007) and the new document's query (BEL-006); anything else is dropped. */
export function validateSaleDocumentSearch(s: Record<string, unknown>): SaleDocumentSearch {
  const out: SaleDocumentSearch = validateBackRouteSearch(s);
  const id = positiveInt(s.id);
  if (id) out.id = id;
  if (typeof s.type === 'string' && /^\d{4}$/.test(s.type)) out.type = s.type;
  else if (typeof s.type === 'number' && s.type > 0) out.type = String(s.type).padStart(4, '0');
  const dealId = positiveInt(s.dealId);
  if (dealId) out.dealId = dealId;
  return out;
}
