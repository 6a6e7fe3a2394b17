import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';

/**
 * The term list of the documents' full-text index (SQLite): `belege_fts_vocab`, an fts5vocab table over `belege_fts`
 * (migration 0007). A quick search that matches most documents ("bestellung" matches every one of 1,000,000) reads the
 * terms its words begin from it and checks the rows of its window by id against those terms (lib/search.ts
 * SearchPlan.terms) instead of collecting every match first. It stores nothing: it reads the index as it is, so it
 * works at once on a database of the previous release. PostgreSQL searches its GIN index as before: nothing to do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create virtual table if not exists belege_fts_vocab using fts5vocab(belege_fts, row)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`drop table if exists belege_fts_vocab`.execute(db);
}
