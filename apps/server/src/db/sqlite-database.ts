import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Params = readonly unknown[];
type Row = Record<string, unknown>;

const bindable = (params: Params) => params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));

/** Statements that change the schema: the cached statements (and their column lists) are dropped after them. */
const DDL = /^\s*(create|alter|drop)\b/i;

/**
 * The better-sqlite3 database as Kysely sees it, with three additions:
 * - prepared statements are cached by their SQL text (Kysely prepares on every call, which dominates small queries);
 * - rows are read as arrays and made into objects by a function compiled per statement from its column names — half
 *   the time of better-sqlite3's own objects for a 100-row window, and objects of one shape for what reads them next;
 * - SQLite has no boolean type: JS booleans are bound as 0/1, and the 0/1 of every column declared `boolean`
 *   comes back as a boolean. The column names are read from the schema (see `booleanColumns`).
 */
export class SqliteDatabaseWrapper implements SqliteDatabase {
  readonly #db: SQLite.Database;
  readonly #cache = new Map<string, SqliteStatement>();
  #booleanColumns: ReadonlySet<string> = new Set();

  constructor(db: SQLite.Database) {
    this.#db = db;
  }

  get booleanColumns(): ReadonlySet<string> {
    return this.#booleanColumns;
  }

  /** The columns declared boolean (read after the migrations): statements made before are made again. */
  set booleanColumns(cols: ReadonlySet<string>) {
    this.#booleanColumns = cols;
    this.#cache.clear();
  }

  close(): void {
    this.#cache.clear();
    this.#db.close();
  }

  /** A function making the row object of one result row (an array in column order); boolean columns as booleans. */
  #rowMaker(stmt: SQLite.Statement): ((r: unknown[]) => Row) | undefined {
    const names = stmt.columns().map((c) => c.name);
    // a literal's "__proto__" key would set the prototype: such a statement keeps better-sqlite3's own objects
    if (names.includes('__proto__')) return undefined;
    const bool = this.#booleanColumns;
    const fields = names.map((n, i) => `${JSON.stringify(n)}: ${bool.has(n) ? `typeof r[${i}] === 'number' ? r[${i}] !== 0 : r[${i}]` : `r[${i}]`}`);
    return new Function('r', `return { ${fields.join(', ')} };`) as (r: unknown[]) => Row;
  }

  #objectRows(rows: unknown[]): unknown[] {
    const cols = this.#booleanColumns;
    if (cols.size === 0) return rows;
    for (const row of rows as Row[]) {
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
    const make = stmt.reader ? this.#rowMaker(stmt) : undefined;
    if (make) stmt.raw(true);
    const ddl = !stmt.reader && DDL.test(sql);
    const wrapped: SqliteStatement = {
      reader: stmt.reader,
      all: make
        ? (params: Params) => {
            const raw = stmt.all(bindable(params)) as unknown[][];
            const rows = new Array<Row>(raw.length);
            for (let i = 0; i < raw.length; i++) rows[i] = make(raw[i] as unknown[]);
            return rows;
          }
        : (params: Params) => this.#objectRows(stmt.all(bindable(params))),
      run: (params: Params) => {
        const result = stmt.run(bindable(params));
        if (ddl) this.#cache.clear();
        return result;
      },
      iterate: (params: Params) => {
        const it = stmt.iterate(bindable(params));
        const objectRows = this.#objectRows.bind(this);
        return (function* () {
          for (const r of it) yield make ? make(r as unknown[]) : objectRows([r])[0];
        })();
      },
    };
    if (this.#cache.size >= 2000) this.#cache.delete(this.#cache.keys().next().value as string);
    if (!ddl) this.#cache.set(sql, wrapped);
    return wrapped;
  }
}
