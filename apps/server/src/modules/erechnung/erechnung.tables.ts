import type { Generated } from 'kysely';

/** Migration 0036: every e-invoice delivered, its exact bytes and SHA-256 (GoBD: later downloads answer these bytes). */
export interface BelegERechnungTable {
  id: Generated<number>;
  belegId: number;
  /** ERECHNUNG_LIEFERFORMATE of the contract. */
  format: string;
  daten: Buffer;
  sha256: string;
  groesse: number;
  benutzerId: number | null;
  erstelltAm: string;
}

export interface ERechnungTables {
  belegERechnungen: BelegERechnungTable;
}

// The seller data migration 0036 adds to the system info (beside the letterhead of migration 0009).
declare module '../system/system.tables' {
  interface SystemInfoTable {
    lkz: string | null;
    kontaktName: string | null;
    kontaktTelefon: string | null;
    kontaktEmail: string | null;
  }
}
