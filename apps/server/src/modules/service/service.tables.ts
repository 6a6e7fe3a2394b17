import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/** Status dictionary (SVC-011): art A task, M material. */
export interface ServiceStatusTable {
  status: string;
  art: string;
  beschreibung: string;
}
export interface ServiceMehraufwandsartTable {
  id: Generated<number>;
  bezeichnung: string;
  typ: number;
}
export interface ServiceKalenderTypTable {
  id: Generated<number>;
  bezeichnung: string;
  farbe: string | null;
}
export interface ServiceAuftragTable {
  id: Generated<number>;
  auftragsnummer: string;
  auftragsstatus: string;
  materialstatus: string | null;
  bezeichnung: string;
  titel: string | null;
  auftragsbeschreibung: string | null;
  auftragsartId: number | null;
  abrechnungsartId: number | null;
  aufwandGeschaetzt: number | null;
  gebrauchteZeit: Generated<number>;
  extReferenz: string | null;
  kundenauftragskennzeichen: string | null;
  adresseId: number | null;
  assetId: number | null;
  technikerId: number | null;
  stoermelderName: string | null;
  stoermelderTelefon: string | null;
  standortTelefon1: string | null;
  standortTelefon2: string | null;
  standortMobil: string | null;
  telefon1: string | null;
  telefon2: string | null;
  mobil: string | null;
  standortName: string | null;
  standortStrasse: string | null;
  standortPlz: string | null;
  standortOrt: string | null;
  unterschriftDaten: string | null;
  unterschriftName: string | null;
  unterschriftAm: string | null;
  abgeschlossenAm: string | null;
  /** Completed by the office without the customer's signature: the reason (migration 0022). */
  ohneUnterschriftGrund: string | null;
  abschlussbericht: Buffer | null;
  abschlussberichtSha256: string | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface ServicePlanungTable {
  id: Generated<number>;
  serviceAuftragId: number | null;
  technikerId: number | null;
  beginnDatum: string;
  endeDatum: string;
  reisebeginnDatum: string | null;
  vorOrtDatum: string | null;
  angenommenDatum: string | null;
  abgelehntDatum: string | null;
  erledigtDatum: string | null;
  strecke: number | null;
  bemerkung: string | null;
  aktiv: Generated<Bool>;
  titel: string | null;
  plz: string | null;
  ort: string | null;
  strasse: string | null;
  assetBezeichnung: string | null;
  assetNr: string | null;
  auftragsbeschreibung: string | null;
}
/** Quantities in thousandths. */
export interface ServiceMaterialTable {
  id: Generated<number>;
  serviceAuftragId: number;
  artikelId: number;
  sctyp: string | null;
  umlagerungTyp: number | null;
  quelleLagerId: number | null;
  quelleLagerplatzId: number | null;
  empfangLagerId: number | null;
  empfangLagerplatzId: number | null;
  empfangBezeichnung: string | null;
  empfangPlz: string | null;
  empfangOrt: string | null;
  empfangStrasse: string | null;
  mengeneinheit: Generated<string>;
  menge: Generated<number>;
  mengeReserviert: Generated<number>;
  mengeUmgelagert: Generated<number>;
  mengeBestaetigt: Generated<number>;
  mengeNichtGeliefert: Generated<number>;
  mengeDoa: Generated<number>;
  mengeEingebaut: Generated<number>;
  mengeGutteilretoure: Generated<number>;
  mengeDefektVerkauft: Generated<number>;
  mengeDefektEingelagert: Generated<number>;
  materialstatus: string;
}
export interface ServiceMaterialBuchungTable {
  id: Generated<number>;
  serviceAuftragId: number;
  materialId: number;
  planungId: number | null;
  artikelId: number;
  art: string;
  menge: number;
  seriennr: string | null;
  chargennr: string | null;
  zeitpunkt: string;
  technikerId: number | null;
  benutzerId: number;
}
export interface ServiceMehraufwandTable {
  id: Generated<number>;
  serviceAuftragId: number;
  mehraufwandArtId: number;
  bemerkung: string | null;
  vonZeitpunkt: string | null;
  bisZeitpunkt: string | null;
  /** Cents. */
  kosten: number | null;
  strecke: number | null;
  abrechnungsartId: number | null;
  technikerId: number | null;
  zeitpunkt: string;
}
export interface ServiceZeitTable {
  id: Generated<number>;
  technikerId: number;
  serviceAuftragId: number;
  planungId: number;
  art: string;
  von: string;
  bis: string | null;
  minuten: number | null;
  abgebrochen: Generated<Bool>;
  bemerkung: string | null;
  /** 1 while an automatic recording runs, null otherwise (unique per technician). */
  laeuft: number | null;
}
export interface ServiceNachbuchungTable {
  id: Generated<number>;
  ben_id: number;
  istAnmeldung: Bool;
  nachbuchungTimeStamp: string;
  kommentar: string | null;
  erfasstAm: string;
}
export interface ServiceKalendereintragTable {
  id: Generated<number>;
  KAL_TYP_ID: number;
  BEN_ID: number;
  Vormittags: Bool;
  Nachmittags: Bool;
  StartDatum: string;
  EndeDatum: string;
  Kommentar: string | null;
}
export interface ServiceSchrittTable {
  id: Generated<number>;
  serviceAuftragId: number;
  planungId: number | null;
  art: string;
  zeitpunkt: string;
  erfasstAm: string;
  benutzerId: number;
  quelle: string;
  text: string | null;
  /** An arrival's distance in whole km (migration 0022): the visit keeps it after suspending clears the planning item's. */
  strecke: Generated<number | null>;
}
export interface ServiceAnkunftKorrekturTable {
  id: Generated<number>;
  planungId: number;
  serviceAuftragId: number;
  alt: string;
  neu: string;
  grund: string | null;
  benutzerId: number;
  geaendertAm: string;
}
export interface ServiceAktionTable {
  benutzerId: number;
  clientId: string;
  art: string;
  /** SHA-256 of the step's kind, ids and data (without its time); null on rows stored before migration 0018. */
  anfrageHash: string | null;
  status: number;
  antwort: string | null;
  erstelltAm: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface ServiceTables {
  serviceStatus: ServiceStatusTable;
  serviceMehraufwandsarten: ServiceMehraufwandsartTable;
  serviceKalenderTypen: ServiceKalenderTypTable;
  serviceAuftraege: ServiceAuftragTable;
  servicePlanungen: ServicePlanungTable;
  serviceMaterial: ServiceMaterialTable;
  serviceMaterialBuchungen: ServiceMaterialBuchungTable;
  serviceMehraufwaende: ServiceMehraufwandTable;
  serviceZeiten: ServiceZeitTable;
  serviceNachbuchungen: ServiceNachbuchungTable;
  serviceKalendereintraege: ServiceKalendereintragTable;
  serviceSchritte: ServiceSchrittTable;
  serviceAktionen: ServiceAktionTable;
  serviceAnkunftKorrekturen: ServiceAnkunftKorrekturTable;
}
