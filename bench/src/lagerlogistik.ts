import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '@vario/contract';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';

/**
 * `npm run bench picklist` (issue 25 item 11), in-process on a fresh SQLite file with the demo data (scale 60):
 * - a pick confirmation (POST /tablet/pickliste-artikel/bestaetigen: checks, the line, the confirmation row and the
 *   stock issue through the movement journal in one transaction) — p50/p95 over BENCH_RUNS sequential confirmations of
 *   one piece on a list the caller holds; target p95 < 50 ms;
 * - sign-in and sign-out (POST /zeiterfassung/anmelden, /abmelden) alternating — p50/p95; target p95 < 20 ms.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] as number;
};

async function timed(runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(i);
  const times: number[] = [];
  for (let i = 5; i < runs + 5; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return { p50: pct(times, 0.5), p95: pct(times, 0.95) };
}

const line = (name: string, r: { p50: number; p95: number }, target: number) =>
  console.log(
    `${name.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  target p95 < ${target} ms  ${r.p95 < target ? 'ok' : 'MISSED'}`,
  );

export async function picklistBench() {
  const file = join(tmpdir(), `vario-bench-picklist-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  try {
    await migrate(handle);
    console.log('Seeding the demo data (scale 60) …');
    await seed(handle, { scale: 60, demo: true });
    const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const token = login.json().result.token as string;
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url: `${API_PREFIX}${path}`,
        headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json().result;
    };
    const db = handle.db;
    const hl = await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const platz = await db.selectFrom('lagerplaetze').select(['id', 'location']).where('lagerId', '=', hl.id).orderBy('location').executeTakeFirstOrThrow();
    const adresse = await db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow();
    const artikel = await call('POST', '/stammdaten/artikel', {
      data: { artikelnummer: `BENCH-PICK-${Date.now()}`, artikelart: '1', bezeichnung: 'Bench', vknetto: 1 },
      ProtokollBemerkung: 'Bench',
    });
    await call('POST', '/lager/buchungen', { data: { art: 'ZUGANG', artikelId: artikel.id, lagerId: hl.id, lagerplatzId: platz.id, menge: RUNS + 100 } });
    const beleg = await call('POST', '/verkauf/belege', { data: { belegart: '0200', adresseId: adresse.id } });
    await call('POST', `/verkauf/belege/${beleg.id}/positionen`, { data: { artikelId: artikel.id, menge: RUNS + 50, lagId: hl.id } });
    await call('POST', `/verkauf/belege/${beleg.id}/buchen`, {});
    const [liste] = await call('POST', '/tablet/picklisten', { data: { belegId: beleg.id } });
    const offen = await call('GET', `/tablet/pickliste-artikel?LfdNr=${liste.lfdNr}`);
    const positionId = offen.artikel[0].id as number;
    const pick = await timed(RUNS, () =>
      call('POST', '/tablet/pickliste-artikel/bestaetigen', {
        data: { lfdNr: liste.lfdNr, positionId, lagerplatz: platz.location, artikel: artikel.artikelnummer, menge: 1 },
      }),
    );
    line('pick confirmation (1 piece, journal)', pick, 50);
    // sign-in and sign-out alternate; whichever state the demo left, start signed out
    await call('POST', '/zeiterfassung/abmelden', { data: {} }).catch(() => undefined);
    const stamp = await timed(RUNS, (i) => call('POST', i % 2 === 0 ? '/zeiterfassung/anmelden' : '/zeiterfassung/abmelden', { data: {} }));
    line('sign-in / sign-out', stamp, 20);
    await app.close();
  } finally {
    await handle.close();
    for (const f of ['', '-wal', '-shm']) rmSync(file + f, { force: true });
  }
}
