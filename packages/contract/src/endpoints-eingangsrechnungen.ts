import { einkaufBelegDatei } from './belege-dokumente';
import { idParams, list, listQuery, single, write } from './common';
import {
  eingangsrechnung,
  eingangsrechnungDetail,
  eingangsrechnungHistorie,
  ervAblehnung,
  ervChecklisteBody,
  ervERechnungAnsicht,
  ervERechnungErgebnis,
  ervERechnungUpload,
  ervFreigabe,
  ervWeiterleitung,
} from './eingangsrechnungen';
import { endpoint } from './endpoint';
import { ERV_RECHTE } from './rechte';

const SEHEN = [ERV_RECHTE.SEHEN] as const;
const tag = 'eingangsrechnungen';
const WORKFLOW = 'The transitions are ERV_WORKFLOW of the contract; a call not allowed from the current status answers 409 and changes nothing.';

/**
 * Incoming-invoice verification (spec 2 §2–§5, ERV-001…020): list, record, history, check document, the dialogs' calls.
 * Its own path: the verification's steps write the procedure (status, target user, checklist, history), never the
 * purchase document's contents, which stay view only under /einkauf (BEL-048).
 */
export const eingangsrechnungEndpoints = {
  eingangsrechnungenList: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung',
    summary:
      'Incoming invoices under verification with every field of ERV-003 (newest first; quick search over invoice number, supplier and note; filter e.g. statusErpruefung=10, anBenutzerId=3).',
    tag,
    rights: SEHEN,
    query: listQuery,
    response: list(eingangsrechnung),
  }),
  eingangsrechnungGet: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung/:id',
    summary: 'One incoming invoice with its checklist and the id of its check document (file with eraktivesPruefDokument J; null when it has none).',
    tag,
    rights: SEHEN,
    params: idParams,
    response: single(eingangsrechnungDetail),
  }),
  eingangsrechnungHistorie: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung/:id/historie',
    summary: 'Every step of the verification (creation, checklist, approval, rejection with its x1 and 91 rows, pass-on), oldest first.',
    tag,
    rights: SEHEN,
    params: idParams,
    response: list(eingangsrechnungHistorie),
  }),
  eingangsrechnungPruefdokument: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung/:id/pruefdokument',
    summary: 'The check document (the file with eraktivesPruefDokument J) as binary for the PDF preview; 404 when the invoice has none.',
    tag,
    rights: SEHEN,
    params: idParams,
    status: 200,
    response: null,
  }),
  eingangsrechnungDateien: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung/:id/dateien',
    summary: 'The files of the incoming invoice, the check document first.',
    tag,
    rights: SEHEN,
    params: idParams,
    response: list(einkaufBelegDatei),
  }),
  eingangsrechnungCheckliste: endpoint({
    method: 'PUT',
    path: '/eingangsrechnungspruefung/:id/checkliste',
    summary:
      'Save the checklist (ERV-011…017): all eleven ticks; 422 with the message that not all mandatory checklist values are filled unless visual check and VAT-compliant (with its required sub-items: all eight of § 14 (4) UStG, the four of § 33 UStDV for small value up to 250,00 € gross) are ticked, 422 on small value above 250,00 €. Allowed while the invoice is open (409 when closed). History row CHECKLISTE.',
    tag,
    rights: [...SEHEN, ERV_RECHTE.FREIGEBEN],
    params: idParams,
    body: write(ervChecklisteBody),
    errors: [409, 422],
    response: single(eingangsrechnungDetail),
  }),
  eingangsrechnungFreigeben: endpoint({
    method: 'POST',
    path: '/eingangsrechnungspruefung/:id/freigeben',
    summary: `Approve ("share", ERV-010): one step 0 → 10 → 19 → 20 → 29 → 30 → 39 → 40 → 49 → 99 (29 → 40 while ERV.UNTERPRUEFUNG is N); approving the formal check (10 → 19) needs a complete saved checklist (409). ${WORKFLOW} History row FREIGABE.`,
    tag,
    rights: [...SEHEN, ERV_RECHTE.FREIGEBEN],
    params: idParams,
    body: write(ervFreigabe),
    errors: [409],
    response: single(eingangsrechnungDetail),
  }),
  eingangsrechnungAblehnen: endpoint({
    method: 'POST',
    path: '/eingangsrechnungspruefung/:id/ablehnen',
    summary: `Reject (ERV-018): the remark is required (422); an opened stage x0 writes its x1 and then 91, status 0 goes to 91; the remark becomes ablehnungsgrund. ${WORKFLOW} History rows ABLEHNUNG.`,
    tag,
    rights: [...SEHEN, ERV_RECHTE.ABLEHNEN],
    params: idParams,
    body: write(ervAblehnung),
    errors: [409, 422],
    response: single(eingangsrechnungDetail),
  }),
  eingangsrechnungWeiterleiten: endpoint({
    method: 'POST',
    path: '/eingangsrechnungspruefung/:id/weiterleiten',
    summary: `Pass on (ERV-019/020): sets anBenutzerId, keeps the status; the target user is required and must exist, not be blocked and have id > 0 (422 on anBenutzerId). ${WORKFLOW} History row WEITERLEITUNG.`,
    tag,
    rights: [...SEHEN, ERV_RECHTE.WEITERLEITEN],
    params: idParams,
    body: write(ervWeiterleitung),
    errors: [409, 422],
    response: single(eingangsrechnungDetail),
  }),
  eingangsrechnungERechnung: endpoint({
    method: 'POST',
    path: '/eingangsrechnungspruefung/erechnung',
    summary:
      "Take in an e-invoice (issue 25 item 4): multipart/form-data (the file in any one file field; lieferantAnlegen beside it) or JSON (dateiname, daten as base64). Accepted by the file's bytes: XRechnung / EN 16931 XML in CII or UBL, or a ZUGFeRD/Factur-X PDF carrying factur-x.xml (or zugferd-invoice.xml); at most 7 MB. Validated by the CII schema (xmllint), the official EN 16931 and XRechnung Schematron where Java and Saxon are present (answer `pruefung.schematron` says whether they ran) and the project's business rules (mandatory business terms, sums, VAT breakdown = lines); a fatal finding is a 422 listing each rule with its BT and text, warnings are kept with the invoice. Read through the e-invoice mapping table (BT_ZUORDNUNG) in reverse; the supplier is found by VAT id (BT-31), then name and postcode (BT-27, BT-38); none: 422 on lieferantAnlegen unless lieferantAnlegen is true, which creates it from the seller data (BT-27…BT-40; needs ADR_AENDERN). Creates the purchase invoice (status 0) with lines, totals, due date, Skonto terms (#SKONTO# in BT-20) and the file as check document with its SHA-256, pre-ticks the VAT-compliant sub-items the data proves (never the visual check), notes deviations from the supplier order (BT-13) in hinweis. 409 when the supplier's invoice number exists already.",
    tag,
    rights: [...SEHEN, ERV_RECHTE.ERFASSEN],
    body: write(ervERechnungUpload),
    status: 201,
    errors: [400, 409, 422],
    response: single(ervERechnungErgebnis),
  }),
  eingangsrechnungERechnungAnsicht: endpoint({
    method: 'GET',
    path: '/eingangsrechnungspruefung/:id/erechnung',
    summary:
      'The readable view of the e-invoice behind the incoming invoice: its check document read through the mapping table (seller, buyer, lines, VAT breakdown, totals, payment terms) with the validation kept at intake; result null when the check document is no e-invoice.',
    tag,
    rights: SEHEN,
    params: idParams,
    response: single(ervERechnungAnsicht.nullable()),
  }),
} as const;
