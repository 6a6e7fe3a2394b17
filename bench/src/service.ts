import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, AUFTRAGSSTATUS } from '@vario/contract';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { type DbHandle, migrate, openDatabase } from '../../apps/server/src/db/index';
import { bucheManuell } from '../../apps/server/src/modules/lager/lager.service';
import * as svc from '../../apps/server/src/modules/service/service.service';
import type { Wer } from '../../apps/server/src/modules/service/service.wer';
import { seed } from '../../apps/server/src/seed/index';

/**
 * `npm run bench service` (issue 12 item 7), in-process on a fresh SQLite file:
 * - the planning list and the task detail at BENCH_SERVICE_TASKS tasks (default 100,000; each with one planning item,
 *   spread over the seeded technicians, a quarter for the demo technician): first window with total (office: the
 *   accepted items of everyone, filter serviceAuftragId!null,angenommenDatum!null, orderBy beginnDatum; technician:
 *   their own), a deep window, and the task detail — p50/p95 over sequential calls, beside the bare SQL of the same window;
 *   targets as for addresses (first window p95 < 15 ms, deep < 150 ms);
 * - the replay of BENCH_SERVICE_ACTIONS queued offline actions (default 500: travel start, arrival, time start,
 *   material booking with its stock movements, time stop on 100 tasks) through POST /service/sync — total time —
 *   beside the same actions on as many other tasks sent online one by one (the baseline).
 */
const TASKS = Number(process.env.BENCH_SERVICE_TASKS ?? 100_000);
const ACTIONS = Number(process.env.BENCH_SERVICE_ACTIONS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const CHUNK = 500;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};
const fmt = (n: number) => n.toFixed(1).padStart(8);

async function timed(runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return { p50: pct(times, 0.5), p95: pct(times, 0.95) };
}

/** Bulk tasks and planning items (bench data, not demo data: plain inserts in chunks). */
async function bulk(handle: DbHandle, n: number) {
  const db = handle.db;
  const techniker = await db
    .selectFrom('techniker')
    .innerJoin('benutzer', 'benutzer.id', 'techniker.benutzerId')
    .select(['techniker.id', 'benutzer.anmeldename'])
    .orderBy('techniker.id')
    .execute();
  const demo = techniker.find((t) => t.anmeldename === 'techniker')?.id ?? (techniker[0]?.id as number);
  const assets = await db
    .selectFrom('assets')
    .select(['id', 'adresseId', 'assetnummer', 'bezeichnung'])
    .where('adresseId', 'is not', null)
    .limit(500)
    .execute();
  const now = Date.now();
  const t0 = performance.now();
  for (let start = 0; start < n; start += CHUNK) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let i = start; i < Math.min(n, start + CHUNK); i++) {
        const a = assets[i % assets.length] as (typeof assets)[number];
        rows.push({
          auftragsnummer: `B${1_000_000 + i}`,
          auftragsstatus: i % 5 === 0 ? AUFTRAGSSTATUS.disponiert : AUFTRAGSSTATUS.angenommen,
          materialstatus: null,
          bezeichnung: `Wartung ${a.bezeichnung}`,
          titel: 'Bench',
          auftragsbeschreibung: 'Regelwartung',
          auftragsartId: null,
          abrechnungsartId: null,
          aufwandGeschaetzt: 60,
          extReferenz: null,
          kundenauftragskennzeichen: null,
          adresseId: a.adresseId,
          assetId: a.id,
          technikerId: i % 4 === 0 ? demo : (techniker[i % techniker.length]?.id as number),
          stoermelderName: null,
          stoermelderTelefon: '+49 511 1',
          standortTelefon1: null,
          standortTelefon2: null,
          standortMobil: null,
          telefon1: null,
          telefon2: null,
          mobil: null,
          standortName: null,
          standortStrasse: 'Werkstraße 1',
          standortPlz: '30159',
          standortOrt: 'Hannover',
          unterschriftDaten: null,
          unterschriftName: null,
          unterschriftAm: null,
          abgeschlossenAm: null,
          abschlussbericht: null,
          abschlussberichtSha256: null,
          angelegtAm: new Date(now).toISOString(),
          geaendertAm: new Date(now).toISOString(),
        });
      }
      const ids = await trx.insertInto('serviceAuftraege').values(rows).returning(['id', 'technikerId', 'auftragsstatus']).execute();
      await trx
        .insertInto('servicePlanungen')
        .values(
          ids.map((r, k) => {
            const i = start + k;
            const beginn = new Date(now + ((i % 2000) - 1000) * 3_600_000).toISOString();
            return {
              serviceAuftragId: r.id,
              technikerId: r.technikerId,
              beginnDatum: beginn,
              endeDatum: new Date(Date.parse(beginn) + 7_200_000).toISOString(),
              angenommenDatum: r.auftragsstatus === AUFTRAGSSTATUS.angenommen ? beginn : null,
              titel: 'Bench',
              plz: '30159',
              ort: 'Hannover',
              strasse: 'Werkstraße 1',
              assetBezeichnung: null,
              assetNr: null,
              auftragsbeschreibung: 'Regelwartung',
            };
          }),
        )
        .execute();
    });
  }
  await sql`analyze`.execute(db).catch(() => undefined);
  return { ms: performance.now() - t0, demo };
}

export async function serviceBench() {
  const file = join(tmpdir(), `vario-bench-service-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  try {
    await migrate(handle);
    console.log('Seeding the demo data (scale 60) …');
    await seed(handle, { scale: 60, demo: true });
    console.log(`Adding ${TASKS.toLocaleString('de-DE')} tasks with planning items …`);
    const b = await bulk(handle, TASKS);
    console.log(`  ${(b.ms / 1000).toFixed(1)} s`);
    const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
    await app.ready();
    const token = async (user: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/login`,
          headers: { authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` },
        })
      ).json().result.token as string;
    const tokens = { admin: await token('admin'), techniker: await token('techniker') };
    const call = async (who: keyof typeof tokens, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.inject({
        method,
        url: `${API_PREFIX}${path}`,
        headers: { authorization: `Bearer ${tokens[who]}`, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json() as { result: unknown };
    };
    const db = handle.db;
    const total = (
      await db
        .selectFrom('servicePlanungen')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const eigene = (
      await db
        .selectFrom('servicePlanungen')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('technikerId', '=', b.demo)
        .executeTakeFirstOrThrow()
    ).n;
    const filter = encodeURIComponent('serviceAuftragId!null,angenommenDatum!null');
    const deep = Math.floor(Number(total) / 2);
    const deepOwn = Math.floor(Number(eigene) / 2);
    const ids = (await db.selectFrom('serviceAuftraege').select('id').orderBy('id').execute()).map((r) => r.id);
    const bare = (qb: () => Promise<unknown>) => qb;

    const rows: { name: string; m: { p50: number; p95: number }; base?: { p50: number; p95: number }; target?: number }[] = [];
    rows.push({
      name: `office: accepted items, first window of 100 + total (${Number(total).toLocaleString('de-DE')})`,
      m: await timed(RUNS, () => call('admin', 'GET', `/service/planung?filter=${filter}&orderBy=beginnDatum&limit=100&returnTotal=true`)),
      base: await timed(
        RUNS,
        bare(() =>
          db
            .selectFrom('servicePlanungen')
            .selectAll()
            .where('serviceAuftragId', 'is not', null)
            .where('angenommenDatum', 'is not', null)
            .orderBy('beginnDatum')
            .orderBy('id')
            .limit(100)
            .execute(),
        ),
      ),
      target: 15,
    });
    rows.push({
      name: `office: deep window (offset ${deep.toLocaleString('de-DE')})`,
      m: await timed(RUNS, () => call('admin', 'GET', `/service/planung?filter=${filter}&orderBy=beginnDatum&limit=100&offset=${deep}`)),
      base: await timed(
        RUNS,
        bare(() =>
          db
            .selectFrom('servicePlanungen')
            .selectAll()
            .where('serviceAuftragId', 'is not', null)
            .where('angenommenDatum', 'is not', null)
            .orderBy('beginnDatum')
            .orderBy('id')
            .limit(100)
            .offset(deep)
            .execute(),
        ),
      ),
      target: 150,
    });
    rows.push({
      name: `technician: own accepted items, first window + total (${Number(eigene).toLocaleString('de-DE')})`,
      m: await timed(RUNS, () => call('techniker', 'GET', `/service/planung?filter=${filter}&orderBy=beginnDatum&limit=100&returnTotal=true`)),
      target: 15,
    });
    rows.push({
      name: `technician: deep window (offset ${deepOwn.toLocaleString('de-DE')})`,
      m: await timed(RUNS, () => call('techniker', 'GET', `/service/planung?filter=${filter}&orderBy=beginnDatum&limit=100&offset=${deepOwn}`)),
      target: 150,
    });
    rows.push({
      name: 'task detail (office, random task)',
      m: await timed(RUNS, (i) => call('admin', 'GET', `/service/auftraege/${ids[(i * 7919) % ids.length]}`)),
      base: await timed(RUNS, (i) =>
        db
          .selectFrom('serviceAuftraege')
          .selectAll()
          .where('id', '=', ids[(i * 7919) % ids.length] as number)
          .execute(),
      ),
      target: 15,
    });
    const seeded = await db.selectFrom('serviceAuftraege').select('id').where('auftragsstatus', '=', AUFTRAGSSTATUS.abgeschlossen).limit(20).execute();
    if (seeded.length) {
      rows.push({
        name: 'task detail (completed task with journey, material, times)',
        m: await timed(RUNS, (i) => call('admin', 'GET', `/service/auftraege/${seeded[i % seeded.length]?.id}`)),
        target: 15,
      });
    }
    console.log(`\nField service at ${TASKS.toLocaleString('de-DE')} tasks (SQLite, in-process)`);
    console.log(
      `${'benchmark'.padEnd(70)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'bare p50'.padStart(9)}${'bare p95'.padStart(9)}${'target'.padStart(8)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(70)}${fmt(r.m.p50)}${fmt(r.m.p95)}${r.base ? fmt(r.base.p50).padStart(9) : '-'.padStart(9)}${r.base ? fmt(r.base.p95).padStart(9) : '-'.padStart(9)}${(r.target ? `<${r.target}` : '-').padStart(8)}${r.target ? (r.m.p95 <= r.target ? ' ok' : ' ABOVE') : ''}`,
      );
    }

    await replayBench(handle, call);
    await app.close();
  } finally {
    await handle.close();
    for (const f of ['', '-wal', '-shm']) rmSync(file + f, { force: true });
  }
}

/** Tasks for the replay: accepted by the demo technician, each with a transferred material line (stock in the good-parts store). */
async function replayTasks(handle: DbHandle, count: number) {
  const db = handle.db;
  const admin = await db.selectFrom('benutzer').select(['id', 'name']).where('anmeldename', '=', 'admin').executeTakeFirstOrThrow();
  const tech = await db
    .selectFrom('techniker')
    .innerJoin('benutzer', 'benutzer.id', 'techniker.benutzerId')
    .select(['techniker.id', 'techniker.gutteileLagerId', 'benutzer.id as benutzerId', 'benutzer.name'])
    .where('benutzer.anmeldename', '=', 'techniker')
    .executeTakeFirstOrThrow();
  const office: Wer = { id: admin.id, name: admin.name, istAdmin: true, technikerId: null, alle: true };
  const wer: Wer = { id: tech.benutzerId, name: tech.name, istAdmin: false, technikerId: tech.id, alle: false };
  const zentral = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
    .ausgangLagerId as number;
  const artikel = await db.selectFrom('artikel').select('id').where('artikelart', '=', '1').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const out: { auftragId: number; planungId: number; materialId: number }[] = [];
  await db.transaction().execute(async (trx) => {
    await bucheManuell(trx, admin.id, { art: 'ZUGANG', artikelId: artikel.id, lagerId: zentral, menge: count * 2 });
    for (let i = 0; i < count; i++) {
      const auftragId = await svc.auftragAnlegen(trx, office, { bezeichnung: `Replay ${i}` });
      const beginn = new Date(Date.now() - 4 * 3_600_000).toISOString();
      const planungId = await svc.planungAnlegen(trx, office, {
        serviceAuftragId: auftragId,
        technikerId: tech.id,
        beginnDatum: beginn,
        endeDatum: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await svc.annehmen(trx, { wer, quelle: 'online' }, planungId, {});
      const materialId = await svc.materialAnlegen(trx, office, auftragId, { artikelId: artikel.id, menge: 1, quelleLagerId: zentral });
      await svc.materialUmlagern(trx, office, materialId, 1);
      out.push({ auftragId, planungId, materialId });
    }
  });
  return out;
}

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
function actionsFor(t: { auftragId: number; planungId: number; materialId: number }) {
  return [
    { art: 'reisebeginn', planungId: t.planungId, zeitpunkt: ago(200), daten: {} },
    { art: 'ankunft', planungId: t.planungId, zeitpunkt: ago(180), daten: { strecke: 12 } },
    { art: 'zeitStart', planungId: t.planungId, zeitpunkt: ago(179), daten: { abbrechen: true } },
    { art: 'materialBuchung', auftragId: t.auftragId, materialId: t.materialId, zeitpunkt: ago(170), daten: { art: 'eingebaut', menge: 1 } },
    { art: 'zeitStopp', planungId: t.planungId, zeitpunkt: ago(120), daten: {} },
  ];
}

async function replayBench(
  handle: DbHandle,
  call: (who: 'admin' | 'techniker', method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ result: unknown }>,
) {
  const perTask = 5;
  const n = Math.ceil(ACTIONS / perTask);
  const queued = await replayTasks(handle, n);
  const online = await replayTasks(handle, n);
  const aktionen = queued
    .flatMap(actionsFor)
    .slice(0, ACTIONS)
    .map((a) => ({ clientId: randomUUID(), ...a }));

  let t0 = performance.now();
  const res = await call('techniker', 'POST', '/service/sync', { data: { aktionen } });
  const syncMs = performance.now() - t0;
  const applied = (res.result as { ergebnis: string }[]).filter((r) => r.ergebnis === 'angewendet').length;
  t0 = performance.now();
  const again = await call('techniker', 'POST', '/service/sync', { data: { aktionen } });
  const replayMs = performance.now() - t0;
  const doppelt = (again.result as { ergebnis: string }[]).filter((r) => r.ergebnis === 'doppelt').length;

  const steps = online.flatMap(actionsFor).slice(0, ACTIONS);
  const PATH: Record<string, (a: (typeof steps)[number]) => string> = {
    reisebeginn: (a) => `/service/planung/${a.planungId}/reisebeginn`,
    ankunft: (a) => `/service/planung/${a.planungId}/ankunft`,
    zeitStart: (a) => `/service/planung/${a.planungId}/zeit/start`,
    zeitStopp: (a) => `/service/planung/${a.planungId}/zeit/stopp`,
    materialBuchung: (a) => `/service/auftraege/${a.auftragId}/material/${a.materialId}/buchungen`,
  };
  t0 = performance.now();
  for (const a of steps) {
    await call(
      'techniker',
      'POST',
      (PATH[a.art] as (x: typeof a) => string)(a),
      { data: { ...a.daten, zeitpunkt: a.zeitpunkt } },
      { 'idempotency-key': randomUUID() },
    );
  }
  const onlineMs = performance.now() - t0;
  console.log(`\nOffline replay of ${aktionen.length} queued actions (${n} tasks: travel start, arrival, time start, material booking, time stop)`);
  console.log(
    `  POST /service/sync, one request:          ${syncMs.toFixed(0).padStart(7)} ms total, ${(syncMs / aktionen.length).toFixed(2)} ms/action (${applied} applied)`,
  );
  console.log(`  the same request again (all doppelt):     ${replayMs.toFixed(0).padStart(7)} ms total (${doppelt} doppelt)`);
  console.log(
    `  baseline: ${steps.length} online calls one by one:  ${onlineMs.toFixed(0).padStart(7)} ms total, ${(onlineMs / steps.length).toFixed(2)} ms/action`,
  );
  console.log(`  ratio sync / online: ${(syncMs / onlineMs).toFixed(2)}`);
}
