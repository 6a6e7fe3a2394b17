import type { Generated } from 'kysely';
import type { BezeichnungTable, Bool, Frei } from '../../db/column-types';

export interface ArtikelTable extends Frei {
  id: Generated<number>;
  artikelnummer: string;
  artikelart: string;
  name1: string | null;
  bezeichnung: string;
  artikeltext: string | null;
  ean: string | null;
  hersteller: string | null;
  gesperrt: Generated<Bool>;
  /** 1/10,000 euro. */
  vknetto: Generated<number>;
  /** Hundredths of a percent. */
  mwstsatz: Generated<number>;
  preiseinheit: Generated<number>;
  /** Thousandths. */
  verpackungseinheit: number | null;
  mengeneinheit: string | null;
  /** Grams. */
  gewicht: number | null;
  gewichtNetto: number | null;
  maße: string | null;
  istRabattierfaehig: Generated<Bool>;
  istChargenArtikel: Generated<Bool>;
  istSeriennummernArtikel: Generated<Bool>;
  istSkontofaehig: Generated<Bool>;
  warengruppeId: number | null;
  staffel: string | null;
  /** Thousandths, totals over every warehouse (kept by the stock service). */
  bestand: Generated<number>;
  reserviert: Generated<number>;
  blockiert: Generated<number>;
  naechsteLieferung: string | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface ArtikelFreiesFeldTable {
  id: Generated<number>;
  artikelId: number;
  bezeichnung: string;
  wert: string | null;
  sortierung: number;
}
export interface ArtikelPreisstaffelTable {
  artikelId: number;
  ap: string;
  preisgruppe: number;
  /** The scale's row within its price group: one per validity period (ART-019). */
  zeile: Generated<number>;
  stufe: number;
  menge: number | null;
  vk: number | null;
  aufschlag: number | null;
  /** First and last calendar day of the scale (YYYY-MM-DD), null for an open end. */
  gueltigVon: string | null;
  gueltigBis: string | null;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface ArtikelTables {
  warengruppen: BezeichnungTable;
  artikel: ArtikelTable;
  artikelFreieFelder: ArtikelFreiesFeldTable;
  artikelPreisstaffeln: ArtikelPreisstaffelTable;
}
