import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { NumberRange } from '../../lib/number-range';

/**
 * The number ranges (`nummernkreise` rows) by name. Each module declares the ranges it draws from (`numberRanges` in
 * its `<area>.module.ts`) and merges their names into this interface from the same file:
 * `declare module '../system/nummernkreise.service' { interface Nummernkreise extends RangesByName<typeof RANGES> {} }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface Nummernkreise {}
/** The name of a range some module declares. */
export type Nummernkreis = keyof Nummernkreise & string;
/** A module's ranges by name, for its merge into `Nummernkreise`. */
export type RangesByName<T extends readonly NumberRange[]> = { [R in T[number] as R['name']]: R };

/**
 * Draws the next number of a range in the caller's transaction, by one statement: `update … set naechste = naechste + 1
 * … returning`. On PostgreSQL the update row-locks the range until the transaction ends, so a concurrent draw waits and
 * gets the following number; SQLite's write transactions are serial. A rolled-back insert leaves a gap, never a duplicate.
 * Answers the number and its text with the range's prefix.
 */
export async function drawNumber(trx: Db, name: Nummernkreis): Promise<{ nummer: number; text: string }> {
  const row = await trx
    .updateTable('nummernkreise')
    .set((eb) => ({ naechste: eb('naechste', '+', 1) }))
    .where('name', '=', name)
    .returning(['naechste', 'praefix'])
    .executeTakeFirst();
  if (!row) throw new Error(`Nummernkreis ${name} fehlt`);
  const nummer = Number(row.naechste) - 1;
  return { nummer, text: `${row.praefix}${nummer}` };
}

/**
 * A number the user gave (where the spec allows one): the range continues after it when it is at or ahead of the
 * next number, so later draws cannot collide with it. One update in the caller's transaction that always row-locks the
 * range on PostgreSQL: every earlier draw has committed when it returns, so a check for the number that follows sees
 * every record that could hold it, and later draws wait for this transaction.
 */
export async function claimNumber(trx: Db, name: Nummernkreis, nummer: number): Promise<void> {
  await trx
    .updateTable('nummernkreise')
    .set((eb) => ({
      naechste: eb
        .case()
        .when('naechste', '<=', nummer)
        .then(nummer + 1)
        .else(eb.ref('naechste'))
        .end(),
    }))
    .where('name', '=', name)
    .execute();
}

/**
 * After a bulk load with explicit numbers (demo data, imports): every range with a column continues after its highest
 * number. `ranges`: the declared ranges (`registry.numberRanges`).
 */
export async function syncNummernkreise(trx: Db, ranges: readonly NumberRange[]): Promise<void> {
  for (const r of ranges) {
    if (!r.column) continue;
    const [table, column] = r.column;
    const { rows } = await sql<{ n: number | string | null }>`select max(${sql.ref(column)}) as n from ${sql.table(table)}`.execute(trx);
    if (rows[0]?.n != null) await claimNumber(trx, r.name as Nummernkreis, Number(rows[0].n));
  }
}

/** The ranges as an administrator reads them. */
export function listNummernkreise(db: Db) {
  return db.selectFrom('nummernkreise').select(['name', 'bezeichnung', 'praefix', 'start', 'naechste']).orderBy('name').execute();
}
