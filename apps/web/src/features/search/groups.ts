import type { EndpointName, Me, Nutzungsparameter } from '@vario/contract';
import type { QueryValue } from '@/lib/api/client';
import { formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';

/** The result groups of the global search, in the order they show (SRCH-008). */
export const SEARCH_GROUPS = ['addresses', 'persons', 'products', 'documents', 'assets', 'deals', 'tickets'] as const;
export type SearchGroupId = (typeof SEARCH_GROUPS)[number];

/** Rows per group (SRCH-010). */
export const ROWS_PER_GROUP = 5;
/** The drawer opens from this many characters (SRCH-006: longer than 2). */
export const MIN_TERM_LENGTH = 3;
/** Typing settles this long before the lists are asked (SRCH-007). */
export const SEARCH_DEBOUNCE_MS = 750;

type Row = Record<string, unknown>;
const text = (...parts: unknown[]) =>
  parts
    .filter((p) => p !== null && p !== undefined && p !== '')
    .map(String)
    .join(' ');

export interface SearchGroup {
  id: SearchGroupId;
  /** The list call (SRCH-018). */
  endpoint: EndpointName;
  /** The group's see-right (SRCH-009) and the usage parameter it also needs. */
  recht: string;
  usage?: keyof Nutzungsparameter;
  /** Filter and order of the group's list call (SRCH-014…017). */
  params: Record<string, QueryValue>;
  title: (row: Row) => string;
  detail: (row: Row) => string;
  /** The record's route (SRCH-012); `replace` replaces the current route instead of pushing one (SRCH-013). */
  to: (row: Row) => string;
  replace: boolean;
}

export const GROUPS: Record<SearchGroupId, SearchGroup> = {
  addresses: {
    id: 'addresses',
    endpoint: 'adressenList',
    recht: 'ADR_SEHEN',
    params: { filter: 'gesperrt=false' },
    title: (r) => text(r.name1, r.name2),
    detail: (r) => text(r.kundennummer ?? r.adressnummer, '·', r.plz, r.ort),
    to: (r) => `/addresses/${r.id}`,
    replace: true,
  },
  persons: {
    id: 'persons',
    endpoint: 'ansprechpartnerList',
    recht: 'ADR_SEHEN',
    params: {},
    title: (r) => text(r.vorname, r.name),
    detail: (r) => text(r.position, r.email),
    to: (r) => `/addresses/${r.adresseId}/persons/${r.id}`,
    replace: true,
  },
  products: {
    id: 'products',
    endpoint: 'artikelList',
    recht: 'ART_SEHEN',
    params: { filter: 'gesperrt=false' },
    title: (r) => text(r.bezeichnung),
    detail: (r) => text(r.artikelnummer),
    to: (r) => `/products/${r.id}`,
    replace: false,
  },
  documents: {
    id: 'documents',
    endpoint: 'belegeList',
    recht: 'BEK_SEHEN',
    params: { orderBy: '-belegdatum' },
    title: (r) => text(r.belegnummer, r.adresseName),
    detail: (r) => text(formatDate(r.belegdatum as string), r.betreff),
    to: (r) => `/saleDocument/${r.id}`,
    replace: false,
  },
  assets: {
    id: 'assets',
    endpoint: 'assetsList',
    recht: 'ASS_SEHEN',
    params: {},
    title: (r) => text(r.bezeichnung),
    detail: (r) => text(r.assetnummer, r.seriennummer),
    to: (r) => `/assets/${r.id}`,
    replace: false,
  },
  deals: {
    id: 'deals',
    endpoint: 'dealsList',
    recht: 'DEALS_SEHEN',
    usage: 'deals',
    params: { orderBy: '-id' },
    title: (r) => text(r.titel),
    detail: (r) => text(r.adresseName),
    to: (r) => `/deals/${r.id}`,
    replace: false,
  },
  tickets: {
    id: 'tickets',
    endpoint: 'ticketsList',
    recht: 'TKT_ANSEHEN',
    usage: 'tickets',
    params: { orderBy: '-ticketNummer' },
    title: (r) => text(r.ticketNummer, r.betreff),
    detail: (r) => text(r.adresseName),
    to: (r) => `/tickets/${r.id}`,
    replace: false,
  },
};

/** The groups this user sees: the see-right, and the usage parameter where the group has one (unknown counts as on). */
export const visibleGroups = (me: Pick<Me, 'benutzer' | 'rechte'> | null | undefined, usage: Nutzungsparameter | undefined): SearchGroup[] =>
  SEARCH_GROUPS.map((id) => GROUPS[id]).filter((g) => hasRight(me, g.recht) && (!g.usage || usage?.[g.usage] !== false));

/** The query of a group's list call: the term, five rows, the total (SRCH-010, SRCH-018). */
export const groupQuery = (g: SearchGroup, term: string): Record<string, QueryValue> => ({
  ...g.params,
  search: term,
  limit: ROWS_PER_GROUP,
  returnTotal: true,
});
