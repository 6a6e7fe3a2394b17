import type { Generated } from 'kysely';

/** A saved free SQL report (migration 0035): `parameter` is the JSON array of its parameter definitions. */
export interface FreieSqlTable {
  id: Generated<number>;
  name: string;
  sql: string;
  parameter: Generated<string>;
  erstelltVon: number | null;
  erstelltAm: string;
  geaendertVon: number | null;
  geaendertAm: string | null;
}

/** One run of a report (migration 0035): who, which report, with which values, how long, how many rows, how it ended. */
export interface FreieSqlLaufTable {
  id: Generated<number>;
  benutzerId: number;
  auswertungId: number;
  parameter: string;
  dauerMs: number;
  zeilen: number;
  /** OK, ABGELEHNT (refused before or while running), ZEITLIMIT (stopped), FEHLER (the database refused it). */
  ergebnis: string;
  meldung: string | null;
  zeitpunkt: string;
}

export interface FreieSqlTables {
  freieSql: FreieSqlTable;
  freieSqlLaeufe: FreieSqlLaufTable;
}
