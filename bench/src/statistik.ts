import { inTransaction, openDatabase } from '../../apps/server/src/db/index';
import { umsatzNeuAufbauen } from '../../apps/server/src/db/umsatz';
import { latencies } from './latency';
import { benchDatabase, startChild } from './lib';

/**
 * The statistics dashboard (issue 23 item 11): each call the dashboard and /home make, p95 of sequential requests
 * against the seeded database (BENCH_SCALE, default 1m: a million documents), target < 50 ms; then the turnover
 * aggregate's rebuild (`npm run umsatz-rebuild`), timed.
 */
export async function statistikBench(scale = process.env.BENCH_SCALE ?? '1m') {
  const file = await benchDatabase(scale);
  const app = await startChild('app', file);
  try {
    const login = await fetch(`${app.url}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}` };
    const kunde = (await (await fetch(`${app.url}/vario-api/verkauf/belege?limit=1&filter=belegart=0400`, { headers: auth })).json()).result[0]?.adresseId ?? 1;
    const calls = [
      ['company turnover            /auswertungen/umsatz/daten', '/auswertungen/umsatz/daten'],
      ['turnover by product group   /auswertungen/umsatzwarengruppen/daten', '/auswertungen/umsatzwarengruppen/daten'],
      ['open items by dunning level /auswertungen/offenepostenuebersicht/daten', '/auswertungen/offenepostenuebersicht/daten'],
      ['birthdays                   /auswertungen/geburtstage/daten', '/auswertungen/geburtstage/daten'],
      ['address turnover tab        /auswertungen/umsatzstatistik/daten', `/auswertungen/umsatzstatistik/daten?adresseId=${kunde}`],
    ] as const;
    console.log(`Statistics dashboard at ${scale}: p95 of 200 sequential calls each, target < 50 ms`);
    for (const [name, path] of calls) {
      const m = await latencies(`${app.url}/vario-api${path}`, auth);
      console.log(`  ${name}   p50 ${m.p50.toFixed(1)} ms   p95 ${m.p95.toFixed(1)} ms   ${m.bytes} B   ${m.p95 < 50 ? 'ok' : 'ABOVE'}`);
    }
  } finally {
    app.child.kill();
  }
  const handle = await openDatabase(file);
  try {
    const t0 = performance.now();
    const n = await inTransaction(handle.db, (trx) => umsatzNeuAufbauen(trx));
    console.log(`  turnover aggregate rebuilt: ${n} cells in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}
