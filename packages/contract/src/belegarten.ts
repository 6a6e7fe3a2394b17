/**
 * One descriptor per document type (issue 18 §1; spec 2 §4 "Document types", BEL-028/029/032..036).
 *
 * Everything the product knows about a type lives in its entry: codes, names, number range, transforms, the effects of
 * booking (and so of cancelling), signing, PDF texts and the e-invoice type code. Server and web derive their lists
 * and lookups from `BELEGARTEN`; no other file names a type by its code. Adding a type is one entry here, the migration
 * of its number range (`nummernkreis.name` must be a row of `nummernkreise`) and — for the web — nothing else: names
 * come from the entry in de/en/fr.
 *
 * Codes: the spec names 01 offer, 02 order, 03 delivery note, 04 invoice, 05 "another type" (the customer side's
 * credit note, BEL-033) and the belegart as the type with two more digits (0100 offer, 0200 order, BEL-032). For the
 * supplier side (BEL-034) it names the categories but no codes; the reference data has always carried 1100 price
 * request, 1200 supplier order, 1300 goods receipt, 1400 supplier invoice (incoming invoices use 1400), so the
 * purchase side is 11–15 in the same style, with 1500 the supplier credit note.
 *
 * UNTDID 1001 (document name code of an e-invoice): 380 commercial invoice, 381 credit note (both sides); for the
 * other types the codes an EDI message would carry — 310 offer/quotation, 231 purchase order response (our order
 * confirmation), 270 delivery note, 220 order (our order to a supplier), 632 goods receipt; a price request has none.
 */

export type Sprache = 'de' | 'en' | 'fr';
export type Texte = Readonly<Record<Sprache, string>>;

/** Stock effect of booking: none, out of the warehouse (delivery note) or into it (goods receipt). */
export type LagerEffekt = 'keine' | 'aus' | 'ein';

export interface BelegartDescriptor<K extends string = string> {
  /** The key the code names it by (`BELEGARTEN.rechnung`). */
  readonly schluessel: K;
  readonly seite: 'verkauf' | 'einkauf';
  /** Two-digit type: the first two characters of belegart. */
  readonly belegtyp: string;
  /** Four-digit document kind (`belegart`). */
  readonly belegart: string;
  readonly name: Texte;
  readonly plural: Texte;
  /** Number range (a row of `nummernkreise`): numbers are `<praefix><year>-<00001>`. */
  readonly nummernkreis: { readonly name: `BELEG_${string}`; readonly praefix: string; readonly bezeichnung: string };
  /**
   * The types it may be transformed into (BEL-029) and whether partly (quantities per position); `nurGebucht`: only
   * from a booked document (an invoice is credited once it is booked).
   */
  readonly umwandlung: readonly { readonly nach: K; readonly teilweise: boolean; readonly nurGebucht?: boolean }[];
  /** What booking does (and cancelling takes back): stock, an open item with its sign, a deal question (BEL-030/031). */
  readonly effekte: { readonly lager: LagerEffekt; readonly offenerPosten: 0 | 1 | -1; readonly dealFrage: boolean };
  /** Once booked, digital picklists are made from it (PICK, issue 25: `POST /tablet/picklisten`). */
  readonly pickliste?: true;
  /** A signature can be captured on it (delivery notes on receipt, offers and orders as acceptance). */
  readonly unterschreibbar: boolean;
  /** A user may create it directly (BEL-033: the customer-side categories); a cancellation document only comes from a cancellation. */
  readonly direktAnlegen: boolean;
  /** A new document for a deal can be of this type (BEL-032: offer 0100 or assignment 0200). */
  readonly zumDeal: boolean;
  /**
   * How a booked document of this type is cancelled (GoBD: booked documents are corrected, never erased):
   * `gegenbeleg` names the cancellation document's type — cancelling creates it with its own number and the lines
   * negated, referring to the original, and it settles the original's open item; `direkt`: the document itself is
   * marked cancelled and its booking effects are taken back (a delivery note's stock); `nein`: it cannot be cancelled
   * (a cancellation document itself).
   */
  readonly storno: { readonly art: 'gegenbeleg'; readonly beleg: K } | { readonly art: 'direkt' } | { readonly art: 'nein' };
  /** Part of the default pick-list filter (BEL-036). */
  readonly standardfilter: boolean;
  /** UNTDID 1001 document name code, or null. */
  readonly untdid1001: string | null;
  /**
   * Texts of its PDF (German, as printed). `einleitung` and `schlusstext` are also the type's default head and foot
   * texts (`standardTexte`): a new document starts with them in `kopftext`/`fusstext`.
   */
  readonly pdf: {
    readonly titel: string;
    readonly nummer: string;
    readonly einleitung: string;
    /** Closing text before the footer (null: none; invoices print their payment terms instead). */
    readonly schlusstext: string | null;
    /** The invoice's payment terms are printed. */
    readonly zahlungsbedingungen: boolean;
    /** The label of the final amount. */
    readonly summe: string;
    /** Prices and totals are printed (a delivery note shows quantities only). */
    readonly preise: boolean;
    /** The delivery date is printed. */
    readonly liefertermin: boolean;
    /**
     * The date of supply (Leistungsdatum, § 14 (4) Nr. 6 UStG) and the delivery notes it was made from are printed:
     * the delivery notes' dates, else the delivery date, else "entspricht Rechnungsdatum".
     */
    readonly leistungsdatum: boolean;
    /** Which address it goes to when the document has one. */
    readonly empfaenger: 'adresse' | 'rechnungsadresse' | 'lieferadresse';
    /** Caption under the signature. */
    readonly unterschrift: string;
  };
}

const anrede = 'Sehr geehrte Damen und Herren,\n';
const keine = { lager: 'keine', offenerPosten: 0, dealFrage: false } as const;

const verkauf = {
  angebot: {
    schluessel: 'angebot',
    seite: 'verkauf',
    belegtyp: '01',
    belegart: '0100',
    name: { de: 'Angebot', en: 'Offer', fr: 'Devis' },
    plural: { de: 'Angebote', en: 'Offers', fr: 'Devis' },
    nummernkreis: { name: 'BELEG_01', praefix: 'AN', bezeichnung: 'Angebotsnummern' },
    umwandlung: [{ nach: 'auftrag', teilweise: true }],
    effekte: { ...keine, dealFrage: true },
    unterschreibbar: true,
    direktAnlegen: true,
    zumDeal: true,
    storno: { art: 'direkt' },
    standardfilter: true,
    untdid1001: '310',
    pdf: {
      titel: 'Angebot',
      nummer: 'Angebots-Nr.',
      einleitung: `${anrede}wir danken für Ihre Anfrage und bieten Ihnen freibleibend an:`,
      schlusstext: 'Dieses Angebot ist freibleibend. Es gelten unsere Allgemeinen Geschäftsbedingungen.',
      zahlungsbedingungen: false,
      summe: 'Gesamtbetrag',
      preise: true,
      liefertermin: true,
      leistungsdatum: false,
      empfaenger: 'adresse',
      unterschrift: 'Unterschrift',
    },
  },
  auftrag: {
    schluessel: 'auftrag',
    seite: 'verkauf',
    belegtyp: '02',
    belegart: '0200',
    name: { de: 'Auftrag', en: 'Order', fr: 'Commande' },
    plural: { de: 'Aufträge', en: 'Orders', fr: 'Commandes' },
    nummernkreis: { name: 'BELEG_02', praefix: 'AU', bezeichnung: 'Auftragsnummern (Verkauf)' },
    umwandlung: [
      { nach: 'lieferschein', teilweise: true },
      { nach: 'gutschrift', teilweise: true },
    ],
    effekte: keine,
    pickliste: true,
    unterschreibbar: true,
    direktAnlegen: true,
    zumDeal: true,
    storno: { art: 'direkt' },
    standardfilter: true,
    untdid1001: '231',
    pdf: {
      titel: 'Auftragsbestätigung',
      nummer: 'Auftrags-Nr.',
      einleitung: `${anrede}wir danken für Ihren Auftrag und bestätigen ihn wie folgt:`,
      schlusstext: null,
      zahlungsbedingungen: false,
      summe: 'Gesamtbetrag',
      preise: true,
      liefertermin: true,
      leistungsdatum: false,
      empfaenger: 'adresse',
      unterschrift: 'Unterschrift',
    },
  },
  lieferschein: {
    schluessel: 'lieferschein',
    seite: 'verkauf',
    belegtyp: '03',
    belegart: '0300',
    name: { de: 'Lieferschein', en: 'Delivery note', fr: 'Bon de livraison' },
    plural: { de: 'Lieferscheine', en: 'Delivery notes', fr: 'Bons de livraison' },
    nummernkreis: { name: 'BELEG_03', praefix: 'LS', bezeichnung: 'Lieferscheinnummern' },
    umwandlung: [{ nach: 'rechnung', teilweise: true }],
    effekte: { ...keine, lager: 'aus' },
    unterschreibbar: true,
    direktAnlegen: true,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: '270',
    pdf: {
      titel: 'Lieferschein',
      nummer: 'Lieferschein-Nr.',
      einleitung: `${anrede}wir liefern Ihnen:`,
      schlusstext: null,
      zahlungsbedingungen: false,
      summe: 'Gesamtbetrag',
      preise: false,
      liefertermin: true,
      leistungsdatum: false,
      empfaenger: 'lieferadresse',
      unterschrift: 'Ware vollständig und in einwandfreiem Zustand erhalten',
    },
  },
  rechnung: {
    schluessel: 'rechnung',
    seite: 'verkauf',
    belegtyp: '04',
    belegart: '0400',
    name: { de: 'Rechnung', en: 'Invoice', fr: 'Facture' },
    plural: { de: 'Rechnungen', en: 'Invoices', fr: 'Factures' },
    nummernkreis: { name: 'BELEG_04', praefix: 'RE', bezeichnung: 'Rechnungsnummern' },
    // a booked invoice is corrected by a credit note over all or some of its lines (issue 19 item 9)
    umwandlung: [{ nach: 'gutschrift', teilweise: true, nurGebucht: true }],
    effekte: { ...keine, offenerPosten: 1 },
    unterschreibbar: true,
    direktAnlegen: true,
    zumDeal: false,
    storno: { art: 'gegenbeleg', beleg: 'stornorechnung' },
    standardfilter: false,
    untdid1001: '380',
    pdf: {
      titel: 'Rechnung',
      nummer: 'Rechnungs-Nr.',
      einleitung: `${anrede}für unsere Lieferungen und Leistungen berechnen wir Ihnen:`,
      schlusstext: null,
      zahlungsbedingungen: true,
      summe: 'Gesamtbetrag',
      preise: true,
      liefertermin: false,
      leistungsdatum: true,
      empfaenger: 'rechnungsadresse',
      unterschrift: 'Unterschrift',
    },
  },
  gutschrift: {
    schluessel: 'gutschrift',
    seite: 'verkauf',
    belegtyp: '05',
    belegart: '0500',
    name: { de: 'Gutschrift', en: 'Credit note', fr: 'Avoir' },
    plural: { de: 'Gutschriften', en: 'Credit notes', fr: 'Avoirs' },
    nummernkreis: { name: 'BELEG_05', praefix: 'GU', bezeichnung: 'Gutschriftnummern' },
    umwandlung: [],
    effekte: { ...keine, offenerPosten: -1 },
    unterschreibbar: true,
    direktAnlegen: true,
    zumDeal: false,
    storno: { art: 'gegenbeleg', beleg: 'stornorechnung' },
    standardfilter: false,
    untdid1001: '381',
    pdf: {
      titel: 'Gutschrift',
      nummer: 'Gutschrift-Nr.',
      einleitung: `${anrede}wir schreiben Ihnen gut:`,
      schlusstext: 'Der Betrag wird Ihnen gutgeschrieben.',
      zahlungsbedingungen: false,
      summe: 'Gutschriftsbetrag',
      preise: true,
      liefertermin: false,
      leistungsdatum: true,
      empfaenger: 'rechnungsadresse',
      unterschrift: 'Unterschrift',
    },
  },
  stornorechnung: {
    schluessel: 'stornorechnung',
    seite: 'verkauf',
    belegtyp: '06',
    belegart: '0600',
    name: { de: 'Stornorechnung', en: 'Cancellation invoice', fr: "Facture d'annulation" },
    plural: { de: 'Stornorechnungen', en: 'Cancellation invoices', fr: "Factures d'annulation" },
    nummernkreis: { name: 'BELEG_06', praefix: 'SR', bezeichnung: 'Stornorechnungsnummern' },
    umwandlung: [],
    // its lines are the original's negated: its open item has its own amount's sign (an invoice's cancellation is negative)
    effekte: { ...keine, offenerPosten: 1 },
    unterschreibbar: false,
    direktAnlegen: false,
    zumDeal: false,
    storno: { art: 'nein' },
    standardfilter: false,
    // UNTDID 1001 384: corrected invoice
    untdid1001: '384',
    pdf: {
      titel: 'Stornorechnung',
      nummer: 'Storno-Nr.',
      einleitung: `${anrede}hiermit stornieren wir den oben genannten Beleg vollständig mit den folgenden Positionen:`,
      schlusstext: null,
      zahlungsbedingungen: false,
      summe: 'Stornobetrag',
      preise: true,
      liefertermin: false,
      leistungsdatum: false,
      empfaenger: 'rechnungsadresse',
      unterschrift: 'Unterschrift',
    },
  },
} as const;

const einkaufPdf = {
  schlusstext: null,
  zahlungsbedingungen: false,
  summe: 'Gesamtbetrag',
  preise: true,
  liefertermin: true,
  leistungsdatum: false,
  empfaenger: 'adresse',
  unterschrift: 'Unterschrift',
} as const;

const einkauf = {
  preisanfrage: {
    schluessel: 'preisanfrage',
    seite: 'einkauf',
    belegtyp: '11',
    belegart: '1100',
    name: { de: 'Anfrage', en: 'Price request', fr: 'Demande de prix' },
    plural: { de: 'Anfragen', en: 'Price requests', fr: 'Demandes de prix' },
    nummernkreis: { name: 'BELEG_11', praefix: 'PA', bezeichnung: 'Preisanfragenummern' },
    umwandlung: [{ nach: 'bestellung', teilweise: true }],
    effekte: keine,
    unterschreibbar: false,
    direktAnlegen: true,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: null,
    pdf: { ...einkaufPdf, titel: 'Preisanfrage', nummer: 'Anfrage-Nr.', einleitung: `${anrede}bitte nennen Sie uns Ihren Preis für:` },
  },
  bestellung: {
    schluessel: 'bestellung',
    seite: 'einkauf',
    belegtyp: '12',
    belegart: '1200',
    name: { de: 'Bestellung', en: 'Supplier order', fr: 'Commande fournisseur' },
    plural: { de: 'Bestellungen', en: 'Supplier orders', fr: 'Commandes fournisseur' },
    nummernkreis: { name: 'BELEG_12', praefix: 'BE', bezeichnung: 'Bestellnummern (Einkauf)' },
    umwandlung: [
      { nach: 'wareneingang', teilweise: true },
      { nach: 'lieferantengutschrift', teilweise: true },
    ],
    effekte: keine,
    unterschreibbar: false,
    direktAnlegen: true,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: '220',
    pdf: { ...einkaufPdf, titel: 'Bestellung', nummer: 'Bestell-Nr.', einleitung: `${anrede}wir bestellen bei Ihnen:` },
  },
  wareneingang: {
    schluessel: 'wareneingang',
    seite: 'einkauf',
    belegtyp: '13',
    belegart: '1300',
    name: { de: 'Wareneingang', en: 'Goods receipt', fr: 'Réception de marchandises' },
    plural: { de: 'Wareneingänge', en: 'Goods receipts', fr: 'Réceptions de marchandises' },
    nummernkreis: { name: 'BELEG_13', praefix: 'WE', bezeichnung: 'Wareneingangsnummern' },
    umwandlung: [{ nach: 'eingangsrechnung', teilweise: true }],
    effekte: { ...keine, lager: 'ein' },
    unterschreibbar: true,
    direktAnlegen: false,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: '632',
    pdf: {
      ...einkaufPdf,
      titel: 'Wareneingang',
      nummer: 'Wareneingangs-Nr.',
      einleitung: 'Eingegangene Ware:',
      preise: false,
      unterschrift: 'Ware geprüft und eingelagert',
    },
  },
  eingangsrechnung: {
    schluessel: 'eingangsrechnung',
    seite: 'einkauf',
    belegtyp: '14',
    belegart: '1400',
    name: { de: 'Eingangsrechnung', en: 'Supplier invoice', fr: 'Facture fournisseur' },
    plural: { de: 'Eingangsrechnungen', en: 'Supplier invoices', fr: 'Factures fournisseur' },
    nummernkreis: { name: 'BELEG_14', praefix: 'ER', bezeichnung: 'Eingangsrechnungsnummern' },
    umwandlung: [],
    effekte: { ...keine, offenerPosten: -1 },
    unterschreibbar: false,
    direktAnlegen: false,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: '380',
    pdf: { ...einkaufPdf, titel: 'Eingangsrechnung', nummer: 'Rechnungs-Nr.', einleitung: 'Rechnung des Lieferanten:', liefertermin: false },
  },
  lieferantengutschrift: {
    schluessel: 'lieferantengutschrift',
    seite: 'einkauf',
    belegtyp: '15',
    belegart: '1500',
    name: { de: 'Lieferantengutschrift', en: 'Supplier credit note', fr: 'Avoir fournisseur' },
    plural: { de: 'Lieferantengutschriften', en: 'Supplier credit notes', fr: 'Avoirs fournisseur' },
    nummernkreis: { name: 'BELEG_15', praefix: 'LG', bezeichnung: 'Lieferantengutschriftnummern' },
    umwandlung: [],
    effekte: { ...keine, offenerPosten: 1 },
    unterschreibbar: false,
    direktAnlegen: false,
    zumDeal: false,
    storno: { art: 'direkt' },
    standardfilter: false,
    untdid1001: '381',
    pdf: {
      ...einkaufPdf,
      titel: 'Gutschrift',
      nummer: 'Gutschrift-Nr.',
      einleitung: 'Gutschrift des Lieferanten:',
      summe: 'Gutschriftsbetrag',
      liefertermin: false,
    },
  },
} as const;

/** Every document type by its key, sales side first (the order of lists and menus). */
export const BELEGARTEN = { ...verkauf, ...einkauf } as const satisfies Record<string, BelegartDescriptor<string>>;
export type BelegartSchluessel = keyof typeof BELEGARTEN;
/** Every number range the descriptors name (the server's `Nummernkreis` type includes these). */
export type BelegNummernkreis = (typeof BELEGARTEN)[BelegartSchluessel]['nummernkreis']['name'];
export type Belegart = Omit<BelegartDescriptor<BelegartSchluessel>, 'nummernkreis'> & {
  readonly nummernkreis: { readonly name: BelegNummernkreis; readonly praefix: string; readonly bezeichnung: string };
};

/** All descriptors in order. */
export const BELEGART_LISTE: readonly Belegart[] = Object.values(BELEGARTEN) as Belegart[];
/** The sales-side descriptors (the /verkauf/belege API handles these). */
export const VERKAUF_BELEGART_LISTE: readonly Belegart[] = BELEGART_LISTE.filter((d) => d.seite === 'verkauf');

/** The descriptor of a belegart (0400) or belegtyp (04); undefined for an unknown code. */
export function belegartVon(code: string | null | undefined): Belegart | undefined {
  if (!code) return undefined;
  const typ = code.slice(0, 2);
  return BELEGART_LISTE.find((d) => d.belegart === code) ?? BELEGART_LISTE.find((d) => d.belegtyp === typ);
}
/**
 * The default head and foot texts of a type (its descriptor's introduction and closing text): a new document starts
 * with them, and a transform gives the new document its own type's texts unless the user changed the source's.
 */
export function standardTexte(code: string): { kopftext: string | null; fusstext: string | null } {
  const d = belegartVon(code);
  return { kopftext: d?.pdf.einleitung || null, fusstext: d?.pdf.schlusstext ?? null };
}
/** The belegtyp of a belegart: its first two characters. */
export const belegtypVon = (belegart: string) => belegart.slice(0, 2);
/** The German name of a code ("Rechnung"), or "Belegart <code>" for an unknown one. */
export const belegartName = (code: string, sprache: Sprache = 'de') => belegartVon(code)?.name[sprache] ?? `Belegart ${code}`;
/** The target descriptors a type may be transformed into (BEL-029), with the partial flag. */
export function umwandlungsZiele(code: string): { ziel: Belegart; teilweise: boolean; nurGebucht: boolean }[] {
  const d = belegartVon(code);
  return (d?.umwandlung ?? []).map((u) => ({ ziel: BELEGARTEN[u.nach] as Belegart, teilweise: u.teilweise, nurGebucht: !!u.nurGebucht }));
}
/** Every number range the descriptors name. */
export const BELEG_NUMMERNKREISE: readonly BelegNummernkreis[] = BELEGART_LISTE.map((d) => d.nummernkreis.name as BelegNummernkreis);

/** belegtyp of the sales side (BEL-028). */
export const BELEGTYPEN: readonly string[] = VERKAUF_BELEGART_LISTE.map((d) => d.belegtyp);
/** The customer-side document kinds a sales document can be (BEL-033). */
export const VERKAUF_BELEGARTEN: readonly string[] = VERKAUF_BELEGART_LISTE.map((d) => d.belegart);
/** The kinds a user creates directly (BEL-033: the customer-side categories; not a cancellation document). */
export const NEU_BELEGARTEN: readonly string[] = VERKAUF_BELEGART_LISTE.filter((d) => d.direktAnlegen).map((d) => d.belegart);
/** The kinds a new document for a deal can be (BEL-032: offer or assignment). */
export const DEAL_BELEGARTEN: readonly string[] = VERKAUF_BELEGART_LISTE.filter((d) => d.zumDeal).map((d) => d.belegart);
/** The descriptor of the cancellation document a type's cancellation creates, or null (cancelled in place or not at all). */
export function stornoBelegart(code: string): Belegart | null {
  const s = belegartVon(code)?.storno;
  return s?.art === 'gegenbeleg' ? (BELEGARTEN[s.beleg] as Belegart) : null;
}
/** Allowed transformations by belegtyp → target belegart (BEL-029). */
export const UMWANDLUNGEN: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  BELEGART_LISTE.filter((d) => d.umwandlung.length).map((d) => [d.belegtyp, d.umwandlung.map((u) => BELEGARTEN[u.nach].belegart)]),
);
/** The belegarten of the default pick-list filter (BEL-036). */
export const STANDARD_BELEGARTEN: readonly string[] = VERKAUF_BELEGART_LISTE.filter((d) => d.standardfilter).map((d) => d.belegart);

/** The UNTDID 1001 codes a sales document is delivered as an e-invoice with: invoice, credit note, cancellation (corrected invoice). */
export const ERECHNUNG_TYPCODES = ['380', '381', '384'] as const;
/** Which documents are e-invoices: sales invoices (380), credit notes (381) and cancellation invoices (384), once booked. */
export function istERechnungsBelegart(belegart: string): boolean {
  const d = belegartVon(belegart);
  return !!d && d.seite === 'verkauf' && (ERECHNUNG_TYPCODES as readonly (string | null)[]).includes(d.untdid1001);
}
