import type { ListQuery } from '@vario/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';

/** The query of GET /verkauf/belege as it arrives (before belegeFilter turns the spec's filters into conditions). */
type BelegeListQuery = ListQuery & { belegart?: string; belegstatus?: string; adresseId?: number; adresse?: number; dealId?: number; q?: string };

/**
 * Whether the list's total is the counters' sum (SQLite, migration 0013_belege_zaehler): when the list is narrowed by
 * type and status only — the default pick-list filter, or nothing. Not when anything else narrows it (address, deal, a
 * filter, a search) or on PostgreSQL: then the list counts as every list does.
 */
export function zaehltPerZaehler(dialect: Dialect, q: BelegeListQuery): boolean {
  if (dialect !== 'sqlite') return false;
  return !(q.filter?.trim() || q.search?.trim() || q.q?.trim() || q.adresseId !== undefined || q.adresse !== undefined || q.dealId !== undefined);
}

/**
 * The number of documents of the chosen types and statuses (all when none is chosen) from the counters kept exact by
 * triggers: a sum of a few rows instead of counting up to 1,000,000 index entries. The values are the contract's
 * checked comma lists (four-digit codes, digits).
 */
export async function belegeZaehlerTotal(db: Db, q: BelegeListQuery): Promise<number> {
  const where = [
    q.belegart ? sql`belegart in (${sql.join(q.belegart.split(','))})` : sql`1 = 1`,
    q.belegstatus ? sql`belegstatus in (${sql.join(q.belegstatus.split(',').map(Number))})` : sql`1 = 1`,
  ];
  const { rows } = await sql<{ n: number | null }>`select sum(anzahl) as n from belege_zaehler where ${sql.join(where, sql` and `)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
