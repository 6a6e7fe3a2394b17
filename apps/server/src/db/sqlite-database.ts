import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Params = readonly unknown[];

const bindable = (params: Params) => params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));

/**
 * The better-sqlite3 database as Kysely sees it, with two additions:
 * - prepared statements are cached by their SQL text (Kysely prepares on every call, which dominates small queries);
 * - SQLite has no boolean type: JS booleans are bound as 0/1, and the 0/1 of every column declared `boolean`
 *   comes back as a boolean. The column names are read from the schema (see `booleanColumns`).
 */
export class SqliteDatabaseWrapper implements SqliteDatabase {
  readonly #db: SQLite.Database;
  readonly #cache = new Map<string, SqliteStatement>();
  booleanColumns: ReadonlySet<string> = new Set();

  constructor(db: SQLite.Database) {
    this.#db = db;
  }

  close(): void {
    this.#cache.clear();
    this.#db.close();
  }

  #rows(rows: unknown[]): unknown[] {
    const cols = this.booleanColumns;
    if (cols.size === 0) return rows;
    for (const row of rows as Record<string, unknown>[]) {
      for (const key in row) {
        if (cols.has(key) && typeof row[key] === 'number') row[key] = row[key] !== 0;
      }
    }
    return rows;
  }

  prepare(sql: string): SqliteStatement {
    const hit = this.#cache.get(sql);
    if (hit) return hit;
    const stmt = this.#db.prepare(sql);
    const wrapped: SqliteStatement = {
      reader: stmt.reader,
      all: (params: Params) => this.#rows(stmt.all(bindable(params))),
      run: (params: Params) => stmt.run(bindable(params)),
      iterate: (params: Params) => {
        const it = stmt.iterate(bindable(params));
        const rows = this.#rows.bind(this);
        return (function* () {
          for (const r of it) yield rows([r])[0];
        })();
      },
    };
    if (this.#cache.size >= 2000) this.#cache.delete(this.#cache.keys().next().value as string);
    this.#cache.set(sql, wrapped);
    return wrapped;
  }
}
