import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

export interface LagerTable {
  id: Generated<number>;
  kurzbezeichnung: string;
  bezeichnung: string;
  lagerkreisId: number;
  hatLagerplaetze: Generated<Bool>;
}
export interface LagerkreisTable {
  id: Generated<number>;
  name: string;
  istHauptlagerkreis: Generated<Bool>;
  kommissionierart: Generated<number>;
  ausgangLagerId: number | null;
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

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface LagerTables {
  lager: LagerTable;
  lagerkreise: LagerkreisTable;
  lagerplaetze: LagerplatzTable;
  bestaende: BestandTable;
  lagerplatzBestaende: LagerplatzBestandTable;
  lagerbewegungen: LagerbewegungTable;
}
