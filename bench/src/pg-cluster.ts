// The persistent PostgreSQL cluster of the benchmarks: one per scale, data in data/pg-<scale>/ (gitignored), on a fixed
// loopback port, started with Debian's server binaries like scripts/test-api.mjs does. `npm run bench:pg-load` fills
// its database from data/bench-<scale>.sqlite; `BENCH_DB=pg|both` runs the list benches against it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { parseScale } from '../../apps/server/src/seed/scale';
import { findPgBin } from '../../reliability/src/lib/pg';
import { benchDatabase, ROOT } from './lib';

const asRoot = process.getuid?.() === 0;
/** The cluster's superuser: postgres when the bench runs as root (the server refuses to run as root), else the user. */
export const PG_USER = asRoot ? 'postgres' : process.env.USER || 'postgres';

/** The fixed port of a scale's cluster: 55400 + digits of the row count (10k → 55404, 100k → 55405, 1m → 55406); `BENCH_PG_PORT` overrides. */
export function benchPgPort(scale: string): number {
  if (process.env.BENCH_PG_PORT) return Number(process.env.BENCH_PG_PORT);
  return 55400 + Math.round(Math.log10(parseScale(scale)));
}

export const benchPgDir = (scale: string) => join(ROOT, `data/pg-${scale}`);
export const benchPgDbName = (scale: string) => `vario_bench_${scale.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;

const url = (scale: string, db: string) => `postgres://${PG_USER}@127.0.0.1:${benchPgPort(scale)}/${db}`;
/** The loaded bench database of the scale (`BENCH_PG_URL` overrides). */
export const benchPgUrl = (scale: string) => process.env.BENCH_PG_URL ?? url(scale, benchPgDbName(scale));
export const benchPgAdminUrl = (scale: string) => url(scale, 'postgres');

function pgRun(bin: string, args: string[], opts: { nice?: boolean } = {}) {
  const cmd = asRoot ? ['runuser', '-u', 'postgres', '--', bin, ...args] : [bin, ...args];
  const full = opts.nice ? ['nice', '-n', '10', ...cmd] : cmd;
  return execFileSync(full[0] as string, full.slice(1), { stdio: 'pipe' }).toString();
}

/**
 * Makes sure the scale's cluster runs (initdb on first use) and answers its admin URL. Settings: 512 MB shared
 * buffers, 4 GB effective cache, fsync on (the default) — the server's PostgreSQL defaults otherwise.
 */
export async function ensureBenchCluster(scale: string): Promise<string> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = benchPgDir(scale);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    pgRun(join(bin, 'initdb'), ['-D', data, '-U', PG_USER, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  let running = true;
  try {
    pgRun(join(bin, 'pg_ctl'), ['-D', data, 'status']);
  } catch {
    running = false;
  }
  if (!running) {
    const port = benchPgPort(scale);
    pgRun(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=512MB -c effective_cache_size=4GB -c maintenance_work_mem=512MB`,
      'start',
    ]);
    console.log(`PostgreSQL bench cluster (${scale}) started on 127.0.0.1:${port}, data in ${data}`);
  }
  return benchPgAdminUrl(scale);
}

/** True when the scale's bench database exists (loaded by `npm run bench:pg-load`). */
export async function benchPgLoaded(scale: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: benchPgAdminUrl(scale) });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [benchPgDbName(scale)]);
    return r.rowCount === 1;
  } finally {
    await c.end();
  }
}

export interface BenchDb {
  label: 'SQLite' | 'PostgreSQL';
  /** What the app's child process opens: the SQLite file or the PostgreSQL URL. */
  target: string;
}

/**
 * The databases a bench runs on: `BENCH_DB=sqlite` (default) the seeded SQLite file, `pg` the loaded bench cluster,
 * `both` the two in turn (SQLite first), so the output can show them side by side.
 */
export async function benchDatabases(scale: string): Promise<BenchDb[]> {
  const which = (process.env.BENCH_DB ?? 'sqlite').toLowerCase();
  if (!['sqlite', 'pg', 'both'].includes(which)) throw new Error(`BENCH_DB=${which}: use sqlite, pg or both`);
  const out: BenchDb[] = [];
  if (which !== 'pg') out.push({ label: 'SQLite', target: await benchDatabase(scale) });
  if (which !== 'sqlite') {
    if (!process.env.BENCH_PG_URL) {
      await ensureBenchCluster(scale);
      if (!(await benchPgLoaded(scale))) throw new Error(`No PostgreSQL copy of the ${scale} bench database: run npm run bench:pg-load -- ${scale}`);
    }
    out.push({ label: 'PostgreSQL', target: benchPgUrl(scale) });
  }
  return out;
}
