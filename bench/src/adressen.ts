import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latencies } from './latency';
import { benchDatabase, ROOT, startChild } from './lib';

interface Target {
  name: string;
  path: string;
  /** p95 target in ms. */
  target: number;
}

/**
 * Addresses at 1,000,000 rows on SQLite (issue 4): list windows and quick search, p50/p95 over sequential requests,
 * beside a bare Fastify route answering the same bytes; then the time to the first painted grid rows in Chromium.
 */
export async function adressenBench(scale = process.env.BENCH_SCALE ?? '1m') {
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
    const total = (await (await fetch(`${app.url}/vario-api/stammdaten/adressen?limit=1&returnTotal=true`, { headers: auth })).json()).resultCount as number;
    const deep = Math.max(0, Math.min(900_000, total - 100));
    const targets: Target[] = [
      {
        name: `first window: 100 rows by name1 + returnTotal (${total.toLocaleString('en')} rows)`,
        path: '/vario-api/stammdaten/adressen?limit=100&offset=0&orderBy=name1&returnTotal=true',
        target: 15,
      },
      {
        name: `deep window: offset ${deep.toLocaleString('en')} by name1`,
        path: `/vario-api/stammdaten/adressen?limit=100&offset=${deep}&orderBy=name1`,
        target: 150,
      },
      { name: 'quick search "schmi" + returnTotal', path: `/vario-api/stammdaten/adressen?limit=100&orderBy=name1&returnTotal=true&search=schmi`, target: 50 },
      {
        name: 'quick search "berg gmbh" + returnTotal',
        path: `/vario-api/stammdaten/adressen?limit=100&orderBy=name1&returnTotal=true&search=${encodeURIComponent('berg gmbh')}`,
        target: 50,
      },
    ];
    const measured = [];
    const bodies = [];
    for (const t of targets) {
      const res = await fetch(app.url + t.path, { headers: auth });
      bodies.push({ path: t.path, body: await res.text() });
      measured.push(await latencies(app.url + t.path, auth));
    }
    let paint: number[] | null = null;
    if (existsSync(join(ROOT, 'apps/web/dist/index.html')) && existsSync(join(ROOT, 'bench/src/addresses-paint.ts'))) {
      const mod = (await import(new URL('./addresses-paint.ts', import.meta.url).href)) as { firstRowsPaint: (u: string, t: string) => Promise<number[]> };
      paint = await mod.firstRowsPaint(app.url, token);
    }
    app.child.kill();
    const fixture = join(ROOT, 'data/bench-bare-adressen.json');
    writeFileSync(fixture, JSON.stringify(bodies));
    const bare = await startChild('bare', fixture);
    try {
      console.log(
        `\n${'benchmark'.padEnd(62)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'bare p50'.padStart(9)}${'bare p95'.padStart(9)}${'ratio p95'.padStart(10)}${'target'.padStart(9)}`,
      );
      for (const [i, t] of targets.entries()) {
        const m = measured[i] as Awaited<ReturnType<typeof latencies>>;
        const b = await latencies(bare.url + t.path, {});
        const ok = m.p95 <= t.target ? ' ok' : ' ABOVE';
        console.log(
          `${t.name.padEnd(62)}${fmt(m.p50)}${fmt(m.p95)}${fmt(b.p50).slice(-9).padStart(9)}${fmt(b.p95).slice(-9).padStart(9)}${(m.p95 / b.p95).toFixed(1).padStart(10)}${`<${t.target}`.padStart(9)}${ok}`,
        );
      }
      if (paint) {
        const s = [...paint].sort((a, b) => a - b);
        const p50 = s[Math.floor(s.length / 2)] as number;
        const p95 = s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number;
        console.log(
          `${'Chromium: navigation → first painted rows of /addresses'.padEnd(62)}${fmt(p50)}${fmt(p95)}${'-'.padStart(9)}${'-'.padStart(9)}${'-'.padStart(10)}${'<500'.padStart(9)}${p95 <= 500 ? ' ok' : ' ABOVE'}`,
        );
      } else {
        console.log('(browser paint not measured: build the web app first)');
      }
    } finally {
      bare.child.kill();
    }
  } finally {
    app.child.kill();
  }
}
