import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { fillToScale, isSeeded, seed } from '../../apps/server/src/seed/index';
import { parseScale } from '../../apps/server/src/seed/scale';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A seeded SQLite file at the given scale, made once and kept in data/ for later runs. */
export async function benchDatabase(scale: string): Promise<string> {
  const file = join(ROOT, `data/bench-${scale}.sqlite`);
  if (existsSync(file)) {
    // A database from before a new area gains that area's data.
    const handle = await openDatabase(file);
    await migrate(handle);
    if (!(await isSeeded(handle))) {
      console.log(`Adding the missing areas (${scale}) to ${file} …`);
      await seed(handle, { scale: parseScale(scale), demo: true });
    }
    // a 1M database of an earlier seed gains its missing persons and assets (a million of each group, issue 23 item 11)
    const added = await fillToScale(handle, parseScale(scale));
    if (added.personen || added.assets) console.log(`Topped ${file} up: ${added.personen} persons, ${added.assets} assets`);
    await handle.close();
    return file;
  }
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  for (const f of ['', '-wal', '-shm']) rmSync(tmp + f, { force: true });
  console.log(`Seeding ${scale} demo records into ${file} (once) …`);
  const handle = await openDatabase(tmp);
  await migrate(handle);
  let last = 0;
  await seed(handle, {
    scale: parseScale(scale),
    demo: true,
    progress: (label, done, total) => {
      const pct = Math.floor((done / total) * 10);
      if (pct !== last) process.stdout.write(`  ${label} ${pct * 10}%\r`);
      last = pct;
    },
  });
  await handle.close();
  const { renameSync } = await import('node:fs');
  renameSync(tmp, file);
  for (const f of ['-wal', '-shm']) rmSync(tmp + f, { force: true });
  console.log('');
  return file;
}

/**
 * Starts the app (or the bare server) in a child process. `bareRoutes`: the app's process also answers `/bench-bare/:key`
 * with a payload the bench sets (`POST /bench-bare`), the baseline in the same process; `execArgv`: e.g. `--cpu-prof`.
 */
export async function startChild(
  mode: 'app' | 'bare',
  arg: string,
  opts: { bareRoutes?: boolean; execArgv?: string[] } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(join(ROOT, 'bench/src/server.ts'), [mode, String(port), arg], {
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    stdio: 'inherit',
    env: { ...process.env, ...(opts.bareRoutes ? { BENCH_BARE_ROUTES: '1' } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(url: string, headers: Record<string, string> = {}, seconds = 8, connections = 10): Promise<Measure> {
  // A short warm-up so that JIT and caches are in the same state for every target.
  await autocannon({ url, headers, connections, duration: 1 });
  const r = await autocannon({ url, headers, connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export function report(rows: { name: string; m: Measure; base: Measure; target?: number }[]) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\n${'benchmark'.padEnd(46)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('bare req/s', 12)}${pad('ratio', 7)}${pad('target', 8)}`,
  );
  for (const { name, m, base, target } of rows) {
    const ratio = m.rps / base.rps;
    const verdict = target === undefined ? '' : ratio >= target ? ' ok' : ' BELOW';
    console.log(
      `${name.padEnd(46)}${pad(Math.round(m.rps), 9)}${pad(m.p50, 8)}${pad(m.p99, 8)}${pad(Math.round(base.rps), 12)}${pad(ratio.toFixed(2), 7)}${pad(target === undefined ? '-' : `≥${target}`, 8)}${verdict}${m.errors ? `  (${m.errors} errors)` : ''}`,
    );
  }
}
