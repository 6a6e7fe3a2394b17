export interface WebappParameterTable {
  benutzerId: number;
  name: string;
  wert: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface WebappTables {
  webappParameter: WebappParameterTable;
}
