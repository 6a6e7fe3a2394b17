// Beyond one machine (issue 21 item 6): a primary with a streaming replica and a pgbouncer in transaction mode, started
// in temporary folders (lib/replica.ts).
// 1. Read-your-writes: the app with DATABASE_READ_URL (list, search and report reads on the replica) writes a value and
//    reads it back through a list 1,000 times (`REPLICA_ROUNDS`); the writer never sees its own stale data, other users'
//    reads and the writer's later reads do go to the replica, and the same loop read straight from the replica (no
//    routing) shows how often the replica was behind and by how much (the lag a writer would have seen).
// 2. pgbouncer: the access matrix, the races and the document races run through pgbouncer in transaction mode with
//    fewer server connections than the app's pool, so statements of different requests share server connections: any
//    session state the app relied on (named prepared statements, SET, advisory locks, LISTEN) would break them.
import { API_PREFIX } from '@vario/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';
import { runBelegRaces } from './belege-races';
import { runRaces } from './concurrency';
import { dropTemplates, startInProc } from './lib/inproc';
import type { Cluster } from './lib/pg';
import { PGBOUNCER, startPgbouncer, startReplicated } from './lib/replica';
import { countAnswer, violation } from './lib/stats';
import { runMatrix } from './matrix';
import type { Size } from './size';

const ROUNDS = Number(process.env.REPLICA_ROUNDS ?? 1000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(s.length * p))] as number) : 0;
};

export async function runReplica(pgBin: string, size: Size) {
  const label = 'replica/postgres';
  const repl = await startReplicated(pgBin);
  try {
    const url = await repl.primary.createDb('replica_rw');
    {
      const h = await openDatabase(url);
      await migrate(h);
      await seed(h, { scale: 60, demo: true });
      await h.close();
    }
    await repl.caughtUp();
    const handle = await openDatabase(url, { readUrl: repl.replicaUrl(url) });
    const replica = handle.replica;
    if (!replica) throw new Error('openDatabase made no read routing for DATABASE_READ_URL');
    const app = await buildApp({ handle, logger: false, sessionCacheMs: 0, loginLimit: { max: 1_000_000, timeWindow: 60_000 } });
    await app.ready();
    // the replica as an outside reader sees it (for the lag figures; the app's routing is not involved)
    const direct = await openDatabase(repl.replicaUrl(url));
    try {
      const login = async (user: string) => {
        const r = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/login`,
          headers: { authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` },
        });
        return r.json().result.token as string;
      };
      const writer = await login('admin');
      const other = await login('buero');
      const call = async (token: string, method: 'GET' | 'PATCH', path: string, body?: unknown) => {
        const r = await app.inject({
          method,
          url: `${API_PREFIX}${path}`,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        countAnswer(label, `${method} ${path}`, r.statusCode, r.body);
        return r;
      };
      const id = (await call(writer, 'GET', '/stammdaten/adressen?limit=1&orderBy=id')).json().result[0].id as number;
      const write = (value: string) => call(writer, 'PATCH', `/stammdaten/adressen/${id}`, { data: { name2: value }, ProtokollBemerkung: 'Replikat' });
      const readBack = async (token: string) => (await call(token, 'GET', `/stammdaten/adressen?filter=id=${id}&limit=1`)).json().result[0]?.name2 as string;

      // 1. the writer's own reads: never stale
      const before = replica.stats();
      let stale = 0;
      let otherOnReplica = 0;
      const t0 = performance.now();
      for (let i = 0; i < ROUNDS; i++) {
        const value = `rw-${i}-${Date.now().toString(36)}`;
        const w = await write(value);
        if (w.statusCode !== 200) {
          violation(label, `write ${i}: ${w.statusCode} ${w.body.slice(0, 200)}`);
          break;
        }
        const seen = await readBack(writer);
        if (seen !== value) {
          stale++;
          if (stale <= 3) violation(label, `round ${i}: the writer read "${seen}" right after writing "${value}" (its own stale data)`);
        }
        // another user may read the replica's state (no guarantee for them); their reads go to the replica
        if (i % 10 === 0) {
          const s0 = replica.stats().replica;
          await readBack(other);
          if (replica.stats().replica > s0) otherOnReplica++;
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      const after = replica.stats();
      const writerReads = ROUNDS + Math.ceil(ROUNDS / 10);
      const onReplica = after.replica - before.replica;
      const onPrimary = after.primary - before.primary;
      if (otherOnReplica === 0) violation(label, 'no read of another user went to the replica: the routing does not use DATABASE_READ_URL');
      // once the replica has caught up, the writer reads from it again
      await repl.caughtUp();
      await new Promise((r) => setTimeout(r, 20));
      const s1 = replica.stats().replica;
      await readBack(writer);
      if (replica.stats().replica === s1) violation(label, 'the writer’s read after the replica caught up still went to the primary');
      console.log(
        `  ${label}: ${ROUNDS} writes each read back by the writer through the list (replica path): ${stale} stale (must be 0); ` +
          `reads on the replica ${onReplica}, on the primary ${onPrimary} of ${writerReads} (${seconds.toFixed(1)} s)`,
      );

      // the same loop without the routing: how often and how long the replica is behind a writer
      const lag: number[] = [];
      let behind = 0;
      const control = Math.min(200, ROUNDS);
      for (let i = 0; i < control; i++) {
        const value = `lag-${i}-${Date.now().toString(36)}`;
        await write(value);
        const w = performance.now();
        let first = true;
        for (;;) {
          const row = await sql<{ name2: string | null }>`select name2 from adressen where id = ${id}`.execute(direct.db);
          if (row.rows[0]?.name2 === value) break;
          if (first) behind++;
          first = false;
          if (performance.now() - w > 10_000) {
            violation(label, `the replica did not show a write within 10 s (round ${i})`);
            break;
          }
        }
        lag.push(performance.now() - w);
      }
      console.log(
        `  ${label}: read straight from the replica right after the write: ${behind} of ${control} stale; ` +
          `time until the replica showed the write p50 ${pct(lag, 0.5).toFixed(2)} ms, p95 ${pct(lag, 0.95).toFixed(2)} ms, max ${Math.max(...lag).toFixed(1)} ms`,
      );
    } finally {
      await app.close();
      await direct.close();
      await handle.close();
    }

    // 2. through pgbouncer in transaction mode (4 server connections for the app's 10)
    if (!PGBOUNCER) {
      violation(label, 'pgbouncer is not installed (apt-get install pgbouncer)');
      return;
    }
    const bouncer = await startPgbouncer(repl.primaryPort, 4);
    console.log(`  ${label}: ${bouncer.version}, pool_mode transaction, 4 server connections`);
    const through: Cluster = {
      adminUrl: repl.primary.adminUrl,
      createDb: async (name, template) => {
        // the bouncer keeps idle server connections to the seeded template, and a database is copied only from an
        // unused one: they are ended first (the bouncer opens new ones when a client asks)
        if (template) {
          const c = new pg.Client({ connectionString: repl.primary.adminUrl });
          await c.connect();
          await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [template]);
          await c.end();
        }
        return bouncer.url(await repl.primary.createDb(name, template));
      },
      stop: () => {},
    };
    // the harness's seeded templates belong to the cluster of the steps before
    dropTemplates();
    try {
      const s = await startInProc('postgres', through);
      try {
        await runMatrix(s);
        await runRaces(s, size);
        await runBelegRaces(s, size);
        console.log(`  ${label}: access matrix and races ran through pgbouncer (transaction mode)`);
      } finally {
        await s.close();
      }
    } finally {
      dropTemplates();
      await bouncer.stop();
    }
  } finally {
    repl.stop();
  }
}
