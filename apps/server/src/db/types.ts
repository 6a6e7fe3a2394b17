import type { Generated } from 'kysely';

/** Booleans are `boolean` in PostgreSQL and 0/1 in SQLite; the SQLite plugin turns them into booleans both ways. */
type Bool = boolean;

export interface BenutzerTable {
  id: Generated<number>;
  name: string;
  kuerzel: string;
  /** Login name (lower case), used with Basic authorisation. */
  anmeldename: string;
  typ: number;
  istAdmin: Bool;
  gesperrt: Bool;
  avatar: string | null;
  vorgabeLagerId: number | null;
  email: string | null;
  passwortHash: string;
}
export interface RechtTable {
  benutzerId: number;
  recht: string;
  genehmigt: Bool;
}
export interface TechnikerTable {
  id: Generated<number>;
  benutzerId: number;
  bezeichnung: string;
  gutteileLagerId: number | null;
  doateileLagerId: number | null;
  defektteileLagerId: number | null;
}
export interface SitzungTable {
  id: Generated<number>;
  benutzerId: number;
  tokenHash: string;
  erstelltAm: string;
  gueltigBis: string;
}
export interface SperreTable {
  id: Generated<number>;
  tabelle: string;
  datensatzId: number;
  benutzerId: number;
  tokenHash: string;
  erstelltAm: string;
  gueltigBis: string;
}
export interface ProtokollTable {
  id: Generated<number>;
  tabelle: string;
  datensatzId: number;
  aktion: 'NEU' | 'AENDERN' | 'LOESCHEN';
  benutzerId: number;
  zeitpunkt: string;
  bemerkung: string | null;
  felder: string | null;
}
export interface SystemParameterTable {
  name: string;
  wert: string | null;
}
export interface WebappParameterTable {
  benutzerId: number;
  name: string;
  wert: string;
}
export interface BelegartTable {
  belegart: string;
  anzeige: string;
  istEinkauf: Bool;
}
export interface ZahlungsartTable {
  id: Generated<number>;
  bezeichnung: string;
  nettoTage: number;
  skontoTage: number;
  /** Hundredths of a percent (2.5 % = 250). */
  skontoProzent: number;
}
export interface BezeichnungTable {
  id: Generated<number>;
  bezeichnung: string;
}
export interface LagerTable {
  id: Generated<number>;
  kurzbezeichnung: string;
  bezeichnung: string;
  lagerkreisId: number;
  hatLagerplaetze: Bool;
}
export interface LagerkreisTable {
  id: Generated<number>;
  name: string;
  istHauptlagerkreis: Bool;
  kommissionierart: number;
  ausgangLagerId: number | null;
}
export interface LandTable {
  lkz: string;
  land: string;
}
export interface TextTable {
  id: Generated<number>;
  schluessel: string;
  wert: string;
  bezeichnung: string;
  sortierung: number;
  istAktiv: Bool;
}
export interface PreisgruppeTable {
  nummer: number;
  bezeichnung: string;
}
export interface SystemInfoTable {
  id: number;
  lizenzName: string;
  datenbankVersion: string;
  seriennummer: string;
}
export interface ErinnerungTable {
  id: Generated<number>;
  benutzerId: number;
  erinnerungDatum: string;
  bemerkung: string;
  tabelle: string | null;
  tabelleId: number | null;
  erstelltVon: number;
}

export interface BildTable {
  id: Generated<number>;
  dateiname: string;
  mimeType: string;
  daten: Buffer;
}
type Frei = {
  s01: string | null;
  s02: string | null;
  s03: string | null;
  s04: string | null;
  s05: string | null;
  s06: string | null;
  s07: string | null;
  s08: string | null;
  s09: string | null;
  s10: string | null;
};
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
  art: string;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  lkz: string | null;
  telefon: string | null;
  mobil: string | null;
  fax: string | null;
  email: string | null;
  website: string | null;
  gesperrt: Bool;
  istKunde: Bool;
  istLieferant: Bool;
  /** Cents. */
  kreditlimit: number | null;
  /** Cents. */
  opvBetrag: number;
  lieferart: number | null;
  zahlart: number | null;
  erstkontakt: string | null;
  erstkontaktBemerkung: string | null;
  vertreter1: number | null;
  vertreter2: number | null;
  vertreter3: number | null;
  abcKennung: string | null;
  unvollstaendig: Bool;
  notiz: string | null;
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
  sortierung: number;
  geburtstag: string | null;
  notiz: string | null;
  gfxid: number | null;
}
export interface AktivitaetsartTable {
  id: Generated<number>;
  wert: string;
  bezeichnung: string;
}
export interface AktivitaetTable {
  id: Generated<number>;
  adresseId: number;
  ansprechpartnerId: number | null;
  benutzerId: number;
  artId: number;
  beschreibung: string;
  dauer: number;
  datum: string;
  angelegtDatum: string;
  geaendertDatum: string;
  ticketId: number | null;
  dealId: number | null;
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
  preisart: number;
  /** 1/10,000 euro. */
  sonderpreis: number | null;
  /** Hundredths of a percent. */
  mwstSatz: number;
  rabatt1: number | null;
  rabatt2: number | null;
  abweichendeArtikelnummer: string | null;
  abweichendeArtikelbezeichnung: string | null;
  abweichenderArtikeltext: string | null;
  ean: string | null;
  abweichendeArtikelnummerNutzen: Bool;
  abweichendeTexteNutzen: Bool;
  abweichendeEanNutzen: Bool;
  sonderpreisNutzen: Bool;
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
  istEmail: Bool;
  dealId: number | null;
  ticketId: number | null;
  daten: Buffer;
}
export interface BelegTable {
  id: Generated<number>;
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  belegstatus: number;
  adresseId: number;
  betreff: string | null;
  /** Cents. */
  betragNetto: number;
  mwstBetrag: number;
  betragBrutto: number;
  liefertermin: string | null;
  benutzerId: number | null;
  vorgaengerId: number | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface BelegPositionTable {
  id: Generated<number>;
  belegId: number;
  position: number;
  positionsArt: string;
  artikelnummer: string | null;
  bezeichnung: string;
  /** Thousandths. */
  menge: number;
  mengeGeliefert: number;
  mengeneinheit: string | null;
  /** 1/10,000 euro. */
  einzelpreis: number;
  /** Hundredths of a percent. */
  rabatt1: number;
  mwstSatz: number;
  /** Cents. */
  gesamtpreis: number;
  ek: number | null;
}
export interface BelegStatusTable {
  id: Generated<number>;
  belegId: number;
  art: string;
  text: string;
  benutzerId: number | null;
  zeitpunkt: string;
}

export interface ArtikelTable extends Frei {
  id: Generated<number>;
  artikelnummer: string;
  artikelart: string;
  name1: string | null;
  bezeichnung: string;
  artikeltext: string | null;
  ean: string | null;
  hersteller: string | null;
  gesperrt: Bool;
  /** 1/10,000 euro. */
  vknetto: number;
  /** Hundredths of a percent. */
  mwstsatz: number;
  preiseinheit: number;
  /** Thousandths. */
  verpackungseinheit: number | null;
  mengeneinheit: string | null;
  /** Grams. */
  gewicht: number | null;
  gewichtNetto: number | null;
  maße: string | null;
  istRabattierfaehig: Bool;
  istChargenArtikel: Bool;
  istSeriennummernArtikel: Bool;
  istSkontofaehig: Bool;
  warengruppeId: number | null;
  staffel: string | null;
  /** Thousandths, totals over every warehouse (kept by the stock service). */
  bestand: number;
  reserviert: number;
  blockiert: number;
  naechsteLieferung: string | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface ArtikelFreiesFeldTable {
  id: Generated<number>;
  artikelId: number;
  bezeichnung: string;
  wert: string | null;
  sortierung: number;
}
export interface ArtikelPreisstaffelTable {
  artikelId: number;
  ap: string;
  preisgruppe: number;
  stufe: number;
  menge: number | null;
  vk: number | null;
  aufschlag: number | null;
}
export interface LagerplatzTable {
  id: Generated<number>;
  lagerId: number;
  location: string;
  kistennummer: string | null;
}
/** Quantities in thousandths. */
export interface Mengen {
  bestand: Generated<number>;
  reserviert: Generated<number>;
  bestellt: Generated<number>;
  blockiert: Generated<number>;
  inUmlagerung: Generated<number>;
  inKommissionierung: Generated<number>;
  inProduktion: Generated<number>;
}
export interface BestandTable extends Mengen {
  artikelId: number;
  lagerId: number;
  naechsteLieferung: string | null;
}
export interface LagerplatzBestandTable extends Mengen {
  artikelId: number;
  lagerplatzId: number;
}
export interface LagerbewegungTable {
  id: Generated<number>;
  artikelId: number;
  lagerId: number;
  lagerplatzId: number | null;
  feld: keyof Mengen;
  menge: number;
  art: string;
  text: string | null;
  belegId: number | null;
  benutzerId: number | null;
  zeitpunkt: string;
}
export interface AssetTable {
  id: Generated<number>;
  assetnummer: string;
  bezeichnung: string;
  seriennummer: string | null;
  imei: string | null;
  bemerkung: string | null;
  beschreibung: string | null;
  beginnGarantie: string | null;
  endeGarantie: string | null;
  beginnService: string | null;
  endeService: string | null;
  istAktiv: Bool;
  adresseId: number | null;
  artikelId: number | null;
  abweichenderStandort: Bool;
  standortName: string | null;
  standortStrasse: string | null;
  standortPlz: string | null;
  standortOrt: string | null;
  s01: string | null;
  s02: string | null;
  s03: string | null;
  s04: string | null;
  s05: string | null;
  s06: string | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface AssetBildTable {
  id: Generated<number>;
  assetId: number;
  bildindex: number;
  dateiname: string;
  mimeType: string;
  thumbnail: Buffer;
  popup: Buffer;
}
export interface AssetDateiTable {
  id: Generated<number>;
  assetId: number;
  dateiname: string;
  mimeType: string;
  groesse: number;
  datum: string;
  betreff: string | null;
  daten: Buffer;
}

export interface Database {
  benutzer: BenutzerTable;
  rechte: RechtTable;
  techniker: TechnikerTable;
  sitzungen: SitzungTable;
  sperren: SperreTable;
  protokoll: ProtokollTable;
  systemParameter: SystemParameterTable;
  webappParameter: WebappParameterTable;
  belegarten: BelegartTable;
  zahlungsarten: ZahlungsartTable;
  lieferbedingungen: BezeichnungTable;
  serviceAuftragsarten: BezeichnungTable;
  serviceAbrechnungsarten: BezeichnungTable;
  lager: LagerTable;
  lagerkreise: LagerkreisTable;
  landeskennzeichen: LandTable;
  texte: TextTable;
  preisgruppen: PreisgruppeTable;
  systemInfo: SystemInfoTable;
  erinnerungen: ErinnerungTable;
  bilder: BildTable;
  adressen: AdresseTable;
  ansprechpartner: AnsprechpartnerTable;
  aktivitaetsarten: AktivitaetsartTable;
  aktivitaeten: AktivitaetTable;
  zusatzadressen: ZusatzadresseTable;
  kundensonderpreise: KundensonderpreisTable;
  kundensonderpreisStaffeln: KundensonderpreisStaffelTable;
  kundensonderpreisApz: KundensonderpreisApzTable;
  adressDateien: AdressDateiTable;
  belege: BelegTable;
  belegPositionen: BelegPositionTable;
  belegStatushistorie: BelegStatusTable;
  warengruppen: BezeichnungTable;
  artikel: ArtikelTable;
  artikelFreieFelder: ArtikelFreiesFeldTable;
  artikelPreisstaffeln: ArtikelPreisstaffelTable;
  lagerplaetze: LagerplatzTable;
  bestaende: BestandTable;
  lagerplatzBestaende: LagerplatzBestandTable;
  lagerbewegungen: LagerbewegungTable;
  assets: AssetTable;
  assetBilder: AssetBildTable;
  assetDateien: AssetDateiTable;
}
