import { type Kysely, sql } from 'kysely';
import { type Dialect, dialectOf } from '../schema-helpers';

/**
 * German sort order (DIN 5007-1) for the text columns lists sort by: Ä, Ö, Ü sort as A, O, U, ß as ss, case-insensitive;
 * the other Latin letters with accents common in names (é, ç, ñ, ø, š, ł, ć, ř …) sort as their base letters.
 *
 * A list orders such a column by its sort key, `sortKeyExpression(column)`: the letters below replaced, then ASCII lower
 * case, compared byte by byte (SQLite BINARY, PostgreSQL COLLATE "C") — the same order on both databases whatever the
 * PostgreSQL database's locale is. The lists' text-order indexes move to the key: `(key, id, column)`, so that the
 * index alone answers a window (the column makes it covering: SQLite and PostgreSQL read the key from the index only
 * when every column the expression uses is in it).
 *
 * Frozen with this migration: another mapping needs a new migration that recreates these indexes.
 */
const FOLD: [string, string][] = [
  ['Ä', 'a'],
  ['ä', 'a'],
  ['Ö', 'o'],
  ['ö', 'o'],
  ['Ü', 'u'],
  ['ü', 'u'],
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ...(
    [
      ['ÀÁÂÃÅàáâãå', 'a'],
      ['Ææ', 'ae'],
      ['Œœ', 'oe'],
      ['ÇçČčĆć', 'c'],
      ['ÈÉÊËèéêëĚě', 'e'],
      ['ÌÍÎÏìíîï', 'i'],
      ['Đđ', 'd'],
      ['Łł', 'l'],
      ['ÑñŃń', 'n'],
      ['ÒÓÔÕØòóôõø', 'o'],
      ['Řř', 'r'],
      ['ŠšŚś', 's'],
      ['ÙÚÛùúû', 'u'],
      ['Ýýÿ', 'y'],
      ['ŽžŹźŻż', 'z'],
    ] as const
  ).flatMap(([letters, base]) => [...letters].map((c): [string, string] => [c, base])),
];

const DIN = 8; // the first entries of FOLD: Ä ä Ö ö Ü ü ß ẞ
const chain = (e: string, pairs: [string, string][]) => pairs.reduce((x, [from, to]) => `replace(${x}, '${from}', '${to}')`, e);
const nonAscii = (e: string) => `length(${e}) <> length(cast(${e} as blob))`;

/**
 * The sort key of a text column (`"name1"` or `"adressen"."name1"`) as SQL — written identically in the index and in
 * the list's ORDER BY, so that the database matches them. SQLite's lower() folds ASCII only, and so does PostgreSQL's
 * under COLLATE "C": the mapped letters are replaced first. SQLite replaces nothing in pure ASCII text (byte length =
 * character length), which most names are, and the other accents only where some remain after the umlauts and ß.
 */
export function sortKeyExpression(column: string, dialect: Dialect): string {
  if (dialect === 'postgres') {
    const single = FOLD.filter(([, to]) => to.length === 1);
    const e = chain(
      column,
      FOLD.filter(([, t]) => t.length > 1),
    );
    return `lower(translate(${e}, '${single.map(([f]) => f).join('')}', '${single.map(([, t]) => t).join('')}') collate "C")`;
  }
  const din = chain(column, FOLD.slice(0, DIN));
  const accents = `case when ${nonAscii(din)} then ${chain(din, FOLD.slice(DIN))} else ${din} end`;
  return `lower(case when ${nonAscii(column)} then ${accents} else ${column} end)`;
}

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
