import { API_PREFIX, FACTURX } from '@vario/contract';
import { renderGeschaeftsdokument } from '../../apps/server/src/modules/belege/belege.pdf';
import { belegPdfModel } from '../../apps/server/src/modules/belege/belege.pdf-model';
import { erechnungModell } from '../../apps/server/src/modules/erechnung/erechnung.modell';
import { facturXmp } from '../../apps/server/src/modules/erechnung/erechnung.service';
import { schreibeERechnung } from '../../apps/server/src/modules/erechnung/erechnung.xml';
import { invoiceApp, measure as measureWith } from './invoice-setup';

/** Targets of issue 24 item 14: XRechnung XML of a 3-page invoice p95 < 50 ms, the ZUGFeRD PDF p95 < 150 ms. */
const XML_P95_MS = 50;
const PDF_P95_MS = 150;
const RUNS = Number(process.env.BENCH_EINV_RUNS ?? 50);
const WARMUP = 5;

const measure = (n: number, work: () => Promise<number>) => measureWith(n, work, WARMUP);

/**
 * `npm run bench erechnung`: a booked 3-page invoice of the demo data (70 lines at 19 % and 7 %), made through the API;
 * then, uncached, its XRechnung XML (read the document, build the EN 16931 model, write UBL and CII from the mapping
 * table) and its ZUGFeRD PDF (the same plus the document layout as PDF/A-3b with the CII embedded), in-process; and
 * the route's answer once stored (GoBD: later downloads read the stored bytes).
 */
export async function erechnungBench() {
  const x = await invoiceApp('einv', {
    betreff: 'Bestellung 4711',
    buchen: true,
    vorher: async (h, adresseId) => {
      await h.db.updateTable('adressen').set({ erechnungFormat: 'zugferd', steuerfall: 'inland' }).where('id', '=', adresseId).execute();
    },
  });
  const { handle, app, auth, id } = x;
  try {
    const xml = (syntax: 'ubl' | 'cii') => async () => {
      const m = await handle.db.transaction().execute((trx) => erechnungModell(trx, id, syntax === 'ubl' ? 'xrechnung-ubl' : 'xrechnung-cii'));
      if (m.fehlend.length) throw new Error(`missing ${m.fehlend.map((f) => f.bt).join(', ')}`);
      return schreibeERechnung(m.daten, syntax).length;
    };
    const ubl = await measure(RUNS, xml('ubl'));
    const cii = await measure(RUNS, xml('cii'));
    let seiten = 0;
    const pdf = await measure(Math.min(RUNS, 30), async () => {
      const [m, model] = await handle.db
        .transaction()
        .execute(async (trx) => [await erechnungModell(trx, id, 'zugferd'), await belegPdfModel(trx, id)] as const);
      model.pdfA3 = { dateiname: FACTURX.dateiname, mime: 'text/xml', inhalt: schreibeERechnung(m.daten, 'cii'), beschreibung: 'Factur-X', xmp: facturXmp() };
      const bytes = await renderGeschaeftsdokument(model);
      seiten = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      return bytes.length;
    });
    const url = `${API_PREFIX}/verkauf/belege/${id}/erechnung?format=zugferd`;
    const route = await measure(Math.min(RUNS, 30), async () => {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.rawPayload.length;
    });
    const fmt = (v: number) => v.toFixed(1).padStart(9);
    console.log(`\nE-invoices of a ${seiten}-page invoice, 70 lines (${RUNS} runs after ${WARMUP} warm-up, in-process, SQLite)`);
    console.log(`${'benchmark'.padEnd(62)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'KB'.padStart(8)}${'target'.padStart(9)}`);
    const row = (name: string, t: Awaited<ReturnType<typeof measure>>, target: number | null) =>
      console.log(
        `${name.padEnd(62)}${fmt(t.p50)}${fmt(t.p95)}${fmt(t.max)}${(t.bytes / 1024).toFixed(1).padStart(8)}${(target ? `< ${target}` : '-').padStart(9)}`,
      );
    row('XRechnung UBL: read, model, write (uncached)', ubl, XML_P95_MS);
    row('XRechnung CII: read, model, write (uncached)', cii, XML_P95_MS);
    row('ZUGFeRD PDF/A-3b: read, model, CII, layout (uncached)', pdf, PDF_P95_MS);
    row('GET …/erechnung?format=zugferd (stored bytes)', route, null);
    const ok = ubl.p95 < XML_P95_MS && cii.p95 < XML_P95_MS && pdf.p95 < PDF_P95_MS;
    console.log(`targets met: ${ok ? 'yes' : 'NO'}`);
  } finally {
    await x.close();
  }
}
