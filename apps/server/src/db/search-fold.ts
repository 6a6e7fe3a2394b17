import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Dialect } from './schema-helpers';

/**
 * The quick search's folding (issue 20 item 2, issue 23 item 3), one definition for indexing and querying: German umlauts
 * and ß match every way — `Müller`, `Mueller` and `Muller` find each other, whichever of them is stored, and so do
 * `Straße` and `Strasse` — on both databases.
 *
 * Every text is indexed, and every search word and contains-pattern compared, in one spelling (`foldText`): ASCII
 * letters in lower case, umlauts and the other accented Latin letters common in names as their base letter (ä → a,
 * ß → ss, é → e), and then the transcribed umlauts as their base letter too (ae → a, oe → o, ue → u), so that
 * "Müller" → "muller", "Mueller" → "muller", "Muller" → "muller". A word with such a pair that is no umlaut ("Michael",
 * "Quelle") meets the same word with the pair dropped ("Michal") — a few more hits, never a missed one. The folding keeps
 * prefixes: the folding of a word's beginning begins the folding of the word ("Mue" → "mu", "Müller" → "muller").
 *
 * `foldedSearchText` (SQL) builds the indexes (migration 0042 and later), `foldSearchWord` folds a search word,
 * `foldExpression` a column compared by contains. The mapping below must stay as it is: another one needs a migration
 * that rebuilds the indexes. `searchTextSql` is the two-spelling text of the indexes before migration 0042, kept for
 * the migrations that built them.
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

/** A text with the mapped letters replaced by their base letter (JavaScript). */
function baseText(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC')) out += LETTERS.get(c)?.[1] ?? c;
  return out;
}

/** The transcribed umlauts that fold to their base letter, in this order (after the letters are mapped). */
const PAIRS: readonly (readonly [string, string])[] = [
  ['ae', 'a'],
  ['oe', 'o'],
  ['ue', 'u'],
];

/**
 * A text as the indexes hold it and the searches compare it (JavaScript, the same steps as `foldedSearchText`): ASCII
 * lower case (SQLite's `lower`), the mapped letters as their base letter, then ae/oe/ue as a/o/u.
 */
export function foldText(text: string): string {
  let out = baseText(text.replace(/[A-Z]+/g, (c) => c.toLowerCase()));
  for (const [from, to] of PAIRS) out = out.replaceAll(from, to);
  return out;
}

/** A word of a quick search as the indexes are asked ("Müller", "Mueller", "Muller" → "muller"). */
export const foldSearchWord = (word: string) => foldText(word).toLowerCase();

const chain = (e: string, pairs: readonly (readonly [string, string])[]) => pairs.reduce((x, [from, to]) => `replace(${x}, '${from}', '${to}')`, e);
const nonAscii = (e: string) => `length(${e}) <> length(cast(${e} as blob))`;

/** A text expression in one spelling (SQL), as the indexes before migration 0042 held it (`searchTextSql`). */
function foldSql(expr: string, dialect: Dialect, spelling: Spelling): string {
  const german = GERMAN.map(([c, t, b]) => [c, spelling === 'transcribed' ? t : b] as const);
  if (dialect === 'postgres') {
    const multi = german.filter(([, to]) => to.length > 1);
    const single = [...german.filter(([, to]) => to.length === 1), ...ACCENTS];
    return `translate(${chain(expr, multi)}, '${single.map(([f]) => f).join('')}', '${single.map(([, t]) => t).join('')}')`;
  }
  return `case when ${nonAscii(expr)} then ${chain(expr, [...german, ...ACCENTS])} else ${expr} end`;
}

const baseLetters = () => [...GERMAN.map(([c, , b]) => [c, b] as const), ...ACCENTS];

/**
 * A query's expression (a column, a joined column) folded as `foldText` (SQL), for contains-searches. SQLite maps the
 * letters only in text that is not pure ASCII.
 */
export function foldExpression(expr: Expression<unknown>, dialect: Dialect): RawBuilder<string> {
  const chainExpr = (e: Expression<unknown>, pairs: readonly (readonly [string, string])[]) =>
    pairs.reduce<Expression<unknown>>((x, [from, to]) => sql`replace(${x}, ${sql.lit(from)}, ${sql.lit(to)})`, e);
  const letters = baseLetters();
  if (dialect === 'postgres') {
    const multi = letters.filter(([, to]) => to.length > 1);
    const single = letters.filter(([, to]) => to.length === 1);
    const lowered = sql`lower(${expr}::text)`;
    return sql<string>`${chainExpr(sql`translate(${chainExpr(lowered, multi)}, ${sql.lit(single.map(([f]) => f).join(''))}, ${sql.lit(single.map(([, t]) => t).join(''))})`, PAIRS)}`;
  }
  const lowered = sql`lower(${expr})`;
  const mapped = sql`case when length(${expr}) <> length(cast(${expr} as blob)) then ${chainExpr(lowered, letters)} else ${lowered} end`;
  return sql<string>`${chainExpr(mapped, PAIRS)}`;
}

/**
 * The text a full-text index holds for a text expression (never null), folded as `foldText` — the indexes of migration
 * 0042 and later (SQLite: the FTS5 columns; PostgreSQL: the text of the generated `suche` tsvector).
 */
export function foldedSearchText(expr: string, dialect: Dialect): string {
  const e = `coalesce(${expr}, '')`;
  const letters = baseLetters();
  const chainRaw = (x: string, pairs: readonly (readonly [string, string])[]) => pairs.reduce((acc, [from, to]) => `replace(${acc}, '${from}', '${to}')`, x);
  if (dialect === 'postgres') {
    const multi = letters.filter(([, to]) => to.length > 1);
    const single = letters.filter(([, to]) => to.length === 1);
    return chainRaw(`translate(${chainRaw(`lower(${e})`, multi)}, '${single.map(([f]) => f).join('')}', '${single.map(([, t]) => t).join('')}')`, PAIRS);
  }
  return chainRaw(`(case when ${nonAscii(e)} then ${chainRaw(`lower(${e})`, letters)} else lower(${e}) end)`, PAIRS);
}

/**
 * The text the full-text indexes held before migration 0042 (never null): the transcription, followed by the base-letter
 * spelling where that differs. Kept for the migrations that built those indexes (0026…0038) and 0042's way back; a stored
 * "Mueller" was not found by "Muller" in it. New indexes use `foldedSearchText`.
 */
export function searchTextSql(expr: string, dialect: Dialect): string {
  const e = `coalesce(${expr}, '')`;
  const t = foldSql(e, dialect, 'transcribed');
  const b = foldSql(e, dialect, 'base');
  return `(case when ${t} = ${b} then ${t} else ${t} || ' ' || ${b} end)`;
}
