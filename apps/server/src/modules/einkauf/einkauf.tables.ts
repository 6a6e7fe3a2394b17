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
  /** Incoming-invoice verification (migration 0038): null outside it; the codes of ERV_WORKFLOW. */
  statusErpruefung: number | null;
  /** The user the invoice is at (pass on). */
  anBenutzerId: number | null;
  hinweis: string | null;
  zahlungsart: string | null;
  valuta: string | null;
  ablehnungsgrund: string | null;
  bemerkung: string | null;
  skontoFaellig1: string | null;
  /** Hundredths of a percent. */
  skontoProzent1: number | null;
  skontoFaellig2: string | null;
  skontoProzent2: number | null;
  nettoFaellig: string | null;
  /** The checklist's eleven ticks as JSON (`ErvCheckliste`); null: never saved. */
  checkliste: string | null;
  geaendertAm: string | null;
  /** The e-invoice intake's validation as JSON (`ErvERechnungPruefung`, migration 0040); null when not taken in from one. */
  erechnungPruefung: string | null;
}
/** A line of a purchase invoice (migration 0038): quantity thousandths, unit price 1/10,000, total cents, VAT rate hundredths of a percent. */
export interface EinkaufBelegPositionTable {
  id: Generated<number>;
  einkaufBelegId: number;
  position: number;
  artikelnummer: string | null;
  bezeichnung: string;
  menge: number;
  mengeneinheit: string | null;
  einzelpreis: number;
  gesamtpreis: number;
  mwstsatz: number;
}
/** A step of the incoming-invoice verification (migration 0038). */
export interface EinkaufBelegHistorieTable {
  id: Generated<number>;
  einkaufBelegId: number;
  aktion: string;
  statusVon: number | null;
  statusNach: number;
  benutzerId: number | null;
  anBenutzerId: number | null;
  text: string | null;
  zeitpunkt: string;
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
  /** SHA-256 (hex) of the bytes (migration 0040; written by the e-invoice intake). */
  sha256: string | null;
}

export interface EinkaufTables {
  einkaufBelege: EinkaufBelegTable;
  einkaufBelegDateien: EinkaufBelegDateiTable;
  einkaufBelegPositionen: EinkaufBelegPositionTable;
  einkaufBelegHistorie: EinkaufBelegHistorieTable;
}
