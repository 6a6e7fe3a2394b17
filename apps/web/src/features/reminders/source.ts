import type { Erinnerung } from '@vario/contract';

/** Route group → source table of a reminder made there (REM-009). */
const GROUPS: Record<string, NonNullable<Erinnerung['tabelle']>> = {
  addresses: 'ADR',
  saleDocument: 'BEK',
  saleDocuments: 'BEK',
  products: 'ART',
  openItems: 'OPV',
  tickets: 'TKT',
  deals: 'DEALS',
};

/**
 * The record a new reminder belongs to: the route group's table and the record id of the path (`/addresses/10158/…` →
 * ADR 10158), none on other screens or a new record (REM-009, issue 9 item 10).
 */
export function reminderSource(pathname: string): { tabelle: Erinnerung['tabelle']; tabelleId: number } | null {
  const [group, id] = pathname.split('/').filter(Boolean);
  const tabelle = group ? GROUPS[group] : undefined;
  if (!tabelle || !id || !/^[1-9]\d*$/.test(id)) return null;
  return { tabelle, tabelleId: Number(id) };
}
