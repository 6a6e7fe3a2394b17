import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { busyLabel, whileBusy } from './busy';
import { LATENCY_RUNS, LATENCY_WARMUP, type Latency, latencies } from './latency';
import { ROOT, startChild } from './lib';
import { type BenchDb, benchDatabases } from './pg-cluster';

export interface ListBenchConfig {
  title: string;
  /** List endpoint below /vario-api. */
  path: string;
  sortField: string;
  /** Quick searches; those without a target are reported as worst cases (very broad terms). */
  searches: { term: string; target?: number }[];
  /** Module in bench/src exporting firstRowsPaint(baseUrl, token) for the list's screen. */
  paintModule: string;
  screen: string;
  /** Further calls of the area measured the same way (e.g. the deals' board aggregates), path below /vario-api. */
  extra?: { name: string; path: string; target: number }[];
}

/**
 * A list at 1,000,000 rows: first window with total, deep window, quick searches — p50/p95 over sequential requests
 * beside a bare Fastify route answering the same bytes — and Chromium's time to the first painted rows.
 * Targets (issues 4 and 5): first window p95 < 15 ms, deep < 150 ms, search < 50 ms, first rows painted < 500 ms.
 * `BENCH_DB=pg` runs it on the PostgreSQL copy (`npm run bench:pg-load`), `BENCH_DB=both` on SQLite and then on
 * PostgreSQL, printed side by side with the ratio of the p95s (issue 21 item 4, issue 22 item 13: within 2×) and
 * whether both answered the same rows. `BENCH_PAINT=0` leaves out the browser.
 */
export async function listBench(cfg: ListBenchConfig, scale = process.env.BENCH_SCALE ?? '1m') {
  const dbs = await benchDatabases(scale);
  const fmt = (v: number) => v.toFixed(1).padStart(8);
  const load0 = loadavg();
  let targets: { name: string; path: string; target?: number }[] | null = null;
  const bodies: { path: string; body: string }[] = [];
  const runs: { db: BenchDb; measured: Latency[]; rows: string[]; paint: number[] | null }[] = [];
  for (const db of dbs) {
    const app = await startChild('app', db.target);
    try {
      const login = await fetch(`${app.url}/vario-api/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      });
      const { token } = (await login.json()).result;
      const auth = { authorization: `Bearer ${token}` };
      if (!targets) targets = await listTargets(cfg, app.url, auth);
      const measured: Latency[] = [];
      const rows: string[] = [];
      for (const t of targets) {
        const body = await (await fetch(app.url + t.path, { headers: auth })).text();
        if (!runs.length) bodies.push({ path: t.path, body });
        rows.push(rowKeys(body));
        measured.push(await latencies(app.url + t.path, auth));
      }
      let paint: number[] | null = null;
      if (process.env.BENCH_PAINT !== '0' && existsSync(join(ROOT, 'apps/web/dist/index.html')) && existsSync(join(ROOT, `bench/src/${cfg.paintModule}.ts`))) {
        const mod = (await import(new URL(`./${cfg.paintModule}.ts`, import.meta.url).href)) as { firstRowsPaint: (u: string, t: string) => Promise<number[]> };
        paint = await whileBusy({ url: app.url, token }, () => mod.firstRowsPaint(app.url, token));
      }
      runs.push({ db, measured, rows, paint });
    } finally {
      app.child.kill();
    }
  }
  const load1 = loadavg();
  if (!targets) return;
  const fixture = join(ROOT, `data/bench-bare-${cfg.paintModule}.json`);
  writeFileSync(fixture, JSON.stringify(bodies));
  const bare = await startChild('bare', fixture);
  const la = `load average ${load0.map((x) => x.toFixed(2)).join(' ')} → ${load1.map((x) => x.toFixed(2)).join(' ')}`;
  const n = `${LATENCY_RUNS} sequential requests each after ${LATENCY_WARMUP} warm-up`;
  try {
    const side = runs.length === 2 ? runs : null;
    if (side) {
      const [a, b] = side as [(typeof runs)[0], (typeof runs)[0]];
      console.log(`\n${cfg.title}: ${a.db.label} and ${b.db.label} side by side (${scale}; ${n}; ${la})`);
      console.log(
        `${'benchmark'.padEnd(62)}${'SQLite p50'.padStart(11)}${'p95'.padStart(8)}${'PG p50'.padStart(9)}${'p95'.padStart(8)}${'PG/SQLite p95'.padStart(14)}${'bare p95'.padStart(9)}${'target'.padStart(8)}  verdict`,
      );
    } else {
      console.log(`\n${cfg.title} on ${runs[0]?.db.label} (${scale}; ${n}; ${la})`);
      console.log(
        `${'benchmark'.padEnd(62)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'bare p50'.padStart(9)}${'bare p95'.padStart(9)}${'ratio p95'.padStart(10)}${'target'.padStart(9)}`,
      );
    }
    for (const [i, t] of targets.entries()) {
      const b = await latencies(bare.url + t.path, {});
      const hit = (m: Latency) => (t.target === undefined ? '' : m.p95 <= t.target ? 'ok' : 'ABOVE');
      if (side) {
        const [x, y] = [side[0]?.measured[i], side[1]?.measured[i]] as [Latency, Latency];
        const ratio = y.p95 / x.p95;
        const verdicts = [
          t.target === undefined ? '' : `${hit(x)}/${hit(y)}`,
          ratio <= 2 ? 'within 2×' : 'OVER 2×',
          side[0]?.rows[i] === side[1]?.rows[i] ? '' : 'rows differ',
        ].filter(Boolean);
        console.log(
          `${t.name.padEnd(62)}${fmt(x.p50).padStart(11)}${fmt(x.p95)}${fmt(y.p50).padStart(9)}${fmt(y.p95)}${ratio.toFixed(2).padStart(14)}${fmt(b.p95).slice(-9).padStart(9)}${(t.target ? `<${t.target}` : '-').padStart(8)}  ${verdicts.join(', ')}`,
        );
      } else {
        const m = runs[0]?.measured[i] as Latency;
        console.log(
          `${t.name.padEnd(62)}${fmt(m.p50)}${fmt(m.p95)}${fmt(b.p50).slice(-9).padStart(9)}${fmt(b.p95).slice(-9).padStart(9)}${(m.p95 / b.p95).toFixed(1).padStart(10)}${(t.target ? `<${t.target}` : '-').padStart(9)}${t.target === undefined ? '' : ` ${hit(m)}`}`,
        );
      }
    }
    for (const r of runs) {
      if (r.paint) {
        const s = [...r.paint].sort((a, b) => a - b);
        const p50 = s[Math.floor(s.length / 2)] as number;
        const p95 = s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number;
        console.log(
          `${`Chromium (${r.db.label}): navigation → first painted rows of ${cfg.screen}${busyLabel()}`.padEnd(62)}${fmt(p50)}${fmt(p95)}${'<500'.padStart(9)}${p95 <= 500 ? ' ok' : ' ABOVE'}`,
        );
        console.log(`  ${r.paint.length} runs in order (ms): ${r.paint.map((x) => Math.round(x)).join(' ')}`);
      } else {
        console.log(`(browser paint of ${cfg.screen} on ${r.db.label} not measured: build the web app first, or BENCH_PAINT=0)`);
      }
    }
  } finally {
    bare.child.kill();
  }
}

/** The measured calls of a list: first and deep window, the quick searches, the area's further calls. */
async function listTargets(cfg: ListBenchConfig, baseUrl: string, auth: Record<string, string>) {
  const url = `/vario-api${cfg.path}`;
  const total = (await (await fetch(`${baseUrl}${url}?limit=1&returnTotal=true`, { headers: auth })).json()).resultCount as number;
  const deep = Math.max(0, Math.min(900_000, total - 100));
  return [
    {
      name: `first window: 100 by ${cfg.sortField} + total (${total.toLocaleString('en')} rows)`,
      path: `${url}?limit=100&offset=0&orderBy=${cfg.sortField}&returnTotal=true`,
      target: 15,
    },
    {
      name: `deep window: offset ${deep.toLocaleString('en')} by ${cfg.sortField}`,
      path: `${url}?limit=100&offset=${deep}&orderBy=${cfg.sortField}`,
      target: 150,
    },
    ...cfg.searches.map((s) => ({
      name: `quick search "${s.term}" + total${s.target ? '' : ' (broad: worst case)'}`,
      path: `${url}?limit=100&orderBy=${cfg.sortField}&returnTotal=true&search=${encodeURIComponent(s.term)}`,
      target: s.target,
    })),
    ...(cfg.extra ?? []).map((e) => ({ ...e, path: `/vario-api${e.path}` })),
  ];
}

/** What identifies an answer's rows (their ids in order, and the total), to see whether both databases answered the same. */
function rowKeys(body: string): string {
  try {
    const j = JSON.parse(body) as { result?: unknown; resultCount?: number };
    const rows = Array.isArray(j.result) ? j.result : [j.result];
    return JSON.stringify([j.resultCount, rows.map((r) => (r && typeof r === 'object' && 'id' in r ? (r as { id: unknown }).id : r))]);
  } catch {
    return body;
  }
}
