import { z } from 'zod';
import { BELEGARTEN } from './belegarten';
import { id, isoDateTime } from './common';

/**
 * Documents sent by e-mail (issue 24 items 8 and 9): SMTP settings, the templates per kind of document, the send call
 * and the outbox states. The sales document types that can be mailed are named here once, by their descriptors.
 */

/** The sales document types a user can send by e-mail (offers, order confirmations, invoices, credit notes, cancellations). */
export const MAIL_BELEGARTEN = [
  BELEGARTEN.angebot.belegart,
  BELEGARTEN.auftrag.belegart,
  BELEGARTEN.rechnung.belegart,
  BELEGARTEN.gutschrift.belegart,
  BELEGARTEN.stornorechnung.belegart,
] as const;
/** Template kinds besides the document types: dunning letters and the technician's service report. */
export const MAIL_VORLAGE_MAHNUNG = 'MAHNUNG';
export const MAIL_VORLAGE_SERVICEBERICHT = 'SERVICEBERICHT';
export const MAIL_VORLAGE_ARTEN = [...MAIL_BELEGARTEN, MAIL_VORLAGE_MAHNUNG, MAIL_VORLAGE_SERVICEBERICHT] as const;
export type MailVorlageArt = (typeof MAIL_VORLAGE_ARTEN)[number];

/** The placeholders a template may use, filled from the document (unknown ones are refused when the template is saved). */
export const MAIL_PLATZHALTER = ['belegnummer', 'belegart', 'belegdatum', 'kundenname', 'betrag', 'faellig', 'titel', 'firma'] as const;

/** Security of the SMTP connection: none, STARTTLS on a plain connection, TLS from the first byte. */
export const MAIL_SICHERHEIT = ['keine', 'starttls', 'tls'] as const;
/** Outbox states: queued (waiting or being retried), sent, failed (given up; the server's answer says why). */
export const MAIL_ZUSTAENDE = ['wartend', 'gesendet', 'fehlgeschlagen'] as const;
export type MailZustand = (typeof MAIL_ZUSTAENDE)[number];

/** What can be mailed: a sales document, a dunning letter, a service report. */
export const MAIL_QUELLEN = ['beleg', 'mahnschreiben', 'servicebericht'] as const;

const text = (max: number) => z.string().max(max, `Höchstens ${max} Zeichen`);

export const smtpEinstellungen = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  sicherheit: z.enum(MAIL_SICHERHEIT),
  benutzer: z.string().nullable(),
  /** Whether a password is stored; the password itself is never answered. */
  passwortGesetzt: z.boolean(),
  absender: z.string().nullable(),
});
export type SmtpEinstellungen = z.infer<typeof smtpEinstellungen>;

export const smtpEinstellungenEingabe = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Pflichtfeld')
    .max(255, 'Höchstens 255 Zeichen')
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'Kein gültiger Servername'),
  port: z.number().int('Ganze Zahl').min(1, 'Port 1 bis 65535').max(65535, 'Port 1 bis 65535'),
  sicherheit: z.enum(MAIL_SICHERHEIT),
  benutzer: text(255).nullable().optional(),
  /** Omitted: the stored password stays; null or '': it is removed. */
  passwort: text(255).nullable().optional(),
  absender: z.email('Keine gültige E-Mail-Adresse').max(200),
});

export const mailVorlage = z.object({
  art: z.string(),
  bezeichnung: z.string(),
  betreff: z.string(),
  text: z.string(),
  geaendertAm: isoDateTime.nullable(),
});
export type MailVorlage = z.infer<typeof mailVorlage>;
export const mailVorlageParams = z.object({ art: z.enum(MAIL_VORLAGE_ARTEN) });
export const mailVorlageEingabe = z.object({
  betreff: z.string().trim().min(1, 'Pflichtfeld').max(200, 'Höchstens 200 Zeichen'),
  text: z.string().min(1, 'Pflichtfeld').max(20000, 'Höchstens 20.000 Zeichen'),
});

/** The body of a send: recipients (at least one), copies, subject and text as the user edited them. */
export const mailSenden = z.object({
  an: z.array(z.string().max(254, 'Höchstens 254 Zeichen')).min(1, 'Mindestens ein Empfänger').max(20, 'Höchstens 20 Empfänger'),
  cc: z.array(z.string().max(254, 'Höchstens 254 Zeichen')).max(20, 'Höchstens 20 Empfänger').optional(),
  betreff: z.string().trim().min(1, 'Pflichtfeld').max(200, 'Höchstens 200 Zeichen'),
  text: z.string().min(1, 'Pflichtfeld').max(100000, 'Höchstens 100.000 Zeichen'),
});
export type MailSenden = z.infer<typeof mailSenden>;

export const mailAnhang = z.object({ name: z.string(), sha256: z.string(), groesse: z.number().int() });

/** The dialog's starting point: recipient from the address, subject and text from the template, the attachments' names. */
export const mailEntwurf = z.object({
  an: z.array(z.string()),
  cc: z.array(z.string()),
  betreff: z.string(),
  text: z.string(),
  anhaenge: z.array(z.object({ name: z.string() })),
  /** False while no SMTP server is set up (the dialog says so and does not offer sending). */
  eingerichtet: z.boolean(),
});
export type MailEntwurf = z.infer<typeof mailEntwurf>;

export const mailAusgang = z.object({
  id,
  quelle: z.enum(MAIL_QUELLEN),
  quelleId: id,
  an: z.array(z.string()),
  cc: z.array(z.string()),
  betreff: z.string(),
  anhaenge: z.array(mailAnhang),
  zustand: z.enum(MAIL_ZUSTAENDE),
  versuche: z.number().int(),
  naechsterVersuch: isoDateTime.nullable(),
  letzteAntwort: z.string().nullable(),
  benutzer: z.string().nullable(),
  angelegtAm: isoDateTime,
  gesendetAm: isoDateTime.nullable(),
});
export type MailAusgang = z.infer<typeof mailAusgang>;

export const mailEingereiht = z.object({ id, zustand: z.enum(MAIL_ZUSTAENDE) });
