import type { Generated } from 'kysely';

export interface ErinnerungTable {
  id: Generated<number>;
  benutzerId: number;
  erinnerungDatum: string;
  bemerkung: string;
  tabelle: string | null;
  tabelleId: number | null;
  erstelltVon: number;
}
export interface AktivitaetsartTable {
  id: Generated<number>;
  wert: string;
  bezeichnung: string;
}
export interface AktivitaetTable {
  id: Generated<number>;
  adresseId: number;
  ansprechpartnerId: number | null;
  benutzerId: number;
  artId: number;
  beschreibung: string;
  dauer: Generated<number>;
  datum: string;
  angelegtDatum: string;
  geaendertDatum: string;
  ticketId: number | null;
  dealId: number | null;
}

/** Tables of the area, merged into `Database` (db/types.ts). */
export interface CrmTables {
  erinnerungen: ErinnerungTable;
  aktivitaetsarten: AktivitaetsartTable;
  aktivitaeten: AktivitaetTable;
}
