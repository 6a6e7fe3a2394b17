import { z } from 'zod';
import { id, isoDate, isoDateTime, urlId } from './common';

/**
 * Open items (offene Posten) of booked invoices and credit notes, their payments, the dunning run and the summary by
 * dunning level (2-business-processes §2, §3, §4, §7; OP-001..009).
 */

/**
 * Kind of an open item: from an invoice (04…), a credit note (05…, negative amounts) or a credit on the customer's
 * account from an overpayment ('GH', negative, no document: it points at the payment it came from).
 */
export const OPV_ARTEN = ['RE', 'GU', 'GH'] as const;
/** Dunning levels run 0 to 5 (OP-004). */
export const MAHNSTUFE_MAX = 5;
/** How a payment came in (zahlungPer). */
export const ZAHLUNG_PER = ['Überweisung', 'Lastschrift', 'Bar', 'Scheck', 'Karte', 'Verrechnung'] as const;
/** The rows the system writes beside a payment: the cash discount it settles, and the reversal of a payment (GoBD). */
export const ZAHLUNG_SKONTO = 'Skonto';
export const ZAHLUNG_STORNO = 'Storno';
/** The system parameter of the grace days after the net due date before an item becomes dunnable, and its default. */
export const MAHNUNG_KARENZTAGE_PARAMETER = 'MAHNUNG.KARENZTAGE';
export const MAHNUNG_KARENZTAGE_STANDARD = 7;

/**
 * The dunning letter of each level (1–5): its title and its German texts. Level 1 is the friendly reminder, 2 the
 * first and 3 the second dunning letter; 4 and 5 are the last one before legal steps.
 */
export const MAHNSTUFEN_BRIEF: Record<number, { titel: string; einleitung: string; schluss: string }> = {
  1: {
    titel: 'Zahlungserinnerung',
    einleitung: 'sicher ist es Ihrer Aufmerksamkeit entgangen: Für die folgenden Rechnungen konnten wir bis heute keinen Zahlungseingang feststellen.',
    schluss:
      'Bitte überweisen Sie den offenen Betrag bis zum {frist}. Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  },
  2: {
    titel: '1. Mahnung',
    einleitung: 'leider konnten wir trotz unserer Zahlungserinnerung für die folgenden Rechnungen noch keinen Zahlungseingang feststellen.',
    schluss: 'Wir bitten Sie, den offenen Betrag bis zum {frist} zu begleichen.',
  },
  3: {
    titel: '2. Mahnung',
    einleitung: 'die folgenden Rechnungen sind trotz Zahlungserinnerung und Mahnung weiterhin unbezahlt.',
    schluss: 'Bitte begleichen Sie den offenen Betrag umgehend, spätestens bis zum {frist}.',
  },
  4: {
    titel: 'Letzte Mahnung',
    einleitung: 'trotz mehrfacher Aufforderung sind die folgenden Rechnungen weiterhin unbezahlt.',
    schluss:
      'Sollte der offene Betrag nicht bis zum {frist} bei uns eingegangen sein, werden wir die Forderung ohne weitere Ankündigung gerichtlich geltend machen.',
  },
  5: {
    titel: 'Letzte Mahnung',
    einleitung: 'trotz mehrfacher Aufforderung sind die folgenden Rechnungen weiterhin unbezahlt.',
    schluss:
      'Sollte der offene Betrag nicht bis zum {frist} bei uns eingegangen sein, werden wir die Forderung ohne weitere Ankündigung gerichtlich geltend machen.',
  },
};
/** Days the letter gives to pay (its deadline: the run's day plus these). */
export const MAHN_ZAHLUNGSFRIST_TAGE = 10;
/** A dunning run raises an item again only when its last reminder is at least this many days old. */
export const MAHN_ABSTAND_TAGE = 14;
/** Net days when the address has no payment type (zahlart) with terms. */
export const STANDARD_NETTO_TAGE = 14;

/** An open item as the record screen reads it (OP-003): amounts in euro, dates `YYYY-MM-DD`. */
export const offenerPosten = z.object({
  id,
  nummer: z.number().int(),
  rechnungsnummer: z.string(),
  /** The document; null for a credit from an overpayment ('GH'). */
  belegId: z.number().int().nullable(),
  opvArt: z.enum(OPV_ARTEN),
  /** A credit ('GH'): the payment whose surplus it holds. */
  zahlungId: z.number().int().nullable(),
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
  /**
   * What settles the item with cash discount when paid today (open amount less the discount; null when the item has
   * no discount, nothing is open or the discount term is over). The server checks it again when the payment is booked.
   */
  skontoZahlbetrag: z.number().nullable(),
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
  /** A reversal: the payment it reverses. */
  stornoVonId: z.number().int().nullable(),
  /** A reversed payment: its reversal. */
  storniertDurchId: z.number().int().nullable(),
  /** A cash discount row: the payment it came with. */
  zuZahlungId: z.number().int().nullable(),
  /** A payment whose surplus became a credit: the credit's open item. */
  guthabenId: z.number().int().nullable(),
});
export type Zahlung = z.infer<typeof zahlung>;

const cents = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/**
 * A payment to record: the amount (euro, positive, at most two decimals) is taken off the open amount — of an invoice
 * as money received, of a credit note as money paid out. More than is open of an invoice settles it and books the
 * surplus as a credit on the customer's account (an open item 'GH'); of a credit note it is refused (422). `skonto`:
 * within the discount term, the rest up to the item's discount is settled by a 'Skonto' row (outside: 422).
 */
export const zahlungEingabe = z.object({
  zahlungsBetrag: z.number().positive('Der Betrag muss größer als 0 sein').max(1e10).refine(cents, 'Höchstens zwei Nachkommastellen'),
  zahlungsDatum: isoDate,
  zahlungPer: z.enum(ZAHLUNG_PER),
  auszug: z.string().trim().max(60).nullable().optional(),
  bemerkung: z.string().trim().max(2000).nullable().optional(),
  skonto: z.boolean().optional(),
});

/** A payment answer: the payment and the open item after it (and the credit an overpayment made). */
export const zahlungErfasst = z.object({ result: zahlung, offenerPosten, skonto: zahlung.nullable(), guthaben: offenerPosten.nullable() });

/** Why a payment is reversed (required; kept as the reversal's remark). */
export const stornoGrund = z.string().trim().min(1, 'Bitte einen Grund angeben').max(500);
/** Reversal of a payment: the reason. */
export const zahlungStornoEingabe = z.object({ grund: stornoGrund });
/** Correction of a payment: its reversal (with reason) and the right payment, in one transaction. */
export const zahlungKorrekturEingabe = zahlungEingabe.extend({ grund: stornoGrund });
/** A reversal's answer: the reversal rows (the payment's, and its cash discount's) and the open item after it. */
export const zahlungStorniert = z.object({ result: z.array(zahlung), offenerPosten });
/** A correction's answer: the new payment, the reversal rows and the open item after both. */
export const zahlungKorrigiert = z.object({ result: zahlung, storno: z.array(zahlung), offenerPosten, guthaben: offenerPosten.nullable() });

export const zahlungParams = z.object({ id: urlId, paymentId: urlId });

/** An item a dunning run raises (preview) or raised (run): its amounts, due date and levels. */
export const mahnPosten = z.object({
  offenerPostenId: z.number().int(),
  rechnungsnummer: z.string(),
  rechnungsdatum: isoDate,
  nettoFaellig: isoDate,
  offenerBetrag: z.number(),
  stufeVorher: z.number().int(),
  stufe: z.number().int(),
});

/** The dunning of one address in a run: the letter's level (the highest new level of its items), total and items. */
export const mahnAdresse = z.object({
  adresseId: z.number().int(),
  adressnummer: z.number().int(),
  name1: z.string(),
  ort: z.string().nullable(),
  stufe: z.number().int(),
  titel: z.string(),
  betrag: z.number(),
  posten: z.array(mahnPosten),
  /** After the run: the letter (its PDF under /finanzen/mahnschreiben/{id}/pdf). */
  mahnschreibenId: z.number().int().nullable(),
});

/** What today's dunning run would do (nothing is changed): the addresses and their items with the new levels. */
export const mahnlaufVorschau = z.object({
  datum: isoDate,
  karenzTage: z.number().int(),
  /** True: today's run already happened; running again changes nothing. */
  bereitsGelaufen: z.boolean(),
  adressen: z.array(mahnAdresse),
});

/** The run's confirmation: the addresses to dun (of the preview; others are left out). Without it: every address. */
export const mahnlaufStart = z.object({ adresseIds: z.array(z.number().int().positive()).max(100_000).optional() }).strict();

/** The answer of a dunning run: the day, whether it had already run that day, and how many items went up one level. */
export const mahnlauf = z.object({
  /** The run (its letters under /finanzen/mahnlaeufe/{id}). */
  id: z.number().int(),
  /** What the run did (empty when bereitsGelaufen). */
  adressen: z.array(mahnAdresse),
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

/** A dunning run in the list of runs. */
export const mahnlaufListe = z.object({
  id: z.number().int(),
  datum: isoDate,
  zeitpunkt: isoDateTime,
  benutzerName: z.string().nullable(),
  erhoeht: z.number().int(),
  schreiben: z.number().int(),
});

/** A dunning letter (per address and run). */
export const mahnschreiben = z.object({
  id: z.number().int(),
  mahnlaufId: z.number().int(),
  datum: isoDate,
  adresseId: z.number().int(),
  adressnummer: z.number().int(),
  name1: z.string(),
  ort: z.string().nullable(),
  stufe: z.number().int(),
  titel: z.string(),
  betrag: z.number(),
  anzahl: z.number().int(),
});

/** One run with what it did: its letters and their items. */
export const mahnlaufDetail = mahnlaufListe.extend({ adressen: z.array(mahnAdresse) });

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
