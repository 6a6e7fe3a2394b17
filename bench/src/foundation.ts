import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase, load, ROOT, report, startChild } from './lib';

/**
 * Foundation benchmark (issue 2): GET /webapp/me and a 50-row list window from a 100k-row table,
 * each beside a bare Fastify route answering the same bytes, in the same run.
 */
export async function foundationBench() {
  const file = await benchDatabase('100k');
  const app = await startChild('app', file);
  try {
    const login = await fetch(`${app.url}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}` };
    const targets = [
      { name: 'GET /webapp/me', path: '/vario-api/webapp/me', target: 0.6 },
      { name: 'GET /crm/erinnerungen 50 rows of 100k', path: '/vario-api/crm/erinnerungen?limit=50&orderBy=erinnerungDatum' },
      { name: '… same at offset 50,000', path: '/vario-api/crm/erinnerungen?limit=50&offset=50000&orderBy=erinnerungDatum' },
    ];
    const bodies = [];
    for (const t of targets) {
      const res = await fetch(app.url + t.path, { headers: auth });
      if (res.status !== 200) throw new Error(`${t.path}: ${res.status}`);
      bodies.push({ path: t.path, body: await res.text() });
    }
    const fixture = join(ROOT, 'data/bench-bare-routes.json');
    writeFileSync(fixture, JSON.stringify(bodies));
    // App and bare route take turns, three rounds each, and each side's median round counts: the machine's speed drifts
    // over a run, and measuring one side after the other would put that drift into the ratio.
    const bare = await startChild('bare', fixture);
    try {
      const rows = [];
      const median = (ms: Awaited<ReturnType<typeof load>>[]) => [...ms].sort((a, b) => a.rps - b.rps)[Math.floor(ms.length / 2)] as (typeof ms)[number];
      for (const t of targets) {
        const mine = [];
        const bases = [];
        for (let round = 0; round < 3; round++) {
          mine.push(await load(app.url + t.path, auth, 4));
          bases.push(await load(bare.url + t.path, {}, 4));
        }
        rows.push({ name: t.name, m: median(mine), base: median(bases), target: t.target });
      }
      report(rows);
    } finally {
      bare.child.kill();
    }
  } finally {
    app.child.kill();
  }
}
