import { z } from 'zod';
import { aktivitaet } from './adressen';
import { idParams, list, listExportQuery, listQuery, single, urlId, write } from './common';
import { endpoint } from './endpoint';
import {
  TICKET_AUFZAEHLUNG_LIMIT,
  ticketAbrechnen,
  ticketAenderung,
  ticketAnhang,
  ticketAnhangUpload,
  ticketAufzaehlungWert,
  ticketDetail,
  ticketEingabe,
  ticketListe,
  ticketSubParams,
} from './tickets';

const SEHEN = ['TKT_ANSEHEN'] as const;
const AENDERN = ['TKT_ANSEHEN', 'TKT_AENDERN'] as const;
const tag = 'tickets';
const USAGE = ' 403 for everyone while the usage parameter tickets (NUTZUNG.TICKETS) is off.';

const aufzaehlung = (name: string, was: string) =>
  endpoint({
    method: 'GET',
    path: `/stammdaten/tickets/${name}`,
    summary: `Ticket enumeration: ${was} (rows wert/bezeichnung, limit up to ${TICKET_AUFZAEHLUNG_LIMIT}).${USAGE}`,
    tag,
    rights: SEHEN,
    query: listQuery,
    response: list(ticketAufzaehlungWert),
  });

/** Tickets, their sub-tickets, attachments and activities (spec 2 §7 Deals and tickets; TKT-018…026). */
export const ticketEndpoints = {
  ticketsList: endpoint({
    method: 'GET',
    path: '/crm/tickets',
    summary: `Tickets (newest ticketNummer first; quick search over number, subject and address name, a number-like term's ticket first; filter adresseId=…).${USAGE}`,
    tag,
    rights: SEHEN,
    query: listQuery,
    response: list(ticketListe),
  }),
  ticketsExport: endpoint({
    method: 'GET',
    path: '/crm/tickets/export',
    summary:
      "The ticket list as a CSV file (binary, text/csv, UTF-8 with BOM, ';' separated): every row of the list's filter, search and order, the columns named in columns; streamed. 503 with Retry-After while two exports run",
    tag,
    rights: SEHEN,
    query: listExportQuery,
    status: 200,
    response: null,
  }),
  ticketGet: endpoint({
    method: 'GET',
    path: '/crm/tickets/:id',
    summary: `One ticket with aufwandIst: minutes of the activities of the ticket and all its sub-tickets (recursive).${USAGE}`,
    tag,
    rights: SEHEN,
    params: idParams,
    response: single(ticketDetail),
  }),
  ticketCreate: endpoint({
    method: 'POST',
    path: '/crm/tickets',
    summary:
      'Create a ticket (body data; the new id in the Location header). Defaults TKT-012/013: status 0, art 0, rolle 0, prioritaet 5, abrechnungsart 1, abrechnungsartAktivitaeten 1, the four user fields = the current user. With hauptTicketId a sub-ticket (409 while the main ticket is closed). rueckfrageAnBenutzerId creates a reminder (TKT) for that user.',
    tag,
    rights: AENDERN,
    body: write(ticketEingabe),
    status: 201,
    response: single(ticketDetail),
  }),
  ticketUpdate: endpoint({
    method: 'PATCH',
    path: '/crm/tickets/:id',
    summary:
      'Change a ticket. A closed ticket (status 90 and above) is read-only: 409, except a change of only its status below 90 (reopen; 409 while its main ticket is closed). Closing a ticket while a sub-ticket is open: 409 naming the open sub-tickets.',
    tag,
    rights: AENDERN,
    params: idParams,
    body: write(ticketAenderung),
    response: single(ticketDetail),
  }),
  ticketDelete: endpoint({
    method: 'DELETE',
    path: '/crm/tickets/:id',
    summary: 'Delete a ticket; 409 when it has activities (TKT-015) or sub-tickets, or is closed',
    tag,
    rights: ['TKT_ANSEHEN', 'TKT_LOESCHEN'],
    params: idParams,
    status: 204,
    response: null,
  }),
  ticketUntertickets: endpoint({
    method: 'GET',
    path: '/crm/tickets/:id/untertickets',
    summary: `Sub-tickets of a ticket (hauptTicketId = id).${USAGE}`,
    tag,
    rights: SEHEN,
    params: idParams,
    query: listQuery,
    response: list(ticketListe),
  }),
  ticketAktivitaeten: endpoint({
    method: 'GET',
    path: '/crm/tickets/:id/aktivitaeten',
    summary: `Activities of a ticket (newest first).${USAGE}`,
    tag,
    rights: SEHEN,
    params: idParams,
    query: listQuery,
    response: list(aktivitaet),
  }),
  ticketAnhaenge: endpoint({
    method: 'GET',
    path: '/crm/tickets/:id/anhaenge',
    summary: `Attachments of a ticket (newest first).${USAGE}`,
    tag,
    rights: SEHEN,
    params: idParams,
    query: listQuery,
    response: list(ticketAnhang),
  }),
  ticketAnhangCreate: endpoint({
    method: 'POST',
    path: '/crm/tickets/:id/anhaenge',
    summary:
      "Upload an attachment: multipart/form-data (the file in any one file field, its name the dateiname; betreff beside it) or JSON (dateiname, daten as base64, betreff). Accepted by the file's bytes: PDF, PNG, JPEG, plain text/CSV (UTF-8), DOCX/XLSX (Office zip); at most 10 MB. 400 on daten otherwise; 409 on a closed ticket",
    tag,
    rights: AENDERN,
    params: idParams,
    body: write(ticketAnhangUpload),
    errors: [413],
    status: 201,
    response: single(ticketAnhang),
  }),
  ticketAnhangDelete: endpoint({
    method: 'DELETE',
    path: '/crm/tickets/:id/anhaenge/:subId',
    summary: 'Delete an attachment; 409 on a closed ticket',
    tag,
    rights: AENDERN,
    params: ticketSubParams,
    status: 204,
    response: null,
  }),
  dateiInhalt: endpoint({
    method: 'GET',
    path: '/stammdaten/dateien/:id',
    summary:
      'The content of a stored file (binary, its type as stored, attachment disposition): a ticket attachment needs TKT_ANSEHEN and the usage parameter tickets, any other file of an address ADR_SEHEN',
    tag,
    rightsNote: 'Decided per file: the rights of the record the file belongs to (ticket or address)',
    errors: [403],
    params: z.object({ id: urlId }),
    status: 200,
    response: null,
  }),
  ticketAbrechnen: endpoint({
    method: 'POST',
    path: '/crm/tickets/:id/abrechnen',
    summary:
      "Create billing document: the ticket's billable activities (by its abrechnungsartAktivitaeten) become the positions of a new document of a type of TICKET_ABRECHNUNG_BELEGARTEN (order or invoice) for its address; sets abrechnungBelegId. 409 when already billed, free of charge, or nothing is billable",
    tag,
    rights: [...AENDERN, 'BEK_AENDERN'],
    params: idParams,
    body: ticketAbrechnen,
    response: single(ticketDetail),
  }),
  ticketAbrechnungsarten: aufzaehlung('abrechnungsarten', 'billing types'),
  ticketAbrechnungsregeln: aufzaehlung('abrechnungsregeln', 'billing rules for activities'),
  ticketPrioritaeten: aufzaehlung('prioritaeten', 'priorities'),
  ticketRollen: aufzaehlung('rollen', 'roles (cost centres)'),
  ticketStatustexte: aufzaehlung('statustexte', 'status texts'),
  ticketArten: aufzaehlung('arten', 'ticket types'),

  dealAktivitaeten: endpoint({
    method: 'GET',
    path: '/crm/deals/:id/aktivitaeten',
    summary: 'Activities of a deal (newest first); 403 while the usage parameter deals is off',
    tag: 'crm',
    rights: ['DEALS_SEHEN'],
    params: idParams,
    query: listQuery,
    response: list(aktivitaet),
  }),
};

/** Endpoint key of each enumeration path segment. */
export const TICKET_AUFZAEHLUNG_ENDPOINTS = {
  abrechnungsarten: 'ticketAbrechnungsarten',
  abrechnungsregeln: 'ticketAbrechnungsregeln',
  prioritaeten: 'ticketPrioritaeten',
  rollen: 'ticketRollen',
  statustexte: 'ticketStatustexte',
  arten: 'ticketArten',
} as const;
