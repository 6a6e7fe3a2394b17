import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, BELEGARTEN } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { type DbHandle, migrate, openDatabase } from '../../apps/server/src/db/index';
import { seed } from '../../apps/server/src/seed/index';

/** Percentiles of a timed piece of work (after `warmup` untimed runs) and the bytes of its last result. */
export interface Timing {
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

/** Runs `work` `warmup` times untimed, then `n` times timed; `work` answers the bytes it produced. */
export async function measure(n: number, work: () => Promise<number>, warmup: number): Promise<Timing> {
  let bytes = 0;
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    bytes = await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1] as number, bytes };
}

export interface InvoiceApp {
  handle: DbHandle;
  app: FastifyInstance;
  /** Headers of the administrator's session. */
  auth: Record<string, string>;
  /** The 3-page invoice: 70 lines at 19 % and 7 %. */
  id: number;
  close(): Promise<void>;
}

/**
 * The setup the PDF and e-invoice benchmarks share: a seeded demo database in a temporary SQLite file, the app
 * in-process with the administrator signed in, and a 3-page invoice (70 article lines, 19 % and 7 %) made through the
 * API; `vorher` adjusts the customer first (e.g. its e-invoice format), `buchen` books the invoice.
 */
export async function invoiceApp(
  name: string,
  opts: { betreff?: string; buchen?: boolean; vorher?: (h: DbHandle, adresseId: number) => Promise<void> } = {},
): Promise<InvoiceApp> {
  const file = join(tmpdir(), `vario-bench-${name}-${process.pid}.sqlite`);
  const handle = await openDatabase(file);
  const entfernen = async () => {
    await handle.close();
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
  };
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
    await opts.vorher?.(handle, adresse.id);
    const created = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/verkauf/belege`,
      headers: auth,
      payload: { data: { belegart: BELEGARTEN.rechnung.belegart, adresseId: adresse.id, ...(opts.betreff ? { betreff: opts.betreff } : {}) } },
    });
    const id = created.json().result.id as number;
    for (let i = 1; i <= 70; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/verkauf/belege/${id}/positionen`,
        headers: auth,
        payload: { data: { artikelId: artikel.id, bezeichnung: `Ventil Größe ${i}`, beschreibung: null, menge: i, mwstSatz: i % 2 ? 19 : 7 } },
      });
      if (res.statusCode !== 201) throw new Error(`position ${i}: ${res.statusCode} ${res.body}`);
    }
    if (opts.buchen) {
      const booked = await app.inject({ method: 'POST', url: `${API_PREFIX}/verkauf/belege/${id}/buchen`, headers: auth, payload: {} });
      if (booked.statusCode !== 200) throw new Error(`booking: ${booked.statusCode} ${booked.body}`);
    }
    return {
      handle,
      app,
      auth,
      id,
      close: async () => {
        await app.close();
        await entfernen();
      },
    };
  } catch (e) {
    await entfernen();
    throw e;
  }
}
