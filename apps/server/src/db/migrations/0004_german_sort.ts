import { type Kysely, sql } from 'kysely';
import { sortKeyExpression } from '../german-sort';
import { dialectOf } from '../schema-helpers';

/**
 * German sort order (DIN 5007-1) for the text columns lists sort by: the lists' text-order indexes move to the sort key
 * of db/german-sort.ts, `(key, id, column)`, so that the index alone answers a window.
 */
export { sortKeyExpression } from '../german-sort';

/** Text-order indexes that move to the key: [old index, new index, table, leading columns, text column]. */
const INDEXES: [string, string, string, string[], string][] = [
  ['adressen_name1_idx', 'adressen_name1_de_idx', 'adressen', [], 'name1'],
  ['adressen_name2_idx', 'adressen_name2_de_idx', 'adressen', [], 'name2'],
  ['adressen_ort_idx', 'adressen_ort_de_idx', 'adressen', [], 'ort'],
  ['adressen_strasse_idx', 'adressen_strasse_de_idx', 'adressen', [], 'strasse'],
  ['adressen_kunde_idx', 'adressen_kunde_de_idx', 'adressen', ['istKunde', 'gesperrt'], 'name1'],
  ['adressen_lieferant_idx', 'adressen_lieferant_de_idx', 'adressen', ['istLieferant', 'gesperrt'], 'name1'],
  ['artikel_bezeichnung_idx', 'artikel_bezeichnung_de_idx', 'artikel', [], 'bezeichnung'],
  ['assets_bezeichnung_idx', 'assets_bezeichnung_de_idx', 'assets', [], 'bezeichnung'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  for (const [old, name, table, leading, column] of INDEXES) {
    await db.schema.dropIndex(old).ifExists().execute();
    const cols = [...leading.map((c) => `"${c}"`), sortKeyExpression(`"${column}"`, dialect), '"id"', `"${column}"`];
    await sql.raw(`create index "${name}" on "${table}" (${cols.join(', ')})`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [, name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  const old: [string, string, string[]][] = [
    ['adressen_name1_idx', 'adressen', ['name1', 'id']],
    ['adressen_name2_idx', 'adressen', ['name2']],
    ['adressen_ort_idx', 'adressen', ['ort', 'id']],
    ['adressen_strasse_idx', 'adressen', ['strasse']],
    ['adressen_kunde_idx', 'adressen', ['istKunde', 'gesperrt', 'name1']],
    ['adressen_lieferant_idx', 'adressen', ['istLieferant', 'gesperrt', 'name1']],
    ['artikel_bezeichnung_idx', 'artikel', ['bezeichnung', 'id']],
    ['assets_bezeichnung_idx', 'assets', ['bezeichnung', 'id']],
  ];
  for (const [name, table, columns] of old) await db.schema.createIndex(name).on(table).columns(columns).execute();
}
