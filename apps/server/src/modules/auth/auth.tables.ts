import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

export interface BenutzerTable {
  id: Generated<number>;
  name: string;
  kuerzel: string;
  /** Login name (lower case), used with Basic authorisation. */
  anmeldename: string;
  typ: Generated<number>;
  istAdmin: Generated<Bool>;
  gesperrt: Generated<Bool>;
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

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface AuthTables {
  benutzer: BenutzerTable;
  rechte: RechtTable;
  techniker: TechnikerTable;
  sitzungen: SitzungTable;
}
