import { report } from './belege';
import { idParams, list, listQuery, single, write } from './common';
import { endpoint } from './endpoint';
import {
  mahnlauf,
  offenePostenUebersicht,
  offenerPosten,
  offenerPostenAenderung,
  offenerPostenListe,
  zahlung,
  zahlungEingabe,
  zahlungErfasst,
  zahlungParams,
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
      'Record a payment (partial or full): taken off the open amount in one transaction; completed when nothing is open; more than is open is refused (422 on zahlungsBetrag, no credit is booked); a completed item takes no payment (422). Idempotency-Key.',
    tag: 'finanzen',
    rights: OP_W,
    params: idParams,
    body: write(zahlungEingabe),
    status: 201,
    errors: [409, 422],
    response: zahlungErfasst,
  }),
  mahnlauf: endpoint({
    method: 'POST',
    path: '/finanzen/mahnlauf',
    summary:
      'Dunning run of today: raises by one level (up to 5) every open item that is overdue, undisputed, not blocked and not unadmonished and whose last reminder is at least 14 days old; once per day — a second run the same day changes nothing and says so (bereitsGelaufen)',
    tag: 'finanzen',
    rights: OP_W,
    response: single(mahnlauf),
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
