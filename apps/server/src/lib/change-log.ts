import type { Db } from '../db/index';
import { nowIso } from './clock';

export type Aktion = 'NEU' | 'AENDERN' | 'LOESCHEN';

/** One change-log entry: what happened to which record, by whom, with the user's remark and the changed fields. */
export interface ChangeEntry {
  tabelle: string;
  datensatzId: number;
  aktion: Aktion;
  benutzerId: number;
  bemerkung?: string | null;
  felder?: readonly string[];
  /** When (ISO); default now. A run that changes many records at one instant passes that instant. */
  zeitpunkt?: string;
}

/** Rows per insert statement (PostgreSQL allows 65,535 parameters, each row takes 7). */
const CHUNK = 500;

/** The one change-log writer: writes the entries (in chunks) in the caller's transaction. */
export async function logChanges(db: Db, entries: readonly ChangeEntry[]) {
  const jetzt = nowIso();
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db
      .insertInto('protokoll')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({
          tabelle: e.tabelle,
          datensatzId: e.datensatzId,
          aktion: e.aktion,
          benutzerId: e.benutzerId,
          zeitpunkt: e.zeitpunkt ?? jetzt,
          bemerkung: e.bemerkung?.trim() || null,
          felder: e.felder && e.felder.length > 0 ? e.felder.join(',') : null,
        })),
      )
      .execute();
  }
}

/** Writes one change-log entry (see `logChanges`). */
export function logChange(db: Db, e: ChangeEntry) {
  return logChanges(db, [e]);
}
