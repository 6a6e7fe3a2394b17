import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fakerDE } from '@faker-js/faker';
import { API_PREFIX } from '@vario/contract';
import { buildApp } from '../../apps/server/src/app';
import { inTransaction, migrate, openDatabase } from '../../apps/server/src/db/index';
import { SEED, seeders } from '../../apps/server/src/seed/index';

const RUNS = Number(process.env.DATEV_RUNS ?? 7);

/**
 * DATEV Buchungsstapel of one month (issue 24 items 10 and 14): `n` booked invoices (19 % and 7 % lines) and a payment
 * on each, written straight into a fresh SQLite database, then exported over HTTP by the running app — checked, then
 * streamed (time to the first byte and to the last), logged and, for the last run, marked. Reports p50/p95, the RSS
 * growth while exporting (flat: a batch, not the file), how long another user's request waited meanwhile, and the
 * load average. Target: 10,000 invoices and payments under 2 s. `DATEV_N` sets n, `DATEV_RUNS` the runs.
 */
export async function datevBench(n = Number(process.env.DATEV_N ?? 10_000)) {
  const handle = await openDatabase(':memory:');
  await migrate(handle);
  const foundation = seeders.find((s) => s.name === 'foundation');
  if (!foundation) throw new Error('no foundation seeder');
  fakerDE.seed(SEED);
  await inTransaction(handle.db, (db) =>
    foundation.run({ db, dialect: handle.dialect, faker: fakerDE, scale: 1000, demo: true, numberRanges: [], progress: () => {} }),
  );
  const db = handle.db;
  await db.updateTable('systemParameter').set({ wert: '29098' }).where('name', '=', 'DATEV.BERATERNUMMER').execute();
  await db.updateTable('systemParameter').set({ wert: '55003' }).where('name', '=', 'DATEV.MANDANTENNUMMER').execute();
  const now = new Date().toISOString();
  const kunden = 500;
  await inTransaction(db, async (trx) => {
    const adressen = Array.from({ length: kunden }, (_, k) => ({
      adressnummer: 200_000 + k,
      kundennummer: 100_000 + k,
      name1: `Kunde ${k}`,
      istKunde: true,
      angelegtAm: now,
      geaendertAm: now,
    }));
    const ids = (await trx.insertInto('adressen').values(adressen).returning('id').execute()).map((r) => r.id);
    for (let i = 0; i < n; i += 500) {
      const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => {
        const k = i + j;
        const tag = String(1 + (k % 28)).padStart(2, '0');
        return {
          belegart: '0400',
          belegnummer: `RE2026-${String(k + 1).padStart(6, '0')}`,
          belegdatum: `2026-03-${tag}`,
          belegstatus: 3,
          adresseId: ids[k % kunden] as number,
          adresseName: `Kunde ${k % kunden}`,
          endbetragNetto: 15000,
          betragNetto: 15000,
          mwstBetrag: 2250,
          betragBrutto: 17250,
          mwstAufteilung: JSON.stringify([
            { satz: 700, netto: 5000, mwst: 350 },
            { satz: 1900, netto: 10000, mwst: 1900 },
          ]),
          gebuchtAm: now,
          angelegtAm: now,
          geaendertAm: now,
        };
      });
      const belege = await trx.insertInto('belege').values(rows).returning(['id', 'belegnummer', 'belegdatum', 'adresseId']).execute();
      const ops = await trx
        .insertInto('offenePosten')
        .values(
          belege.map((b, j) => ({
            nummer: i + j + 1,
            rechnungsnummer: b.belegnummer,
            belegId: b.id,
            opvArt: 'RE',
            adresseId: b.adresseId,
            rechnungsBetrag: 17250,
            offenerBetrag: 0,
            bisherGezahlt: 17250,
            rechnungsdatum: b.belegdatum,
            valuta: b.belegdatum,
            nettoFaellig: '2026-04-15',
            abgeschlossen: true,
            angelegtAm: now,
            geaendertAm: now,
          })),
        )
        .returning(['id', 'rechnungsdatum'])
        .execute();
      await trx
        .insertInto('offenePostenZahlungen')
        .values(
          ops.map((o) => ({
            offenerPostenId: o.id,
            zahlungPer: 'Überweisung',
            zahlungsBetrag: 17250,
            zahlungsDatum: o.rechnungsdatum,
            auszug: 'KA 3/1',
            angelegtAm: now,
          })),
        )
        .execute();
    }
  });
  const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_PREFIX}`;
  try {
    const login = await fetch(`${base}/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` } });
    const auth = { authorization: `Bearer ${(await login.json()).result.token as string}` };
    console.log(`DATEV Buchungsstapel of one month over HTTP: ${n.toLocaleString('en')} invoices (2 rates) and ${n.toLocaleString('en')} payments`);

    /** One export: time to the first byte and to the last, bytes, peak RSS while it ran, and the latency of another user's requests meanwhile. */
    async function einmal(test: boolean) {
      const rss0 = process.memoryUsage().rss;
      let rssMax = rss0;
      const sampler = setInterval(() => {
        rssMax = Math.max(rssMax, process.memoryUsage().rss);
      }, 5);
      // another user: GET /webapp/me back to back while the export runs
      let laeuft = true;
      const andere: number[] = [];
      const anderer = (async () => {
        while (laeuft) {
          const t = performance.now();
          await (await fetch(`${base}/webapp/me`, { headers: auth })).arrayBuffer();
          andere.push(performance.now() - t);
        }
      })();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const res = await fetch(`${base}/finanzen/datev/buchungsstapel?von=2026-03-01&bis=2026-03-31${test ? '&test=true' : ''}`, { headers: auth });
      if (res.status !== 200) throw new Error(`export ${res.status}: ${await res.text()}`);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let ttfb = 0;
      let bytes = 0;
      let zeilen = -3; // header, heading, and the text after the last CRLF
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!ttfb) ttfb = performance.now() - t0;
        bytes += value.length;
        for (let i = value.indexOf(10); i >= 0; i = value.indexOf(10, i + 1)) zeilen++;
      }
      const ms = performance.now() - t0;
      laeuft = false;
      await anderer;
      clearInterval(sampler);
      zeilen++;
      const cpu = process.cpuUsage(cpu0);
      andere.sort((x, y) => x - y);
      return {
        ms,
        ttfb,
        bytes,
        zeilen,
        rssMb: (rssMax - rss0) / 1e6,
        cpuMs: (cpu.user + cpu.system) / 1000,
        andereP95: andere[Math.floor(andere.length * 0.95)] ?? 0,
        andereMax: andere.at(-1) ?? 0,
      };
    }

    await einmal(true); // warm-up
    const laeufe: Awaited<ReturnType<typeof einmal>>[] = [];
    for (let i = 0; i < RUNS; i++) laeufe.push(await einmal(true));
    const sortiert = (f: (x: (typeof laeufe)[number]) => number) => laeufe.map(f).sort((x, y) => x - y);
    const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
    const total = sortiert((x) => x.ms);
    const ttfb = sortiert((x) => x.ttfb);
    const rss = sortiert((x) => x.rssMb);
    const andere = sortiert((x) => x.andereMax);
    const cpu = sortiert((x) => x.cpuMs);
    const erste = laeufe[0] as (typeof laeufe)[number];
    const echt = await einmal(false);
    const markiert = await db
      .selectFrom('datevExportPosten')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const [l1, l5] = loadavg();
    const fmt = (x: number) => `${x.toFixed(0)} ms`;
    console.log(`${RUNS} test exports: ${erste.zeilen.toLocaleString('en')} rows, ${(erste.bytes / 1e6).toFixed(1)} MB each (CP1252)`);
    console.log(`  total     p50 ${fmt(q(total, 0.5))}  p95 ${fmt(q(total, 0.95))}   (target < 2000 ms)`);
    console.log(`  CPU time  p50 ${fmt(q(cpu, 0.5))}  p95 ${fmt(q(cpu, 0.95))}   (this process, server and client; the machine's load does not stretch it)`);
    console.log(`  1st byte  p50 ${fmt(q(ttfb, 0.5))}  p95 ${fmt(q(ttfb, 0.95))}`);
    console.log(
      `  RSS growth while exporting  p50 ${q(rss, 0.5).toFixed(1)} MB  max ${q(rss, 1).toFixed(1)} MB (the file is ${(erste.bytes / 1e6).toFixed(1)} MB)`,
    );
    console.log(`  another user's GET /webapp/me meanwhile: slowest p50 ${fmt(q(andere, 0.5))}, worst ${fmt(q(andere, 1))}`);
    console.log(
      `export (marks postings): ${fmt(echt.ms)}, 1st byte ${fmt(echt.ttfb)}, ${echt.zeilen.toLocaleString('en')} rows, ${Number(markiert.n).toLocaleString('en')} postings marked`,
    );
    console.log(`load average 1 min ${l1?.toFixed(2)}, 5 min ${l5?.toFixed(2)} (${cpus().length} cores)`);
    if (erste.zeilen !== 3 * n || echt.zeilen !== 3 * n || Number(markiert.n) !== 2 * n) throw new Error('rows or marks missing');
  } finally {
    await app.close();
    await handle.close();
  }
}
