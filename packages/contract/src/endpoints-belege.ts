import { z } from 'zod';
import {
  artikelAuswahl,
  artikelAuswahlQuery,
  beleg,
  belegAenderungWrite,
  belegeExportQuery,
  belegeListQuery,
  belegHistorieZeile,
  belegListe,
  belegParams,
  belegPosition,
  belegWrite,
  buchenWrite,
  kopierenWrite,
  positionAenderungWrite,
  positionAntwort,
  positionenAntwort,
  positionParams,
  positionWrite,
  reihenfolgeWrite,
  stornierenWrite,
  umwandelnParams,
  umwandelnWrite,
  verwerfenWrite,
} from './belege';
import { list, listQuery, single } from './common';
import { endpoint } from './endpoint';
import { fehlendesBt } from './erechnung';

const SEHEN = ['BEK_SEHEN'] as const;
const AENDERN = ['BEK_SEHEN', 'BEK_AENDERN'] as const;
const LOESCHEN = ['BEK_SEHEN', 'BEK_LOESCHEN'] as const;
const tag = 'belege';
const remarkQuery = z.object({ ProtokollBemerkung: z.string().max(2000).optional() });

/**
 * Sales documents (2-business-processes §7, BEL-037..043). Object-level rules in the service: a document is changed
 * only in status 1 or 2 (422), another user's document only with BEK_FREMDBEARB (403), `ek` and `rohertrag` are left
 * out of every answer without ART_EK. Position writes answer the position and the refreshed head (server totals).
 */
export const belegEndpoints = {
  belegeList: endpoint({
    method: 'GET',
    path: '/verkauf/belege',
    summary:
      'Sales documents (default order -belegdatum; filters belegart and belegstatus as comma lists, adresseId, dealId; q: quick search over belegnummer, address name, betreff). A term that looks like a number — also a fragment such as 2026-00 — finds the documents whose number holds it (trigram index), and those rows come first.',
    tag,
    rights: SEHEN,
    query: belegeListQuery,
    response: list(belegListe),
  }),
  belegeExport: endpoint({
    method: 'GET',
    path: '/verkauf/belege/export',
    summary:
      "The sales document list as a CSV file (binary, text/csv, UTF-8 with BOM, ';' separated): every row of the list's filter, search and order, the columns named in columns with the header labels in labels, German numbers and dates; streamed. 503 with Retry-After while two exports run",
    tag,
    rights: SEHEN,
    query: belegeExportQuery,
    status: 200,
    response: null,
  }),
  belegGet: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id',
    summary: 'One sales document (head and foot with totals)',
    tag,
    rights: SEHEN,
    params: belegParams,
    response: single(beleg),
  }),
  belegCreate: endpoint({
    method: 'POST',
    path: '/verkauf/belege',
    summary: 'Create a sales document for an address (number from the range of its type, status 1, addresses and terms from the address)',
    tag,
    rights: AENDERN,
    body: belegWrite,
    status: 201,
    response: single(beleg),
  }),
  belegUpdate: endpoint({
    method: 'PATCH',
    path: '/verkauf/belege/:id',
    summary: 'Change head and foot (status 1 or 2 only; another user’s document needs BEK_FREMDBEARB); totals are recomputed',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: belegAenderungWrite,
    response: single(beleg),
  }),
  belegDelete: endpoint({
    method: 'DELETE',
    path: '/verkauf/belege/:id',
    summary: 'Delete an unbooked document (status 1 or 2) with its positions and history',
    tag,
    rights: LOESCHEN,
    params: belegParams,
    query: remarkQuery,
    status: 204,
    response: null,
  }),

  belegKopieren: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/kopieren',
    summary:
      'Duplicate a document: a new document of the same type with the same head and positions, its own number, status 1, not booked; history "Kopiert von …" (201, Location)',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: kopierenWrite,
    errors: [422],
    status: 201,
    response: single(beleg),
  }),
  belegVerwerfen: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/verwerfen',
    summary:
      'Discard a document made by mistake: its maker, while it is new (status 1, never booked) and has no positions, deletes it without BEK_LOESCHEN (422 with the reason otherwise)',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: verwerfenWrite,
    errors: [409, 422, 423],
    status: 204,
    response: null,
  }),

  belegPositionenList: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/positionen',
    summary: 'Positions of a document in their order (ek only with ART_EK)',
    tag,
    rights: SEHEN,
    params: belegParams,
    query: listQuery,
    response: list(belegPosition),
  }),
  belegPositionCreate: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/positionen',
    summary: 'Add an article line (artikelId or artikelnummer; price determined with its explanation) or a text line (T)',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: positionWrite,
    status: 201,
    response: positionAntwort,
  }),
  belegArtikelAuswahl: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/artikelauswahl',
    summary:
      'Articles for a new position (quick search, not blocked, by number): unit, the price a line would get on this document for menge (default 1) and the stock per warehouse, one page at a time',
    tag,
    rights: ['BEK_SEHEN', 'ART_SEHEN'],
    params: belegParams,
    query: artikelAuswahlQuery,
    response: list(artikelAuswahl),
  }),
  belegPositionenReihenfolge: endpoint({
    method: 'PUT',
    path: '/verkauf/belege/:id/positionen/reihenfolge',
    summary: 'Reorder the positions (every position id of the document, in the new order)',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: reihenfolgeWrite,
    response: positionenAntwort,
  }),
  belegPositionGet: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/positionen/:positionId',
    summary: 'One position with its price explanation',
    tag,
    rights: SEHEN,
    params: positionParams,
    response: single(belegPosition),
  }),
  belegPositionUpdate: endpoint({
    method: 'PATCH',
    path: '/verkauf/belege/:id/positionen/:positionId',
    summary: 'Change a position (a new quantity or article determines the price again unless it was entered by hand)',
    tag,
    rights: AENDERN,
    params: positionParams,
    body: positionAenderungWrite,
    response: positionAntwort,
  }),
  belegPositionDelete: endpoint({
    method: 'DELETE',
    path: '/verkauf/belege/:id/positionen/:positionId',
    summary: 'Delete a position (204 like every delete; the totals are recomputed — read the head again with GET /verkauf/belege/{id})',
    tag,
    rights: AENDERN,
    params: positionParams,
    status: 204,
    response: null,
  }),
  belegHistorie: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/historie',
    summary: 'Status history of a document (code, text, user, date, time), newest first',
    tag,
    rights: SEHEN,
    params: belegParams,
    response: list(belegHistorieZeile),
  }),

  belegBuchen: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/buchen',
    summary:
      'Book (status 3): a delivery note moves stock out, an invoice or credit note creates its open item; booking an offer with dealAnlegen makes a deal (BEL-038). An invoice or credit note for a customer who receives e-invoices is checked for the mandatory business terms of the format first: 422 listing each missing BT (fieldErrors by BT id), or — system parameter ERECHNUNG.PRUEFUNG = warnen — booked with the missing ones as `warnungen`',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: buchenWrite,
    errors: [409, 422, 423],
    // e-invoice pre-booking check in warning mode (issue 24): the missing business terms
    response: single(beleg).extend({ warnungen: z.array(fehlendesBt).optional() }),
  }),
  belegStornieren: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/stornieren',
    summary: 'Cancel a booked document: reverses its stock movements and open item (BEL-040)',
    tag,
    rights: AENDERN,
    params: belegParams,
    body: stornierenWrite,
    errors: [409, 422, 423],
    response: single(beleg),
  }),
  belegUmwandeln: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/umwandeln/:targetType',
    summary: 'Transform 01→02, 02→03/05, 03→04 (optionally only some positions and quantities); 201 with the new document, its id last in Location (BEL-042)',
    tag,
    rights: AENDERN,
    params: umwandelnParams,
    body: umwandelnWrite,
    errors: [409, 422, 423],
    status: 201,
    response: single(beleg),
  }),
};
