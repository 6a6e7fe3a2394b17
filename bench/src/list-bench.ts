import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { busyLabel, whileBusy } from './busy';
import { latencies } from './latency';
import { benchDatabase, ROOT, startChild } from './lib';

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
 * A list at 1,000,000 rows on SQLite: first window with total, deep window, quick searches — p50/p95 over sequential
 * requests beside a bare Fastify route answering the same bytes — and Chromium's time to the first painted rows.
 * Targets (issues 4 and 5): first window p95 < 15 ms, deep < 150 ms, search < 50 ms, first rows painted < 500 ms.
 */
export async function listBench(cfg: ListBenchConfig, scale = process.env.BENCH_SCALE ?? '1m') {
  const file = await benchDatabase(scale);
  const app = await startChild('app', file);
  const fmt = (v: number) => v.toFixed(1).padStart(8);
  try {
    const login = await fetch(`${app.url}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}` };
    const url = `/vario-api${cfg.path}`;
    const total = (await (await fetch(`${app.url}${url}?limit=1&returnTotal=true`, { headers: auth })).json()).resultCount as number;
    const deep = Math.max(0, Math.min(900_000, total - 100));
    const targets = [
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
    const measured = [];
    const bodies = [];
    for (const t of targets) {
      bodies.push({ path: t.path, body: await (await fetch(app.url + t.path, { headers: auth })).text() });
      measured.push(await latencies(app.url + t.path, auth));
    }
    let paint: number[] | null = null;
    if (existsSync(join(ROOT, 'apps/web/dist/index.html')) && existsSync(join(ROOT, `bench/src/${cfg.paintModule}.ts`))) {
      const mod = (await import(new URL(`./${cfg.paintModule}.ts`, import.meta.url).href)) as { firstRowsPaint: (u: string, t: string) => Promise<number[]> };
      paint = await whileBusy({ url: app.url, token }, () => mod.firstRowsPaint(app.url, token));
    }
    app.child.kill();
    const fixture = join(ROOT, `data/bench-bare-${cfg.paintModule}.json`);
    writeFileSync(fixture, JSON.stringify(bodies));
    const bare = await startChild('bare', fixture);
    try {
      console.log(
        `\n${cfg.title}\n${'benchmark'.padEnd(62)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'bare p50'.padStart(9)}${'bare p95'.padStart(9)}${'ratio p95'.padStart(10)}${'target'.padStart(9)}`,
      );
      for (const [i, t] of targets.entries()) {
        const m = measured[i] as Awaited<ReturnType<typeof latencies>>;
        const b = await latencies(bare.url + t.path, {});
        console.log(
          `${t.name.padEnd(62)}${fmt(m.p50)}${fmt(m.p95)}${fmt(b.p50).slice(-9).padStart(9)}${fmt(b.p95).slice(-9).padStart(9)}${(m.p95 / b.p95).toFixed(1).padStart(10)}${(t.target ? `<${t.target}` : '-').padStart(9)}${t.target === undefined ? '' : m.p95 <= t.target ? ' ok' : ' ABOVE'}`,
        );
      }
      if (paint) {
        const s = [...paint].sort((a, b) => a - b);
        const p50 = s[Math.floor(s.length / 2)] as number;
        const p95 = s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number;
        console.log(
          `${`Chromium: navigation → first painted rows of ${cfg.screen}${busyLabel()}`.padEnd(62)}${fmt(p50)}${fmt(p95)}${'-'.padStart(9)}${'-'.padStart(9)}${'-'.padStart(10)}${'<500'.padStart(9)}${p95 <= 500 ? ' ok' : ' ABOVE'}`,
        );
        console.log(`  ${paint.length} runs in order (ms): ${paint.map((x) => Math.round(x)).join(' ')}`);
      } else {
        console.log(`(browser paint of ${cfg.screen} not measured: build the web app first)`);
      }
    } finally {
      bare.child.kill();
    }
  } finally {
    app.child.kill();
  }
}
