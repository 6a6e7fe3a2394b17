import { isRealDate, type ListQuery } from '@vario/contract';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { sortKeyExpression } from '../db/german-sort';
import type { Db } from '../db/index';
import { prepared } from '../db/prepared';
import type { Dialect } from '../db/schema-helpers';
import { foldExpression, foldText } from '../db/search-fold';
import { afterCommit } from './after-commit';
import { toScaled } from './codecs';
import { badRequest } from './errors';
import { type FieldType, own } from './fields';
import { BROAD_SEARCH_MATCHES, invalidateSearchMatches, looksLikeNumber, type NumberSearch, planSearch, readsWholeTable, type SearchPlan } from './search';

// biome-ignore lint/suspicious/noExplicitAny: list queries address columns by validated runtime names
type AnyQB = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyEB = ExpressionBuilder<any, any>;

export interface ListSpec {
  /** Table (or alias) qualifying the columns in where and order by. */
  table: string;
  /** Filterable and sortable fields with their types; anything else is a 400. */
  fields: Record<string, FieldType>;
  /** Fields that exist in the API but are computed: mapped to an SQL expression for filter and sort. */
  expressions?: Record<string, string>;
  /** Fields stored in smaller units (cents, 1/10,000, thousandths): filter values are multiplied by this factor. */
  scales?: Record<string, number>;
  defaultOrder: string[];
  /** Unique tie-breaker appended to every order so that windows are stable. */
  key?: string;
  /**
   * The stored column of `table` behind `key` when the list names it differently (its expression is that column, e.g.
   * `bskId` → id): deep windows then still look up their keys first, and so do orders by expressions that are plain
   * columns of `table`.
   */
  keyColumn?: string;
  /** The quick search; a full-text one (lib/search.ts `fullTextSearch`) also plans the window by its number of matches. */
  search?: (eb: AnyEB, term: string, dialect: Dialect, plan?: SearchPlan) => Expression<SqlBool>;
  /** A search term that looks like a number: the rows whose number columns hold it first (lib/search.ts). */
  numberSearch?: NumberSearch;
}

export type Op = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | 'null' | '!null' | 'in';
type FilterValue = string | number | boolean;
/** One parsed filter condition: a null test, a list for 'in', one value for the comparisons. */
export type Condition =
  | { field: string; op: 'null' | '!null' }
  | { field: string; op: 'in'; values: FilterValue[] }
  | { field: string; op: Exclude<Op, 'null' | '!null' | 'in'>; value: FilterValue };

const CONDITION = /^([A-Za-z_][A-Za-z0-9_]*)\s*(!null|!=|>=|<=|=|>|<|~)(.*)$/s;

/** Splits on commas not escaped by a backslash; `\,` and `\\` stand for a comma and a backslash. */
function splitConditions(filter: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (c === '\\' && i + 1 < filter.length) {
      cur += filter[++i];
    } else if (c === ',') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function convertValue(field: string, type: FieldType, raw: string): string | number | boolean {
  if (type === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw badRequest(`Ungültige Zahl für ${field}`, { filter: [`${field}: '${raw}' ist keine Zahl`] });
    return Number(raw);
  }
  if (type === 'date' || type === 'datetime') {
    // a day (or a timestamp starting with one) compares as text: only a real calendar day can be meant
    const day = raw.trim().slice(0, 10);
    if (!isRealDate(day) || (type === 'date' && raw.trim().length > 10))
      throw badRequest(`Ungültiges Datum für ${field}`, { filter: [`${field}: '${raw}' ist kein gültiges Datum`] });
    return raw.trim();
  }
  if (type === 'boolean') {
    const v = raw.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw badRequest(`Ungültiger Wahrheitswert für ${field}`, { filter: [`${field}: '${raw}' ist weder true noch false`] });
  }
  return raw;
}

/** Parses the filter grammar of ARCHITECTURE.md; unknown fields and malformed conditions are a 400. */
export function parseFilter(filter: string | undefined, fields: Record<string, FieldType>, scales: Record<string, number> = {}): Condition[] {
  if (!filter) return [];
  const convert = (field: string, type: FieldType, raw: string) => {
    const v = convertValue(field, type, raw);
    const f = own(scales, field);
    if (!f || typeof v !== 'number') return v;
    // money and quantities compare in their stored integers, scaled from the decimal as written (codecs.ts)
    try {
      return toScaled(v, Math.round(Math.log10(f)));
    } catch {
      throw badRequest(`Ungültige Zahl für ${field}`, { filter: [`${field}: '${raw}' ist zu groß`] });
    }
  };
  return splitConditions(filter).map((part) => {
    const m = CONDITION.exec(part);
    if (!m) throw badRequest(`Ungültige Filterbedingung: ${part}`, { filter: [`Ungültige Bedingung: ${part}`] });
    const [, field, rawOp, rawValue] = m as unknown as [string, string, string, string];
    const type = own(fields, field);
    if (!type) throw badRequest(`Unbekanntes Feld im Filter: ${field}`, { filter: [`Unbekanntes Feld: ${field}`] });
    if (rawOp === '!null') {
      if (rawValue.trim() !== '') throw badRequest(`Ungültige Filterbedingung: ${part}`, { filter: [`Ungültige Bedingung: ${part}`] });
      return { field, op: '!null' };
    }
    if (rawOp === '=' && rawValue === 'null') return { field, op: 'null' };
    if (rawOp === '=' && rawValue.includes('|')) {
      return { field, op: 'in', values: rawValue.split('|').map((v) => convert(field, type, v)) };
    }
    if (rawOp === '~') return { field, op: '~', value: rawValue };
    return { field, op: rawOp as Exclude<Op, 'null' | '!null' | 'in'>, value: convert(field, type, rawValue) };
  });
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column contains text`, case-insensitive, with the pattern bound as a parameter; umlauts and ß match every way as in
 * the full-text searches (db/search-fold.ts): the text and the column both folded ("Müller", "Mueller", "Muller").
 */
export function containsExpr(col: Expression<unknown>, text: string, dialect: Dialect) {
  const pattern = `%${escapeLike(foldText(text))}%`;
  const folded = foldExpression(col, dialect);
  return dialect === 'postgres' ? sql<SqlBool>`${folded} ilike ${pattern} escape '\\'` : sql<SqlBool>`${folded} like ${pattern} escape '\\'`;
}

/** A list column, typed as the values a filter compares it with (parseFilter converts them by the field's type). */
function colRef(spec: ListSpec, field: string) {
  const expr = own(spec.expressions, field);
  return expr ? sql.raw<FilterValue>(expr) : sql.ref<FilterValue>(`${spec.table}.${field}`);
}

/**
 * Natural-language text fields: sorted in German order (DIN 5007-1: Ä as A, Ö as O, Ü as U, ß as ss, any case) by their
 * sort key (migration 0004), which indexes of the large lists hold. Codes, numbers and dates keep their plain order.
 */
const GERMAN_TEXT_FIELDS = new Set([
  'name',
  'vorname',
  'name1',
  'name2',
  'name3',
  'kurzname',
  'strasse',
  'ort',
  'land',
  'bezeichnung',
  'bemerkung',
  'betreff',
  'hersteller',
  'abteilung',
  'position',
  'standortName',
  'standortOrt',
  'artikelbezeichnung',
  'adresseName',
]);
const QUOTED_COLUMN = /^"(\w+)"\."(\w+)"$/;

/**
 * What a list orders a field by: a German text field (a column, or a computed field that is a plain column of a joined
 * table) by its sort key — written exactly as in the index, so that the database uses it; ties fall to the list's key.
 */
function orderRef(spec: ListSpec, field: string, dialect: Dialect) {
  const expr = own(spec.expressions, field);
  const column = expr ? QUOTED_COLUMN.exec(expr)?.[0] : `"${spec.table}"."${field}"`;
  if (!column || own(spec.fields, field) !== 'string' || !GERMAN_TEXT_FIELDS.has(field)) return colRef(spec, field);
  return sql.raw(sortKeyExpression(column, dialect));
}

/**
 * `unindexed` (SQLite): the conditions are not matched against indexes (unary `+`, which keeps the value and its
 * collation), so that a walk in the list's order takes the order's index instead of a filter's index plus a sort.
 */
export function applyConditions(qb: AnyQB, spec: ListSpec, conds: Condition[], dialect: Dialect, unindexed = false): AnyQB {
  for (const c of conds) {
    const ref = colRef(spec, c.field);
    const col = unindexed && dialect === 'sqlite' ? sql<FilterValue>`+${ref}` : ref;
    qb = qb.where((eb: AnyEB) => {
      switch (c.op) {
        case 'null':
          return eb(col, 'is', null);
        case '!null':
          return eb(col, 'is not', null);
        case 'in':
          return eb(col, 'in', c.values);
        case '~':
          return containsExpr(col, String(c.value), dialect);
        default:
          return eb(col, c.op, c.value);
      }
    });
  }
  return qb;
}

export function parseOrder(orderBy: string | undefined, spec: ListSpec): { field: string; desc: boolean }[] {
  const items = (orderBy ? orderBy.split(',') : spec.defaultOrder)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s.replace(/^\+/, ''), desc: false }));
  for (const o of items) {
    if (!own(spec.fields, o.field)) throw badRequest(`Unbekanntes Sortierfeld: ${o.field}`, { orderBy: [`Unbekanntes Feld: ${o.field}`] });
  }
  const key = spec.key ?? 'id';
  if (own(spec.fields, key) && !items.some((o) => o.field === key)) items.push({ field: key, desc: items.at(-1)?.desc ?? false });
  return items;
}

export interface ListResult<T> {
  result: T[];
  resultCount?: number;
  hasMoreData: boolean;
}

export const DEFAULT_LIMIT = 100;

/** Windows deeper than this look up their keys in the sort index first, then fetch only the rows of the window. */
const DEEP_OFFSET = 2000;

/**
 * Totals that took longer than `EXPENSIVE_COUNT_MS` to count are kept for `COUNT_TTL_MS`: a grid asks for the total
 * with every window. Writes through the resource layer drop the totals of their table at once (this instance);
 * other instances see the new total within the TTL. Cheap totals are always exact.
 */
const EXPENSIVE_COUNT_MS = 8;
const COUNT_TTL_MS = 10_000;
const counts = new Map<string, { n: number; at: number; table: string }>();

/**
 * Forgets the kept totals and search match counts of a table. Pass the transaction that wrote the table: the totals
 * are dropped after it commits (`afterCommit`), not while a concurrent reader can still count the old rows.
 */
export function invalidateCounts(table: string, db?: Parameters<typeof afterCommit>[0]) {
  const drop = () => {
    for (const [k, v] of counts) if (v.table === table) counts.delete(k);
    invalidateSearchMatches(table);
  };
  if (db) afterCommit(db, drop);
  else drop();
}

async function countOf(qb: AnyQB, table: string): Promise<number> {
  const q = qb.clearSelect().select(sql<number>`count(*)`.as('n'));
  const compiled = q.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
  const t0 = performance.now();
  const row = (await q.executeTakeFirst()) as { n: number } | undefined;
  const n = Number(row?.n ?? 0);
  if (performance.now() - t0 > EXPENSIVE_COUNT_MS) {
    if (counts.size > 500) counts.clear();
    counts.set(key, { n, at: Date.now(), table });
  }
  return n;
}

/**
 * A list whose plain windows (no filter, no search) may be read by a query built once per order (db/prepared.ts):
 * `key` names the base query (the same columns, joins and conditions for every call with that key), `base` builds it
 * on a database, `parentId` is its one value (the parent of a nested list), bound anew on every call.
 */
export interface ListShape {
  key: string;
  db: Db;
  base: (db: Db, parentId: number) => AnyQB;
  parentId?: number;
}

type Window = (db: Db, limit: number, offset: number, parentId: number) => Promise<unknown[]>;
const windows = new Map<string, Window>();

/**
 * The window of a list in its order: `limit` rows (the caller asks one more) from `offset`; deep ones look up their keys
 * first. `fromEnd` (SQLite, a window in the back half of the list): the keys are read walking the order backwards,
 * skipping `count - offset - limit` rows instead of `offset` — the same rows, as the order is strict (its last key is
 * unique) and SQLite sorts NULL lowest in both directions; the count is taken in the same statement, so the window is
 * that of one moment.
 */
function windowOf(
  base: AnyQB,
  qb: AnyQB,
  spec: ListSpec,
  order: ReturnType<typeof parseOrder>,
  dialect: Dialect,
  deep: boolean,
  limit: number,
  offset: number,
  fromEnd = false,
) {
  const sorted = (b: AnyQB, backwards = false) =>
    order.reduce((acc, o) => acc.orderBy(orderRef(spec, o.field, dialect), o.desc !== backwards ? 'desc' : 'asc'), b);
  const key = spec.keyColumn ?? spec.key ?? 'id';
  if (deep) {
    // Late row lookup: skip through the sort index alone, fetch full rows only for the window.
    const keyed = qb.clearSelect().select(sql.ref(`${spec.table}.${key}`).as('k'));
    let keys: AnyQB;
    if (fromEnd) {
      const count = sql<number>`(${qb.clearSelect().select(sql`count(*)`.as('n'))})`;
      keys = sorted(keyed, true).limit(sql<number>`min(${limit}, max(0, ${count} - ${offset}))`).offset(sql<number>`max(0, ${count} - ${offset} - ${limit})`);
    } else keys = sorted(keyed).limit(limit).offset(offset);
    return sorted(base.where(sql.ref(`${spec.table}.${key}`), 'in', keys));
  }
  return sorted(qb).limit(limit).offset(offset);
}

/** The field's expression is a plain column of the list's table (`"table"."column"`). */
const eigeneSpalte = (spec: ListSpec, field: string) => QUOTED_COLUMN.exec(own(spec.expressions, field) ?? '')?.[1] === spec.table;

/**
 * The window of a search whose term looks like a number (issue 23 item 3): the rows whose number holds it first, then
 * the others, each in the list's order — two windows with their own LIMIT instead of one order over every match (a
 * broad fragment such as `2026-00` matches most of a million documents: sorting them all by "number hit first" took
 * longer than reading the two windows). The second is read only when the first does not fill the window; past the
 * number hits, it skips what the window's offset leaves after them (their count, read only then).
 */
async function numberFirstWindow(
  base: AnyQB,
  hits: AnyQB,
  others: AnyQB,
  spec: ListSpec,
  order: ReturnType<typeof parseOrder>,
  dialect: Dialect,
  limit: number,
  offset: number,
): Promise<unknown[]> {
  const deep = (o: number) => o > DEEP_OFFSET && !!own(spec.fields, spec.key ?? 'id') && !order.some((x) => own(spec.expressions, x.field));
  const first = await windowOf(base, hits, spec, order, dialect, deep(offset), limit, offset).execute();
  if (first.length >= limit) return first;
  const skip = first.length > 0 || offset === 0 ? 0 : Math.max(0, offset - (await countOf(hits, spec.table)));
  const rest = await windowOf(base, others, spec, order, dialect, deep(skip), limit - first.length, skip).execute();
  return [...first, ...rest];
}

/**
 * Runs a list query: filter, quick search, order, window and optional total.
 * `base` selects the columns; it must not be ordered or limited yet. With `shape`, a plain window (no filter, no
 * search) runs a query built once for its order and depth (the building cost more than reading 100 rows on SQLite).
 */
export async function runList<T>(base: AnyQB, spec: ListSpec, q: ListQuery, dialect: Dialect, shape?: ListShape): Promise<ListResult<T>> {
  const conditions = parseFilter(q.filter, spec.fields, spec.scales);
  const filtered = applyConditions(base, spec, conditions, dialect);
  let qb = filtered;
  const term = q.search?.trim();
  const order = parseOrder(q.orderBy, spec);
  const limit = q.limit === undefined || q.limit === 0 ? DEFAULT_LIMIT : q.limit;
  const offset = q.offset ?? 0;
  // a term that looks like a number: the rows whose number holds it first, a fragment's matches added (no plan: the
  // full-text index's count is not the list's then)
  const numeric = term && spec.search && spec.numberSearch && looksLikeNumber(term) ? spec.numberSearch : undefined;
  const first = term && numeric ? numeric.first(term, dialect) : undefined;
  const plan = term && spec.search && !numeric?.fragment ? await planSearch(base, spec.search, term, dialect, offset + limit + 1) : undefined;
  const searched = (p: SearchPlan | undefined) =>
    term && spec.search
      ? filtered.where((eb: AnyEB) => {
          const words = spec.search?.(eb, term, dialect, p) as Expression<SqlBool>;
          return numeric?.fragment ? eb.or([words, numeric.fragment(term, dialect)]) : words;
        })
      : filtered;
  qb = searched(plan);
  const key = spec.key ?? 'id';
  const deep =
    offset > DEEP_OFFSET &&
    (spec.keyColumn !== undefined || (!!own(spec.fields, key) && !own(spec.expressions, key))) &&
    !order.some((o) => own(spec.expressions, o.field) && !(spec.keyColumn !== undefined && eigeneSpalte(spec, o.field)));
  let rows: T[];
  // a plain list's deep window in its back half is read from the end (windowOf); its count decides (cheap on SQLite
  // without conditions, and kept when it is not)
  const fromEnd = deep && dialect === 'sqlite' && !conditions.length && !term && offset > (await countOf(qb, spec.table)) / 2;
  if (shape && !conditions.length && !term) {
    const id = [shape.key, dialect, deep, fromEnd, order.map((o) => `${o.desc ? '-' : ''}${o.field}`).join(',')].join('|');
    let run = windows.get(id);
    if (!run) {
      if (windows.size >= 500) windows.clear();
      const build = shape.base;
      run = (
        shape.parentId === undefined
          ? prepared((db: Db, limit: number, offset: number) => {
              const b = build(db, 0);
              return windowOf(b, b, spec, order, dialect, deep, limit, offset, fromEnd);
            })
          : prepared((db: Db, limit: number, offset: number, parentId: number) => {
              const b = build(db, parentId);
              return windowOf(b, b, spec, order, dialect, deep, limit, offset, fromEnd);
            })
      ) as Window;
      windows.set(id, run);
    }
    rows = (await run(shape.db, limit + 1, offset, shape.parentId ?? 0)) as T[];
  } else if (first) {
    // the number's rows collected from the search's matches (few), the others walked as the plan says
    const hits = searched(plan && { ...plan, seek: false, matches: 0 }).where(first);
    rows = (await numberFirstWindow(base, hits, qb.where(sql<SqlBool>`not coalesce(${first}, false)`), spec, order, dialect, limit + 1, offset)) as T[];
  } else {
    rows = (await windowOf(base, qb, spec, order, dialect, deep, limit + 1, offset, fromEnd).execute()) as T[];
  }
  const hasMoreData = rows.length > limit;
  if (hasMoreData) rows.pop();
  const out: ListResult<T> = { result: rows, hasMoreData };
  // a search's matches are the total when nothing else narrows the list (counting them again through the table is slower)
  if (q.returnTotal === 'true') {
    // a plan that checks rows one by one suits a window, not a count: the total counts the match set
    // (collected from the match set: a walk's `+id` would check every row of the table)
    const counted = term && spec.search && plan ? searched({ ...plan, seek: false, matches: 0 }) : qb;
    out.resultCount = plan && !conditions.length && readsWholeTable(base) ? plan.matches : await countOf(counted, spec.table);
  }
  return out;
}

/** One sort term of a keyset walk: the expression the list orders by, its direction and the alias its value is read as. */
interface KeyTerm {
  expr: Expression<unknown>;
  desc: boolean;
  alias: string;
}

/**
 * Where a key's NULLs fall in the order: SQLite sorts NULL below every value, PostgreSQL above (both by default), so
 * an ascending SQLite order and a descending PostgreSQL one start with them.
 */
const nullsFirst = (dialect: Dialect, desc: boolean) => (dialect === 'sqlite') !== desc;

/**
 * The rows strictly after `values` in the order of `keys` (the last key is unique). The first key's range stands on its
 * own, so that the database walks that key's index from the last row on instead of from the start; the walk reads the
 * first key's NULLs as a segment of their own (`listBatches`), so that range needs no `or … is null`.
 */
function afterKeys(keys: KeyTerm[], values: unknown[], dialect: Dialect): Expression<SqlBool> {
  const isNull = (v: unknown) => v === null || v === undefined;
  const equal = (k: KeyTerm, v: unknown) => (isNull(v) ? sql<SqlBool>`${k.expr} is null` : sql<SqlBool>`${k.expr} = ${v}`);
  const beyond = (k: KeyTerm, v: unknown) => {
    const first = nullsFirst(dialect, k.desc);
    if (isNull(v)) return first ? sql<SqlBool>`${k.expr} is not null` : undefined;
    const cmp = k.desc ? sql`${k.expr} < ${v}` : sql`${k.expr} > ${v}`;
    return first ? sql<SqlBool>`${cmp}` : sql<SqlBool>`(${cmp} or ${k.expr} is null)`;
  };
  const alternatives: Expression<SqlBool>[] = [];
  keys.forEach((k, i) => {
    const b = beyond(k, values[i]);
    if (b) alternatives.push(sql<SqlBool>`(${sql.join([...keys.slice(0, i).map((e, j) => equal(e, values[j])), b], sql` and `)})`);
  });
  if (!alternatives.length) return sql<SqlBool>`1 = 0`;
  const rest = sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
  const k0 = keys[0] as KeyTerm;
  const v0 = values[0];
  return isNull(v0) ? rest : sql<SqlBool>`${k0.expr} ${sql.raw(k0.desc ? '<=' : '>=')} ${v0} and ${rest}`;
}

/**
 * Every row of a list query (the same filter, quick search, order and rows as `runList`, without its window), read in
 * keyset batches of `batchSize`: each batch continues after the last row of the one before by the order's values,
 * so that no offset is skipped through and no batch holds more than `batchSize` rows. The rows carry the list's unique
 * key (as `__k<n>`) besides their fields.
 */
export async function* listBatches<T extends Record<string, unknown>>(
  base: AnyQB,
  spec: ListSpec,
  q: Pick<ListQuery, 'filter' | 'orderBy' | 'search'>,
  dialect: Dialect,
  batchSize = 1000,
): AsyncGenerator<T[]> {
  // Each batch walks the order's index from the last row on and tests the conditions row by row: all batches together
  // read the index once. A filter's index would find the matches but sort all those after the last row for every batch.
  let qb = applyConditions(base, spec, parseFilter(q.filter, spec.fields, spec.scales), dialect, true);
  const order = parseOrder(q.orderBy, spec);
  const term = q.search?.trim();
  if (term && spec.search) {
    // the same: the full-text matches are a set each row is tested against (the plan of a broad search), never seeked
    const plan = await planSearch(base, spec.search, term, dialect, Number.MAX_SAFE_INTEGER);
    const walk = plan && { ...plan, seek: false, matches: Math.max(plan.matches, BROAD_SEARCH_MATCHES) };
    qb = qb.where((eb: AnyEB) => spec.search?.(eb, term, dialect, walk) as Expression<SqlBool>);
  }
  const key = spec.key ?? 'id';
  const keys: KeyTerm[] = order.map((o, i) => ({ expr: orderRef(spec, o.field, dialect), desc: o.desc, alias: `__k${i}` }));
  // the walk needs a unique last key, also where the key is not a field of the list
  if (!order.some((o) => o.field === key)) keys.push({ expr: sql.ref(`${spec.table}.${key}`), desc: false, alias: `__k${keys.length}` });
  // the rows carry the unique key; the order's values are read for the last row of a batch only (a German sort key
  // is an expression worth computing once per batch, not once per row)
  const unique = keys[keys.length - 1] as KeyTerm;
  const keyValues = qb.clearSelect().select(keys.map((k) => sql`${k.expr}`.as(k.alias)));
  qb = qb.select(sql`${unique.expr}`.as(unique.alias));
  qb = keys.reduce((acc, k) => acc.orderBy(k.expr, k.desc ? 'desc' : 'asc'), qb);
  // the first key's NULLs are a segment of their own, before or after its values as the database sorts them
  const k0 = keys[0] as KeyTerm;
  const segments = [sql<SqlBool>`${k0.expr} is null`, sql<SqlBool>`${k0.expr} is not null`];
  if (!nullsFirst(dialect, k0.desc)) segments.reverse();
  for (const segment of segments) {
    let last: unknown[] | undefined;
    for (;;) {
      const page = qb.where(last ? sql<SqlBool>`${segment} and ${afterKeys(keys, last, dialect)}` : segment);
      const rows = (await page.limit(batchSize).execute()) as T[];
      if (rows.length) yield rows;
      if (rows.length < batchSize) break;
      const end = (await keyValues.where(unique.expr, '=', (rows[rows.length - 1] as T)[unique.alias]).executeTakeFirstOrThrow()) as T;
      last = keys.map((k) => end[k.alias]);
    }
  }
}
