import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { installAfterCommit } from '../lib/after-commit';
import { migrations } from './migrations/index';
import { openReadRouting, type ReadRouting } from './replica';
import type { Dialect } from './schema-helpers';
import { SqliteDatabaseWrapper } from './sqlite-database';
import type { Database } from './types';

export type Db = Kysely<Database>;

/** Runs fn in a transaction, or inside the caller's when db already is one (Kysely does not nest transactions). */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** SQLite only: the database wrapper that maps boolean columns. */
  sqlite?: SqliteDatabaseWrapper;
  /** PostgreSQL with `DATABASE_READ_URL`: where list, search and report reads go (db/replica.ts). */
  replica?: ReadRouting;
}

// bigint (count) and numeric come back as numbers, not strings.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/**
 * Opens the database named by `url`: `postgres://…` for PostgreSQL, otherwise a SQLite file path (or `:memory:`).
 * `readUrl` (PostgreSQL only): a streaming replica for list, search and report reads (db/replica.ts).
 */
export async function openDatabase(url: string, opts: { readUrl?: string } = {}): Promise<DbHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', () => {});
    const client = await pool.connect(); // fails fast when the server cannot be reached
    client.release();
    const db = installAfterCommit(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
    const replica = opts.readUrl ? await openReadRouting(db, opts.readUrl) : undefined;
    return {
      db,
      dialect: 'postgres',
      ...(replica ? { replica } : {}),
      close: async () => {
        await replica?.close();
        await db.destroy();
      },
    };
  }
  if (opts.readUrl) throw new Error('DATABASE_READ_URL needs a PostgreSQL DATABASE_URL');
  const file = new SQLite(url);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  // FULL: a commit is on disk when it is acknowledged, also after a power loss (NORMAL in WAL mode may lose the last ones)
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  file.pragma('cache_size = -65536');
  const sqlite = new SqliteDatabaseWrapper(file);
  const db = installAfterCommit(new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }));
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await db.destroy();
    },
    sqlite,
  };
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrate(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    // migrations are numbered per part of the work; a database that ran a higher one first still takes a lower one
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, { cause: error });
  }
  if (handle.sqlite) await loadBooleanColumns(handle, handle.sqlite);
}

async function loadBooleanColumns(handle: DbHandle, wrapper: SqliteDatabaseWrapper): Promise<void> {
  const rows = await sql<{ name: string; type: string }>`
    select p.name as name, p.type as type
    from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table'`.execute(handle.db);
  const bool = new Set<string>();
  const other = new Set<string>();
  for (const r of rows.rows) (r.type.toLowerCase() === 'boolean' ? bool : other).add(r.name);
  const clash = [...bool].filter((n) => other.has(n));
  if (clash.length) throw new Error(`Columns declared boolean in one table and not in another: ${clash.join(', ')}`);
  wrapper.booleanColumns = bool;
}
