import type { Generated } from 'kysely';
import type { Bool, Frei } from '../../db/column-types';

export interface AdresseTable extends Frei {
  id: Generated<number>;
  adressnummer: number;
  kundennummer: number | null;
  lieferantennummer: number | null;
  name1: string;
  name2: string | null;
  name3: string | null;
  kurzname: string | null;
  anrede: string | null;
  art: Generated<string>;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  lkz: string | null;
  telefon: string | null;
  mobil: string | null;
  fax: string | null;
  email: string | null;
  website: string | null;
  gesperrt: Generated<Bool>;
  istKunde: Generated<Bool>;
  istLieferant: Generated<Bool>;
  /** Cents. */
  kreditlimit: number | null;
  /** Cents. */
  opvBetrag: Generated<number>;
  lieferart: number | null;
  zahlart: number | null;
  erstkontakt: string | null;
  erstkontaktBemerkung: string | null;
  vertreter1: number | null;
  vertreter2: number | null;
  vertreter3: number | null;
  abcKennung: string | null;
  unvollstaendig: Generated<Bool>;
  notiz: string | null;
  /** E-invoices (migration 0036): a public customer. */
  oeffentlich: Generated<Bool>;
  /** ERECHNUNG_FORMATE of the contract. */
  erechnungFormat: Generated<string>;
  leitwegId: string | null;
  ustId: string | null;
  erechnungEmail: string | null;
  /** STEUERFAELLE of the contract. */
  steuerfall: Generated<string>;
  steuerbefreiungsgrund: string | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface AnsprechpartnerTable {
  id: Generated<number>;
  adresseId: number;
  anrede: string | null;
  titel: string | null;
  vorname: string | null;
  name: string;
  position: string | null;
  abteilung: string | null;
  telefon: string | null;
  mobil: string | null;
  fax: string | null;
  email: string | null;
  briefanrede: string | null;
  sortierung: Generated<number>;
  geburtstag: string | null;
  notiz: string | null;
  gfxid: number | null;
}
export interface ZusatzadresseTable {
  id: Generated<number>;
  adresseId: number;
  art: string;
  name1: string;
  name2: string | null;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  lkz: string | null;
  telefon: string | null;
  email: string | null;
}
export interface KundensonderpreisTable {
  id: Generated<number>;
  adresseId: number;
  artikelnummer: string;
  artikelbezeichnung: string | null;
  preisart: Generated<number>;
  /** 1/10,000 euro. */
  sonderpreis: number | null;
  /** Hundredths of a percent. */
  mwstSatz: Generated<number>;
  rabatt1: number | null;
  rabatt2: number | null;
  abweichendeArtikelnummer: string | null;
  abweichendeArtikelbezeichnung: string | null;
  abweichenderArtikeltext: string | null;
  ean: string | null;
  abweichendeArtikelnummerNutzen: Generated<Bool>;
  abweichendeTexteNutzen: Generated<Bool>;
  abweichendeEanNutzen: Generated<Bool>;
  sonderpreisNutzen: Generated<Bool>;
}
export interface KundensonderpreisStaffelTable {
  kundensonderpreisId: number;
  /** 'P' quantity-dependent price, 'R' quantity-dependent discount. */
  art: 'P' | 'R';
  stufe: number;
  /** Thousandths. */
  menge: number | null;
  /** 1/10,000 euro. */
  vk: number | null;
  /** Hundredths of a percent. */
  rabatt: number | null;
}
export interface KundensonderpreisApzTable {
  id: Generated<number>;
  kundensonderpreisId: number;
  abMenge: number;
  sonderpreis: number;
  gueltigVon: string | null;
  gueltigBis: string | null;
}
export interface AdressDateiTable {
  id: Generated<number>;
  adresseId: number;
  dateiname: string;
  mimeType: string;
  groesse: number;
  datum: string;
  betreff: string | null;
  istEmail: Generated<Bool>;
  dealId: number | null;
  ticketId: number | null;
  daten: Buffer;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface AdressenTables {
  adressen: AdresseTable;
  ansprechpartner: AnsprechpartnerTable;
  zusatzadressen: ZusatzadresseTable;
  kundensonderpreise: KundensonderpreisTable;
  kundensonderpreisStaffeln: KundensonderpreisStaffelTable;
  kundensonderpreisApz: KundensonderpreisApzTable;
  adressDateien: AdressDateiTable;
}
