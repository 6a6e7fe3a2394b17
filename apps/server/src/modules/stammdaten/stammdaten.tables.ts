import type { Generated } from 'kysely';
import type { BezeichnungTable, Bool } from '../../db/column-types';

export interface BelegartTable {
  belegart: string;
  anzeige: string;
  istEinkauf: Generated<Bool>;
}
export interface ZahlungsartTable {
  id: Generated<number>;
  bezeichnung: string;
  nettoTage: number;
  skontoTage: number;
  /** Hundredths of a percent (2.5 % = 250). */
  skontoProzent: number;
  /** How it is paid (migration 0017): 'LASTSCHRIFT' direct debit, 'VORKASSE' prepayment, null a transfer within the terms. */
  verfahren: string | null;
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
  sortierung: Generated<number>;
  istAktiv: Generated<Bool>;
}
export interface PreisgruppeTable {
  nummer: number;
  bezeichnung: string;
}
export interface BildTable {
  id: Generated<number>;
  dateiname: string;
  mimeType: string;
  daten: Buffer;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface StammdatenTables {
  belegarten: BelegartTable;
  zahlungsarten: ZahlungsartTable;
  lieferbedingungen: BezeichnungTable;
  serviceAuftragsarten: BezeichnungTable;
  serviceAbrechnungsarten: BezeichnungTable;
  landeskennzeichen: LandTable;
  texte: TextTable;
  preisgruppen: PreisgruppeTable;
  bilder: BildTable;
}
