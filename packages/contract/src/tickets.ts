import { z } from 'zod';
import { dateiUpload } from './adressen';
import { BELEGARTEN } from './belegarten';
import { id, isoDate, isoDateTime, urlId } from './common';

/**
 * Tickets (spec 2 §3 Ticket, §4 Tickets; TKT-001…026). Efforts (`aufwandGeschaetzt`, `aufwandBeauftragt`, the roll-up
 * `aufwandIst`) are whole minutes, like an activity's `dauer`.
 */

/** TKT-014: a ticket with a status from this value on is closed, and read-only. */
export const TICKET_GESCHLOSSEN_AB = 90;
/** TKT-012: what a new ticket starts with (the four user fields are the current user, TKT-013). */
export const TICKET_VORGABEN = { status: 0, art: 0, rolle: 0, prioritaet: 5, abrechnungsart: 1, abrechnungsartAktivitaeten: 1 } as const;
/**
 * Reopening a closed ticket (a designed action: TKT-014 makes a closed ticket read-only, so its status is the one field a
 * user with TKT_AENDERN may still change, back below 90): the status it gets, "In Bearbeitung". A sub-ticket of a closed
 * main ticket cannot be reopened (409): the main ticket is reopened first.
 */
export const TICKET_WIEDEREROEFFNET_STATUS = 10;
/** True for a closed (read-only) ticket status. */
export const ticketGeschlossen = (status: number) => status >= TICKET_GESCHLOSSEN_AB;

/**
 * The six enumerations of a ticket (TKT-008/009): path segment under /stammdaten/tickets → the ticket field whose
 * values it lists. Rows are `wert`/`bezeichnung` (TKT-010).
 */
export const TICKET_AUFZAEHLUNGEN = {
  abrechnungsarten: 'abrechnungsart',
  abrechnungsregeln: 'abrechnungsartAktivitaeten',
  prioritaeten: 'prioritaet',
  rollen: 'rolle',
  statustexte: 'status',
  arten: 'art',
} as const;
export type TicketAufzaehlung = keyof typeof TICKET_AUFZAEHLUNGEN;
export const TICKET_AUFZAEHLUNG_NAMEN = Object.keys(TICKET_AUFZAEHLUNGEN) as TicketAufzaehlung[];
/** Fetch limit of an enumeration (spec 2 §9). */
export const TICKET_AUFZAEHLUNG_LIMIT = 500;

/** Billing types (`abrechnungsart`): 1 by effort, 2 flat rate, 3 free of charge. */
export const TICKET_ABRECHNUNGSART = { nachAufwand: 1, pauschal: 2, ohneBerechnung: 3 } as const;
/** Billing rules for activities (`abrechnungsartAktivitaeten`): 0 none, 1 every minute, 2 each rounded up to 15 minutes. */
export const TICKET_ABRECHNUNGSREGEL = { keine: 0, minutengenau: 1, viertelstunde: 2 } as const;

/** Billable minutes of one activity under a billing rule (`abrechnungsartAktivitaeten`). */
export function abrechenbareMinuten(regel: number, dauer: number): number {
  if (regel === TICKET_ABRECHNUNGSREGEL.keine || dauer <= 0) return 0;
  if (regel === TICKET_ABRECHNUNGSREGEL.viertelstunde) return Math.ceil(dauer / 15) * 15;
  return dauer;
}

export const ticketAufzaehlungWert = z.object({ wert: z.number().int(), bezeichnung: z.string() });
export type TicketAufzaehlungWert = z.infer<typeof ticketAufzaehlungWert>;

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullable().optional();
const wert = z.number().int().min(0).max(9999);
const benutzerRef = z.number().int().positive().nullable().optional();
const minuten = z.number().int().min(0, 'Bitte einen Wert ab 0 eingeben').max(10_000_000).nullable().optional();
const belegRef = z.number().int().positive().nullable().optional();

const ticketFelder = z.object({
  betreff: text(255).min(1, 'Bitte einen Betreff eingeben'),
  beschreibung: optText(20_000),
  art: wert.optional(),
  prioritaet: wert.optional(),
  status: wert.optional(),
  adresseId: z.number().int().positive(),
  rolle: wert.optional(),
  verantwortlichBenutzerId: benutzerRef,
  angefordertVonBenutzerId: benutzerRef,
  zugeordnetBenutzerId: benutzerRef,
  nachErledigungZurueckAnBenutzerId: benutzerRef,
  erledigungAb: isoDate.nullable().optional(),
  erledigungBis: isoDate.nullable().optional(),
  abrechnungsart: wert.optional(),
  abrechnungsartAktivitaeten: wert.optional(),
  aufwandGeschaetzt: minuten,
  aufwandBeauftragt: minuten,
  angebotBelegId: belegRef,
  auftragBelegId: belegRef,
  freiS01: optText(255),
  freiS02: optText(255),
  freiS03: optText(255),
  freiS04: optText(255),
  freiS05: optText(255),
  freiS06: optText(255),
  freiS07: optText(255),
  freiS08: optText(255),
  freiS09: optText(255),
  freiS10: optText(255),
  hauptTicketId: z.number().int().positive().nullable().optional(),
  rueckfrageAnBenutzerId: benutzerRef,
});

const zeitraum = (t: { erledigungAb?: string | null; erledigungBis?: string | null }, ctx: z.RefinementCtx) => {
  if (t.erledigungAb && t.erledigungBis && t.erledigungBis < t.erledigungAb)
    ctx.addIssue({ code: 'custom', message: 'Das Ende muss nach dem Beginn liegen', path: ['erledigungBis'] });
};
/** A new ticket (TKT-017: betreff required); `abrechnungBelegId` is set only by "create billing document". */
export const ticketEingabe = ticketFelder.superRefine(zeitraum);
export const ticketAenderung = ticketFelder.partial().superRefine(zeitraum);

export const ticket = z.object({
  id,
  ticketNummer: z.number().int(),
  betreff: z.string(),
  beschreibung: z.string().nullable(),
  art: z.number().int(),
  prioritaet: z.number().int(),
  status: z.number().int(),
  adresseId: z.number().int(),
  adresseName: z.string().nullable(),
  rolle: z.number().int(),
  verantwortlichBenutzerId: z.number().int().nullable(),
  angefordertVonBenutzerId: z.number().int().nullable(),
  zugeordnetBenutzerId: z.number().int().nullable(),
  nachErledigungZurueckAnBenutzerId: z.number().int().nullable(),
  erledigungAb: z.string().nullable(),
  erledigungBis: z.string().nullable(),
  abrechnungsart: z.number().int(),
  abrechnungsartAktivitaeten: z.number().int(),
  aufwandGeschaetzt: z.number().int().nullable(),
  aufwandBeauftragt: z.number().int().nullable(),
  angebotBelegId: z.number().int().nullable(),
  auftragBelegId: z.number().int().nullable(),
  abrechnungBelegId: z.number().int().nullable(),
  freiS01: z.string().nullable(),
  freiS02: z.string().nullable(),
  freiS03: z.string().nullable(),
  freiS04: z.string().nullable(),
  freiS05: z.string().nullable(),
  freiS06: z.string().nullable(),
  freiS07: z.string().nullable(),
  freiS08: z.string().nullable(),
  freiS09: z.string().nullable(),
  freiS10: z.string().nullable(),
  hauptTicketId: z.number().int().nullable(),
  rueckfrageAnBenutzerId: z.number().int().nullable(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type Ticket = z.infer<typeof ticket>;

/** A ticket as read and written: with the effort spent on it and all its sub-tickets (sum of activity minutes). */
export const ticketDetail = ticket.extend({ aufwandIst: z.number().int() });
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketListe = ticket.pick({
  id: true,
  ticketNummer: true,
  betreff: true,
  status: true,
  prioritaet: true,
  art: true,
  adresseId: true,
  adresseName: true,
  zugeordnetBenutzerId: true,
  erledigungBis: true,
  hauptTicketId: true,
  angelegtAm: true,
});
export type TicketListe = z.infer<typeof ticketListe>;

/** TKT-007: an attachment (a file of the ticket's address tied to the ticket). */
export const ticketAnhang = z.object({
  id,
  ticketId: z.number().int(),
  adresseId: z.number().int(),
  betreff: z.string().nullable(),
  dateiname: z.string(),
  mimeType: z.string(),
  groesse: z.number().int(),
  datum: isoDateTime,
});
export type TicketAnhang = z.infer<typeof ticketAnhang>;
/** Largest attachment (bytes). */
export const ANHANG_MAX_BYTES = 10 * 1024 * 1024;
export const ticketAnhangUpload = dateiUpload.extend({ betreff: optText(255) });
export const ticketSubParams = z.object({ id: urlId, subId: urlId });

/** "Create billing document": the document type (an order or an invoice, by its code from BELEGARTEN). */
export const TICKET_ABRECHNUNG_BELEGARTEN: readonly string[] = [BELEGARTEN.auftrag.belegart, BELEGARTEN.rechnung.belegart];
export const ticketAbrechnen = z.object({
  belegart: z
    .string()
    .max(4)
    .refine((b) => TICKET_ABRECHNUNG_BELEGARTEN.includes(b), 'Nur Auftrag oder Rechnung'),
});
