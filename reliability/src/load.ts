// Load: N clients for T seconds on a mix of list, record and write calls against the real server process: 0 errors,
// latency percentiles and throughput printed, memory at the end within 20 % of memory after warm-up.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PREFIX } from '@vario/contract';
import autocannon from 'autocannon';
import { type DbKind, seededUrl } from './lib/inproc';
import { type Cluster, freePort } from './lib/pg';
import { http, loginHttp, startServer } from './lib/proc';
import { stats, violation } from './lib/stats';
import type { Size } from './size';

/** Clients per autocannon instance, and how many clients connect per second during the ramp-up. */
const RAMP_GROUP = 10;
const RAMP_PER_S = 10;

/** Runs autocannon; answers its result and every response time (ms); `each` sees every response time as it comes. */
function cannon(opts: autocannon.Options, each?: (ms: number) => void) {
  const times: number[] = [];
  return new Promise<{ res: autocannon.Result; times: number[] }>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve({ res, times })));
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      times.push(responseTime);
      each?.(responseTime);
    });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runLoad(kind: DbKind, size: Size, cluster?: Cluster) {
  const label = `load/${kind}`;
  const { url, drop } = await seededUrl(kind, cluster);
  const gcFile = join(tmpdir(), `reliability-gc-${process.pid}-${kind}.json`);
  const probe = `--import ${pathToFileURL(join(import.meta.dirname, 'lib/gc-probe.mjs')).href}`;
  const server = await startServer(url, await freePort(), {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${probe}`.trim(),
    RELIABILITY_GC_FILE: gcFile,
  });
  /** Heap in use after a full garbage collection in the server process (see lib/gc-probe.mjs). */
  const heapAfterGc = async () => {
    rmSync(gcFile, { force: true });
    server.proc.kill('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(gcFile); i++) await new Promise((r) => setTimeout(r, 50));
    return existsSync(gcFile) ? (JSON.parse(readFileSync(gcFile, 'utf8')) as NodeJS.MemoryUsage).heapUsed : Number.NaN;
  };
  try {
    const token = await loginHttp(server.base);
    const id = (await http(server.base, 'GET', '/stammdaten/adressen?limit=1', { token })).json().result[0].id as number;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const p = (path: string) => `${API_PREFIX}${path}`;
    let n = 0;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: p('/stammdaten/adressen?limit=50&orderBy=name1') },
      { method: 'GET', path: p(`/stammdaten/adressen/${id}`) },
      { method: 'GET', path: p('/stammdaten/artikel?limit=50&search=pumpe') },
      { method: 'GET', path: p('/webapp/me') },
      {
        method: 'POST',
        path: p('/stammdaten/adressen'),
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ data: { name1: `Last ${++n}`, istKunde: true }, ProtokollBemerkung: 'Lasttest' }) }),
      },
    ];
    const base = { url: `http://127.0.0.1:${server.port}`, headers, requests };
    // Clients log on over the warm-up, RAMP_PER_S a second, and keep their connection to the end. Node accepts new
    // connections only a few per event-loop turn while every turn serves all busy keep-alive connections: 200 clients
    // connecting at once to a saturated server wait in the accept queue, and some wait more than autocannon's 10 s
    // (the DB is idle then; a plain node:http server shows the same). An office does not log on in one millisecond.
    const groups = Math.ceil(size.loadClients / RAMP_GROUP);
    const warmS = Math.max(2, Math.round(size.loadSeconds / 10), Math.ceil(size.loadClients / RAMP_PER_S));
    const rounds = Math.max(1, Number(process.env.RELIABILITY_LOAD_ROUNDS ?? 1));
    const totalS = warmS + rounds * size.loadSeconds;
    const t0 = Date.now();
    const measured: number[][] = Array.from({ length: rounds }, () => []);
    const rss: number[] = [];
    const heap: Promise<number>[] = [];
    const sample = (round: number) =>
      setTimeout(
        () => {
          rss.push(server.rss());
          heap.push(heapAfterGc());
        },
        (warmS + round * size.loadSeconds) * 1000,
      );
    const timers = Array.from({ length: rounds }, (_, r) => sample(r));
    const runs = Array.from({ length: groups }, async (_, g) => {
      const startAfter = (g * warmS * 1000) / groups;
      await new Promise((r) => setTimeout(r, startAfter));
      const connections = Math.min(RAMP_GROUP, size.loadClients - g * RAMP_GROUP);
      const { res, times } = await cannon({ ...base, connections, duration: totalS - startAfter / 1000 }, (ms) => {
        const round = Math.floor((Date.now() - t0) / 1000 - warmS) / size.loadSeconds;
        if (round >= 0 && round < rounds) measured[Math.floor(round)]?.push(ms);
      });
      return { res, times };
    });
    const results = await Promise.all(runs);
    for (const t of timers) clearTimeout(t);
    rss.push(server.rss());
    heap.push(heapAfterGc());
    const heaps = await Promise.all(heap);
    // Every error counts, also those of the ramp-up.
    const sum = (f: (r: autocannon.Result) => number) => results.reduce((a, { res }) => a + f(res), 0);
    const timeouts = sum((r) => r.timeouts);
    const socketErrors = sum((r) => r.errors);
    const non2xx = sum((r) => r.non2xx);
    const byCode = new Map<string, number>();
    for (const { res } of results)
      for (const [code, v] of Object.entries((res as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}))
        if (!code.startsWith('2')) byCode.set(code, (byCode.get(code) ?? 0) + v.count);
    const codes = [...byCode].map(([c, n]) => `${c}×${n}`).join(', ');
    const errors = socketErrors + non2xx;
    stats.requests += sum((r) => r.requests.total);
    if (errors)
      violation(
        label,
        `${errors} errors under load (${non2xx} non-2xx${codes ? `: ${codes}` : ''}; ${socketErrors} socket errors, of them ${timeouts} timeouts > 10 s)`,
      );
    const all = results.flatMap((r) => r.times).sort((x, y) => x - y);
    measured.forEach((times, r) => {
      const sorted = times.sort((x, y) => x - y);
      const pct = (p: number) => percentile(sorted, p).toFixed(1);
      console.log(
        `  ${label}${rounds > 1 ? ` round ${r + 1}` : ''}: ${size.loadClients} clients × ${size.loadSeconds} s (after ${warmS} s ramp-up): ${sorted.length} requests, ` +
          `${(sorted.length / size.loadSeconds).toFixed(0)} req/s, latency p50 ${pct(50)} ms · p95 ${pct(95)} ms · p99 ${pct(99)} ms (max ${(sorted.at(-1) ?? 0).toFixed(0)})`,
      );
    });
    console.log(`  ${label}: slowest answer of the whole run incl. ramp-up ${(all.at(-1) ?? 0).toFixed(0)} ms, ${errors} errors (${timeouts} timeouts)`);
    const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
    const at = (xs: number[]) =>
      `after ramp-up ${mb(xs[0] ?? 0)}${xs
        .slice(1)
        .map((b, i) => `, after round ${i + 1} ${mb(b)}`)
        .join('')}`;
    console.log(`  ${label}: heap in use after a full GC ${at(heaps)}; resident memory ${at(rss)}`);
    // The heap after a full GC: the resident size is wherever the collector's saw-tooth happens to be, plus heap
    // space V8 keeps reserved after the busiest moment (PostgreSQL: 280-365 MB resident over ~60 MB of live heap).
    const warm = heaps[0] ?? Number.NaN;
    const end = heaps.at(-1) ?? Number.NaN;
    if (!(end <= warm * 1.2)) violation(label, `heap in use after GC grew more than 20 % under load: ${mb(warm)} → ${mb(end)}`);
  } finally {
    rmSync(gcFile, { force: true });
    await server.kill('SIGTERM');
    drop();
  }
}
