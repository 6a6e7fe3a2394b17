import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, BELEGARTEN } from '@vario/contract';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { type DbHandle, migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';
import { findPgBin, startCluster } from '../../reliability/src/lib/pg';
import { ROOT } from './lib';
import { listBench } from './list-bench';

/**
 * `npm run bench belege` (issue 11 item 9): the document list at the seeded scale (`BENCH_SCALE`, default 1m; first
 * window, deep window, quick search, first rows painted on /saleDocument — each beside the bare route), booking
 * throughput on SQLite and PostgreSQL (documents with 10 positions booked per second with their stock or open-item
 * effects, through the API in-process, beside a bare insert of the same rows in one transaction per document) and,
 * when the PDF part's bench/src/pdf.ts exists, its PDF render time.
 */
export async function belegeBench() {
  await listBench({
    title: 'Sale documents (issue 11)',
    path: '/verkauf/belege',
    sortField: '-belegdatum',
    searches: [
      { term: 'RE2025-0001', target: 50 },
      { term: 'schmi', target: 50 },
      { term: 'bestellung', target: 50 },
    ],
    // the paint is measured once the web build has the document screens (else listBench notes it as not measured)
    paintModule: webHasScreen('saleDocument') ? 'sale-documents-paint' : 'sale-documents-paint (web build without the screen)',
    screen: '/saleDocument',
  });
  await bookingBench();
  const pdf = join(ROOT, 'bench/src/pdf.ts');
  if (existsSync(pdf)) {
    const mod = (await import(new URL('./pdf.ts', import.meta.url).href)) as Record<string, unknown>;
    const run = (mod.pdfBench ?? mod.default ?? Object.values(mod).find((v) => typeof v === 'function')) as (() => Promise<void>) | undefined;
    if (run) await run();
  } else console.log('\n(PDF render time not measured: bench/src/pdf.ts is missing)');
}

/** True when the web build's scripts contain the route (a build from before the screen existed is not measured). */
function webHasScreen(route: string): boolean {
  const dir = join(ROOT, 'apps/web/dist/assets');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(route));
}

/** Documents per kind and database; each has 10 article lines. */
const DOCS = Number(process.env.BENCH_BOOKINGS ?? 100);
const LINES = 10;

interface Rate {
  docsPerSecond: number;
  p50: number;
  p95: number;
}

const rate = (times: number[]): Rate => {
  const s = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return {
    docsPerSecond: (times.length * 1000) / total,
    p50: s[Math.floor(s.length / 2)] as number,
    p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number,
  };
};

async function bookingOn(handle: DbHandle) {
  await migrate(handle);
  await seed(handle, { scale: 60, demo: true });
  const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
  await app.ready();
  const db = handle.db;
  try {
    const login = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const token = login.json().result.token as string;
    const call = async (method: 'POST' | 'GET', path: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url: `${API_PREFIX}${path}`,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const adresseId = (
      await db.selectFrom('adressen').select('id').where('istKunde', '=', true).where('gesperrt', '=', false).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const lagerId = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
      .ausgangLagerId as number;
    // ten stock articles with plenty of stock in the outgoing warehouse
    const artikel: number[] = [];
    for (let i = 0; i < LINES; i++) {
      const a = await call('POST', '/stammdaten/artikel', {
        data: { artikelnummer: `BENCH-${Date.now().toString(36)}-${i}`, artikelart: '1', bezeichnung: `Benchartikel ${i}`, vknetto: 10 + i },
        ProtokollBemerkung: 'Bench',
      });
      artikel.push(a.result.id);
      await call('POST', '/lager/buchungen', { data: { art: 'ZUGANG', artikelId: a.result.id, lagerId, menge: 1_000_000 }, ProtokollBemerkung: 'Bench' });
    }
    const prepare = async (belegart: string) => {
      const ids: number[] = [];
      for (let d = 0; d < DOCS; d++) {
        const b = await call('POST', '/verkauf/belege', { data: { belegart, adresseId } });
        for (const artikelId of artikel) await call('POST', `/verkauf/belege/${b.result.id}/positionen`, { data: { artikelId, menge: 1 + (d % 3) } });
        ids.push(b.result.id);
      }
      return ids;
    };
    const book = async (ids: number[]) => {
      const times: number[] = [];
      for (const id of ids) {
        const t0 = performance.now();
        await call('POST', `/verkauf/belege/${id}/buchen`, {});
        times.push(performance.now() - t0);
      }
      return rate(times);
    };
    const lieferscheine = await book(await prepare(BELEGARTEN.lieferschein.belegart));
    const rechnungen = await book(await prepare(BELEGARTEN.rechnung.belegart));

    // The baseline: the rows a delivery-note booking writes (10 movements, 10 stock rows, 10 article totals, the
    // status, one history row), inserted bare in one transaction per document — no checks, no locks, no HTTP.
    const bare = await prepare(BELEGARTEN.lieferschein.belegart);
    const times: number[] = [];
    for (const [d, id] of bare.entries()) {
      const t0 = performance.now();
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('lagerbewegungen')
          .values(
            artikel.map((artikelId) => ({
              artikelId,
              lagerId,
              lagerplatzId: null,
              feld: 'bestand' as const,
              menge: -(1 + (d % 3)) * 1000,
              art: 'BENCH',
              text: null,
              belegId: id,
              benutzerId: null,
              zeitpunkt: now,
            })),
          )
          .execute();
        for (const artikelId of artikel) {
          const m = (1 + (d % 3)) * 1000;
          await trx
            .updateTable('bestaende')
            .set((eb) => ({ bestand: eb('bestand', '-', m) }))
            .where('artikelId', '=', artikelId)
            .where('lagerId', '=', lagerId)
            .execute();
          await trx
            .updateTable('artikel')
            .set((eb) => ({ bestand: eb('bestand', '-', m) }))
            .where('id', '=', artikelId)
            .execute();
        }
        await trx.updateTable('belege').set({ belegstatus: 3, gebuchtAm: now }).where('id', '=', id).execute();
        await trx
          .insertInto('belegStatushistorie')
          .values({ belegId: id, art: 'B', text: 'Bench', benutzerId: null, zeitpunkt: now, belegstatus: 3 })
          .execute();
      });
      times.push(performance.now() - t0);
    }
    const baseline = rate(times);
    // the invariant still holds after the run (the baseline rows are movements too)
    const check = await sql<{ a: number | string; m: number | string }>`select (select sum(bestand) from bestaende where "artikelId" in (${sql.join(
      artikel,
    )})) as a, (select sum(menge) from lagerbewegungen where feld = 'bestand' and "artikelId" in (${sql.join(artikel)})) as m`.execute(db);
    const ok = Number(check.rows[0]?.a) === Number(check.rows[0]?.m);
    return { lieferscheine, rechnungen, baseline, ok };
  } finally {
    await app.close();
  }
}

async function bookingBench() {
  const rows: { name: string; r: Rate; base?: Rate }[] = [];
  const results: string[] = [];
  const file = join(tmpdir(), `vario-bench-buchen-${process.pid}.sqlite`);
  try {
    const handle = await openDatabase(file);
    const r = await bookingOn(handle);
    await handle.close();
    rows.push({ name: 'SQLite: book delivery note (10 lines, stock out)', r: r.lieferscheine, base: r.baseline });
    rows.push({ name: 'SQLite: book invoice (10 lines, open item)', r: r.rechnungen, base: r.baseline });
    rows.push({ name: 'SQLite: bare insert of a booking’s rows (1 trx)', r: r.baseline });
    results.push(`SQLite stock = sum of movements: ${r.ok ? 'yes' : 'NO'}`);
  } finally {
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
  }
  const pgBin = process.env.SKIP_POSTGRES ? null : findPgBin();
  if (pgBin) {
    const cluster = await startCluster(pgBin);
    try {
      const handle = await openDatabase(await cluster.createDb('bench_buchen'));
      const r = await bookingOn(handle);
      await handle.close();
      rows.push({ name: 'PostgreSQL: book delivery note (10 lines, stock out)', r: r.lieferscheine, base: r.baseline });
      rows.push({ name: 'PostgreSQL: book invoice (10 lines, open item)', r: r.rechnungen, base: r.baseline });
      rows.push({ name: 'PostgreSQL: bare insert of a booking’s rows (1 trx)', r: r.baseline });
      results.push(`PostgreSQL stock = sum of movements: ${r.ok ? 'yes' : 'NO'}`);
    } finally {
      cluster.stop();
    }
  } else results.push('(PostgreSQL not measured: server binaries not found or SKIP_POSTGRES set)');
  const fmt = (v: number, n = 9) => v.toFixed(1).padStart(n);
  console.log(`\nBooking throughput (${DOCS} documents of ${LINES} lines each, sequential, through the API in-process)`);
  console.log(
    `${'benchmark'.padEnd(56)}${'docs/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'bare docs/s'.padStart(13)}${'ratio'.padStart(8)}`,
  );
  for (const { name, r, base } of rows) {
    console.log(
      `${name.padEnd(56)}${fmt(r.docsPerSecond)}${fmt(r.p50)}${fmt(r.p95)}${base ? fmt(base.docsPerSecond, 13) : '-'.padStart(13)}${base ? (r.docsPerSecond / base.docsPerSecond).toFixed(2).padStart(8) : '-'.padStart(8)}`,
    );
  }
  // issue 21 item 4: PostgreSQL within 2× of SQLite (docs/s and p95 of the same booking)
  for (const i of [0, 1]) {
    const x = rows[i];
    const y = rows[i + 3];
    if (!x || !y) continue;
    const slower = x.r.docsPerSecond / y.r.docsPerSecond;
    const p95 = y.r.p95 / x.r.p95;
    results.push(
      `${x.name.replace('SQLite: ', '')}: SQLite/PostgreSQL docs/s ${slower.toFixed(2)}, PostgreSQL/SQLite p95 ${p95.toFixed(2)} — ${slower <= 2 && p95 <= 2 ? 'within 2×' : 'OVER 2×'}`,
    );
  }
  results.push(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  for (const line of results) console.log(line);
}
