import type { Generated } from 'kysely';

export interface PicklisteTable {
  id: Generated<number>;
  belegId: number;
  lagerId: number;
  wagenNr: string | null;
  angelegtAm: string;
  erledigtAm: string | null;
}
/** Quantities in thousandths. */
export interface PicklistenPositionTable {
  id: Generated<number>;
  picklisteId: number;
  artikelId: number;
  lagerplatzId: number | null;
  menge: number;
  gepickt: Generated<number>;
}
export interface PickBestaetigungTable {
  id: Generated<number>;
  positionId: number;
  menge: number;
  benutzerId: number;
  lagerbewegungId: number;
  zeitpunkt: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface PicklistenTables {
  picklisten: PicklisteTable;
  picklistenPositionen: PicklistenPositionTable;
  pickBestaetigungen: PickBestaetigungTable;
}
