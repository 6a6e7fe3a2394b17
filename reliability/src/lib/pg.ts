// A throwaway PostgreSQL cluster on a free loopback port (the approach of scripts/test-api.mjs), removed by stop().
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0] as string, 'bin') : null;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface Cluster {
  adminUrl: string;
  /** Creates an empty database and answers its URL. */
  createDb(name: string, template?: string): Promise<string>;
  stop(): void;
}

/**
 * Starts a cluster. Unlike the API tests it keeps fsync on: the crash test must prove acknowledged writes survive
 * (SIGKILL of the server, not of PostgreSQL, so fsync matters less — but we do not cheat).
 */
export async function startCluster(pgBin: string): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? 'postgres' : process.env.USER || 'postgres';
  const run = (bin: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'vario-rel-pg-'));
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
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB`,
    'start',
  ]);
  const adminUrl = `postgres://${pgUser}@127.0.0.1:${port}/postgres`;
  return {
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
    stop() {
      try {
        run(join(pgBin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
