import { z } from 'zod';
import { id, isoDate, isoDateTime, urlId } from './common';

/**
 * Open items (offene Posten) of booked invoices and credit notes, their payments, the dunning run and the summary by
 * dunning level (2-business-processes §2, §3, §4, §7; OP-001..009).
 */

/** Kind of an open item: from an invoice (04…) or a credit note (05…, negative amounts). */
export const OPV_ARTEN = ['RE', 'GU'] as const;
/** Dunning levels run 0 to 5 (OP-004). */
export const MAHNSTUFE_MAX = 5;
/** How a payment came in (zahlungPer). */
export const ZAHLUNG_PER = ['Überweisung', 'Lastschrift', 'Bar', 'Scheck', 'Karte', 'Verrechnung'] as const;
/** A dunning run raises an item again only when its last reminder is at least this many days old. */
export const MAHN_ABSTAND_TAGE = 14;
/** Net days when the address has no payment type (zahlart) with terms. */
export const STANDARD_NETTO_TAGE = 14;

/** An open item as the record screen reads it (OP-003): amounts in euro, dates `YYYY-MM-DD`. */
export const offenerPosten = z.object({
  id,
  nummer: z.number().int(),
  rechnungsnummer: z.string(),
  belegId: z.number().int(),
  opvArt: z.enum(OPV_ARTEN),
  adresseId: z.number().int(),
  adressnummer: z.number().int(),
  kundennummer: z.number().int().nullable(),
  name1: z.string(),
  ort: z.string().nullable(),
  rechnungsBetrag: z.number(),
  offenerBetrag: z.number(),
  bisherGezahlt: z.number(),
  rechnungsdatum: isoDate,
  valuta: isoDate,
  nettoFaellig: isoDate,
  skontoDatum: isoDate.nullable(),
  /** Percent (2 = 2 %). */
  skontoProzent: z.number(),
  skontoBetrag: z.number(),
  zahlungsartId: z.number().int().nullable(),
  zahlungsart: z.string().nullable(),
  mahnstufe: z.number().int().min(0).max(MAHNSTUFE_MAX),
  letzteMahnung: isoDate.nullable(),
  /** Disputed (under clarification); false: undisputed (clarified). */
  strittig: z.boolean(),
  /** Unadmonished: never raised by a dunning run. */
  nichtMahnen: z.boolean(),
  gesperrt: z.boolean(),
  abgeschlossen: z.boolean(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type OffenerPosten = z.infer<typeof offenerPosten>;

/** List columns of /finanzen/offeneposten. */
export const offenerPostenListe = offenerPosten.pick({
  id: true,
  nummer: true,
  rechnungsnummer: true,
  belegId: true,
  opvArt: true,
  adresseId: true,
  adressnummer: true,
  kundennummer: true,
  name1: true,
  ort: true,
  rechnungsBetrag: true,
  offenerBetrag: true,
  bisherGezahlt: true,
  rechnungsdatum: true,
  nettoFaellig: true,
  zahlungsart: true,
  mahnstufe: true,
  letzteMahnung: true,
  strittig: true,
  nichtMahnen: true,
  gesperrt: true,
  abgeschlossen: true,
});

/** The flags a user changes (OP-005); amounts and dates follow from the invoice and the payments only. */
export const offenerPostenAenderung = z.object({ strittig: z.boolean(), nichtMahnen: z.boolean(), gesperrt: z.boolean() }).partial().strict();

/** A payment (OP-002). `zahlungsBetrag` has the item's sign: negative when paid out on a credit note. */
export const zahlung = z.object({
  id,
  offenerPostenId: z.number().int(),
  auszug: z.string().nullable(),
  zahlungPer: z.string(),
  zahlungsBetrag: z.number(),
  zahlungsDatum: isoDate,
  bemerkung: z.string().nullable(),
  benutzerId: z.number().int().nullable(),
  benutzerName: z.string().nullable(),
  angelegtAm: isoDateTime,
});
export type Zahlung = z.infer<typeof zahlung>;

const cents = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/**
 * A payment to record: the amount (euro, positive, at most two decimals) is taken off the open amount — of an invoice
 * as money received, of a credit note as money paid out. More than is open is refused (422 on zahlungsBetrag).
 */
export const zahlungEingabe = z.object({
  zahlungsBetrag: z.number().positive('Der Betrag muss größer als 0 sein').max(1e10).refine(cents, 'Höchstens zwei Nachkommastellen'),
  zahlungsDatum: isoDate,
  zahlungPer: z.enum(ZAHLUNG_PER),
  auszug: z.string().trim().max(60).nullable().optional(),
  bemerkung: z.string().trim().max(2000).nullable().optional(),
});

/** A payment answer: the payment and the open item after it. */
export const zahlungErfasst = z.object({ result: zahlung, offenerPosten });

export const zahlungParams = z.object({ id: urlId, paymentId: urlId });

/** The answer of a dunning run: the day, whether it had already run that day, and how many items went up one level. */
export const mahnlauf = z.object({
  datum: isoDate,
  /** True: the run of this day had already happened, nothing was changed now. */
  bereitsGelaufen: z.boolean(),
  /** Items raised by this call (0 when bereitsGelaufen). */
  erhoeht: z.number().int(),
  /** Items raised by the day's first run. */
  erhoehtImLauf: z.number().int(),
  gelaufenAm: isoDateTime,
  benutzerName: z.string().nullable(),
  meldung: z.string(),
});

/** The summary of open items by dunning level (OP-008, OP-009): count and open amount (euro) of open, not completed items. */
export const offenePostenUebersicht = z.object({
  stufe0_Anzahl: z.number().int(),
  stufe0_Betrag: z.number(),
  stufe1_Anzahl: z.number().int(),
  stufe1_Betrag: z.number(),
  stufe2_Anzahl: z.number().int(),
  stufe2_Betrag: z.number(),
  stufe3_Anzahl: z.number().int(),
  stufe3_Betrag: z.number(),
  stufe4_Anzahl: z.number().int(),
  stufe4_Betrag: z.number(),
  /** Beyond the spec's four: the last level 5. */
  stufe5_Anzahl: z.number().int(),
  stufe5_Betrag: z.number(),
  gesamt_Anzahl: z.number().int(),
  gesamt_Betrag: z.number(),
});
