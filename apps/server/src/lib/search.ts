import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/schema-helpers';

/** Words of a quick search: letters and digits only, at most 8 (everything else separates words). */
export function searchTokens(term: string): string[] {
  const all = term
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // A single letter beside longer words (the "B" of "B-1234") would match nearly everything: leave it out.
  const long = all.filter((t) => t.length > 1);
  return (long.length ? long : all).slice(0, 8);
}

/**
 * How a quick search's window is read, decided by how many rows the full-text index matches (SQLite): a few matches are
 * looked up by id and sorted; many (a broad word such as "pumpe": 90,000 of 1,000,000 products) are found by walking
 * the list's sort index and keeping the rows in the match set, which stops after the window — sorting 90,000 looked-up
 * rows took 100 ms and more, the walk takes about 10 ms.
 */
export interface SearchPlan {
  /** Rows of the table that the search matches (from the index alone, no other condition applied). */
  matches: number;
}

/** From this many matches on, the window walks the sort index (see SearchPlan). */
export const BROAD_SEARCH_MATCHES = 2000;

// biome-ignore lint/suspicious/noExplicitAny: shared by differently typed queries
type AnyEB = ExpressionBuilder<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyQB = SelectQueryBuilder<any, any, any>;

/** A list's quick search over a full-text index, which can also count its matches from the index alone. */
export interface FullTextSearch {
  (eb: AnyEB, term: string, dialect: Dialect, plan?: SearchPlan): Expression<SqlBool>;
  fullTextTable: string;
}

/** The quick search of a table with a full-text index (`<table>_fts` on SQLite, the `suche` column on PostgreSQL). */
export function fullTextSearch(table: string): FullTextSearch {
  const search = ((_eb: AnyEB, term: string, dialect: Dialect, plan?: SearchPlan) => fullTextMatch(table, term, dialect, plan)) as FullTextSearch;
  search.fullTextTable = table;
  return search;
}

const ftsQuery = (tokens: string[]) => tokens.map((t) => `"${t}"*`).join(' ');

/**
 * Counts a full-text search's matches from the index alone (SQLite; a few milliseconds even for 100,000 matches), run
 * through the list's own query so that it uses the caller's connection or transaction. Undefined where it does not
 * apply (PostgreSQL, a search that is not full-text, a base query without rows).
 */
export async function planSearch(base: AnyQB, search: unknown, term: string, dialect: Dialect): Promise<SearchPlan | undefined> {
  const table = (search as Partial<FullTextSearch> | undefined)?.fullTextTable;
  if (dialect !== 'sqlite' || !table) return undefined;
  const tokens = searchTokens(term);
  if (tokens.length === 0) return { matches: 0 };
  const query = ftsQuery(tokens);
  const key = `${table}\u0000${query}`;
  const hit = matchCounts.get(key);
  if (hit && Date.now() - hit.at < MATCH_COUNT_TTL_MS) return { matches: hit.n };
  const fts = sql.table(`${table}_fts`);
  const row = (await base.clearSelect().select(sql<number>`(select count(*) from ${fts} where ${fts} match ${query})`.as('n')).limit(1).executeTakeFirst()) as
    | { n: number }
    | undefined;
  if (!row) return undefined;
  if (matchCounts.size > 500) matchCounts.clear();
  matchCounts.set(key, { n: Number(row.n), at: Date.now() });
  return { matches: Number(row.n) };
}

/**
 * A search's match count is kept like an expensive total (lib/list-query.ts): the windows of one search (the grid
 * scrolling) count once; a write to the table forgets its counts on this instance, other instances within the TTL.
 */
const MATCH_COUNT_TTL_MS = 10_000;
const matchCounts = new Map<string, { n: number; at: number }>();

export function invalidateSearchMatches(table: string) {
  for (const k of matchCounts.keys()) if (k.startsWith(`${table}\u0000`)) matchCounts.delete(k);
}

/** True when a list's base query reads its table as it is (no join, no condition): then a search's matches are its total. */
export function readsWholeTable(base: AnyQB): boolean {
  const node = base.toOperationNode();
  return !node.where && !node.joins?.length;
}

/**
 * Index-backed prefix search of a table with a full-text index: every word must start a word of the indexed columns.
 * SQLite: the FTS5 table `<table>_fts` (rowid = id); PostgreSQL: the generated tsvector column `suche` with a GIN index.
 * With a plan of many matches (SQLite), the id is compared as an expression (`+id`), so that SQLite walks the order's
 * index and tests each row against the match set instead of looking every match up by id and sorting them.
 */
export function fullTextMatch(table: string, term: string, dialect: Dialect, plan?: SearchPlan): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(`${table}.suche`)} @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  const id = plan && plan.matches >= BROAD_SEARCH_MATCHES ? sql`+${sql.ref(`${table}.id`)}` : sql.ref(`${table}.id`);
  return sql<SqlBool>`${id} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${ftsQuery(tokens)})`;
}
