import { apiOverheadBench } from './api-overhead';
import { artikelauswahlBench } from './artikelauswahl';
import { belegeBench } from './belege';
import { datevBench } from './datev';
import { erechnungBench } from './erechnung';
import { erechnungEingangBench } from './erechnung-eingang';
import { exportBench } from './export';
import { foundationBench } from './foundation';
import { freeSqlBench } from './free-sql';
import { picklistBench } from './lagerlogistik';
import { lighthouseBench } from './lighthouse';
import { listBench } from './list-bench';
import { loadBench } from './load';
import { loginTimingBench } from './login-timing';
import { pdfBench } from './pdf';
import { pdfLastBench } from './pdf-last';
import { screensBench } from './screens';
import { searchBench } from './search';
import { serviceBench } from './service';
import { sizesBench } from './sizes';
import { statistikBench } from './statistik';
import { ticketsBench } from './tickets';

/**
 * `npm run bench [-- name…] [-- --busy]`: runs the benchmarks (all by default), each printing ratios to its baseline.
 * `--busy` (or BENCH_BUSY=1 / BENCH_BUSY=api): the paint measurements run while one core is kept busy (busy.ts).
 */
const benches: Record<string, () => Promise<void>> = {
  foundation: foundationBench,
  sizes: sizesBench,
  lighthouse: lighthouseBench,
  adressen: () =>
    listBench({
      title: 'Addresses (issue 4)',
      path: '/stammdaten/adressen',
      sortField: 'name1',
      searches: [
        { term: 'schmi', target: 50 },
        { term: 'berg gmbh', target: 50 },
      ],
      paintModule: 'addresses-paint',
      screen: '/addresses',
    }),
  artikel: () =>
    listBench({
      title: 'Products (issue 5)',
      path: '/stammdaten/artikel',
      sortField: 'artikelnummer',
      searches: [{ term: '10499', target: 50 }, { term: 'kugelhahn oventrop 0049', target: 50 }, { term: 'pumpe' }],
      paintModule: 'products-paint',
      screen: '/products',
    }),
  deals: () =>
    listBench({
      title: 'Deals (issue 22)',
      path: '/crm/deals',
      sortField: '-id',
      searches: [{ term: 'messe 123456', target: 50 }, { term: 'schmi', target: 50 }, { term: 'waermepumpe' }],
      paintModule: 'deals-paint',
      screen: '/deals',
      extra: [
        { name: 'phase board: aggregates of phases 1-4 + 20 cards each', path: '/crm/deals/board', target: 100 },
        { name: 'phase board: aggregates only', path: '/crm/deals/board?karten=0', target: 100 },
      ],
    }),
  belege: belegeBench,
  artikelauswahl: artikelauswahlBench,
  pdf: pdfBench,
  'pdf-last': pdfLastBench,
  erechnung: erechnungBench,
  'erechnung-eingang': erechnungEingangBench,
  service: serviceBench,
  login: loginTimingBench,
  export: () => exportBench(),
  tickets: () => ticketsBench(),
  eingangsrechnungen: () =>
    listBench({
      title: 'Incoming invoices (issue 25)',
      path: '/eingangsrechnungspruefung',
      sortField: '-bskId',
      searches: [{ term: '0123456', target: 50 }, { term: 'hofmann', target: 50 }, { term: 'gmbh' }],
      paintModule: 'incoming-invoices-paint',
      screen: '/incomingInvoiceVerification',
    }),
  'api-overhead': apiOverheadBench,
  search: () => searchBench(),
  load: loadBench,
  screens: screensBench,
  'free-sql': () => freeSqlBench(),
  datev: () => datevBench(),
  statistik: () => statistikBench(),
  picklist: picklistBench,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
process.exit(0);
