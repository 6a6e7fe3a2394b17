import { idParams, list, listQuery, single, write } from './common';
import { datevEinstellungen, datevEinstellungenEingabe, datevExport, datevStapelQuery } from './datev';
import { endpoint } from './endpoint';
import {
  mailAusgang,
  mailEingereiht,
  mailEntwurf,
  mailSenden,
  mailVorlage,
  mailVorlageEingabe,
  mailVorlageParams,
  smtpEinstellungen,
  smtpEinstellungenEingabe,
} from './mail';

const BELEG_SEHEN = ['BEK_SEHEN'] as const;
/** Sending a document is working on it, like printing. */
const BELEG_SENDEN = ['BEK_SEHEN', 'BEK_AENDERN'] as const;

/** A project right (denied unless granted): the DATEV export hands the books to the tax adviser. */
import { DATEV_RECHT } from './rechte';

const DATEV = [DATEV_RECHT] as const;
/** The service report: whoever reaches the task (as its report's download). */
const SERVICE_OWN =
  'Object level: a technician reaches only the tasks assigned to them (others answer 404); users without a technician id need SVC_DISPO; administrators reach all';

const SENDEN =
  'Queues the mail (recipients, copies, subject and text as edited; the attachment rendered now and kept with its SHA-256) in the outbox, in the same transaction as the history row E that records recipients and attachments; answers 202 with the outbox id. A background sender delivers it over the configured SMTP server, retrying with growing delays; GET …/email shows its state. 400 with a field error for an invalid address; 422 while no SMTP server is set up.';

/** E-mail (outbox, SMTP settings, templates) and the DATEV export (issue 24 items 8–12). */
export const ausgangEndpoints = {
  smtpGet: endpoint({
    method: 'GET',
    path: '/system/mail/smtp',
    summary: 'SMTP settings (host, port, security, user, sender); the password is never answered, only whether one is stored',
    tag: 'system',
    adminOnly: true,
    response: single(smtpEinstellungen),
  }),
  smtpSet: endpoint({
    method: 'PUT',
    path: '/system/mail/smtp',
    summary: 'Change the SMTP settings (administrator); passwort omitted keeps the stored one, null removes it',
    tag: 'system',
    adminOnly: true,
    body: write(smtpEinstellungenEingabe),
    response: single(smtpEinstellungen),
  }),
  mailVorlagen: endpoint({
    method: 'GET',
    path: '/system/mail/vorlagen',
    summary: 'The e-mail templates per kind of document (subject and text with placeholders such as {belegnummer}, {kundenname}, {betrag})',
    tag: 'system',
    adminOnly: true,
    response: list(mailVorlage),
  }),
  mailVorlageSet: endpoint({
    method: 'PUT',
    path: '/system/mail/vorlagen/:art',
    summary: 'Change one template (administrator); an unknown placeholder is a field error',
    tag: 'system',
    adminOnly: true,
    params: mailVorlageParams,
    body: write(mailVorlageEingabe),
    response: single(mailVorlage),
  }),
  belegMailEntwurf: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/email/entwurf',
    summary:
      "The send dialog's starting point: recipient from the address (an invoice's or credit note's invoice address), subject and text from the type's template with the document's fields, the attachments' names. 422 for a type that is not sent by e-mail.",
    tag: 'belege',
    rights: BELEG_SEHEN,
    params: idParams,
    errors: [422],
    response: single(mailEntwurf),
  }),
  belegMailSenden: endpoint({
    method: 'POST',
    path: '/verkauf/belege/:id/email',
    summary: `Send the document by e-mail (offers, order confirmations, invoices, credit notes, cancellations) with its PDF. ${SENDEN}`,
    tag: 'belege',
    rights: BELEG_SENDEN,
    params: idParams,
    body: write(mailSenden),
    status: 202,
    errors: [422],
    response: single(mailEingereiht),
  }),
  belegMails: endpoint({
    method: 'GET',
    path: '/verkauf/belege/:id/email',
    summary: 'The e-mails of the document, newest first: recipients, attachments with SHA-256, state (queued, sent, failed) and the server’s last answer',
    tag: 'belege',
    rights: BELEG_SEHEN,
    params: idParams,
    response: list(mailAusgang),
  }),
  mahnschreibenMailEntwurf: endpoint({
    method: 'GET',
    path: '/finanzen/mahnschreiben/:id/email/entwurf',
    summary: "The send dialog's starting point for a dunning letter: the address's e-mail, the template MAHNUNG, the letter's PDF",
    tag: 'finanzen',
    rights: BELEG_SEHEN,
    params: idParams,
    response: single(mailEntwurf),
  }),
  mahnschreibenMailSenden: endpoint({
    method: 'POST',
    path: '/finanzen/mahnschreiben/:id/email',
    summary: `Send a dunning letter by e-mail with its PDF. ${SENDEN}`.replace('history row E that records', 'change-log entry that records'),
    tag: 'finanzen',
    rights: BELEG_SENDEN,
    params: idParams,
    body: write(mailSenden),
    status: 202,
    errors: [422],
    response: single(mailEingereiht),
  }),
  mahnschreibenMails: endpoint({
    method: 'GET',
    path: '/finanzen/mahnschreiben/:id/email',
    summary: 'The e-mails of a dunning letter with their state',
    tag: 'finanzen',
    rights: BELEG_SEHEN,
    params: idParams,
    response: list(mailAusgang),
  }),
  serviceberichtMailEntwurf: endpoint({
    method: 'GET',
    path: '/service/auftraege/:id/email/entwurf',
    summary:
      "The send dialog's starting point for a task's service report: the address's e-mail (else its first contact person's), the template SERVICEBERICHT with the task's fields, the stored report's file name. 422 before the task is completed.",
    tag: 'service',
    rightsNote: SERVICE_OWN,
    params: idParams,
    errors: [422],
    response: single(mailEntwurf),
  }),
  serviceberichtMailSenden: endpoint({
    method: 'POST',
    path: '/service/auftraege/:id/email',
    summary: `Send a completed task's service report by e-mail: the report PDF stored at completion (the same bytes on every send). ${SENDEN}`.replace(
      'history row E that records',
      'change-log entry (SVA) that records',
    ),
    tag: 'service',
    rightsNote: SERVICE_OWN,
    params: idParams,
    body: write(mailSenden),
    status: 202,
    errors: [422],
    response: single(mailEingereiht),
  }),
  serviceberichtMails: endpoint({
    method: 'GET',
    path: '/service/auftraege/:id/email',
    summary: 'The e-mails of a task’s service report with their state',
    tag: 'service',
    rightsNote: SERVICE_OWN,
    params: idParams,
    response: list(mailAusgang),
  }),
  datevEinstellungenGet: endpoint({
    method: 'GET',
    path: '/finanzen/datev/einstellungen',
    summary: 'DATEV settings: adviser and client number, chart of accounts, account length, debtor number rule, accounts per VAT rate, fiscal-year start',
    tag: 'finanzen',
    adminOnly: true,
    response: single(datevEinstellungen),
  }),
  datevEinstellungenSet: endpoint({
    method: 'PUT',
    path: '/finanzen/datev/einstellungen',
    summary: 'Change the DATEV settings (administrator); every account must have the account length (debtors one digit more)',
    tag: 'finanzen',
    adminOnly: true,
    body: write(datevEinstellungenEingabe),
    errors: [422],
    response: single(datevEinstellungen),
  }),
  datevBuchungsstapel: endpoint({
    method: 'GET',
    path: '/finanzen/datev/buchungsstapel',
    summary:
      'DATEV Buchungsstapel (EXTF 700, category 21, format 13; CP1252, CRLF, semicolons): one file EXTF_Buchungsstapel_<yyyy-mm>.csv per month, a ZIP for several months. Rows: each booked invoice, credit note and cancellation per VAT rate (debtor against the revenue account, S/H by type), each payment, cash discount and reversal on an open item (bank/cash/discount against debtor, Belegfeld 1 = invoice number). Each posting is exported once and logged; wiederholen=true writes already exported ones again, test=true marks nothing. A field longer than DATEV allows is a 422 naming it, before anything is written.',
    tag: 'finanzen',
    rights: DATEV,
    query: datevStapelQuery,
    errors: [422],
    status: 200,
    response: null,
  }),
  datevDebitoren: endpoint({
    method: 'GET',
    path: '/finanzen/datev/debitoren-kreditoren',
    summary: 'The customers as DATEV master data (EXTF 700, category 16 Debitoren/Kreditoren, format 5; CP1252): debtor account, name, address, e-mail; logged',
    tag: 'finanzen',
    rights: DATEV,
    errors: [422],
    status: 200,
    response: null,
  }),
  datevExporte: endpoint({
    method: 'GET',
    path: '/finanzen/datev/exporte',
    summary: 'The DATEV export log, newest first',
    tag: 'finanzen',
    rights: DATEV,
    query: listQuery,
    response: list(datevExport),
  }),
  datevExportDatei: endpoint({
    method: 'GET',
    path: '/finanzen/datev/exporte/:id/datei',
    summary: 'The file of a logged export, byte for byte as it was delivered (binary: text/csv or application/zip)',
    tag: 'finanzen',
    rights: DATEV,
    params: idParams,
    status: 200,
    response: null,
  }),
} as const;
