import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';

/**
 * PostgreSQL within 2× of SQLite on the same lists (issue 21 item 4, issue 22 item 13): the tickets list orders by
 * `ticketNummer` with the id as tie-breaker (lib/list-query.ts). SQLite's unique index on the number holds the rowid,
 * so it answers a window from the index alone; PostgreSQL's does not: its deep window (offset 900,000 of a million)
 * read every row from the table and sorted each number's group again (3.5 s). `(ticketNummer, id)` lets it skip
 * through the index alone. SQLite needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index if not exists tickets_nummer_id_idx on tickets ("ticketNummer", id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop index if exists tickets_nummer_id_idx`.execute(db);
}
