import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startChild } from './lib';
import { type BenchDb, benchDatabases } from './pg-cluster';

/**
 * `npm run bench api-overhead` (issue 21 items 1 and 2): what the API costs per request beside a bare route in the same
 * process that answers the same payload (parsed once, serialised per request, so JSON serialisation is in the
 * baseline). Throughput and p50/p95 under autocannon (10 connections) for single records, 100-row windows at offset 0
 * and deep, and `/webapp/me`; app and bare route take turns, three rounds each, the median round counts. The quick
 * search is also measured cold: after its match-count and total caches expired (more than their 10 s TTL after the last
 * time it ran), sequential requests, every cold run counted.
 *
 * Environment: `BENCH_API_SCALE` (default 100k: the million-row database takes long to build), `BENCH_API_SECONDS`
 * per round (default 4), `BENCH_API_COLD` cold search samples (default 10), `BENCH_CPU_PROF=<dir>`: the server runs
 * with `--cpu-prof` and writes its profile there when it ends.
 */

/** The caches of a search's match count and of expensive totals keep their values this long (lib/search.ts, list-query.ts). */
const CACHE_TTL_MS = 10_000;
const COLD_WAIT_MS = CACHE_TTL_MS + 500;

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Autocannon for `seconds` after a one-second warm-up; p50/p95 from every response's own time. */
async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Measure> {
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections: 10, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, time) => times.push(time));
  });
  times.sort((a, b) => a - b);
  return { rps: r.requests.average, p50: pct(times, 0.5), p95: pct(times, 0.95), errors: r.errors + r.non2xx };
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

/**
 * `BENCH_DB=pg` measures on the PostgreSQL copy of the database (`npm run bench:pg-load`), `BENCH_DB=both` on SQLite and
 * then on PostgreSQL, followed by the two side by side (issue 21 item 4: PostgreSQL within 2×).
 */
export async function apiOverheadBench() {
  const scale = process.env.BENCH_API_SCALE ?? '100k';
  const runs: { label: string; rows: Row[] }[] = [];
  for (const db of await benchDatabases(scale)) runs.push({ label: db.label, rows: await apiOverheadOn(db, scale) });
  const [a, b] = runs;
  if (!a || !b) return;
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const f1 = (v: number) => v.toFixed(1);
  console.log(`\nAPI: ${a.label} and ${b.label} side by side (${scale}; median rounds as above)`);
  console.log(
    `${'benchmark'.padEnd(44)}${pad('SQLite r/s', 11)}${pad('p95', 7)}${pad('PG r/s', 8)}${pad('p95', 7)}${pad('SQLite/PG r/s', 14)}${pad('PG/SQLite p95', 14)}  verdict`,
  );
  for (const [i, x] of a.rows.entries()) {
    const y = b.rows[i] as Row;
    const slower = x.m.rps / y.m.rps;
    const p95 = y.m.p95 / x.m.p95;
    console.log(
      `${x.name.padEnd(44)}${pad(Math.round(x.m.rps), 11)}${pad(f1(x.m.p95), 7)}${pad(Math.round(y.m.rps), 8)}${pad(f1(y.m.p95), 7)}${pad(slower.toFixed(2), 14)}${pad(p95.toFixed(2), 14)}  ${slower <= 2 && p95 <= 2 ? 'within 2×' : 'OVER 2×'}`,
    );
  }
}

interface Row {
  name: string;
  m: Measure;
  base: Measure;
  target: number;
  bytes: number;
}

async function apiOverheadOn(db: BenchDb, scale: string): Promise<Row[]> {
  const seconds = Number(process.env.BENCH_API_SECONDS ?? 4);
  const coldRuns = Number(process.env.BENCH_API_COLD ?? 10);
  const profDir = process.env.BENCH_CPU_PROF;
  if (profDir) mkdirSync(profDir, { recursive: true });
  const app = await startChild('app', db.target, { bareRoutes: true, execArgv: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [] });
  const load0 = loadavg();
  try {
    const api = `${app.url}/vario-api`;
    const login = await fetch(`${api}/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}` };
    const json = async (path: string) => {
      const res = await fetch(api + path, { headers: auth });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };
    const firstId = async (path: string) => ((await json(`${path}?limit=1&offset=500`)).result[0] as { id: number }).id;
    const total = async (path: string) => (await json(`${path}?limit=1&returnTotal=true`)).resultCount as number;
    const adressen = await total('/stammdaten/adressen');
    const belege = await total('/verkauf/belege');
    // deep: 90 % into the list (offset 900,000 of 1,000,000 as in issue 21; 90,000 of 100,000)
    const deep = (n: number) => Math.max(0, Math.floor(n * 0.9));
    const search = '/verkauf/belege?limit=100&orderBy=-belegdatum&returnTotal=true&search=bestellung';
    const targets = [
      { name: 'GET /webapp/me', path: '/webapp/me', target: 0.5 },
      { name: 'one address', path: `/stammdaten/adressen/${await firstId('/stammdaten/adressen')}`, target: 0.5 },
      { name: 'one sale document', path: `/verkauf/belege/${await firstId('/verkauf/belege')}`, target: 0.5 },
      { name: 'one product', path: `/stammdaten/artikel/${await firstId('/stammdaten/artikel')}`, target: 0.5 },
      { name: 'addresses: 100 by name1 + total', path: '/stammdaten/adressen?limit=100&offset=0&orderBy=name1&returnTotal=true', target: 0.3 },
      {
        name: `addresses: 100 at offset ${deep(adressen).toLocaleString('en')}`,
        path: `/stammdaten/adressen?limit=100&offset=${deep(adressen)}&orderBy=name1`,
        target: 0.3,
      },
      { name: 'sale documents: 100 by -belegdatum + total', path: '/verkauf/belege?limit=100&offset=0&orderBy=-belegdatum&returnTotal=true', target: 0.3 },
      {
        name: `sale documents: 100 at offset ${deep(belege).toLocaleString('en')}`,
        path: `/verkauf/belege?limit=100&offset=${deep(belege)}&orderBy=-belegdatum`,
        target: 0.3,
      },
    ];

    // the quick search's first run, before anything else touched it: cold in every sense
    const cold: number[] = [await timed(api + search, auth)];
    let lastCold = Date.now();
    const coldSample = async (force = false) => {
      if (cold.length >= coldRuns) return;
      const wait = lastCold + COLD_WAIT_MS - Date.now();
      if (wait > 0 && !force) return;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      cold.push(await timed(api + search, auth));
      lastCold = Date.now();
    };

    // the bare route answers what the real one answered
    for (const [i, t] of [...targets, { name: 'search', path: search }].entries()) {
      const body = await (await fetch(api + t.path, { headers: auth })).text();
      const set = await fetch(`${app.url}/bench-bare`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: String(i), body }),
      });
      if (set.status !== 200) throw new Error(`bare route: ${set.status}`);
      const echo = await (await fetch(`${app.url}/bench-bare/${i}`)).text();
      if (echo !== body) throw new Error(`bare route for ${t.path} does not answer the same bytes`);
    }

    const rows: Row[] = [];
    const median = (ms: Measure[]) => [...ms].sort((a, b) => a.rps - b.rps)[Math.floor(ms.length / 2)] as Measure;
    for (const [i, t] of targets.entries()) {
      const mine: Measure[] = [];
      const bases: Measure[] = [];
      for (let round = 0; round < 3; round++) {
        mine.push(await measure(api + t.path, auth, seconds));
        bases.push(await measure(`${app.url}/bench-bare/${i}`, {}, seconds));
        await coldSample();
      }
      const bytes = (await (await fetch(`${app.url}/bench-bare/${i}`)).arrayBuffer()).byteLength;
      rows.push({ name: t.name, m: median(mine), base: median(bases), target: t.target, bytes });
    }
    while (cold.length < coldRuns) await coldSample(true);
    const warm: number[] = [];
    for (let i = 0; i < 10; i++) await timed(api + search, auth);
    for (let i = 0; i < 100; i++) warm.push(await timed(api + search, auth));
    const bare: number[] = [];
    const bareUrl = `${app.url}/bench-bare/${targets.length}`;
    for (let i = 0; i < 10; i++) await timed(bareUrl, {});
    for (let i = 0; i < 100; i++) bare.push(await timed(bareUrl, {}));
    const load1 = loadavg();

    const pad = (s: string | number, n: number) => String(s).padStart(n);
    const f1 = (v: number) => v.toFixed(1);
    console.log(
      `\nAPI overhead (issue 21) on ${db.label} ${scale}, ${seconds} s rounds ×3 per side (median round), 10 connections; load average ${load0.map(f1).join(' ')} → ${load1.map(f1).join(' ')}`,
    );
    console.log(
      `${'benchmark'.padEnd(44)}${pad('bytes', 8)}${pad('req/s', 8)}${pad('p50', 7)}${pad('p95', 7)}${pad('bare r/s', 10)}${pad('b p50', 7)}${pad('b p95', 7)}${pad('ratio', 7)}${pad('target', 8)}`,
    );
    for (const { name, m, base, target, bytes } of rows) {
      const ratio = m.rps / base.rps;
      console.log(
        `${name.padEnd(44)}${pad(bytes, 8)}${pad(Math.round(m.rps), 8)}${pad(f1(m.p50), 7)}${pad(f1(m.p95), 7)}${pad(Math.round(base.rps), 10)}${pad(f1(base.p50), 7)}${pad(f1(base.p95), 7)}${pad(ratio.toFixed(2), 7)}${pad(`≥${target}`, 8)}${ratio >= target ? ' ok' : ' BELOW'}${m.errors ? `  (${m.errors} errors)` : ''}`,
      );
    }
    const sortedCold = [...cold].sort((a, b) => a - b);
    const sortedWarm = [...warm].sort((a, b) => a - b);
    const sortedBare = [...bare].sort((a, b) => a - b);
    console.log(`\nquick search "bestellung" on the sale documents (100 rows + total), sequential, ms:`);
    console.log(
      `  cold (caches expired, ${cold.length} runs, the first the very first): p50 ${f1(pct(sortedCold, 0.5))} p95 ${f1(pct(sortedCold, 0.95))}  target p95 < 50${pct(sortedCold, 0.95) < 50 ? ' ok' : ' ABOVE'}`,
    );
    console.log(`    runs in order: ${cold.map(f1).join(' ')}`);
    console.log(
      `  warm (${warm.length} runs): p50 ${f1(pct(sortedWarm, 0.5))} p95 ${f1(pct(sortedWarm, 0.95))}; bare route p50 ${f1(pct(sortedBare, 0.5))} p95 ${f1(pct(sortedBare, 0.95))}`,
    );
    if (profDir) console.log(`\nCPU profile of the server: ${join(profDir)} (written when it ends; summarise with bench/src/cpuprofile.ts)`);
    return rows;
  } finally {
    app.child.kill();
    if (profDir) await new Promise((r) => app.child.once('exit', r));
  }
}
