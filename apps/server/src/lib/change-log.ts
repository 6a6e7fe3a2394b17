import type { Db } from '../db/index';
import { nowIso } from './clock';

export type Aktion = 'NEU' | 'AENDERN' | 'LOESCHEN';

/** Writes one change-log entry: what happened to which record, by whom, with the user's remark. */
export async function logChange(
  db: Db,
  e: { tabelle: string; datensatzId: number; aktion: Aktion; benutzerId: number; bemerkung?: string | null; felder?: string[] },
) {
  await db
    .insertInto('protokoll')
    .values({
      tabelle: e.tabelle,
      datensatzId: e.datensatzId,
      aktion: e.aktion,
      benutzerId: e.benutzerId,
      zeitpunkt: nowIso(),
      bemerkung: e.bemerkung?.trim() || null,
      felder: e.felder && e.felder.length > 0 ? e.felder.join(',') : null,
    })
    .execute();
}
