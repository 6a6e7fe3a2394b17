import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '@vario/contract';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';

/** Seed scale (`BENCH_PICKER_SCALE`, default 10000) and requests per search. */
const SCALE = Number(process.env.BENCH_PICKER_SCALE ?? 10_000);
const RUNS = 60;

const pct = (times: number[], p: number) => {
  const s = [...times].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};

/**
 * `npm run bench artikelauswahl` (issue 20 item 3): the article picker of a document's positions — a page of 20 hits
 * with the document's price and the stock per warehouse — beside the bare product quick search of the same page
 * (GET /stammdaten/artikel), in-process on SQLite at the seeded scale. The ratio is what price and stock cost on top.
 */
export async function artikelauswahlBench() {
  const file = join(tmpdir(), `vario-bench-picker-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  try {
    await migrate(handle);
    await seed(handle, { scale: SCALE, demo: true });
    const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const authorization = `Bearer ${login.json().result.token as string}`;
    const get = async (url: string) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers: { authorization } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    const doc = await handle.db.selectFrom('belege').select('id').where('belegart', '=', '0100').orderBy('id').executeTakeFirstOrThrow();
    const nummer = await handle.db.selectFrom('artikel').select('artikelnummer').orderBy('id').limit(1).offset(50).executeTakeFirstOrThrow();
    console.log(`Article picker (issue 20 item 3), SQLite, scale ${SCALE}, ${RUNS} requests each, page of 20 — p50 / p95 ms`);
    for (const term of ['', 'pumpe', nummer.artikelnummer.slice(0, 5)]) {
      const q = `limit=20${term ? `&search=${encodeURIComponent(term)}` : ''}`;
      const picker: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        picker.push(await get(`/verkauf/belege/${doc.id}/artikelauswahl?${q}`));
        bare.push(await get(`/stammdaten/artikel?${q}&filter=gesperrt%3Dfalse&orderBy=artikelnummer`));
      }
      const label = term ? `"${term}"` : '(no search)';
      console.log(
        `  ${label.padEnd(14)} picker ${pct(picker, 0.5).toFixed(1)} / ${pct(picker, 0.95).toFixed(1)}   product search ${pct(bare, 0.5).toFixed(1)} / ${pct(bare, 0.95).toFixed(1)}   ratio p50 ${(pct(picker, 0.5) / pct(bare, 0.5)).toFixed(2)}`,
      );
    }
    await app.close();
  } finally {
    await handle.close();
    for (const f of ['', '-wal', '-shm']) rmSync(file + f, { force: true });
  }
}
