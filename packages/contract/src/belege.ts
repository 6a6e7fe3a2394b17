import { z } from 'zod';
import { BELEGTYPEN, NEU_BELEGARTEN, STANDARD_BELEGARTEN, VERKAUF_BELEGARTEN } from './belegarten';
import { STANDARD_BELEGSTATUS } from './belegstatus';
import { id, isoDate, isoDateTime, listExportQuery, listQuery, urlId } from './common';

/**
 * Sales documents (2-business-processes §2–§4, §6, §7; BEL-*): head and foot, positions with their price explanation,
 * history, and the bodies of the transitions. API units: amounts in euro (2 places), unit prices in euro (4 places),
 * quantities (3 places), percentages (19 = 19 %); the server stores them as integers and computes every total.
 */

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullable().optional();
const betrag = z.number().min(-1e9).max(1e9);
const prozent = z.number().min(0).max(100);

/** The default pick-list filter (BEL-036), from the descriptors and the status table. */
export const BELEG_STANDARDFILTER = { belegart: STANDARD_BELEGARTEN.join(','), belegstatus: STANDARD_BELEGSTATUS.join(',') } as const;
/** A transform target in the path: a belegart (0300) or its belegtyp (03; the spec's "02 to 03 or 05"). */
export const UMWANDLUNG_ZIELE = [...VERKAUF_BELEGARTEN, ...BELEGTYPEN] as [string, ...string[]];
/** positionsArt: A article line, T text line (price and quantity blanked, BEL-023). */
export const POSITIONSARTEN = ['A', 'T'] as const;

/** One VAT rate of a document: the net of its lines after head discounts, and the VAT on it. */
export const mwstZeile = z.object({ satz: z.number(), netto: z.number(), mwst: z.number() });

/** A sales document (head and foot) as the record screen reads it. `rohertrag` only with ART_EK. */
export const beleg = z.object({
  id,
  belegart: z.string(),
  belegtyp: z.string(),
  belegnummer: z.string(),
  belegdatum: isoDate,
  belegstatus: z.number().int(),
  adresseId: z.number().int(),
  adresseName: z.string().nullable(),
  rechnungsadresseId: z.number().int().nullable(),
  lieferadresseId: z.number().int().nullable(),
  ansprechpartnerId: z.number().int().nullable(),
  betreff: z.string().nullable(),
  freigabe: z.boolean(),
  liefertermin: z.string().nullable(),
  fixtermin: z.boolean(),
  auftragsDatum: z.string().nullable(),
  /** Sum of the position nets. */
  betragNetto: z.number(),
  rabatt1Prozent: z.number().nullable(),
  rabatt1Betrag: z.number().nullable(),
  rabatt1Text: z.string().nullable(),
  /** What head discount 1 took off. */
  rabatt1Wert: z.number(),
  rabatt2Prozent: z.number().nullable(),
  rabatt2Betrag: z.number().nullable(),
  rabatt2Text: z.string().nullable(),
  rabatt2Wert: z.number(),
  frachtkosten: z.number(),
  frachtkostenBrutto: z.number(),
  nachnahme: z.number(),
  versicherung: z.number(),
  /** Net after head discounts plus freight, cash on delivery and insurance (the taxed base). */
  endbetragNetto: z.number(),
  mwstBetrag: z.number(),
  betragBrutto: z.number(),
  mwstAufteilung: z.array(mwstZeile),
  rohertrag: z.number().optional(),
  /** Kilograms. */
  gewicht: z.number(),
  anzahlPakete: z.number().int().nullable(),
  waehrung: z.string(),
  waehrungkurs: z.number(),
  zustaendigerMitarbeiter: z.number().int().nullable(),
  projekt: z.string().nullable(),
  zahlart: z.number().int().nullable(),
  lieferart: z.number().int().nullable(),
  kopftext: z.string().nullable(),
  fusstext: z.string().nullable(),
  benutzerId: z.number().int().nullable(),
  /** Short code of the user who made the document. */
  benutzer: z.string().nullable(),
  vorgaengerId: z.number().int().nullable(),
  dealId: z.number().int().nullable(),
  gebuchtAm: isoDateTime.nullable(),
  storniertAm: isoDateTime.nullable(),
  stornoVonId: z.number().int().nullable(),
  /** The other end of a cancellation (GoBD): the cancelled document of a cancellation document, or the cancellation document of a cancelled one. */
  stornoBezug: z.object({ id, belegart: z.string(), belegnummer: z.string() }).nullable().optional(),
  /** The calling user may change it now: status 1 or 2, BEK_AENDERN, own document or BEK_FREMDBEARB. */
  bearbeitbar: z.boolean(),
  /** The calling user may discard it (POST …/verwerfen): they made it, it is new (status 1, never booked) and has no positions. */
  verwerfbar: z.boolean(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type Beleg = z.infer<typeof beleg>;

/** Columns of the document list (BEL-037). */
export const belegListe = beleg.pick({
  id: true,
  belegart: true,
  belegtyp: true,
  belegnummer: true,
  belegdatum: true,
  belegstatus: true,
  adresseId: true,
  adresseName: true,
  betreff: true,
  betragNetto: true,
  endbetragNetto: true,
  mwstBetrag: true,
  betragBrutto: true,
  liefertermin: true,
  waehrung: true,
  benutzerId: true,
  vorgaengerId: true,
  dealId: true,
});

/** Head and foot fields a user writes (create and change). Discounts: a percent or an amount, never both. */
export const belegKopfEingabe = z.object({
  belegdatum: isoDate.optional(),
  betreff: optText(120),
  rechnungsadresseId: id.nullable().optional(),
  lieferadresseId: id.nullable().optional(),
  ansprechpartnerId: id.nullable().optional(),
  freigabe: z.boolean().optional(),
  liefertermin: isoDate.nullable().optional(),
  fixtermin: z.boolean().optional(),
  auftragsDatum: isoDate.nullable().optional(),
  frachtkosten: betrag.optional(),
  nachnahme: betrag.optional(),
  versicherung: betrag.optional(),
  rabatt1Prozent: prozent.nullable().optional(),
  rabatt1Betrag: betrag.nullable().optional(),
  rabatt1Text: optText(80),
  rabatt2Prozent: prozent.nullable().optional(),
  rabatt2Betrag: betrag.nullable().optional(),
  rabatt2Text: optText(80),
  anzahlPakete: z.number().int().min(0).max(100_000).nullable().optional(),
  waehrung: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Währungscode aus drei Großbuchstaben')
    .optional(),
  waehrungkurs: z.number().gt(0).max(1e6).optional(),
  zustaendigerMitarbeiter: id.nullable().optional(),
  projekt: optText(120),
  zahlart: id.nullable().optional(),
  lieferart: id.nullable().optional(),
  kopftext: optText(10_000),
  fusstext: optText(10_000),
});
const einRabatt = (v: z.infer<typeof belegKopfEingabe>, ctx: z.RefinementCtx) => {
  for (const n of [1, 2] as const) {
    const p = v[`rabatt${n}Prozent`];
    const b = v[`rabatt${n}Betrag`];
    if (p !== null && p !== undefined && b !== null && b !== undefined)
      ctx.addIssue({ code: 'custom', message: 'Bitte entweder Prozent oder Betrag angeben', path: [`rabatt${n}Betrag`] });
  }
};
/** POST /verkauf/belege: type and address, optionally the deal and head fields. */
export const belegNeu = belegKopfEingabe
  .extend({
    belegart: z.enum(NEU_BELEGARTEN as [string, ...string[]], 'Diese Belegart kann nicht direkt angelegt werden'),
    adresseId: id,
    dealId: id.nullable().optional(),
  })
  .superRefine(einRabatt);
export const belegAenderung = belegKopfEingabe.superRefine(einRabatt);
export const belegWrite = z.object({ data: belegNeu, ProtokollBemerkung: z.string().max(2000).optional() });
export const belegAenderungWrite = z.object({ data: belegAenderung, ProtokollBemerkung: z.string().max(2000).optional() });

/** Which rule set a position's price (issue 11 item 6, "why this price?"). */
export const PREISREGELN = [
  /** Customer price, one price (preisart 0). */
  'KUNDENPREIS',
  /** Customer price with quantity tiers (preisart 1). */
  'KUNDENPREIS_STAFFEL',
  /** Customer price with quantity-dependent discounts (preisart 2). */
  'KUNDENPREIS_RABATTSTAFFEL',
  /** Customer price by time range and quantity (preisart 3). */
  'KUNDENPREIS_ZEITRAUM',
  /** Graduated price of the address's price group. */
  'PREISGRUPPE',
  /** The article's base price (vknetto). */
  'GRUNDPREIS',
  /** Price entered by hand. */
  'MANUELL',
] as const;
export const preisHerkunft = z.object({
  regel: z.enum(PREISREGELN),
  /** The explanation as one German sentence. */
  text: z.string(),
  /** The record the price came from: kundensonderpreise (customer price), artikel (price group, base price). */
  quelle: z.enum(['kundensonderpreise', 'kundensonderpreisApz', 'artikelPreisstaffeln', 'artikel']).nullable(),
  quelleId: z.number().int().nullable(),
  preisgruppe: z.number().int().nullable(),
  /** Tier number that matched (1 = the price itself, 2–17 the tiers). */
  staffel: z.number().int().nullable(),
  /** From quantity of the matched tier. */
  abMenge: z.number().nullable(),
  gueltigVon: z.string().nullable(),
  gueltigBis: z.string().nullable(),
  /** Quantity and day the price was determined for. */
  menge: z.number(),
  stichtag: isoDate,
  /** The article's base price (net, 4 places). */
  grundpreis: z.number(),
  /** The unit price found, before discounts. */
  preis: z.number(),
  rabattStufen: z.array(z.object({ text: z.string(), prozent: z.number() })),
  /** The effective unit price after the discount steps (4 places). */
  ergebnis: z.number(),
});
export type PreisHerkunft = z.infer<typeof preisHerkunft>;

/** A document position. Text lines (T) answer null for quantity and prices; `ek` only with ART_EK. */
export const belegPosition = z.object({
  id,
  belegId: z.number().int(),
  position: z.number().int(),
  positionsArt: z.enum(POSITIONSARTEN),
  artikelId: z.number().int().nullable(),
  artikelnummer: z.string().nullable(),
  bezeichnung: z.string(),
  beschreibung: z.string().nullable(),
  menge: z.number().nullable(),
  mengeneinheit: z.string().nullable(),
  einzelpreis: z.number().nullable(),
  rabatt1: z.number().nullable(),
  rabatt2: z.number().nullable(),
  /** Surcharge in percent on the discounted unit price. */
  teuerungszuschlag: z.number().nullable(),
  /** Rush surcharge: an amount added to the line net. */
  eilzuschlag: z.number().nullable(),
  /** Effective unit price after discounts and surcharge. */
  endpreis: z.number().nullable(),
  /** Line net. */
  gesamtpreis: z.number().nullable(),
  mwstSatz: z.number(),
  ek: z.number().nullable().optional(),
  /** Kilograms per unit. */
  gewicht: z.number().nullable(),
  lagId: z.number().int().nullable(),
  lagerNr: z.string().nullable(),
  mengeGeliefert: z.number(),
  mengeUebernommen: z.number(),
  quellePositionId: z.number().int().nullable(),
  preisManuell: z.boolean(),
  preisHerkunft: preisHerkunft.nullable(),
});
export type BelegPosition = z.infer<typeof belegPosition>;

const positionFelder = {
  bezeichnung: text(200),
  beschreibung: optText(10_000),
  menge: z.number().min(-1e9).max(1e9),
  mengeneinheit: optText(20),
  /** A price given by hand (the price determination is then skipped: rule MANUELL). */
  einzelpreis: z.number().min(-1e9).max(1e9),
  rabatt1: prozent,
  rabatt2: prozent,
  teuerungszuschlag: prozent,
  eilzuschlag: betrag,
  mwstSatz: prozent,
  ek: z.number().min(0).max(1e9).nullable(),
  lagId: id.nullable(),
  lagerNr: optText(40),
};
const positionBasis = z.object(positionFelder).partial();
/** A new position: an article line by artikelId or artikelnummer, or a text line (T) with title and description. */
export const positionNeu = positionBasis
  .extend({
    positionsArt: z.enum(POSITIONSARTEN).optional(),
    artikelId: id.optional(),
    artikelnummer: text(60).min(1).optional(),
    /** Insert before this position number (default: at the end). */
    position: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.positionsArt ?? 'A') === 'T') {
      if (!v.bezeichnung?.trim()) ctx.addIssue({ code: 'custom', message: 'Bitte einen Titel eingeben', path: ['bezeichnung'] });
    } else if (v.artikelId === undefined && v.artikelnummer === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Bitte einen Artikel wählen', path: ['artikelnummer'] });
    }
  });
/** A change of a position; `preisNeuErmitteln` drops a manual price and determines it again. */
export const positionAenderung = positionBasis.extend({
  artikelId: id.optional(),
  artikelnummer: text(60).min(1).optional(),
  preisNeuErmitteln: z.boolean().optional(),
});
export const positionWrite = z.object({ data: positionNeu, ProtokollBemerkung: z.string().max(2000).optional() });
export const positionAenderungWrite = z.object({ data: positionAenderung, ProtokollBemerkung: z.string().max(2000).optional() });
/** PUT …/positionen/reihenfolge: every position id of the document in the new order. */
export const reihenfolgeWrite = z.object({ data: z.object({ positionIds: z.array(id).min(1).max(10_000) }) });

/** Stock of an article in one warehouse as the article picker shows it (quantities in pieces). */
export const auswahlBestand = z.object({
  lagerId: z.number().int(),
  kurzbezeichnung: z.string(),
  bezeichnung: z.string(),
  bestand: z.number(),
  /** Stock less reserved and blocked. */
  verfuegbar: z.number(),
});
/**
 * An article offered by the picker of a document's positions (issue 20 item 3): its unit, the price a line of it would
 * get on this document (customer price, price group or list price, for the quantity asked) and, for a stock article,
 * its stock per warehouse (the most available first) — so a shortage shows while quoting.
 */
export const artikelAuswahl = z.object({
  id,
  artikelnummer: z.string(),
  bezeichnung: z.string(),
  artikelart: z.string(),
  mengeneinheit: z.string().nullable(),
  /** The article's list price (net, 4 places). */
  vknetto: z.number(),
  /** The unit price a line would get, before its discounts (4 places). */
  einzelpreis: z.number(),
  rabatt1: z.number(),
  rabatt2: z.number(),
  /** The unit price after the discounts (4 places). */
  endpreis: z.number(),
  /** The rule that gave the price (KUNDENPREIS…, PREISGRUPPE, GRUNDPREIS) and its explanation. */
  preisRegel: z.string(),
  preisText: z.string(),
  /** A stock article (artikelart 1): it carries stock per warehouse. */
  lagerfuehrend: z.boolean(),
  /** Available over all warehouses listed. */
  verfuegbar: z.number(),
  bestaende: z.array(auswahlBestand),
});
export type ArtikelAuswahl = z.infer<typeof artikelAuswahl>;
/** GET …/artikelauswahl: the article quick search (not blocked), a page of at most 50, the price for `menge` (default 1). */
export const artikelAuswahlQuery = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  menge: z.coerce.number().positive().max(1e9).optional(),
});

/** Answer of a position write: the position and the refreshed head with the server's totals. */
export const positionAntwort = z.object({ result: z.object({ position: belegPosition, beleg }) });
export const positionenAntwort = z.object({ result: z.object({ positionen: z.array(belegPosition), beleg }) });
export const belegKopfAntwort = z.object({ result: z.object({ beleg }) });

/** A history row (BEL-020): code, its meaning, text, user, date and time (Europe/Berlin). */
export const belegHistorieZeile = z.object({
  id,
  art: z.string(),
  artText: z.string(),
  text: z.string(),
  belegstatus: z.number().int().nullable(),
  benutzerId: z.number().int().nullable(),
  benutzer: z.string().nullable(),
  datum: isoDate,
  uhrzeit: z.string(),
  zeitpunkt: isoDateTime,
});

export const belegParams = z.object({ id: urlId });
export const positionParams = z.object({ id: urlId, positionId: urlId });
export const umwandelnParams = z.object({ id: urlId, targetType: z.enum(UMWANDLUNG_ZIELE, 'Unbekannte Belegart') });

const kommaListe = (re: RegExp, message: string) => z.string().trim().regex(re, message).optional();
/**
 * GET /verkauf/belege: the list query plus the spec's filters (BEL-037): belegart and belegstatus as one value or a
 * comma list (`belegstatus=1,2,3`), adresseId, dealId, and `q` (quick search over number, address name and subject).
 */
export const belegeListQuery = listQuery.extend({
  belegart: kommaListe(/^\d{4}(,\d{4}){0,20}$/, 'Belegart: vierstellige Codes, durch Komma getrennt'),
  belegstatus: kommaListe(/^[1-9](,[1-9]){0,8}$/, 'Belegstatus: Ziffern 1–9, durch Komma getrennt'),
  adresseId: urlId.optional(),
  /** The spec's name of the address filter (BEL-037); the same as adresseId. */
  adresse: urlId.optional(),
  dealId: urlId.optional(),
  q: z.string().max(200).optional(),
});

/** The export of the sales document list (`GET /verkauf/belege/export`): the list's own filters besides the export's. */
export const belegeExportQuery = listExportQuery.extend(
  belegeListQuery.pick({ belegart: true, belegstatus: true, adresseId: true, adresse: true, dealId: true, q: true }).shape,
);

/** POST …/buchen: when booking an offer, whether to make a deal (BEL-031). */
export const buchenWrite = z.object({ data: z.object({ dealAnlegen: z.boolean().optional() }).optional() }).nullish();
/** POST …/kopieren: optionally the change-log remark of the new document. */
export const kopierenWrite = z.object({ ProtokollBemerkung: z.string().max(2000).optional() }).nullish();
/** POST …/verwerfen: optionally the change-log remark. */
export const verwerfenWrite = z.object({ ProtokollBemerkung: z.string().max(2000).optional() }).nullish();
export const stornierenWrite = z.object({ data: z.object({ grund: optText(500) }).optional() }).nullish();
/** POST …/umwandeln/{targetType}: optionally only some positions with a quantity (partial transform). */
export const umwandelnWrite = z
  .object({
    data: z
      .object({
        positionen: z
          .array(z.object({ positionId: id, menge: z.number().gt(0).max(1e9) }))
          .min(1)
          .max(10_000)
          .optional(),
      })
      .optional(),
  })
  .nullish();

/** Turnover rows of /auswertungen/umsatzstatistik (ADR-020). */
export const umsatzZeile = z.object({ jahr: z.number().int(), monat: z.number().int().min(1).max(12), summe: z.number() });
/** Open order lines of /auswertungen/auftragsrueckstaende (ADR-074). */
export const rueckstandZeile = z.object({
  rowKey: z.string(),
  belegid: z.number().int(),
  belegnr: z.string(),
  belegdatum: isoDate,
  liefertermin: z.string().nullable(),
  position: z.number().int(),
  artikelnummer: z.string().nullable(),
  bezeichnung: z.string(),
  menge: z.number(),
  mengeGeliefert: z.number(),
  offeneMenge: z.number(),
  mengeneinheit: z.string().nullable(),
  offenerBetrag: z.number(),
});
/** Purchase history rows of /stammdaten/adressen/{id}/historie (ADR-079). */
export const historieZeile = z.object({
  rowKey: z.string(),
  belegId: z.number().int(),
  belegnummer: z.string(),
  belegart: z.string(),
  belegdatum: isoDate,
  artikelnummer: z.string().nullable(),
  bezeichnung: z.string(),
  menge: z.number(),
  mengeneinheit: z.string().nullable(),
  einzelpreis: z.number(),
  rabatt: z.number(),
  gesamtpreis: z.number(),
});

/** `{ daten: [ { datensaetze: […] } ] }` — the envelope of reports (HTTP-025). */
export const report = <T extends z.ZodType>(row: T) => z.object({ daten: z.array(z.object({ datensaetze: z.array(row) })) });

export const adresseReportQuery = z.object({ adresseId: urlId });
export const historieQuery = z.object({
  artikelnr: z.string().max(60).optional(),
  bezeichnung: z.string().max(120).optional(),
  datumvon: isoDate.optional(),
  datumbis: isoDate.optional(),
  limit: z.coerce.number().int().min(0).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  returnTotal: z.enum(['true', 'false']).optional(),
});
