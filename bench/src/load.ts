import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BELEGARTEN } from '@vario/contract';
import { type DbHandle, migrate, openDatabase } from '../../apps/server/src/db/index';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { seed } from '../../apps/server/src/seed/index';
import { parseScale } from '../../apps/server/src/seed/scale';
import { startNginx } from '../../reliability/src/cluster';
import { findPgBin } from '../../reliability/src/lib/pg';
import { PGBOUNCER, type Replicated, startPgbouncer, startReplicated } from '../../reliability/src/lib/replica';
import { benchDatabase, freePort, startChild } from './lib';

/**
 * `npm run bench -- load`: 50 office users at once (`LOAD_USERS`) for 60 s (`LOAD_SECONDS`) — list scrolling, record
 * opening, quick search, edits and bookings, 70/30 read/write by requests — against SQLite and PostgreSQL, each beside
 * a bare Fastify route answering the recorded bytes of the same reads with the same 50 clients; on PostgreSQL also two
 * instances behind nginx (the reliability harness's), two instances with a streaming replica for list, search and report
 * reads (DATABASE_READ_URL), and one instance through pgbouncer in transaction mode. Every user is its own account
 * (read-your-writes of the replica is per user). No think time: each user sends its next request when the last one is
 * answered (`LOAD_THINK_MS` adds a pause), so the figures are what the server does at saturation.
 * Targets (issue 21 item 5): p99 < 1 s with 0 errors on both databases; two instances ≥ 1.6× one.
 * `LOAD_SCALE` (default 10k) is the seeded size, `LOAD_SCENARIOS` a comma list of scenario keys to run.
 */
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 0);
const SCALE = process.env.LOAD_SCALE ?? '10k';
const WANTED = process.env.LOAD_SCENARIOS?.split(',').map((s) => s.trim());
const want = (key: string) => !WANTED || WANTED.includes(key);

const PASSWORD = 'Last-Passwort-1';
const SEARCHES = ['pumpe', 'schmi', 'ventil', 'berg', 'rohr', 'kugelhahn', 'gmbh', 'mueller'];

interface Fixture {
  base: string;
  tokens: string[];
  adressen: number[];
  artikel: number[];
  belege: number[];
  kundeId: number;
  buchArtikel: number[];
}

interface Outcome {
  requests: number;
  ops: number;
  seconds: number;
  latencies: number[];
  errors: number;
  errorSamples: string[];
  writes: number;
}

/** A small deterministic generator per user (mulberry32), so that runs compare. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, xs: T[]) => xs[Math.floor(r() * xs.length)] as T;

const pct = (sorted: number[], p: number) => (sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number) : 0);

/** Adds the bench's users (password PASSWORD, administrators: the mix reaches every area) to a seeded database. */
async function addUsers(handle: DbHandle, n: number) {
  const hash = await hashPassword(PASSWORD);
  const have = await handle.db.selectFrom('benutzer').select('anmeldename').where('anmeldename', 'like', 'last%').execute();
  const known = new Set(have.map((r) => r.anmeldename));
  const rows = Array.from({ length: n }, (_, i) => `last${i}`)
    .filter((login) => !known.has(login))
    .map((login, i) => ({
      name: `Lastnutzer ${login}`,
      kuerzel: `L${i}`.slice(0, 8),
      anmeldename: login,
      typ: 0,
      istAdmin: true,
      gesperrt: false,
      avatar: null,
      vorgabeLagerId: null,
      email: null,
      passwortHash: hash,
    }));
  if (rows.length)
    await handle.db
      .insertInto('benutzer')
      .values(rows as never)
      .execute();
}

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}/vario-api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** Logs the users in and gathers the ids the mix works on (through the API, as a client would). */
async function prepare(base: string, handle: DbHandle): Promise<Fixture> {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const res = await fetch(`${base}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`last${i}:${PASSWORD}`).toString('base64')}` },
    });
    if (res.status !== 200) throw new Error(`login last${i}: ${res.status} ${await res.text()}`);
    tokens.push((await res.json()).result.token);
  }
  const db = handle.db;
  const adressen = (
    await db
      .selectFrom('adressen')
      .select('id')
      .orderBy('id')
      .limit(USERS * 4)
      .execute()
  ).map((r) => r.id);
  const artikel = (await db.selectFrom('artikel').select('id').orderBy('id').limit(200).execute()).map((r) => r.id);
  const belege = (await db.selectFrom('belege').select('id').orderBy('id', 'desc').limit(200).execute()).map((r) => r.id);
  const kundeId = (
    await db.selectFrom('adressen').select('id').where('istKunde', '=', true).where('gesperrt', '=', false).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  const lagerId = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirstOrThrow())
    .ausgangLagerId as number;
  const admin = tokens[0] as string;
  const buchArtikel: number[] = [];
  for (let i = 0; i < 4; i++) {
    const a = await api(base, admin, 'POST', '/stammdaten/artikel', {
      data: { artikelnummer: `LAST-${Date.now().toString(36)}-${i}`, artikelart: '1', bezeichnung: `Lastartikel ${i}`, vknetto: 10 + i },
      ProtokollBemerkung: 'Lastbench',
    });
    if (a.status !== 201) throw new Error(`article: ${a.status} ${a.text.slice(0, 200)}`);
    const id = JSON.parse(a.text).result.id as number;
    const z = await api(base, admin, 'POST', '/lager/buchungen', {
      data: { art: 'ZUGANG', artikelId: id, lagerId, menge: 10_000_000 },
      ProtokollBemerkung: 'Lastbench',
    });
    if (z.status >= 300) throw new Error(`stock: ${z.status} ${z.text.slice(0, 200)}`);
    buchArtikel.push(id);
  }
  return { base, tokens, adressen, artikel, belege, kundeId, buchArtikel };
}

/** The read requests of the mix (also what the bare route is given to answer). */
function readPath(r: () => number, f: Fixture, step: { offset: number }): string {
  const x = r();
  if (x < 0.36) {
    // scrolling: the next window of the list, the first with its total
    const first = step.offset === 0;
    const p = `/stammdaten/adressen?limit=100&offset=${step.offset}&orderBy=name1${first ? '&returnTotal=true' : ''}`;
    step.offset = (step.offset + 100) % 2000;
    return p;
  }
  if (x < 0.72) {
    const y = r();
    if (y < 0.4) return `/stammdaten/adressen/${pick(r, f.adressen)}`;
    if (y < 0.7) return `/stammdaten/artikel/${pick(r, f.artikel)}`;
    return `/verkauf/belege/${pick(r, f.belege)}`;
  }
  const term = encodeURIComponent(pick(r, SEARCHES));
  return r() < 0.5
    ? `/stammdaten/artikel?limit=100&orderBy=artikelnummer&returnTotal=true&search=${term}`
    : `/stammdaten/adressen?limit=100&orderBy=name1&returnTotal=true&search=${term}`;
}

/**
 * `USERS` loops for `seconds`: each step is a read (70 % of the requests), an edit of one of the user's own addresses, or
 * a booking (a new invoice, two lines, booked: four requests), weighted so that writes are 30 % of the requests.
 */
async function mix(f: Fixture, seconds: number, bareReads?: string[]): Promise<Outcome> {
  const out: Outcome = { requests: 0, ops: 0, seconds, latencies: [], errors: 0, errorSamples: [], writes: 0 };
  const end = performance.now() + seconds * 1000;
  const timed = async (token: string, method: string, path: string, body?: unknown, write = false) => {
    const t0 = performance.now();
    let status = 0;
    let text = '';
    try {
      ({ status, text } = await api(f.base, token, method, path, body));
    } catch (err) {
      text = (err as Error).message;
    }
    out.latencies.push(performance.now() - t0);
    out.requests++;
    if (write) out.writes++;
    if (status < 200 || status >= 300) {
      out.errors++;
      if (out.errorSamples.length < 5) out.errorSamples.push(`${method} ${path.split('?')[0]}: ${status} ${text.slice(0, 160)}`);
      return undefined;
    }
    return text;
  };
  const user = async (u: number) => {
    const r = rng(1000 + u);
    const token = f.tokens[u % f.tokens.length] as string;
    const step = { offset: 0 };
    const own = f.adressen.slice((u * 4) % f.adressen.length, ((u * 4) % f.adressen.length) + 4);
    while (performance.now() < end) {
      const x = r();
      if (bareReads) {
        await timed(token, 'GET', pick(r, bareReads));
      } else if (x < 0.7 / 0.925) {
        await timed(token, 'GET', readPath(r, f, step));
      } else if (x < 0.9 / 0.925) {
        await timed(
          token,
          'PATCH',
          `/stammdaten/adressen/${pick(r, own)}`,
          { data: { name2: `Last ${u} ${out.requests}` }, ProtokollBemerkung: 'Lastbench' },
          true,
        );
      } else {
        const b = await timed(token, 'POST', '/verkauf/belege', { data: { belegart: BELEGARTEN.rechnung.belegart, adresseId: f.kundeId } }, true);
        if (b) {
          const id = JSON.parse(b).result.id as number;
          for (const artikelId of f.buchArtikel.slice(0, 2))
            await timed(token, 'POST', `/verkauf/belege/${id}/positionen`, { data: { artikelId, menge: 1 } }, true);
          await timed(token, 'POST', `/verkauf/belege/${id}/buchen`, {}, true);
        }
      }
      out.ops++;
      if (THINK_MS) await new Promise((res) => setTimeout(res, THINK_MS * (0.5 + r())));
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, u) => user(u)));
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

/** The bare baseline: the same 50 clients reading the recorded answers of the mix's reads from a bare Fastify route. */
async function bare(f: Fixture, seconds: number): Promise<Outcome> {
  const r = rng(7);
  const step = { offset: 0 };
  const paths = [...new Set(Array.from({ length: 300 }, () => readPath(r, f, step)))];
  const bodies = [];
  for (const p of paths) bodies.push({ path: `/vario-api${p}`, body: (await api(f.base, f.tokens[0] as string, 'GET', p)).text });
  const dir = mkdtempSync(join(tmpdir(), 'vario-load-bare-'));
  const file = join(dir, 'bare.json');
  writeFileSync(file, JSON.stringify(bodies));
  const server = await startChild('bare', file);
  try {
    return await mix({ ...f, base: server.url }, seconds, paths);
  } finally {
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Row {
  name: string;
  o: Outcome;
  bare?: Outcome;
  load: string;
}
const rows: Row[] = [];
const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function scenario(name: string, f: Fixture, withBare: boolean) {
  const before = loadNow();
  // a short warm-up (JIT, caches) that is not counted
  await mix(f, Math.min(3, SECONDS));
  const o = await mix(f, SECONDS);
  const b = withBare ? await bare(f, SECONDS) : undefined;
  const row: Row = { name, o, ...(b ? { bare: b } : {}), load: `${before} → ${loadNow()}` };
  rows.push(row);
  print([row]);
}

function print(list: Row[]) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${'scenario'.padEnd(50)}${pad('req/s', 8)}${pad('ops/s', 8)}${pad('writes', 8)}${pad('p50', 8)}${pad('p95', 8)}${pad('p99', 8)}${pad('errors', 8)}${pad('bare req/s', 11)}${pad('bare p99', 9)}${pad('ratio', 7)}  load average (1/5/15 min) before → after`,
  );
  for (const { name, o, bare: b, load } of list) {
    const s = [...o.latencies].sort((x, y) => x - y);
    const bs = b ? [...b.latencies].sort((x, y) => x - y) : [];
    const rps = o.requests / o.seconds;
    const brps = b ? b.requests / b.seconds : 0;
    const verdict = pct(s, 0.99) < 1000 && o.errors === 0 ? 'ok' : 'MISSED';
    console.log(
      `${name.padEnd(50)}${pad(rps.toFixed(0), 8)}${pad((o.ops / o.seconds).toFixed(0), 8)}${pad(`${Math.round((o.writes / Math.max(1, o.requests)) * 100)}%`, 8)}${pad(pct(s, 0.5).toFixed(0), 8)}${pad(pct(s, 0.95).toFixed(0), 8)}${pad(pct(s, 0.99).toFixed(0), 8)}${pad(o.errors, 8)}${pad(b ? brps.toFixed(0) : '-', 11)}${pad(b ? pct(bs, 0.99).toFixed(0) : '-', 9)}${pad(b ? (rps / brps).toFixed(2) : '-', 7)}  ${load}  p99<1s, 0 errors: ${verdict}`,
    );
    for (const e of o.errorSamples) console.log(`    error: ${e}`);
  }
}

export async function loadBench() {
  console.log(`Load: ${USERS} users, ${SECONDS} s per scenario, think time ${THINK_MS} ms, scale ${SCALE}; one run per scenario after a 3 s warm-up`);
  // SQLite: a copy of the bench database, so the mix's writes do not pile up in it
  if (want('sqlite')) {
    const dir = mkdtempSync(join(tmpdir(), 'vario-load-'));
    const file = join(dir, 'load.sqlite');
    copyFileSync(await benchDatabase(SCALE), file);
    const handle = await openDatabase(file);
    try {
      await addUsers(handle, USERS);
      const app = await startChild('app', file);
      try {
        await scenario('SQLite, 1 instance', await prepare(app.url, handle), true);
      } finally {
        app.child.kill();
      }
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pgBin = process.env.SKIP_POSTGRES ? null : findPgBin();
  if (!pgBin) console.log('(PostgreSQL not measured: server binaries not found or SKIP_POSTGRES set)');
  else if (['pg', 'pg2', 'pg2replica', 'pgbouncer'].some(want)) await postgresScenarios(pgBin);
  console.log(`\nSummary (${USERS} users, ${SECONDS} s each)`);
  print(rows);
  const one = rows.find((r) => r.name.startsWith('PostgreSQL, 1 instance'));
  const two = rows.find((r) => r.name.startsWith('PostgreSQL, 2 instances behind'));
  if (one && two) {
    const ratio = two.o.requests / two.o.seconds / (one.o.requests / one.o.seconds);
    console.log(`two instances / one instance on PostgreSQL: ${ratio.toFixed(2)}× (target ≥ 1.6×; one machine's cores bound it)`);
  }
}

async function postgresScenarios(pgBin: string) {
  // a primary with a streaming replica (the replica scenario reads from it; the others leave it idle but replaying)
  const repl: Replicated = await startReplicated(pgBin);
  const children: { child: { kill(): void } }[] = [];
  try {
    const url = await repl.primary.createDb('vario_load');
    const handle = await openDatabase(url);
    try {
      await migrate(handle);
      console.log(`Seeding ${SCALE} demo records into PostgreSQL …`);
      await seed(handle, { scale: parseScale(SCALE), demo: true });
      await addUsers(handle, USERS);
      await repl.caughtUp();
      const instance = async (env: Record<string, string> = {}, dbUrl = url) => {
        const saved = { ...process.env };
        Object.assign(process.env, env);
        try {
          const c = await startChild('app', dbUrl);
          children.push(c);
          return c;
        } finally {
          process.env = saved;
        }
      };
      const stopAll = () => {
        for (const c of children.splice(0)) c.child.kill();
      };
      if (want('pg')) {
        const a = await instance();
        await scenario('PostgreSQL, 1 instance (primary)', await prepare(a.url, handle), true);
        stopAll();
      }
      if (want('pg2')) {
        const a = await instance();
        const b = await instance();
        const lb = await startNginx([Number(new URL(a.url).port), Number(new URL(b.url).port)], await freePort());
        try {
          await scenario('PostgreSQL, 2 instances behind nginx (primary)', await prepare(lb.base.replace(/\/vario-api$/, ''), handle), false);
        } finally {
          await lb.stop();
          stopAll();
        }
      }
      if (want('pg2replica')) {
        const env = { BENCH_READ_URL: repl.replicaUrl(url) };
        const a = await instance(env);
        const b = await instance(env);
        const lb = await startNginx([Number(new URL(a.url).port), Number(new URL(b.url).port)], await freePort(), { sticky: true });
        try {
          await scenario('PostgreSQL, 2 instances + replica, nginx sticky', await prepare(lb.base.replace(/\/vario-api$/, ''), handle), false);
        } finally {
          await lb.stop();
          stopAll();
        }
      }
      if (want('pgbouncer') && PGBOUNCER) {
        const bouncer = await startPgbouncer(repl.primaryPort, 10);
        try {
          const a = await instance({}, bouncer.url(url));
          await scenario(`PostgreSQL, 1 instance via pgbouncer (transaction)`, await prepare(a.url, handle), false);
          stopAll();
        } finally {
          await bouncer.stop();
        }
      }
    } finally {
      await handle.close();
    }
  } finally {
    for (const c of children) c.child.kill();
    repl.stop();
  }
}
