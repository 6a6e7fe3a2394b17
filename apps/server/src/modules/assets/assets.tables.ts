import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

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
  istAktiv: Generated<Bool>;
  adresseId: number | null;
  artikelId: number | null;
  abweichenderStandort: Generated<Bool>;
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

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface AssetsTables {
  assets: AssetTable;
  assetBilder: AssetBildTable;
  assetDateien: AssetDateiTable;
}
