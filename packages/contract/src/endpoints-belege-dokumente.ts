import { belegUnterschrift, druckErgebnis, einkaufBelegDatei, einkaufDateiParams, unterschriftWrite } from './belege-dokumente';
import { idParams, list, single } from './common';
import { endpoint } from './endpoint';

const SEHEN = ['BEK_SEHEN'] as const;
const AENDERN = ['BEK_SEHEN', 'BEK_AENDERN'] as const;

/** Documents on paper: the sales document's PDF, printing, its signature; purchase documents' files (view only). */
export const belegDokumenteEndpoints = {
  belegPdf: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/pdf',
    summary:
      'The document as PDF (binary, application/pdf; BEL-045): letterhead, window address, positions, VAT per rate, totals, terms, page numbers, signature. The SHA-256 of the served bytes is kept with the document (header X-Content-SHA256). Rendered in a bounded worker pool; an unchanged document answers the same bytes from a cache. 422 for more than 5,000 positions or 500 pages; 503 with Retry-After while the pool’s queue is full.',
    tag: 'belege',
    rights: SEHEN,
    params: idParams,
    errors: [422],
    status: 200,
    response: null,
  }),
  belegDrucken: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/drucken',
    summary:
      'Print: renders the PDF, keeps its SHA-256, moves status 1 → 2 and writes history row D; only for status 1 or 2 (booked, adopted or cancelled documents: 422), another user’s document only with BEK_FREMDBEARB; the PDF’s bounds as for GET …/pdf (422, 503 with Retry-After)',
    tag: 'belege',
    rights: AENDERN,
    params: idParams,
    errors: [409, 422, 423],
    response: single(druckErgebnis),
  }),
  belegUnterschriftGet: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/unterschrift',
    summary: 'The document’s signature (PNG as base64), or result null when it has none',
    tag: 'belege',
    rights: SEHEN,
    params: idParams,
    response: single(belegUnterschrift.nullable()),
  }),
  belegUnterschriftSet: endpoint({
    method: 'PUT',
    path: '/verkauf/belege/:id/unterschrift',
    summary:
      'Store (or replace) the signature: a real PNG, at most 1 MB and 40 megapixels; allowed in every status except on a cancelled document or a cancellation (422); writes history row Q; the next PDF shows it',
    tag: 'belege',
    rights: AENDERN,
    params: idParams,
    body: unterschriftWrite,
    errors: [413, 422, 423],
    response: single(belegUnterschrift),
  }),
  einkaufBelegDateien: endpoint({
    method: 'GET',
    path: '/einkauf/belege/:id/dateien',
    summary: 'Files of a purchase document (BEL-046); the check document has eraktivesPruefDokument J. Purchase documents can only be viewed.',
    tag: 'einkauf',
    rights: SEHEN,
    params: idParams,
    response: list(einkaufBelegDatei),
  }),
  einkaufBelegDateiDaten: endpoint({
    method: 'GET',
    path: '/einkauf/belege/:id/dateien/:fileId/daten',
    summary: 'One file of a purchase document as binary (BEL-047); 404 when the file belongs to another document',
    tag: 'einkauf',
    rights: SEHEN,
    params: einkaufDateiParams,
    status: 200,
    response: null,
  }),
} as const;
