import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, BELEGARTEN } from '@vario/contract';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';

/** Issue 25 item 11: the intake of a 100-line XRechnung p95 < 200 ms without the Java rules (schema and own rules run). */
const P95_MS = 200;
const RUNS = Number(process.env.BENCH_INTAKE_RUNS ?? 40);
const WARMUP = 5;

/**
 * `npm run bench erechnung-eingang`: a booked 100-line invoice of the demo data (19 % and 7 %), delivered as XRechnung
 * UBL and CII through the API, then taken in again and again through POST /eingangsrechnungspruefung/erechnung
 * (in-process, SQLite; each run under its own invoice number, the supplier found by its VAT id): decode, schema
 * (xmllint, CII), read through the mapping table, business rules, supplier, purchase invoice with 100 lines and the
 * file. The official Schematron is off (ERECHNUNG_SCHEMATRON=aus): it runs on Java in seconds, off the request path.
 */
export async function erechnungEingangBench() {
  process.env.ERECHNUNG_SCHEMATRON = 'aus';
  const file = join(tmpdir(), `vario-bench-intake-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  try {
    await migrate(handle);
    await seed(handle, { scale: 60, demo: true });
    const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 } });
    const login = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const auth = { authorization: `Bearer ${login.json().result.token as string}`, 'content-type': 'application/json' };
    const artikel = await handle.db.selectFrom('artikel').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const adresse = await handle.db.selectFrom('adressen').select('id').where('istKunde', '=', true).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await handle.db.updateTable('adressen').set({ steuerfall: 'inland', email: 'einkauf@example.de' }).where('id', '=', adresse.id).execute();
    // the purchase side knows the seller (the demo company) as a supplier by its VAT id
    const wir = await handle.db.selectFrom('systemInfo').select(['ustId']).where('id', '=', 1).executeTakeFirstOrThrow();
    await handle.db
      .updateTable('adressen')
      .set({ ustId: wir.ustId, istLieferant: true })
      .where('id', '=', (await handle.db.selectFrom('adressen').select('id').where('istLieferant', '=', true).orderBy('id').executeTakeFirstOrThrow()).id)
      .execute();
    const created = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/verkauf/belege`,
      headers: auth,
      payload: { data: { belegart: BELEGARTEN.rechnung.belegart, adresseId: adresse.id, betreff: 'Bestellung 4711' } },
    });
    const id = created.json().result.id as number;
    for (let i = 1; i <= 100; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/verkauf/belege/${id}/positionen`,
        headers: auth,
        payload: { data: { artikelId: artikel.id, bezeichnung: `Ventil Größe ${i}`, beschreibung: null, menge: i, mwstSatz: i % 2 ? 19 : 7 } },
      });
      if (res.statusCode !== 201) throw new Error(`position ${i}: ${res.statusCode} ${res.body}`);
    }
    const booked = await app.inject({ method: 'POST', url: `${API_PREFIX}/verkauf/belege/${id}/buchen`, headers: auth, payload: {} });
    if (booked.statusCode !== 200) throw new Error(`booking: ${booked.statusCode} ${booked.body}`);
    const nummer = booked.json().result.belegnummer as string;

    let n = 0;
    const intake = (format: 'xrechnung-ubl' | 'xrechnung-cii') => async () => {
      const xml = (await app.inject({ method: 'GET', url: `${API_PREFIX}/verkauf/belege/${id}/erechnung?format=${format}`, headers: auth })).body;
      return async () => {
        n++;
        const daten = Buffer.from(xml.replaceAll(nummer, `${nummer}-${n}`)).toString('base64');
        const res = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/eingangsrechnungspruefung/erechnung`,
          headers: auth,
          payload: { data: { dateiname: 'rechnung.xml', daten } },
        });
        if (res.statusCode !== 201) throw new Error(`intake: ${res.statusCode} ${res.body.slice(0, 500)}`);
      };
    };
    const measure = async (work: () => Promise<void>) => {
      for (let i = 0; i < WARMUP; i++) await work();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
      return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1] as number };
    };
    const ubl = await measure(await intake('xrechnung-ubl')());
    const cii = await measure(await intake('xrechnung-cii')());
    await app.close();
    const fmt = (v: number) => v.toFixed(1).padStart(9);
    console.log(`\nE-invoice intake of a 100-line XRechnung (${RUNS} runs after ${WARMUP} warm-up, in-process, SQLite, without the Java rules)`);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`${'benchmark'.padEnd(62)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'target'.padStart(9)}`);
    const row = (name: string, t: Awaited<ReturnType<typeof measure>>) =>
      console.log(`${name.padEnd(62)}${fmt(t.p50)}${fmt(t.p95)}${fmt(t.max)}${`< ${P95_MS}`.padStart(9)}`);
    row('POST …/erechnung: XRechnung UBL, 100 lines', ubl);
    row('POST …/erechnung: XRechnung CII, 100 lines (+ xmllint schema)', cii);
    console.log(`targets met: ${ubl.p95 < P95_MS && cii.p95 < P95_MS ? 'yes' : 'NO'}`);
  } finally {
    await handle.close();
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
  }
}
