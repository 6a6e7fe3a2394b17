import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a migration runs on, read from the Kysely instance's adapter. */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  const name = db.getExecutor().adapter.constructor.name;
  return name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key `id` in either dialect. */
export function withId<T extends string>(db: Kysely<unknown>, tb: CreateTableBuilder<T, never>) {
  return dialectOf(db) === 'postgres'
    ? tb.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Case-insensitive collation for sortable text columns (SQLite NOCASE; PostgreSQL sorts with the database collation). */
export function nocase(db: Kysely<unknown>) {
  return dialectOf(db) === 'sqlite' ? sql`collate nocase` : sql``;
}

/** Binary column type: BLOB in SQLite, bytea in PostgreSQL. */
export function blobType(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres' ? sql`bytea` : sql`blob`;
}
