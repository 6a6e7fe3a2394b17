#!/usr/bin/env node
// Runs the API tests against SQLite, and against PostgreSQL whenever Debian's server binaries are present:
// a throwaway cluster on a free loopback port, removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const asRoot = process.getuid?.() === 0;
const pgUser = asRoot ? 'postgres' : process.env.USER || 'postgres';
const run = (bin, args) => execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: 'pipe' });

const pgBin = process.env.SKIP_POSTGRES ? null : findPgBin();
let dir;
let env = { ...process.env };
const projects = ['--project', 'api-sqlite'];
if (pgBin) {
  dir = mkdtempSync(join(tmpdir(), 'vario-pg-'));
  chmodSync(dir, 0o777);
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  run(join(pgBin, 'initdb'), ['-D', join(dir, 'data'), '-U', pgUser, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run(join(pgBin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  env.PG_ADMIN_URL = `postgres://${pgUser}@127.0.0.1:${port}/postgres`;
  projects.push('--project', 'api-postgres');
  console.log(`PostgreSQL ${pgBin.split('/').at(-2)} started on 127.0.0.1:${port}`);
} else {
  console.log('PostgreSQL server binaries not found: API tests run against SQLite only');
}

let code = 1;
const sqliteTemplate = join(mkdtempSync(join(tmpdir(), 'vario-tpl-')), 'template.sqlite');
try {
  // Seed once: every test file starts from a copy of these templates.
  const prep = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/prepare-templates.ts', sqliteTemplate, ...(env.PG_ADMIN_URL ? [env.PG_ADMIN_URL] : [])],
    { stdio: 'inherit', env },
  );
  if (prep.status !== 0) throw new Error('preparing the test databases failed');
  env = { ...env, TEST_SQLITE_TEMPLATE: sqliteTemplate, ...(env.PG_ADMIN_URL ? { TEST_PG_TEMPLATE: 'vario_template' } : {}) };
  // vitest's default is one worker fewer than the cores, so one worker on CI's two cores; the files are independent
  // (each has its own database from the template) and half their time is module import, so every core takes files
  const workers = ['--maxWorkers', String(Math.max(2, availableParallelism()))];
  const res = spawnSync('npx', ['vitest', 'run', ...projects, ...workers, ...process.argv.slice(2)], { stdio: 'inherit', env });
  code = res.status ?? 1;
} finally {
  rmSync(dirname(sqliteTemplate), { recursive: true, force: true });
  if (pgBin && dir) {
    try {
      run(join(pgBin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(code);
