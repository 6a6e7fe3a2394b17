import { idParams, list, single } from './common';
import { endpoint } from './endpoint';
import { erechnungLieferung, erechnungQuery, verkaeuferDaten, verkaeuferWrite } from './erechnung';

/** E-invoices out (issue 24): the delivery of a booked invoice or credit note, and the seller data behind it. */
export const erechnungEndpoints = {
  belegERechnung: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/erechnung',
    summary:
      'The booked invoice or credit note as e-invoice: format=xrechnung-ubl or xrechnung-cii answers the XRechnung 3.0 XML (application/xml), format=zugferd the ZUGFeRD 2 / Factur-X EN 16931 PDF/A-3b with the CII embedded as factur-x.xml (application/pdf). The first delivery per format is stored with its SHA-256 (header X-Content-SHA256); every later one answers the same bytes (GoBD). 422 for another type or an unbooked document, or when a mandatory business term is missing (the error lists each BT).',
    tag: 'belege',
    rights: ['BEK_SEHEN'],
    params: idParams,
    query: erechnungQuery,
    errors: [422],
    status: 200,
    response: null,
  }),
  belegERechnungen: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/erechnungen',
    summary: 'The e-invoices delivered for a document so far: format, SHA-256, size and time of the first delivery',
    tag: 'belege',
    rights: ['BEK_SEHEN'],
    params: idParams,
    response: list(erechnungLieferung),
  }),
  verkaeuferGet: endpoint({
    method: 'GET',
    path: '/system/verkaeufer',
    summary:
      'The seller data of documents and e-invoices (letterhead, VAT id, tax number, contact, bank account, register entry) and what e-invoices miss of it',
    tag: 'system',
    adminOnly: true,
    response: single(verkaeuferDaten),
  }),
  verkaeuferSet: endpoint({
    method: 'PUT',
    path: '/system/verkaeufer',
    summary: 'Change the seller data (administrator); fields left out stay as they are; written to the change log',
    tag: 'system',
    adminOnly: true,
    body: verkaeuferWrite,
    errors: [422],
    response: single(verkaeuferDaten),
  }),
} as const;
