import type { Generated } from 'kysely';

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
export interface SystemInfoTable {
  id: number;
  lizenzName: string;
  datenbankVersion: string;
  seriennummer: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface SystemTables {
  sperren: SperreTable;
  protokoll: ProtokollTable;
  systemParameter: SystemParameterTable;
  systemInfo: SystemInfoTable;
}
