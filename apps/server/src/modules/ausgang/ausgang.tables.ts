import type { Generated } from 'kysely';
import type { Bool } from '../../db/column-types';

/** A template per kind of document (migration 0037). */
export interface MailVorlageTable {
  art: string;
  bezeichnung: string;
  betreff: string;
  text: string;
  geaendertAm: string | null;
}

/** One mail of the outbox; `an`, `cc` and `anhaenge` are JSON (addresses; name, sha256, groesse). */
export interface MailAusgangTable {
  id: Generated<number>;
  quelle: string;
  quelleId: number;
  belegId: number | null;
  an: string;
  cc: string;
  absender: string;
  betreff: string;
  text: string;
  anhaenge: string;
  zustand: string;
  versuche: Generated<number>;
  naechsterVersuch: string;
  /** The lease of the sender that claimed the row (ISO time); null while nobody holds it. */
  gesperrtBis: string | null;
  letzteAntwort: string | null;
  messageId: string;
  benutzerId: number | null;
  angelegtAm: string;
  gesendetAm: string | null;
}

/** The exact bytes of an attachment as queued. */
export interface MailAnhangTable {
  id: Generated<number>;
  mailId: number;
  reihenfolge: number;
  name: string;
  mimeType: string;
  sha256: string;
  daten: Buffer;
}

export interface DatevExportTable {
  id: Generated<number>;
  art: string;
  von: string;
  bis: string;
  test: Bool;
  wiederholung: Bool;
  dateiname: string;
  mimeType: string;
  zeilen: number;
  sha256: string;
  daten: Buffer;
  benutzerId: number | null;
  erstelltAm: string;
}

/** A piece (at most 1 MB, in order `nr`) of a streamed export's file (migration 0041). */
export interface DatevExportTeilTable {
  id: Generated<number>;
  exportId: number;
  nr: number;
  daten: Buffer;
}

/** A posting marked exported: quelle B (document row per VAT rate: belegId), Z (payment id), G (credit item id). */
export interface DatevExportPostenTable {
  id: Generated<number>;
  exportId: number;
  quelle: string;
  quelleId: number;
}

export interface AusgangTables {
  mailVorlagen: MailVorlageTable;
  mailAusgang: MailAusgangTable;
  mailAnhaenge: MailAnhangTable;
  datevExporte: DatevExportTable;
  datevExportPosten: DatevExportPostenTable;
  datevExportTeile: DatevExportTeilTable;
}
