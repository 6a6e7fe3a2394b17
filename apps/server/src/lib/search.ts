import { type Expression, type SqlBool, sql } from 'kysely';
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
 * Index-backed prefix search of a table with a full-text index: every word must start a word of the indexed columns.
 * SQLite: the FTS5 table `<table>_fts` (rowid = id); PostgreSQL: the generated tsvector column `suche` with a GIN index.
 */
export function fullTextMatch(table: string, term: string, dialect: Dialect): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(`${table}.suche`)} @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${tokens.map((t) => `"${t}"*`).join(' ')})`;
}
