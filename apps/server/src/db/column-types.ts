import type { Generated } from 'kysely';

/** Booleans are `boolean` in PostgreSQL and 0/1 in SQLite; the SQLite plugin turns them into booleans both ways. */
export type Bool = boolean;

/** The ten free text fields s01…s10 of addresses and products. */
export type Frei = {
  s01: string | null;
  s02: string | null;
  s03: string | null;
  s04: string | null;
  s05: string | null;
  s06: string | null;
  s07: string | null;
  s08: string | null;
  s09: string | null;
  s10: string | null;
};

/** A lookup table of id and label (delivery terms, service kinds, product groups …). */
export interface BezeichnungTable {
  id: Generated<number>;
  bezeichnung: string;
}
