// A throwaway PostgreSQL primary with a streaming replica (pg_basebackup -R) and a pgbouncer in transaction mode in
// front of the primary, all on loopback ports in temporary folders (the approach of lib/pg.ts), removed by stop().
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Cluster, freePort } from './pg';

const asRoot = process.getuid?.() === 0;
const pgUser = asRoot ? 'postgres' : process.env.USER || 'postgres';
/** PostgreSQL and pgbouncer refuse to run as root: as root they run as the postgres user. */
const run = (bin: string, args: string[]) => execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: 'pipe' });

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

/** `url` with another port (and the same database, user and options). */
export const onPort = (url: string, port: number) => {
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
};

export interface Replicated {
  /** The primary, as lib/pg.ts's cluster (createDb makes the database on the primary; the replica follows). */
  primary: Cluster;
  primaryPort: number;
  replicaPort: number;
  /** The URL of the same database on the replica. */
  replicaUrl(primaryUrl: string): string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stop(): void;
}

/**
 * Starts a primary (wal_level replica, the default) and a hot-standby replica made from it with `pg_basebackup -R`
 * (streaming replication, asynchronous: the replica lags a little, which the read routing must hide from writers).
 */
export async function startReplicated(pgBin: string): Promise<Replicated> {
  const dir = mkdtempSync(join(tmpdir(), 'vario-repl-pg-'));
  chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const opts = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB`;
  run(join(pgBin, 'initdb'), ['-D', join(dir, 'primary'), '-U', pgUser, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(join(pgBin, 'pg_ctl'), ['-D', join(dir, 'primary'), '-l', join(dir, 'primary.log'), '-w', '-o', opts(primaryPort), 'start']);
  run(join(pgBin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', pgUser, '-D', join(dir, 'replica'), '-R', '-X', 'stream']);
  run(join(pgBin, 'pg_ctl'), ['-D', join(dir, 'replica'), '-l', join(dir, 'replica.log'), '-w', '-o', opts(replicaPort), 'start']);
  const adminUrl = `postgres://${pgUser}@127.0.0.1:${primaryPort}/postgres`;
  const replicaAdmin = `postgres://${pgUser}@127.0.0.1:${replicaPort}/postgres`;
  const stopAll = () => {
    for (const d of ['replica', 'primary'])
      try {
        run(join(pgBin, 'pg_ctl'), ['-D', join(dir, d), '-m', 'immediate', 'stop']);
      } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  const primary: Cluster = {
    adminUrl,
    async createDb(name, template) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      await c.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: stopAll,
  };
  return {
    primary,
    primaryPort,
    replicaPort,
    replicaUrl: (primaryUrl) => onPort(primaryUrl, replicaPort),
    async caughtUp() {
      const p = new pg.Client({ connectionString: adminUrl });
      const r = new pg.Client({ connectionString: replicaAdmin });
      await p.connect();
      await r.connect();
      try {
        const target = (await p.query('select pg_current_wal_insert_lsn() as l')).rows[0].l as string;
        for (let i = 0; i < 600; i++) {
          const ok = (await r.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [target])).rows[0].ok as boolean;
          if (ok) return;
          await new Promise((res) => setTimeout(res, 100));
        }
        throw new Error('the replica did not catch up within 60 s');
      } finally {
        await p.end();
        await r.end();
      }
    },
    stop: stopAll,
  };
}

export interface Bouncer {
  port: number;
  /** `url` (a database on the target server) through the bouncer. */
  url(serverUrl: string): string;
  /** pgbouncer's version line. */
  version: string;
  stop(): Promise<void>;
}

/**
 * pgbouncer in transaction mode in front of `targetPort`: a server connection belongs to a client only for one
 * transaction, so nothing the app relies on may live in the session (named prepared statements, SET, advisory locks,
 * LISTEN). 1.21 and later could keep protocol-level prepared statements (max_prepared_statements); the app needs none.
 */
export async function startPgbouncer(targetPort: number, poolSize = 20): Promise<Bouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const dir = mkdtempSync(join(tmpdir(), 'vario-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${pgUser}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=127.0.0.1 port=${targetPort}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 1000
logfile = ${join(dir, 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
ignore_startup_parameters = extra_float_digits,options
`,
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const version = execFileSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? '';
  const args = [join(dir, 'pgbouncer.ini')];
  const proc: ChildProcess = spawn(asRoot ? 'runuser' : PGBOUNCER, asRoot ? ['-u', 'postgres', '--', PGBOUNCER, ...args] : args, { stdio: 'ignore' });
  const probe = `postgres://${pgUser}@127.0.0.1:${port}/postgres`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: probe });
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      break;
    } catch (err) {
      await c.end().catch(() => {});
      if (i > 50 || proc.exitCode !== null) throw new Error(`pgbouncer did not start: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    version,
    url: (serverUrl) => onPort(serverUrl, port),
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
