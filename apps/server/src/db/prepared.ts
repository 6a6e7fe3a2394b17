import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index';

/** Stands for the i-th argument of a prepared query while it is built once (see `prepared`). */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per database kind, run with new values each time: `build` receives placeholders
 * for its arguments and must use each one only as a bound value (`where('id', '=', id)`, `limit(n)`), never in
 * JavaScript logic (no `if (id)`, no string building) — the shape of the query must not depend on the values.
 * Building a Kysely query (parsing every column reference, freezing the node tree) and compiling it cost more
 * than running a small query on SQLite; a record read pays neither once its query is kept (issue 21).
 * Runs on the given `db`, the root or a transaction, like any query.
 */
export function prepared<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<R[]> {
  // one compiled form per database kind: the adapter object is shared by a database and its transactions
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  // `build`'s own parameters after `db` are the arguments (a caller may pass more, e.g. an unused optional one)
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const arity = build.length - 1;
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as A;
      query = build(db, ...slots).compile();
      const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index));
      if (used.size !== arity) throw new Error(`prepared query uses ${used.size} of its ${arity} arguments as values: ${query.sql}`);
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
