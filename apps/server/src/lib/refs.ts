import type { Db } from '../db/index';
import type { Database } from '../db/types';
import { badRequest } from './errors';

/** A referenced record must exist: otherwise a 400 on the field that names it (instead of a foreign-key error). */
export async function assertRef(db: Db, table: keyof Database, id: number | null | undefined, field: string, extra?: { column: string; value: unknown }) {
  if (id === null || id === undefined) return;
  // biome-ignore lint/suspicious/noExplicitAny: dynamic table
  let q = (db as any).selectFrom(table).select('id').where('id', '=', id);
  if (extra) q = q.where(extra.column, '=', extra.value);
  if (!(await q.executeTakeFirst())) throw badRequest('Bitte die Eingaben prüfen!', { [field]: [`Unbekannter Datensatz: ${id}`] });
}
