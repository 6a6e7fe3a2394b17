import { latencies } from './latency';
import { startChild } from './lib';
import { listBench } from './list-bench';
import { type BenchDb, benchDatabases } from './pg-cluster';

/**
 * Tickets (issue 22 item 13): the list at 1,000,000 tickets like the other lists (first and deep window, quick
 * searches, beside the bare route), then the effort roll-up: a three-level tree (1 main ticket, 10 sub-tickets, 100
 * sub-sub-tickets) with 1,000 activities, its GET (ticket + recursive sum) p95 < 20 ms.
 */
export async function ticketsBench(scale = process.env.BENCH_SCALE ?? '1m') {
  await listBench(
    {
      title: 'Tickets (issue 22)',
      path: '/crm/tickets',
      sortField: '-ticketNummer',
      searches: [{ term: '123456', target: 50 }, { term: 'kompressor', target: 50 }, { term: 'pumpe' }],
      paintModule: 'tickets-paint',
      screen: '/tickets',
    },
    scale,
  );
  for (const db of await benchDatabases(scale)) await rollUp(db);
}

/** The roll-up on one database (`BENCH_DB`: sqlite, pg or both); its tickets and activities stay in the bench database. */
async function rollUp(db: BenchDb) {
  const app = await startChild('app', db.target);
  try {
    const login = await fetch(`${app.url}/vario-api/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const { token } = (await login.json()).result;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, data: object) => {
      const res = await fetch(`${app.url}/vario-api${path}`, { method: 'POST', headers: auth, body: JSON.stringify({ data }) });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).result as { id: number; adresseId: number };
    };
    const adresse = (await (await fetch(`${app.url}/vario-api/stammdaten/adressen?limit=1`, { headers: auth })).json()).result[0].id as number;
    const art = (await (await fetch(`${app.url}/vario-api/crm/aktivitaetsarten?limit=1`, { headers: auth })).json()).result[0].id as number;
    const root = await post('/crm/tickets', { betreff: 'Bench roll-up', adresseId: adresse });
    const leaves: number[] = [];
    for (let i = 0; i < 10; i++) {
      const mid = await post('/crm/tickets', { betreff: `Bench ${i}`, adresseId: adresse, hauptTicketId: root.id });
      for (let k = 0; k < 10; k++) leaves.push((await post('/crm/tickets', { betreff: `Bench ${i}.${k}`, adresseId: adresse, hauptTicketId: mid.id })).id);
    }
    const datum = new Date().toISOString();
    for (let i = 0; i < 1000; i++)
      await post('/crm/aktivitaeten', { ticketId: leaves[i % leaves.length], artId: art, beschreibung: `Bench ${i}`, dauer: 1 + (i % 60), datum });
    const m = await latencies(`${app.url}/vario-api/crm/tickets/${root.id}`, { authorization: auth.authorization });
    console.log(
      `roll-up (${db.label}): GET of a three-level tree with 1,000 activities   p50 ${m.p50.toFixed(1)} ms   p95 ${m.p95.toFixed(1)} ms   target <20${m.p95 <= 20 ? ' ok' : ' ABOVE'}`,
    );
  } finally {
    app.child.kill();
  }
}
