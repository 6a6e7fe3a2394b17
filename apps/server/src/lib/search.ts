import { type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/schema-helpers';
import { foldSearchWord } from '../db/search-fold';

/**
 * Words of a quick search: letters and digits only, at most 8 (everything else separates words), folded as the indexes
 * hold them (db/search-fold.ts: "Müller" → "mueller", "Weiß" → "weiss").
 */
export function searchTokens(term: string): string[] {
  const all = term
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(foldSearchWord);
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
  /**
   * The full-text query to run (SQLite), when it differs from the plain prefix query: a word whose terms the index's
   * term list names (`fullTextSearch(table, { vocab: true })`) is asked as those exact terms — the same rows, but the
   * index walks their lists instead of merging every term of the prefix into one list first (a word such as
   * "bestellung", in every document, took 45 ms to merge on each query).
   */
  query?: string;
  /**
   * A search that matches most of the table, every word named by its exact terms: the window walks the sort index and
   * looks each row up in the full-text index by its id (one seek per term) instead of first collecting every match —
   * "bestellung" matches all 1,000,000 documents; collecting them took 130 ms, checking a window's rows takes a few.
   */
  seek?: boolean;
}

/**
 * Words the full-text indexes keep as one term of their prefix indexes (`prefix='2 3'`, migration 0042): two or three
 * letters or digits — "sch" is one list to read or seek, not the merge of every word it begins.
 */
const PREFIX_INDEXED = /^[a-z0-9]{2,3}$/;

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
  /** SQLite: the index's term list (`<table>_fts_vocab`, an fts5vocab table) exists, so very broad searches can seek. */
  vocab?: boolean;
  /**
   * PostgreSQL: the ids of the rows the search matches, as a select over the tsquery (default: the table's own `suche`);
   * a search that also matches through another table (the deals by their address) names those rows too, so that its
   * plan (planSearch) counts them and a search with few matches reads exactly them (`pgFewMatches`).
   */
  pgMatchIds?: (tsquery: string) => RawBuilder<unknown>;
  /** Every order of the list has an index to walk: a search of two- or three-letter words may seek (see SearchPlan). */
  seekShort?: boolean;
}

/** PostgreSQL: the prefix tsquery of a search's words (every word must begin a word of the row). */
export const pgTsQuery = (tokens: string[]) => tokens.map((t) => `${t}:*`).join(' & ');

const pgOwnMatchIds = (table: string) => (tsquery: string) =>
  sql`select ${sql.ref(`${table}.id`)} from ${sql.table(table)} where ${sql.ref(`${table}.suche`)} @@ to_tsquery('simple', ${tsquery})`;

/**
 * PostgreSQL, a search its plan found to match few rows (fewer than BROAD_SEARCH_MATCHES): the list reads exactly those
 * ids (collected into an array, which the planner takes for a handful of rows: it looks them up by the primary key and
 * sorts them). Without the plan PostgreSQL guesses a prefix query's matches (2 % of the table whatever the words) and
 * walks the list's order testing every row — through the whole table when nothing matches ("messe 123456" on a
 * million deals: 600–800 ms).
 */
export function pgFewMatches(table: string, search: Pick<FullTextSearch, 'pgMatchIds'>, tokens: string[]): Expression<SqlBool> {
  const ids = (search.pgMatchIds ?? pgOwnMatchIds(table))(pgTsQuery(tokens));
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select unnest(array(${ids})))`;
}

/**
 * The quick search of a table with a full-text index (`<table>_fts` on SQLite, the `suche` column on PostgreSQL).
 * `vocab`: SQLite has the index's term list `<table>_fts_vocab` (a migration creates it), see SearchPlan; `seekShort`: the
 * list's orders have indexes to walk, so a broad search of two- or three-letter words seeks its window's rows.
 */
export function fullTextSearch(table: string, options: { vocab?: boolean; seekShort?: boolean } = {}): FullTextSearch {
  const search = ((_eb: AnyEB, term: string, dialect: Dialect, plan?: SearchPlan) => fullTextMatch(table, term, dialect, plan)) as FullTextSearch;
  search.fullTextTable = table;
  search.vocab = options.vocab;
  search.seekShort = options.seekShort;
  return search;
}

const ftsQuery = (tokens: string[]) => tokens.map((t) => `"${t}"*`).join(' ');

/**
 * Counts a full-text search's matches from the index alone (SQLite; a few milliseconds even for 100,000 matches), run
 * through the list's own query so that it uses the caller's connection or transaction. Undefined where it does not
 * apply (a search that is not full-text, a base query without rows; on PostgreSQL a search with many matches, see
 * planPostgres). `windowEnd` (offset + limit) decides
 * whether a very broad search checks the rows of its window one by one (SearchPlan.seek).
 */
export async function planSearch(base: AnyQB, search: unknown, term: string, dialect: Dialect, windowEnd = 100): Promise<SearchPlan | undefined> {
  const fullText = search as Partial<FullTextSearch> | undefined;
  const table = fullText?.fullTextTable;
  if (!table) return undefined;
  const tokens = searchTokens(term);
  if (tokens.length === 0) return { matches: 0 };
  if (dialect === 'postgres') return planPostgres(base, table, fullText, tokens);
  const key = `${table}\u0000${ftsQuery(tokens)}`;
  let kept = matchCounts.get(key);
  if (!kept || Date.now() - kept.at >= MATCH_COUNT_TTL_MS) {
    const terms = fullText.vocab ? await expandTokens(base, table, tokens) : undefined;
    if (terms === null) return undefined;
    const query = terms
      ? tokens.map((t, i) => (terms[i]?.length && !PREFIX_INDEXED.test(t) ? `(${terms[i].map((w) => `"${w}"`).join(' OR ')})` : `"${t}"*`)).join(' AND ')
      : ftsQuery(tokens);
    const fts = sql.table(`${table}_fts`);
    const row = (await base
      .clearSelect()
      .select([
        sql<number>`(select count(*) from ${fts} where ${fts} match ${query})`.as('n'),
        // the highest id stands for the number of rows (exact enough to plan, and read from the end of the table)
        sql<number>`(select max(rowid) from ${sql.table(table)})`.as('r'),
      ])
      .limit(1)
      .executeTakeFirst()) as { n: number; r: number | null } | undefined;
    if (!row) return undefined;
    if (matchCounts.size > 500) matchCounts.clear();
    // a word of two or three letters is one term of the index's prefix index (migration 0042): one seek, like an exact term
    // (where the list's orders have indexes to walk: without one, a seeking search checks every row of the table)
    const perWord = tokens.map((t, i) => (fullText.seekShort && PREFIX_INDEXED.test(t) ? 1 : (terms?.[i]?.length ?? 0)));
    const exactTerms = perWord.every((n) => n > 0) ? perWord.reduce((a, b) => a + b, 0) : 0;
    kept = { n: Number(row.n), rows: Number(row.r ?? 0), at: Date.now(), query, exactTerms };
    matchCounts.set(key, kept);
  }
  const plan: SearchPlan = { matches: kept.n, query: kept.query };
  if (kept.exactTerms > 0 && kept.n >= BROAD_SEARCH_MATCHES && seekPays(kept.n, kept.rows, windowEnd, kept.exactTerms)) plan.seek = true;
  return plan;
}

/**
 * PostgreSQL's plan: the matches counted up to BROAD_SEARCH_MATCHES (the GIN index's bitmap, then at most that many
 * rows), kept like the SQLite count. Fewer: an exact count, and the search reads those rows (pgFewMatches). More: no
 * plan — PostgreSQL walks the list's order and keeps the matching rows, which stops after the window.
 */
async function planPostgres(base: AnyQB, table: string, search: Partial<FullTextSearch> | undefined, tokens: string[]): Promise<SearchPlan | undefined> {
  const tsquery = pgTsQuery(tokens);
  const key = `${table}\u0000pg\u0000${tsquery}`;
  let kept = matchCounts.get(key);
  if (!kept || Date.now() - kept.at >= MATCH_COUNT_TTL_MS) {
    const ids = (search?.pgMatchIds ?? pgOwnMatchIds(table))(tsquery);
    const row = (await base
      .clearSelect()
      .select(sql<number>`(select count(*) from (${ids} limit ${BROAD_SEARCH_MATCHES}) as m)`.as('n'))
      .limit(1)
      .executeTakeFirst()) as { n: number } | undefined;
    if (!row) return undefined;
    if (matchCounts.size > 500) matchCounts.clear();
    kept = { n: Number(row.n), rows: 0, at: Date.now(), query: tsquery, exactTerms: 0 };
    matchCounts.set(key, kept);
  }
  return kept.n < BROAD_SEARCH_MATCHES ? { matches: kept.n } : undefined;
}

/**
 * Whether checking the rows of a window one by one is cheaper than collecting every match: the walk reads about
 * `windowEnd × rows / matches` rows and seeks each term for each (about 30 µs a term), collecting reads every match
 * (about 0.15 µs each; both measured at 1,000,000 documents).
 */
function seekPays(matches: number, rows: number, windowEnd: number, termCount: number): boolean {
  if (matches <= 0 || rows <= 0) return false;
  const visited = (windowEnd * rows) / Math.min(matches, rows);
  return visited * termCount * 30 < matches * 0.15;
}

/** At most this many index terms per word are asked by name (each is one list to walk, or one seek per row). */
const MAX_TERMS_PER_WORD = 16;

/**
 * Each word's terms in the index (the words of the indexed columns that it is the beginning of), read from the term
 * list `<table>_fts_vocab` — undefined for a word left as a prefix: one that does not fold (lower case, accents
 * removed) to plain a–z and 0–9, where this folding is certainly the index's own (unicode61, remove_diacritics 2), or
 * that begins more than MAX_TERMS_PER_WORD terms. Null when the base query has no row.
 */
async function expandTokens(base: AnyQB, table: string, tokens: string[]): Promise<(string[] | undefined)[] | null> {
  const folded = tokens.map((t) =>
    t
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  );
  const plain = folded.map((t) => /^[a-z0-9]+$/.test(t));
  if (!plain.some(Boolean)) return tokens.map(() => undefined);
  const vocab = sql.table(`${table}_fts_vocab`);
  const selects = folded.map((t, i) => {
    if (!plain[i]) return sql<null>`null`.as(`t${i}`);
    const next = t.slice(0, -1) + String.fromCharCode(t.charCodeAt(t.length - 1) + 1);
    return sql<string>`(select json_group_array(term) from (select term from ${vocab} where term >= ${t} and term < ${next} limit ${MAX_TERMS_PER_WORD + 1}))`.as(
      `t${i}`,
    );
  });
  const row = (await base.clearSelect().select(selects).limit(1).executeTakeFirst()) as Record<string, string | null> | undefined;
  if (!row) return null;
  return folded.map((_, i) => {
    const raw = row[`t${i}`];
    if (!plain[i] || raw === null || raw === undefined) return undefined;
    const terms = JSON.parse(raw) as string[];
    return terms.length > MAX_TERMS_PER_WORD ? undefined : terms;
  });
}

/**
 * A search's match count is kept like an expensive total (lib/list-query.ts): the windows of one search (the grid
 * scrolling) count once; a write to the table forgets its counts on this instance, other instances within the TTL.
 */
const MATCH_COUNT_TTL_MS = 10_000;
const matchCounts = new Map<string, { n: number; rows: number; at: number; query: string; exactTerms: number }>();

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
 * index and tests each row against the match set instead of looking every match up by id and sorting them. With a plan
 * that seeks (a search matching most of the table), each row of the walk is looked up in the index by its id, one
 * seek per term: the same rows (the terms are the index's own words that the search's words begin), none collected.
 */
export function fullTextMatch(table: string, term: string, dialect: Dialect, plan?: SearchPlan): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    if (plan && plan.matches < BROAD_SEARCH_MATCHES) return pgFewMatches(table, {}, tokens);
    return sql<SqlBool>`${sql.ref(`${table}.suche`)} @@ to_tsquery('simple', ${pgTsQuery(tokens)})`;
  }
  const fts = sql.table(`${table}_fts`);
  const query = plan?.query ?? ftsQuery(tokens);
  if (plan?.seek) return sql<SqlBool>`exists (select 1 from ${fts} where ${fts} match ${query} and ${fts}.rowid = ${sql.ref(`${table}.id`)})`;
  const id = plan && plan.matches >= BROAD_SEARCH_MATCHES ? sql`+${sql.ref(`${table}.id`)}` : sql.ref(`${table}.id`);
  return sql<SqlBool>`${id} in (select rowid from ${fts} where ${fts} match ${query})`;
}

/**
 * A quick search term that looks like a number (issue 23 item 3): one word of digits, letters and the separators of
 * numbers (`-`, `/`, `.`, `_`) with at least two digits — a document number or a fragment of one (`AN2026-00012`,
 * `2026-00`), a customer, article or asset number (`100012`, `P-1002`, `AT-77`).
 */
export function looksLikeNumber(term: string): boolean {
  const t = term.trim();
  return t.length <= 40 && /^[\p{L}\p{N}][\p{L}\p{N}\-/._]*$/u.test(t) && (t.match(/\d/g)?.length ?? 0) >= 2;
}

/**
 * How a list's quick search treats a term that looks like a number: rows whose number columns hold it come first
 * (`first`); `fragment` finds (index-backed) the rows whose number holds it anywhere, also where the words of the
 * full-text index do not begin with it (`2026-00` in `AN2026-00012`) — added to the search's matches.
 */
export interface NumberSearch {
  first: (term: string, dialect: Dialect) => Expression<SqlBool>;
  fragment?: (term: string, dialect: Dialect) => Expression<SqlBool>;
}

const likeText = (term: string) => term.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Number columns (text or integer, qualified `table.column`) that hold the term (any case): the `first` of a NumberSearch. */
export function numberColumns(...columns: string[]): NumberSearch['first'] {
  return (term, dialect) => {
    const pattern = `%${likeText(term)}%`;
    const op = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
    const tests = columns.map((c) => sql<SqlBool>`cast(${sql.ref(c)} as text) ${op} ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
  };
}

/**
 * The document number's trigram index (migration 0033): SQLite FTS5 `belege_nr_fts` (a fragment of at least three
 * characters), PostgreSQL `pg_trgm` over `belegnummer` (ILIKE).
 */
export function belegnummerFragment(term: string, dialect: Dialect): Expression<SqlBool> {
  const t = term.trim();
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref('belege.belegnummer')} ilike ${`%${likeText(t)}%`} escape '\\'`;
  if (t.length < 3) return sql<SqlBool>`${sql.ref('belege.belegnummer')} like ${`%${likeText(t)}%`} escape '\\'`;
  return sql<SqlBool>`${sql.ref('belege.id')} in (select rowid from belege_nr_fts where belege_nr_fts match ${`"${t.replaceAll('"', '""')}"`})`;
}
