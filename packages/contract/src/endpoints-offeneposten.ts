import { report } from './belege';
import { idParams, list, listExportQuery, listQuery, single, write } from './common';
import { endpoint } from './endpoint';
import {
  mahnlauf,
  mahnlaufDetail,
  mahnlaufListe,
  mahnlaufStart,
  mahnlaufVorschau,
  mahnschreiben,
  offenePostenUebersicht,
  offenerPosten,
  offenerPostenAenderung,
  offenerPostenListe,
  zahlung,
  zahlungEingabe,
  zahlungErfasst,
  zahlungKorrekturEingabe,
  zahlungKorrigiert,
  zahlungParams,
  zahlungStorniert,
  zahlungStornoEingabe,
} from './offeneposten';

/**
 * Rights of open items: the spec names no right of its own for them. They are the receivables of sales documents, so
 * they follow the document rights: reading needs BEK_SEHEN; recording payments, changing the flags and the dunning run
 * need BEK_SEHEN and BEK_AENDERN (the office's right to work on documents). Nothing about an open item can be deleted
 * through the API: it goes only with the cancellation of its invoice (which the document rights govern).
 */
const OP = ['BEK_SEHEN'] as const;
const OP_W = ['BEK_SEHEN', 'BEK_AENDERN'] as const;

/** Open items, payments, dunning run and the summary by dunning level (2-business-processes §7). */
export const offenePostenEndpoints = {
  offenePostenList: endpoint({
    method: 'GET',
    path: '/finanzen/offeneposten',
    summary:
      'Open items (filters adresseId, abgeschlossen, mahnstufe, strittig, gesperrt, nichtMahnen, nettoFaellig …; search over invoice number and name; default order nettoFaellig)',
    tag: 'finanzen',
    rights: OP,
    query: listQuery,
    response: list(offenerPostenListe),
  }),
  offenePostenExport: endpoint({
    method: 'GET',
    path: '/finanzen/offeneposten/export',
    summary:
      "The open item list as a CSV file (binary, text/csv, UTF-8 with BOM, ';' separated): every row of the list's filter, search and order, the columns named in columns with the header labels in labels, German amounts and dates; streamed. 503 with Retry-After while two exports run",
    tag: 'finanzen',
    rights: OP,
    query: listExportQuery,
    status: 200,
    response: null,
  }),
  offenerPostenGet: endpoint({
    method: 'GET',
    path: '/finanzen/offeneposten/:id',
    summary: 'One open item (OP-006)',
    tag: 'finanzen',
    rights: OP,
    params: idParams,
    response: single(offenerPosten),
  }),
  offenerPostenUpdate: endpoint({
    method: 'PATCH',
    path: '/finanzen/offeneposten/:id',
    summary: 'Change the flags of an open item: disputed/clarified (strittig), unadmonished (nichtMahnen), blocked (gesperrt); with change-log entry',
    tag: 'finanzen',
    rights: OP_W,
    params: idParams,
    body: write(offenerPostenAenderung),
    response: single(offenerPosten),
  }),
  zahlungenList: endpoint({
    method: 'GET',
    path: '/finanzen/offeneposten/:id/zahlungen',
    summary: 'Payments of an open item (default order zahlungsDatum, newest last)',
    tag: 'finanzen',
    rights: OP,
    params: idParams,
    query: listQuery,
    response: list(zahlung),
  }),
  zahlungGet: endpoint({
    method: 'GET',
    path: '/finanzen/offeneposten/:id/zahlungen/:paymentId',
    summary: 'One payment of an open item (OP-007)',
    tag: 'finanzen',
    rights: OP,
    params: zahlungParams,
    response: single(zahlung),
  }),
  zahlungCreate: endpoint({
    method: 'POST',
    path: '/finanzen/offeneposten/:id/zahlungen',
    summary:
      'Record a payment (partial or full): taken off the open amount in one transaction; completed when nothing is open. More than is open of an invoice settles it and books the surplus as a credit open item (opvArt GH) on the address (answered in guthaben); of a credit note it is refused (422). skonto=true: within the discount term the rest up to the discount is settled by a Skonto row (answered in skonto), outside it 422 naming the deadline. A completed item takes no payment (422). Idempotency-Key.',
    tag: 'finanzen',
    rights: OP_W,
    params: idParams,
    body: write(zahlungEingabe),
    status: 201,
    errors: [409, 422],
    response: zahlungErfasst,
  }),
  zahlungStorno: endpoint({
    method: 'POST',
    path: '/finanzen/offeneposten/:id/zahlungen/:paymentId/storno',
    summary:
      'Reverse a payment (GoBD: never deleted): a counter-entry with the negated amount, its own date and user and the reason, referring to the payment (and one for its cash discount row); the credit an overpayment made is settled with it (409 once the credit was used). Once per payment (409); reversals, discount rows and cancellation settlements are not reversed (422).',
    tag: 'finanzen',
    rights: OP_W,
    params: zahlungParams,
    body: write(zahlungStornoEingabe),
    status: 201,
    errors: [409, 422, 423],
    response: zahlungStorniert,
  }),
  zahlungKorrektur: endpoint({
    method: 'POST',
    path: '/finanzen/offeneposten/:id/zahlungen/:paymentId/korrektur',
    summary:
      'Correct a payment: its reversal (reason required) and the right payment, in one transaction — refused as a whole when either step is (as zahlungStorno and zahlungCreate). Idempotency-Key.',
    tag: 'finanzen',
    rights: OP_W,
    params: zahlungParams,
    body: write(zahlungKorrekturEingabe),
    status: 201,
    errors: [409, 422, 423],
    response: zahlungKorrigiert,
  }),
  mahnlaufVorschau: endpoint({
    method: 'GET',
    path: '/finanzen/mahnlauf/vorschau',
    summary:
      "What today's dunning run would do, changing nothing: per address the items it raises with their new levels and the letter's level. An item is dunnable when open with a positive amount, net due plus the grace days (system parameter MAHNUNG.KARENZTAGE, default 7) before today, undisputed, unblocked, not unadmonished, below level 5 and last reminded at least 14 days ago.",
    tag: 'finanzen',
    rights: OP_W,
    response: single(mahnlaufVorschau),
  }),
  mahnlauf: endpoint({
    method: 'POST',
    path: '/finanzen/mahnlauf',
    summary:
      'Dunning run of today (after the preview, the user confirms): raises by one level (up to 5) the dunnable items (see the preview) of the chosen addresses (data.adresseIds; without it every address) and writes one dunning letter per address; once per day — a second run the same day changes nothing and says so (bereitsGelaufen). Answers what it did: items, new levels and letters.',
    tag: 'finanzen',
    rights: OP_W,
    body: write(mahnlaufStart).nullish(),
    errors: [422],
    response: single(mahnlauf),
  }),
  mahnlaeufeList: endpoint({
    method: 'GET',
    path: '/finanzen/mahnlaeufe',
    summary: 'The dunning runs, newest first, with the number of raised items and letters',
    tag: 'finanzen',
    rights: OP,
    query: listQuery,
    response: list(mahnlaufListe),
  }),
  mahnlaufGet: endpoint({
    method: 'GET',
    path: '/finanzen/mahnlaeufe/:id',
    summary: 'One dunning run with what it did: per address the letter, its level, total and items with their new levels',
    tag: 'finanzen',
    rights: OP,
    params: idParams,
    response: single(mahnlaufDetail),
  }),
  mahnschreibenList: endpoint({
    method: 'GET',
    path: '/finanzen/mahnschreiben',
    summary: 'Dunning letters, newest first (filter adresseId, mahnlaufId, stufe)',
    tag: 'finanzen',
    rights: OP,
    query: listQuery,
    response: list(mahnschreiben),
  }),
  mahnschreibenPdf: endpoint({
    method: 'GET',
    path: '/finanzen/mahnschreiben/:id/pdf',
    summary:
      "The dunning letter as PDF (binary, application/pdf): letterhead, address, the level's title and text (Zahlungserinnerung, 1. Mahnung, 2. Mahnung, Letzte Mahnung), the items with invoice date, due date, level and open amount, the total and the deadline",
    tag: 'finanzen',
    rights: OP,
    params: idParams,
    status: 200,
    response: null,
  }),
  offenePostenUebersicht: endpoint({
    method: 'GET',
    path: '/auswertungen/offenepostenuebersicht/daten',
    summary: 'Open items by dunning level: stufe0..stufe5 with _Anzahl and _Betrag (open amount), in daten[0].datensaetze[0] (OP-008, OP-009)',
    tag: 'auswertungen',
    rights: OP,
    response: report(offenePostenUebersicht),
  }),
} as const;
