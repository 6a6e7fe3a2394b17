import { type BackRouteSearch, validateBackRouteSearch } from '@/components/record-page/back-link';

/** `/tickets/new?id=<address>`: the add dialog starts with that address (APP-051). */
export type NewTicketSearch = BackRouteSearch & { id?: number };
export const validateTicketSearch = (s: Record<string, unknown>): NewTicketSearch => {
  const id = typeof s.id === 'number' || (typeof s.id === 'string' && /^[1-9]\d*$/.test(s.id)) ? Number(s.id) : undefined;
  return { ...validateBackRouteSearch(s), ...(id ? { id } : {}) };
};
