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

/** Money and percent conversions at the API edge: the database holds integers. */
export const toCents = (euro: number | null | undefined) => (euro === null || euro === undefined ? euro : Math.round(euro * 100));
export const fromCents = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : Number(cents) / 100);
export const toMicro = (euro: number | null | undefined) => (euro === null || euro === undefined ? euro : Math.round(euro * 10_000));
export const fromMicro = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v) / 10_000);
export const toHundredths = (p: number | null | undefined) => (p === null || p === undefined ? p : Math.round(p * 100));
export const fromHundredths = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v) / 100);
export const toMilli = (q: number | null | undefined) => (q === null || q === undefined ? q : Math.round(q * 1000));
export const fromMilli = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v) / 1000);
