import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './schema-helpers';

/**
 * The quick search's folding (issue 20 item 2), one definition for indexing and querying: German umlauts and ß match
 * both ways — `Weiß` finds "Weiss" and `Weiss` "Weiß", `Mueller` and `Muller` both find "Müller" — on both databases.
 *
 * A text is indexed (and a contains-search compares it) in two spellings: the transcription (ä → ae, ö → oe, ü → ue,
 * ß → ss) and the base letters (ä → a, ö → o, ü → u, ß → ss); the other accented Latin letters common in names become
 * their base letter in both. A search word is folded to the transcription (`foldSearchWord`): "Müller" and "Mueller"
 * meet the transcription of "Müller", "Muller" its base letters, "Weiß" and "Weiss" both "weiss".
 *
 * The full-text indexes of migration 0026 are built with `searchTextSql` and the searches fold with `foldSearchWord`
 * and `foldSql`, so the mapping below must stay as it is: another mapping needs a migration that rebuilds the indexes.
 */
const GERMAN: readonly (readonly [letter: string, transcribed: string, base: string])[] = [
  ['ä', 'ae', 'a'],
  ['Ä', 'ae', 'a'],
  ['ö', 'oe', 'o'],
  ['Ö', 'oe', 'o'],
  ['ü', 'ue', 'u'],
  ['Ü', 'ue', 'u'],
  ['ß', 'ss', 'ss'],
  ['ẞ', 'ss', 'ss'],
];

/** Accented letters that become their base letter in both spellings (one letter each). */
const ACCENTS: readonly (readonly [string, string])[] = (
  [
    ['ÀÁÂÃÅàáâãå', 'a'],
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
).flatMap(([letters, base]) => [...letters].map((c) => [c, base] as const));

type Spelling = 'transcribed' | 'base';

const LETTERS = new Map<string, readonly [string, string]>([
  ...GERMAN.map(([c, t, b]) => [c, [t, b]] as const),
  ...ACCENTS.map(([c, b]) => [c, [b, b]] as const),
]);

/** A text in one spelling (JavaScript): the mapped letters replaced (lower case), the others as they are. */
export function foldText(text: string, spelling: Spelling = 'transcribed'): string {
  let out = '';
  for (const c of text.normalize('NFC')) {
    const m = LETTERS.get(c);
    out += m ? m[spelling === 'transcribed' ? 0 : 1] : c;
  }
  return out;
}

/** A word of a quick search as the indexes are asked: its transcription ("Müller", "Mueller" → "mueller"). */
export const foldSearchWord = (word: string) => foldText(word, 'transcribed').toLowerCase();

const chain = (e: string, pairs: readonly (readonly [string, string])[]) => pairs.reduce((x, [from, to]) => `replace(${x}, '${from}', '${to}')`, e);
const nonAscii = (e: string) => `length(${e}) <> length(cast(${e} as blob))`;

/**
 * A text expression in one spelling (SQL), the same letters replaced as `foldText` (case is left to the comparison: the
 * full-text parsers lower-case, ILIKE/LIKE compare without case). SQLite replaces nothing in pure ASCII text.
 */
export function foldSql(expr: string, dialect: Dialect, spelling: Spelling): string {
  const german = GERMAN.map(([c, t, b]) => [c, spelling === 'transcribed' ? t : b] as const);
  if (dialect === 'postgres') {
    const multi = german.filter(([, to]) => to.length > 1);
    const single = [...german.filter(([, to]) => to.length === 1), ...ACCENTS];
    return `translate(${chain(expr, multi)}, '${single.map(([f]) => f).join('')}', '${single.map(([, t]) => t).join('')}')`;
  }
  return `case when ${nonAscii(expr)} then ${chain(expr, [...german, ...ACCENTS])} else ${expr} end`;
}

/** `foldSql` over a query's expression (a column, a joined column), the text bound as the caller's query builds it. */
export function foldExpression(expr: Expression<unknown>, dialect: Dialect, spelling: Spelling): RawBuilder<string> {
  const german = GERMAN.map(([c, t, b]) => [c, spelling === 'transcribed' ? t : b] as const);
  const chainExpr = (e: Expression<unknown>, pairs: readonly (readonly [string, string])[]) =>
    pairs.reduce<Expression<unknown>>((x, [from, to]) => sql`replace(${x}, ${sql.lit(from)}, ${sql.lit(to)})`, e);
  if (dialect === 'postgres') {
    const multi = german.filter(([, to]) => to.length > 1);
    const single = [...german.filter(([, to]) => to.length === 1), ...ACCENTS];
    return sql<string>`translate(${chainExpr(sql`${expr}::text`, multi)}, ${sql.lit(single.map(([f]) => f).join(''))}, ${sql.lit(single.map(([, t]) => t).join(''))})`;
  }
  return sql<string>`case when length(${expr}) <> length(cast(${expr} as blob)) then ${chainExpr(expr, [...german, ...ACCENTS])} else ${expr} end`;
}

/**
 * The text a full-text index holds for a text expression (never null): its transcription, followed by its base-letter
 * spelling where that differs (a text with an umlaut), so that a word is found in either spelling.
 */
export function searchTextSql(expr: string, dialect: Dialect): string {
  const e = `coalesce(${expr}, '')`;
  const t = foldSql(e, dialect, 'transcribed');
  const b = foldSql(e, dialect, 'base');
  return `(case when ${t} = ${b} then ${t} else ${t} || ' ' || ${b} end)`;
}
