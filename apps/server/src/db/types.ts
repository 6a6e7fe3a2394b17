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
}
