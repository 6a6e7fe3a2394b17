import type { Generated } from 'kysely';

/** Purchase documents (migration 0009): view only (BEL-048); amounts in cents. */
export interface EinkaufBelegTable {
  id: Generated<number>;
  /** Supplier-side document type (11 price request, 12 order, 13 delivery document, 14 invoice, 15 credit note). */
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  /** The supplier's address. */
  adresseId: number | null;
  lieferantName: string | null;
  betreff: string | null;
  betragNetto: Generated<number>;
  betragBrutto: Generated<number>;
  angelegtAm: string;
}
/** A file of a purchase document; 'J' in `eraktivesPruefDokument` marks the check document (BEL-024). */
export interface EinkaufBelegDateiTable {
  id: Generated<number>;
  einkaufBelegId: number;
  dateiname: string;
  eraktivesPruefDokument: Generated<'J' | 'N'>;
  mimeType: string;
  groesse: number;
  daten: Buffer;
  angelegtAm: string;
}

export interface EinkaufTables {
  einkaufBelege: EinkaufBelegTable;
  einkaufBelegDateien: EinkaufBelegDateiTable;
}
