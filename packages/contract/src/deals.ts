import { z } from 'zod';
import { BELEGARTEN } from './belegarten';
import { id, isoDate, isoDateTime, listQuery } from './common';

/**
 * Deals (spec 2 §3/§4, DEAL-004…010): the one place of their phases, statuses, types, rights per status and the
 * document types whose booked totals propose the reached sum. Server guards and web buttons both read these.
 */

/** DEAL-006: 1 first contact, 2 follow-up, 3 in negotiation, 4 completed. */
export const DEAL_PHASEN = [1, 2, 3, 4] as const;
export type DealPhase = (typeof DEAL_PHASEN)[number];
/** DEAL-007: 0 open, 1 won, 2 lost; the open status is 0. */
export const DEAL_STATUS = { offen: 0, gewonnen: 1, verloren: 2 } as const;
export const DEAL_STATUS_WERTE = [0, 1, 2] as const;
/** DEAL-008: 1 sales, 2 marketing. */
export const DEAL_TYPEN = [1, 2] as const;

/**
 * DEAL-009/010: an open deal (status 0) is changed with DEALS_AENDERN and deleted with DEALS_LOESCHEN; a closed one
 * (status above 0) only changed, and only with ABGL_DEALS_AENDERN. `loeschen: null` = no delete at all.
 */
export function dealRechte(status: number): { aendern: 'DEALS_AENDERN' | 'ABGL_DEALS_AENDERN'; loeschen: 'DEALS_LOESCHEN' | null } {
  return status === DEAL_STATUS.offen ? { aendern: 'DEALS_AENDERN', loeschen: 'DEALS_LOESCHEN' } : { aendern: 'ABGL_DEALS_AENDERN', loeschen: null };
}

/**
 * The reached sum a won deal proposes: the net total of its booked, not cancelled documents of the first of these types
 * that it has (invoices over orders over offers — later stages replace earlier ones, never add to them).
 */
export const DEAL_SUMME_BELEGARTEN = [BELEGARTEN.rechnung.belegart, BELEGARTEN.auftrag.belegart, BELEGARTEN.angebot.belegart] as const;

/** Cards per board column unless the call asks for another number. */
export const DEAL_BOARD_KARTEN = 20;

/** Euro with at most two decimals, 0 … 10 billion (stored in cents). */
const euro = z
  .number()
  .min(0, 'Der Betrag darf nicht negativ sein')
  .max(1e10)
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), 'Höchstens zwei Nachkommastellen');
const optText = (max: number) => z.string().trim().max(max).nullable().optional();

export const dealFelder = z.object({
  typ: z.union([z.literal(1), z.literal(2)], { error: 'Typ 1 (Vertrieb) oder 2 (Marketing)' }).optional(),
  titel: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(200),
  chance: z.number().int('Ganze Prozent').min(0, 'Zwischen 0 und 100').max(100, 'Zwischen 0 und 100').optional(),
  phase: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Phase 1 bis 4' }).optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Status 0, 1 oder 2' }).optional(),
  note: optText(10_000),
  zustaendigerBenutzer: z.number().int().positive().nullable().optional(),
  investitionsdatumGeplant: isoDate.nullable().optional(),
  investitionsdatumErreicht: isoDate.nullable().optional(),
  investitionssummeGeplant: euro.nullable().optional(),
  investitionssummeErreicht: euro.nullable().optional(),
  archived: z.boolean().optional(),
  /** Date and time of the next contact: sets or moves the responsible user's reminder. */
  naechsterKontakt: z.iso.datetime({ offset: true, error: 'Datum und Uhrzeit (ISO 8601)' }).nullable().optional(),
  frei01: optText(255),
  frei02: optText(255),
  ansprechpartnerId: z.number().int().positive().nullable().optional(),
  adresseId: z.number().int().positive(),
});
export const dealEingabe = dealFelder;
export const dealAenderung = dealFelder.partial();

export const deal = z.object({
  id,
  typ: z.number().int(),
  titel: z.string(),
  chance: z.number().int(),
  status: z.number().int(),
  phase: z.number().int(),
  note: z.string().nullable(),
  zustaendigerBenutzer: z.number().int().nullable(),
  investitionsdatumGeplant: z.string().nullable(),
  investitionsdatumErreicht: z.string().nullable(),
  investitionssummeGeplant: z.number().nullable(),
  investitionssummeErreicht: z.number().nullable(),
  archived: z.boolean(),
  naechsterKontakt: z.string().nullable(),
  frei01: z.string().nullable(),
  frei02: z.string().nullable(),
  ansprechpartnerId: z.number().int().nullable(),
  adresseId: z.number().int(),
  /** The address's name, customer and supplier number and salutation (read from the address). */
  adresseName: z.string().nullable(),
  kundennr: z.number().int().nullable(),
  liefernr: z.number().int().nullable(),
  anrede: z.string().nullable(),
  /** Why a lost deal was lost (one of the reasons list). */
  verlustgrund: z.string().nullable(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type Deal = z.infer<typeof deal>;
export const dealListe = deal.pick({
  id: true,
  titel: true,
  adresseId: true,
  adresseName: true,
  kundennr: true,
  typ: true,
  phase: true,
  status: true,
  chance: true,
  investitionssummeGeplant: true,
  naechsterKontakt: true,
  zustaendigerBenutzer: true,
  archived: true,
});

/** DEAL-005: a deal's document. */
export const dealBeleg = z.object({
  id,
  adresseId: z.number().int(),
  belegart: z.string(),
  belegstatus: z.number().int(),
  belegnummer: z.string(),
  endbetragNetto: z.number(),
  belegdatum: z.string(),
  gebucht: z.boolean(),
  storniert: z.boolean(),
});
export const dealBelegZuweisen = z.object({ belegId: z.number().int().positive() });
export const dealPhaseBody = z.object({
  data: z.object({ phase: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Phase 1 bis 4' }) }),
});
export const dealGewonnenBody = z.object({
  data: z.object({ datum: isoDate.optional(), summe: euro.optional() }),
});
export const dealVerlorenBody = z.object({ data: z.object({ grund: z.string().trim().min(1, 'Bitte einen Grund wählen').max(120) }) });
export const dealGewinnVorschlag = z.object({ datum: z.string(), summe: z.number(), belegart: z.string().nullable() });
export const dealVerlustgrund = z.object({ id, bezeichnung: z.string(), sortierung: z.number().int() });

/** Board: the open deals' columns (phase 1–4), filtered like the list; `karten` cards per column. */
export const dealBoardQuery = listQuery.pick({ filter: true, search: true }).extend({ karten: z.coerce.number().int().min(0).max(200).optional() });
export const dealBoardSpalte = z.object({
  phase: z.number().int(),
  anzahl: z.number().int(),
  summeGeplant: z.number(),
  summeGewichtet: z.number(),
  karten: z.array(dealListe),
  mehr: z.boolean(),
});
export const dealBoard = z.object({ spalten: z.array(dealBoardSpalte) });
