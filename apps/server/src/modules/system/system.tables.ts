import type { Generated } from 'kysely';

export interface SperreTable {
  id: Generated<number>;
  tabelle: string;
  datensatzId: number;
  benutzerId: number;
  /** The session that took the lock: its end (logout, password change, expiry purge) deletes the lock. */
  sitzungId: number | null;
  tokenHash: string;
  erstelltAm: string;
  gueltigBis: string;
}
/** A number range (addresses, customers, suppliers, documents …): the next number to hand out. */
export interface NummernkreisTable {
  name: string;
  bezeichnung: string;
  praefix: Generated<string>;
  start: number;
  naechste: number;
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
export interface SystemInfoTable {
  id: number;
  lizenzName: string;
  datenbankVersion: string;
  seriennummer: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface SystemTables {
  sperren: SperreTable;
  nummernkreise: NummernkreisTable;
  protokoll: ProtokollTable;
  systemParameter: SystemParameterTable;
  systemInfo: SystemInfoTable;
}
