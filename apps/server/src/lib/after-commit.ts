import type { Kysely } from 'kysely';

/**
 * Effects after commit (ARCHITECTURE "Effects after commit"): in-memory caches of this instance (list totals, search
 * match counts, sessions, …) are dropped once the transaction that changed their data has committed — never inside it,
 * where a concurrent reader could count the old rows again and keep them for the cache's life, and never for a write
 * that is rolled back. `afterCommit(db, fn)` queues `fn` on the transaction `db` (or runs it at once outside one);
 * `installAfterCommit` makes every `db.transaction().execute(…)` of a database run its queue after the commit.
 */

const queues = new WeakMap<object, (() => void)[]>();

/** The transaction a queue belongs to: its executor (one per transaction; the same for every query inside it). */
const keyOf = (db: TxLike): object => db.getExecutor();
interface TxLike {
  readonly isTransaction: boolean;
  getExecutor(): object;
}

/** Runs `fn` after the transaction `db` commits (dropped on rollback); outside a transaction at once. */
export function afterCommit(db: TxLike, fn: () => void): void {
  if (!db.isTransaction) {
    fn();
    return;
  }
  const key = keyOf(db);
  const queue = queues.get(key);
  if (queue) queue.push(fn);
  else queues.set(key, [fn]);
}

function runQueue(trx: TxLike) {
  const key = keyOf(trx);
  const queue = queues.get(key);
  queues.delete(key);
  for (const fn of queue ?? []) {
    try {
      fn();
    } catch {
      // a cache that cannot be dropped expires by its TTL; the committed write stands
    }
  }
}

/** Wraps `db.transaction()` so that the queued effects of each transaction run after its commit. Call once per database. */
export function installAfterCommit<DB>(db: Kysely<DB>): Kysely<DB> {
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (callback) => {
      let trx: TxLike | undefined;
      try {
        const result = await execute((t) => {
          trx = t;
          return callback(t);
        });
        if (trx) runQueue(trx);
        return result;
      } finally {
        if (trx) queues.delete(keyOf(trx));
      }
    };
    return builder;
  };
  return db;
}
