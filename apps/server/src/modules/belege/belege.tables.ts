import type { Generated } from 'kysely';

export interface BelegTable {
  id: Generated<number>;
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  belegstatus: number;
  adresseId: number;
  betreff: string | null;
  /** Cents. */
  betragNetto: number;
  mwstBetrag: number;
  betragBrutto: number;
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
  positionsArt: string;
  artikelnummer: string | null;
  bezeichnung: string;
  /** Thousandths. */
  menge: number;
  mengeGeliefert: number;
  mengeneinheit: string | null;
  /** 1/10,000 euro. */
  einzelpreis: number;
  /** Hundredths of a percent. */
  rabatt1: number;
  mwstSatz: number;
  /** Cents. */
  gesamtpreis: number;
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
