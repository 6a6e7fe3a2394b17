import { API_PREFIX } from '@vario/contract';
import PDFDocument from 'pdfkit';
import { formatBetrag, formatMenge, formatPreis4 } from '../../apps/server/src/lib/format-de';
import { type GeschaeftsdokumentModel, renderGeschaeftsdokument } from '../../apps/server/src/modules/belege/belege.pdf';
import { invoiceApp, measure as measureWith, type Timing } from './invoice-setup';

/** Target of issue 11 item 9: a 3-page invoice renders in p95 < 150 ms. */
export const PDF_P95_TARGET_MS = 150;
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 100);
const WARMUP = 10;

export type { Timing };

const measure = (n: number, work: () => Promise<number>) => measureWith(n, work, WARMUP);

/** The baseline: an empty one-page pdfkit document (what pdfkit costs before any layout). */
function emptyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A 3-page invoice as the sales documents build it: 70 article lines at two VAT rates, a text line, totals, terms. */
export function dreiseitigeRechnung(): GeschaeftsdokumentModel {
  return {
    briefkopf: {
      name: 'Muster Handel & Service GmbH',
      zeilen: ['Hafenstraße 12', '24103 Kiel', 'Tel. 0431 987650', 'info@muster-handel.de'],
      absenderzeile: 'Muster Handel & Service GmbH · Hafenstraße 12 · 24103 Kiel',
      fussspalten: [
        ['Muster Handel & Service GmbH', 'Hafenstraße 12', '24103 Kiel'],
        ['Telefon 0431 987650', 'info@muster-handel.de'],
        ['Geschäftsführung: Jana Muster', 'Amtsgericht Kiel HRB 12345', 'USt-IdNr. DE 287 654 321'],
        ['Förde Sparkasse', 'IBAN DE12 2105 0170 0012 3456 78', 'BIC NOLADE21KIE'],
      ],
    },
    empfaenger: ['Müller & Söhne Gärtnerei GmbH', 'Große Straße 5', '20095 Hamburg'],
    titel: 'Rechnung',
    titelZusatz: 'RE2026-00042',
    kopfdaten: [
      { label: 'Rechnungs-Nr.', wert: 'RE2026-00042' },
      { label: 'Datum', wert: '26.11.2026' },
      { label: 'Kunden-Nr.', wert: '10042' },
      { label: 'Ihre Bestellung', wert: 'Bestellung 4711' },
    ],
    einleitung: 'Sehr geehrte Damen und Herren,\nfür unsere Lieferungen und Leistungen berechnen wir Ihnen:',
    spalten: [
      { key: 'pos', titel: 'Pos.', breite: 10, ausrichtung: 'right' },
      { key: 'artikelnummer', titel: 'Art.-Nr.', breite: 24 },
      { key: 'bezeichnung', titel: 'Bezeichnung' },
      { key: 'menge', titel: 'Menge', breite: 21, ausrichtung: 'right' },
      { key: 'einzelpreis', titel: 'Einzelpreis', breite: 23, ausrichtung: 'right' },
      { key: 'gesamt', titel: 'Gesamt', breite: 25, ausrichtung: 'right' },
    ],
    zeilen: Array.from({ length: 71 }, (_, i) =>
      i === 30
        ? { text: { titel: 'Hinweis zur Lieferung', text: 'Teillieferung folgt' } }
        : {
            zellen: {
              pos: String(i + 1),
              artikelnummer: `A-${10000 + i}`,
              bezeichnung: `Ventil Größe ${i + 1}`,
              menge: `${formatMenge((i + 1) * 1000)} Stk`,
              einzelpreis: formatPreis4(1_000_000),
              gesamt: formatBetrag((i + 1) * 10_000),
            },
            detail: i % 10 === 0 ? 'Messing, vernickelt, mit Prüfprotokoll' : null,
          },
    ),
    textSpalte: 'bezeichnung',
    summen: [
      { label: 'Nettobetrag', cents: 2_556_000 },
      { label: 'zzgl. 7 % USt auf 1.260.000,00 €', cents: 88_200 },
      { label: 'zzgl. 19 % USt auf 1.296.000,00 €', cents: 246_240 },
      { label: 'Gesamtbetrag', cents: 2_890_440, betont: true, linieDavor: true },
    ],
    schlusstexte: ['Zahlbar bis zum 10.12.2026 ohne Abzug (14 Tage netto).'],
    info: { erstelltAm: new Date('2026-11-26T09:00:00Z') },
  };
}

/**
 * The route: GET /verkauf/belege/{id}/pdf in-process (read, render, hash kept) for a 3-page invoice of the demo. The
 * document does not change between the runs, so after the first they are answered from the PDF cache (read, hash,
 * hash kept); `npm run bench pdf-last` measures uncached renders.
 */
async function routeTiming(): Promise<Timing & { pages: number }> {
  const x = await invoiceApp('pdf');
  const { app, auth, id } = x;
  try {
    const url = `${API_PREFIX}/verkauf/belege/${id}/pdf`;
    const first = await app.inject({ method: 'GET', url, headers: auth });
    const pages = (first.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    const t = await measure(Math.min(RUNS, 50), async () => {
      const res = await app.inject({ method: 'GET', url, headers: auth });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      return res.rawPayload.length;
    });
    return { ...t, pages };
  } finally {
    await x.close();
  }
}

/** `npm run bench pdf` (issue 11 item 9): render time of a 3-page invoice beside an empty one-page pdfkit document. */
export async function pdfBench() {
  const model = dreiseitigeRechnung();
  const baseline = await measure(RUNS, async () => (await emptyPdf()).length);
  const render = await measure(RUNS, async () => (await renderGeschaeftsdokument(model)).length);
  const pages = ((await renderGeschaeftsdokument(model)).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const route = await routeTiming();
  const fmt = (v: number, n = 9) => v.toFixed(1).padStart(n);
  console.log(`\nPDF render time (${RUNS} runs after ${WARMUP} warm-up, in-process; target p95 < ${PDF_P95_TARGET_MS} ms)`);
  console.log(`${'benchmark'.padEnd(58)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'KB'.padStart(8)}${'× base'.padStart(9)}`);
  const row = (name: string, t: Timing, base?: Timing) =>
    console.log(
      `${name.padEnd(58)}${fmt(t.p50)}${fmt(t.p95)}${fmt(t.max)}${(t.bytes / 1024).toFixed(1).padStart(8)}${base ? (t.p95 / base.p95).toFixed(1).padStart(9) : '-'.padStart(9)}`,
    );
  row(`renderGeschaeftsdokument: invoice, ${pages} pages, 70 lines`, render, baseline);
  row(`GET /verkauf/belege/{id}/pdf: invoice, ${route.pages} pages (SQLite, cached)`, route, baseline);
  row('baseline: empty one-page pdfkit document', baseline);
  const ok = render.p95 < PDF_P95_TARGET_MS && route.p95 < PDF_P95_TARGET_MS;
  console.log(`p95 < ${PDF_P95_TARGET_MS} ms: ${ok ? 'yes' : 'NO'}`);
}
