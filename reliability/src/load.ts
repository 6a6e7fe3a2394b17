// Load: N clients for T seconds on a mix of list, record and write calls against the real server process: 0 errors,
// latency percentiles and throughput printed, memory at the end within 20 % of memory after warm-up.

import { API_PREFIX } from '@vario/contract';
import autocannon from 'autocannon';
import { type DbKind, seededUrl } from './lib/inproc';
import { type Cluster, freePort } from './lib/pg';
import { http, loginHttp, startServer } from './lib/proc';
import { stats, violation } from './lib/stats';
import type { Size } from './size';

/** Runs autocannon; answers its result and every response time (ms) for exact percentiles. */
function cannon(opts: autocannon.Options) {
  const times: number[] = [];
  return new Promise<{ res: autocannon.Result; times: number[] }>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve({ res, times })));
    instance.on('response', (_client, _status, _bytes, responseTime: number) => times.push(responseTime));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runLoad(kind: DbKind, size: Size, cluster?: Cluster) {
  const label = `load/${kind}`;
  const { url, drop } = await seededUrl(kind, cluster);
  const server = await startServer(url, await freePort());
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
    // Warm-up with as many clients as the run (their sockets and buffers are not a leak), a tenth of its time.
    await cannon({ ...base, connections: size.loadClients, duration: Math.max(2, Math.round(size.loadSeconds / 10)) });
    const warm = server.rss();
    const { res, times } = await cannon({ ...base, connections: size.loadClients, duration: size.loadSeconds });
    const sorted = times.sort((x, y) => x - y);
    const pct = (p: number) => percentile(sorted, p).toFixed(1);
    const end = server.rss();
    const total = res.requests.total;
    stats.requests += total;
    // autocannon counts timeouts among its errors.
    const errors = res.errors + res.non2xx;
    const codes = Object.entries((res as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, v]) => `${code}×${v.count}`)
      .join(', ');
    if (errors)
      violation(
        label,
        `${errors} errors under load (${res.non2xx} non-2xx${codes ? `: ${codes}` : ''}; ${res.errors} socket errors, of them ${res.timeouts} timeouts > 10 s)`,
      );
    console.log(
      `  ${label}: ${size.loadClients} clients × ${size.loadSeconds} s: ${total} requests, ${res.requests.average.toFixed(0)} req/s, ` +
        `latency p50 ${pct(50)} ms · p95 ${pct(95)} ms · p99 ${pct(99)} ms (max ${res.latency.max}), ${errors} errors`,
    );
    console.log(`  ${label}: memory after warm-up ${(warm / 2 ** 20).toFixed(0)} MB, at the end ${(end / 2 ** 20).toFixed(0)} MB`);
    if (end > warm * 1.2) violation(label, `memory grew more than 20 % under load: ${(warm / 2 ** 20).toFixed(0)} → ${(end / 2 ** 20).toFixed(0)} MB`);
  } finally {
    await server.kill('SIGTERM');
    drop();
  }
}
