import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/**
 * Sales documents (migrations 0002 and 0007). Units: amounts in cents (money2), unit prices in 1/10,000 (money4),
 * quantities in thousandths (qty3), percentages in hundredths of a percent (percent2), weights in grams (= thousandths
 * of a kilogram, qty3 in the API).
 */
export interface BelegTable {
  id: Generated<number>;
  /** 4 characters; the first two are the belegtyp (01 offer, 02 order, 03 delivery note, 04 invoice, 05 credit note). */
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  /** 1 saved, 2 printed, 3 booked, 4 partially adopted, 5 adopted, 6 resolved, 8 adopted not booked, 9 merged. */
  belegstatus: Generated<number>;
  adresseId: number;
  /** name1 of the main address when the document was made (list, quick search). */
  adresseName: string | null;
  rechnungsadresseId: number | null;
  lieferadresseId: number | null;
  ansprechpartnerId: number | null;
  /** The customer's order number. */
  betreff: string | null;
  freigabe: Generated<Bool>;
  liefertermin: string | null;
  fixtermin: Generated<Bool>;
  auftragsDatum: string | null;
  /** Sum of the position nets (cents), before head discounts and freight. */
  betragNetto: Generated<number>;
  /** Net after head discounts 1 and 2, plus freight, cash on delivery and insurance: the taxed base (cents). */
  endbetragNetto: Generated<number>;
  mwstBetrag: Generated<number>;
  betragBrutto: Generated<number>;
  frachtkosten: Generated<number>;
  nachnahme: Generated<number>;
  versicherung: Generated<number>;
  rabatt1Prozent: number | null;
  rabatt1Betrag: number | null;
  rabatt1Text: string | null;
  /** The amount head discount 1 took off (cents, computed). */
  rabatt1Wert: Generated<number>;
  rabatt2Prozent: number | null;
  rabatt2Betrag: number | null;
  rabatt2Text: string | null;
  rabatt2Wert: Generated<number>;
  /** JSON `[{ satz, netto, mwst }]` in stored units, per VAT rate ascending (computed). */
  mwstAufteilung: string | null;
  rohertrag: Generated<number>;
  /** Grams. */
  gewicht: Generated<number>;
  anzahlPakete: number | null;
  waehrung: Generated<string>;
  /** 1/10,000. */
  waehrungkurs: Generated<number>;
  zustaendigerMitarbeiter: number | null;
  projekt: string | null;
  zahlart: number | null;
  lieferart: number | null;
  kopftext: string | null;
  fusstext: string | null;
  /** The user who made the document (its owner for BEK_FREMDBEARB). */
  benutzerId: number | null;
  vorgaengerId: number | null;
  dealId: number | null;
  gebuchtAm: string | null;
  storniertAm: string | null;
  stornoVonId: number | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface BelegPositionTable {
  id: Generated<number>;
  belegId: number;
  position: number;
  /** 'A' article line, 'T' text line (price and quantity blanked). */
  positionsArt: Generated<string>;
  artikelId: number | null;
  artikelnummer: string | null;
  bezeichnung: string;
  beschreibung: string | null;
  /** Thousandths. */
  menge: Generated<number>;
  mengeGeliefert: Generated<number>;
  /** Quantity already taken over into following documents (thousandths). */
  mengeUebernommen: Generated<number>;
  mengeneinheit: string | null;
  /** 1/10,000 euro. */
  einzelpreis: Generated<number>;
  /** Hundredths of a percent. */
  rabatt1: Generated<number>;
  rabatt2: Generated<number>;
  teuerungszuschlag: Generated<number>;
  /** Cents, added to the line net. */
  eilzuschlag: Generated<number>;
  /** Effective unit price after discounts and surcharge (1/10,000). */
  endpreis: Generated<number>;
  mwstSatz: Generated<number>;
  /** Line net in cents. */
  gesamtpreis: Generated<number>;
  /** Purchase price per unit (1/10,000). */
  ek: number | null;
  /** Grams per unit. */
  gewicht: number | null;
  lagId: number | null;
  lagerNr: string | null;
  quellePositionId: number | null;
  preisManuell: Generated<Bool>;
  /** JSON of `PreisHerkunft` (belege.preise.ts). */
  preisHerkunft: string | null;
}
export interface BelegStatusTable {
  id: Generated<number>;
  belegId: number;
  /** History code letter (belege.history.ts). */
  art: string;
  text: string;
  /** The document's status after the event, when it changed it. */
  belegstatus: number | null;
  benutzerId: number | null;
  zeitpunkt: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface BelegeTables {
  belege: BelegTable;
  belegPositionen: BelegPositionTable;
  belegStatushistorie: BelegStatusTable;
}

// Columns migration 0007 adds to master data for the price determination (declared here, next to their migration).
declare module '../adressen/adressen.tables' {
  interface AdresseTable {
    /** Price group (preisgruppen.nummer) whose graduated article prices apply to the address; null: none. */
    preisgruppe: number | null;
  }
}
declare module '../artikel/artikel.tables' {
  interface ArtikelTable {
    /** Purchase price per unit (1/10,000), copied to document positions for the gross profit. */
    ek: number | null;
  }
}
