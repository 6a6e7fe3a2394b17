import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

/** The app's database (db/index.ts `Db`, named here so the two files do not import each other). */
type Db = Kysely<Database>;

/**
 * Reads on a PostgreSQL streaming replica (`DATABASE_READ_URL`, README "Read replica and pgbouncer"): list, quick
 * search and report reads go to the replica, everything else (records, writes, sessions, locks) to the primary.
 *
 * Read-your-writes: after a user's write the primary's WAL position (`pg_current_wal_insert_lsn()`, read after the commit) is
 * kept for that user; the user's reads go to the primary until the replica's replay position
 * (`pg_last_wal_replay_lsn()`) has reached it. The replay position is read at most once per `replayCacheMs` (one query
 * shared by all readers waiting for it), so a busy server asks the replica a few hundred times a second at most.
 * Users without a pending write read from the replica without asking anything. The positions live in this process:
 * several instances need a balancer that keeps a user's requests on one instance (README).
 */
export interface ReadRouting {
  /** The database a list, search or report read of user `userId` goes to. */
  reader(userId: number): Promise<Db>;
  /** Notes the primary's WAL position for `userId` once a write of theirs has committed. */
  noteWrite(userId: number): Promise<void>;
  /** Reads that went to the replica and to the primary since the start (for the benches and the harness). */
  stats(): { replica: number; primary: number; waits: number };
  close(): Promise<void>;
}

/** A `pg_lsn` text (`16/B374D848`) as one number that orders like the position. */
export function lsnValue(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

export async function openReadRouting(primary: Db, readUrl: string, opts: { replayCacheMs?: number; max?: number } = {}): Promise<ReadRouting> {
  const replayCacheMs = opts.replayCacheMs ?? 5;
  const pool = new pg.Pool({ connectionString: readUrl, max: opts.max ?? 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  const client = await pool.connect(); // fails fast when the replica cannot be reached
  client.release();
  const replica = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

  /** The last commit position per user whose reads must wait for the replica. */
  const pending = new Map<number, bigint>();
  let replay: { value: bigint; at: number } = { value: -1n, at: 0 };
  let asking: Promise<bigint> | undefined;
  const counts = { replica: 0, primary: 0, waits: 0 };

  const replayed = (): Promise<bigint> => {
    if (performance.now() - replay.at < replayCacheMs) return Promise.resolve(replay.value);
    if (!asking) {
      const started = performance.now();
      asking = sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`
        .execute(replica)
        .then((r) => {
          const text = r.rows[0]?.lsn;
          // null: the server is not a replica (a primary given as its own read URL): every write is visible there
          const value = text ? lsnValue(text) : BigInt(Number.MAX_SAFE_INTEGER) << 32n;
          // the time of the question, not of the answer: the replica had replayed this much when it was asked at the latest
          replay = { value, at: started };
          return value;
        })
        .finally(() => {
          asking = undefined;
        });
    }
    return asking;
  };

  return {
    async reader(userId) {
      const lsn = pending.get(userId);
      if (lsn === undefined) {
        counts.replica++;
        return replica;
      }
      counts.waits++;
      let at: bigint;
      try {
        at = await replayed();
      } catch {
        // a replica that does not answer: the primary has every write
        counts.primary++;
        return primary;
      }
      if (at >= lsn) {
        // the position may have been raised by a newer write meanwhile: drop only what was checked
        if (pending.get(userId) === lsn) pending.delete(userId);
        counts.replica++;
        return replica;
      }
      counts.primary++;
      return primary;
    },
    async noteWrite(userId) {
      // the insert position: at or past the end of every committed record, also with synchronous_commit off
      const r = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(primary);
      const lsn = lsnValue(r.rows[0]?.lsn as string);
      const before = pending.get(userId);
      if (before === undefined || lsn > before) pending.set(userId, lsn);
    },
    stats: () => ({ ...counts }),
    close: () => replica.destroy(),
  };
}
