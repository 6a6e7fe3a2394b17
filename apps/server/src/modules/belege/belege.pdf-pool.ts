import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MessageCode } from '@vario/contract';
import Tinypool from 'tinypool';
import { ApiError, unprocessable } from '../../lib/errors';
import { formatScaled } from '../../lib/format-de';
import type { GeschaeftsdokumentModel } from './belege.pdf';

/**
 * Every PDF the server renders goes through here (issue 19 item 5): sales documents (belege.dokumente.service.ts) and
 * the service completion report (service.pdf.ts). The caller builds the model in its request (its transaction, on
 * the main thread); only the layout and rendering (pdfkit, seconds for a hundred pages) run in a bounded pool of
 * worker threads (tinypool; belege.pdf-worker.mjs), so a plain request never waits behind a PDF.
 *
 * - Bounds per request: at most `PDF_GRENZEN.zeilen` table rows (positions) — more is a 422 before any work — and at
 *   most `PDF_GRENZEN.seiten` pages (the worker stops at the next page: 422). A real document stays far below both
 *   (2,000 positions print on about 120 pages).
 * - Bounded concurrency: `PDF_WORKER` threads (default: the cores but one, 1 to 4), each with a bounded heap; at most
 *   `PDF_WARTESCHLANGE` renders wait (default 4 per thread). A full queue answers 503 with Retry-After, never an
 *   unbounded queue.
 * - Cache (`cache: true`): the PDF by the SHA-256 of its model (every text, number, address, the signature's bytes,
 *   the columns and the creation date) and the render options, so any change to the document gives a new PDF and an
 *   unchanged one the same bytes without rendering; least recently used entries leave when the cache holds more than
 *   `PDF_CACHE_MB` (default 64 MB). Renders of the same model at the same time share one render. A refusal by the
 *   page bound is remembered as well (it would take the same work again).
 */

const zahl = (name: string, standard: number) => {
  const v = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(v) && v >= 0 ? v : standard;
};

export const PDF_GRENZEN = {
  /** Table rows (positions) of one document. */
  zeilen: 5000,
  /** Pages of one document. */
  seiten: 500,
} as const;

const THREADS = Math.max(1, zahl('PDF_WORKER', Math.min(4, Math.max(1, availableParallelism() - 1))));
const WARTESCHLANGE = zahl('PDF_WARTESCHLANGE', THREADS * 4);
const CACHE_BYTES = zahl('PDF_CACHE_MB', 64) * 1024 * 1024;
/** Seconds a client is asked to wait after a 503. */
const RETRY_AFTER = 5;
/** The renderer's options go into the cache key: another bound is another PDF (or refusal). */
const RENDER_OPTIONEN = { maxSeiten: PDF_GRENZEN.seiten };

let pool: Tinypool | null = null;
function workerPool(): Tinypool {
  if (pool) return pool;
  pool = new Tinypool({
    filename: new URL('./belege.pdf-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: THREADS,
    maxQueue: WARTESCHLANGE,
    idleTimeout: 60_000,
    // a worker that outgrows this heap ends with an error instead of taking the server's memory
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  // a worker that fails between tasks is replaced by the pool; its error reaches no request (and must not end the process)
  pool.on('error', () => {});
  return pool;
}

type Ergebnis = { pdf: Buffer; sha256: string } | { seitenGrenze: number };
interface Eintrag {
  ergebnis: Ergebnis;
  bytes: number;
}

/** LRU by bytes: a Map keeps insertion order, a hit moves its key to the end. */
const cache = new Map<string, Eintrag>();
let cacheBytes = 0;
const laufend = new Map<string, Promise<Ergebnis>>();
/** Renders handed to the pool since the start. */
let gerendert = 0;

function merken(key: string, ergebnis: Ergebnis) {
  const bytes = 'pdf' in ergebnis ? ergebnis.pdf.length : 64;
  if (bytes > CACHE_BYTES) return;
  cache.set(key, { ergebnis, bytes });
  cacheBytes += bytes;
  for (const [k, e] of cache) {
    if (cacheBytes <= CACHE_BYTES) break;
    cache.delete(k);
    cacheBytes -= e.bytes;
  }
}

function ausCache(key: string): Ergebnis | undefined {
  const e = cache.get(key);
  if (!e) return undefined;
  cache.delete(key);
  cache.set(key, e);
  return e.ergebnis;
}

/**
 * The model's content hash: its JSON with every binary (the signature) replaced by the SHA-256 of its bytes, plus
 * the render options. Models are built by code in a fixed key order, so the same content gives the same hash.
 */
export function modelHash(model: GeschaeftsdokumentModel): string {
  const json = JSON.stringify({ model, optionen: RENDER_OPTIONEN }, function (this: Record<string, unknown>, key, value) {
    const roh = this[key];
    return roh instanceof Uint8Array ? `sha256:${createHash('sha256').update(roh).digest('hex')}` : value;
  });
  return createHash('sha256').update(json).digest('hex');
}

const tausender = (n: number) => formatScaled(n, 0);

async function imWorker(model: GeschaeftsdokumentModel): Promise<Ergebnis> {
  const p = workerPool();
  // tinypool's own limit is checked too (it throws "Task queue is at limit"); this answers before the task is made
  if (p.queueSize >= WARTESCHLANGE) throw ueberlastet();
  let antwort: { pdf?: ArrayBuffer; seitenGrenze?: number };
  gerendert++;
  try {
    antwort = await p.run({ model, ...RENDER_OPTIONEN });
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw ueberlastet();
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw unprocessable('Das Dokument ist zu umfangreich und kann nicht als PDF erstellt werden; bitte auf mehrere Belege aufteilen');
    throw err;
  }
  if (antwort.seitenGrenze !== undefined) return { seitenGrenze: antwort.seitenGrenze };
  const pdf = Buffer.from(antwort.pdf as ArrayBuffer);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}

const ueberlastet = () =>
  new ApiError(503, MessageCode.unavailable, 'Der Server erstellt gerade zu viele PDF-Dokumente; bitte in wenigen Sekunden erneut versuchen', {
    headers: { 'Retry-After': String(RETRY_AFTER) },
  });

/**
 * Renders the model in the worker pool and answers the PDF with its SHA-256. 422 above the bounds, 503 (Retry-After)
 * when the queue is full. `cache`: answer an unchanged model from the cache (see above).
 */
export async function renderPdf(model: GeschaeftsdokumentModel, { cache: mitCache = false } = {}): Promise<{ pdf: Buffer; sha256: string }> {
  if (model.zeilen.length > PDF_GRENZEN.zeilen) {
    throw unprocessable(
      `Das Dokument hat mehr als ${tausender(PDF_GRENZEN.zeilen)} Positionen (${tausender(model.zeilen.length)}) und kann nicht als PDF erstellt werden; bitte auf mehrere Belege aufteilen`,
    );
  }
  let ergebnis: Ergebnis;
  if (mitCache) {
    const key = modelHash(model);
    const bekannt = ausCache(key);
    if (bekannt) ergebnis = bekannt;
    else {
      let render = laufend.get(key);
      if (!render) {
        render = imWorker(model);
        laufend.set(key, render);
        render.then(
          (e) => {
            laufend.delete(key);
            merken(key, e);
          },
          () => laufend.delete(key),
        );
      }
      ergebnis = await render;
    }
  } else ergebnis = await imWorker(model);
  if ('seitenGrenze' in ergebnis) {
    throw unprocessable(
      `Das Dokument hätte mehr als ${tausender(ergebnis.seitenGrenze)} Seiten und kann nicht als PDF erstellt werden; bitte auf mehrere Belege aufteilen`,
    );
  }
  return ergebnis;
}

let nutzer = 0;
/**
 * An app that renders holds the pool while it runs (belege.dokumente.routes.ts): call at start, call the answer when
 * it closes; the last one to close ends the threads (a test process builds and closes apps one after another).
 */
export function pdfPoolHalten(): () => Promise<void> {
  nutzer++;
  let frei = false;
  return async () => {
    if (frei) return;
    frei = true;
    nutzer--;
    if (nutzer > 0 || !pool) return;
    const p = pool;
    pool = null;
    await p.destroy();
  };
}

/** Starts the pool's first worker now (the server after listening), so the first PDF does not wait for it. */
export function pdfPoolStarten(): void {
  workerPool();
}

/** The pool's and the cache's state (tests, bench). */
export function pdfPoolStand() {
  return {
    threads: THREADS,
    warteschlange: WARTESCHLANGE,
    /** Renders waiting for a thread now. */
    wartend: pool?.queueSize ?? 0,
    gerendert,
    cacheEintraege: cache.size,
    cacheBytes,
    cacheMaxBytes: CACHE_BYTES,
  };
}
