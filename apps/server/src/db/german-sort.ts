import type { Dialect } from './schema-helpers';

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
 * The indexes of migrations 0004 and 0007 are built with this expression and lists order by it at run time, so the two
 * must stay equal: another mapping needs a new migration that recreates those indexes with it.
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
