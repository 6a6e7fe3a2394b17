import { api } from '@/lib/api/client';

export type LookupResult = { kind: 'found'; id: number } | { kind: 'notFound' } | { kind: 'ambiguous' };

/** Characters of the list filter grammar: a code containing them cannot name one product. */
const FILTER_SYNTAX = /[,|=<>!~]/;

export type ProductQuery = (filter: string) => Promise<{ id: number }[]>;

const queryProducts: ProductQuery = async (filter) => (await api('artikelList', { params: { filter, limit: 2 } })).result;

/**
 * Finds the product of a scanned or typed code: first by EAN, then by article number (SCAN-005, SCAN-006).
 * One match opens it; several matches are "format ambiguous"; none is "article (EAN) not found".
 */
export async function lookupProduct(rawCode: string, query: ProductQuery = queryProducts): Promise<LookupResult> {
  const code = rawCode.trim();
  if (!code) return { kind: 'notFound' };
  if (FILTER_SYNTAX.test(code)) return { kind: 'ambiguous' };
  for (const field of ['ean', 'artikelnummer'] as const) {
    const rows = await query(`${field}=${code}`);
    if (rows.length > 1) return { kind: 'ambiguous' };
    const [row] = rows;
    if (row) return { kind: 'found', id: row.id };
  }
  return { kind: 'notFound' };
}
