import type { Generated } from 'kysely';

export interface BelegTable {
  id: Generated<number>;
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  belegstatus: Generated<number>;
  adresseId: number;
  betreff: string | null;
  /** Cents. */
  betragNetto: Generated<number>;
  mwstBetrag: Generated<number>;
  betragBrutto: Generated<number>;
  liefertermin: string | null;
  benutzerId: number | null;
  vorgaengerId: number | null;
  angelegtAm: string;
  geaendertAm: string;
}
export interface BelegPositionTable {
  id: Generated<number>;
  belegId: number;
  position: number;
  positionsArt: Generated<string>;
  artikelnummer: string | null;
  bezeichnung: string;
  /** Thousandths. */
  menge: Generated<number>;
  mengeGeliefert: Generated<number>;
  mengeneinheit: string | null;
  /** 1/10,000 euro. */
  einzelpreis: Generated<number>;
  /** Hundredths of a percent. */
  rabatt1: Generated<number>;
  mwstSatz: Generated<number>;
  /** Cents. */
  gesamtpreis: Generated<number>;
  ek: number | null;
}
export interface BelegStatusTable {
  id: Generated<number>;
  belegId: number;
  art: string;
  text: string;
  benutzerId: number | null;
  zeitpunkt: string;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface BelegeTables {
  belege: BelegTable;
  belegPositionen: BelegPositionTable;
  belegStatushistorie: BelegStatusTable;
}
