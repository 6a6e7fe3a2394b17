import { API_PREFIX, type ListExportQuery, type ListQuery } from '@vario/contract';
import type { FastifyReply } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { type Db, inTransaction } from '../db/index';
import { prepared } from '../db/prepared';
import type { Dialect } from '../db/schema-helpers';
import type { Database } from '../db/types';
import { type Aktion, logChange } from './change-log';
import { codecsOf, type FieldCodecs } from './codecs';
import { badRequest, notFound } from './errors';
import { fieldTypes } from './fields';
import { claimKey, completeKey, concurrentAnswer } from './idempotency';
import { sendListExport } from './list-export';
import { invalidateCounts, type ListResult, type ListSpec, runList } from './list-query';
import { type Actor, assertWritable } from './locks';

// biome-ignore lint/suspicious/noExplicitAny: generic over every table
type AnyQB = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;

export interface Ctx {
  db: Db;
  dialect: Dialect;
  /** Reads a system parameter (cached by the app); inside a transaction pass it, so the read does not wait for it. */
  parameter(name: string, db?: Db): Promise<string | null>;
  /** With a read replica (db/replica.ts): the database a list, search or report read of user `userId` goes to. */
  reader?(userId: number): Promise<Db>;
}

/**
 * The database for a list, quick search or report read by `actor`: the read replica when one is set and has replayed
 * the actor's last commit (db/replica.ts), otherwise `ctx.db`.
 */
export function readDb(ctx: Ctx, actor: { id: number } | null | undefined): Db | Promise<Db> {
  return ctx.reader && actor ? ctx.reader(actor.id) : ctx.db;
}

/**
 * A table exposed as a REST resource: list, read, create, change, delete — each once, for every area.
 * `S` is the contract's record schema (what `getRecord` and writes answer), `L` the list's (what `listRecords` answers).
 */
export interface Resource<S extends z.ZodObject = z.ZodObject, L extends z.ZodObject = S> {
  table: keyof Database;
  /** Short code used in the change log and for record locks (ADR, ART, …). */
  kuerzel: string;
  /** API path of the collection, for the Location header (`:parent` is replaced by the parent id). */
  path: string;
  schema: S;
  /** Fields the list answers (defaults to `schema`). */
  listSchema?: L;
  defaultOrder: string[];
  search?: ListSpec['search'];
  /** A search term that looks like a number: the rows whose number columns hold it first (lib/search.ts). */
  numberSearch?: ListSpec['numberSearch'];
  /** Column that ties a nested record to its parent (e.g. `adresseId`). */
  parentColumn?: string;
  /** Restricts every read and write to rows the actor may see (others answer 404). */
  scope?: (qb: AnyQB, actor: Actor) => AnyQB;
  /** Base query with joins and what `fromRow` needs besides the table's columns (those are added to it). */
  query?: (db: Db) => AnyQB;
  /** System parameter that, when set, makes a change remark (ProtokollBemerkung) mandatory for changes and deletes. */
  remarkParameter?: string;
  /** Fields stored as integers (money, quantities, percentages): list scales, reading and writing follow from it. */
  fields?: FieldCodecs;
  /**
   * Turns validated API input (already in stored units; with the parent column on create) into column values, in the
   * write's transaction: the place for references and rules that refuse a write (400, 409, 422).
   */
  toRow?: (trx: Db, data: Row, existing?: Row) => Row | Promise<Row>;
  /** Turns a database row (already in API units) into the API record (nested objects, derived fields). */
  fromRow?: (row: Row) => Row;
  /** API fields computed in SQL (filterable and sortable), e.g. `vkbrutto`. */
  computed?: Record<string, string>;
  /** Columns stamped on every write (e.g. geaendertAm), and on create. */
  stamp?: { create?: () => Row; update?: () => Row };
  label?: string;
  /**
   * Rules and effects of a delete, in its transaction after the lock check and before the row goes: refuse (409),
   * or remove what refers to the record. A refusal rolls back everything.
   */
  beforeDelete?: (trx: Db, before: Row) => Promise<void>;
  /** Effects of a write in its transaction (stock, status history, pictures): the row after the write (before-image on delete). */
  afterWrite?: (trx: Db, row: Row, action: Aktion) => Promise<void>;
}

/** Declares a resource; its read and write answers are typed by its schemas. */
export const defineResource = <S extends z.ZodObject, L extends z.ZodObject = S>(r: Resource<S, L>): Resource<S, L> => r;

const specCache = new WeakMap<z.ZodObject, Record<string, ReturnType<typeof fieldTypes>[string]>>();
const fieldsOf = (schema: z.ZodObject) => {
  const hit = specCache.get(schema);
  if (hit) return hit;
  const f = fieldTypes(schema);
  specCache.set(schema, f);
  return f;
};
const codecCache = new WeakMap<FieldCodecs, ReturnType<typeof codecsOf>>();
const codecs = (r: { fields?: FieldCodecs }) => {
  if (!r.fields) return undefined;
  const hit = codecCache.get(r.fields);
  if (hit) return hit;
  const made = codecsOf(r.fields);
  codecCache.set(r.fields, made);
  return made;
};

// biome-ignore lint/suspicious/noExplicitAny: any resource, whatever its schemas
type AnyResource = Resource<any, any>;

export function listSpec(r: AnyResource, schema: z.ZodObject = r.listSchema ?? r.schema): ListSpec {
  return {
    table: r.table,
    fields: fieldsOf(schema),
    defaultOrder: r.defaultOrder,
    search: r.search,
    numberSearch: r.numberSearch,
    expressions: r.computed,
    scales: codecs(r)?.scales,
  };
}

/** The resource's columns (and computed fields) of `schema`, for every actor. */
function columnsQuery(db: Db, r: AnyResource, schema: z.ZodObject): AnyQB {
  const fields = Object.keys(fieldsOf(schema));
  const cols = fields.filter((c) => !r.computed?.[c]).map((c) => `${r.table}.${c}`);
  // biome-ignore lint/suspicious/noExplicitAny: dynamic table
  let qb = (r.query ? r.query(db) : ((db as any).selectFrom(r.table) as AnyQB)).select(cols);
  for (const c of fields) {
    const expr = r.computed?.[c];
    if (expr) qb = qb.select(sql.raw(expr).as(c));
  }
  return qb;
}

function baseQuery(db: Db, r: AnyResource, actor: Actor, schema: z.ZodObject, parentId?: number): AnyQB {
  let qb = columnsQuery(db, r, schema);
  if (r.scope) qb = r.scope(qb, actor);
  if (r.parentColumn && parentId !== undefined) qb = qb.where(`${r.table}.${r.parentColumn}`, '=', parentId);
  return qb;
}

/**
 * A stored row in the resource's API shape. The row's columns are the schema's fields (baseQuery selects exactly
 * those), converted by the field codecs and `fromRow`; the live-answer tests check every answer against the schema.
 */
function out<T>(r: AnyResource, row: Row): T {
  const c = codecs(r);
  const decoded = c ? c.decodeRow(row) : row;
  return (r.fromRow ? r.fromRow(decoded) : decoded) as T;
}

const shapeIds = new WeakMap<object, number>();
let shapeCount = 0;
/** A name for a resource's base query with `schema`'s columns, unique in this process (resources and schemas are module constants). */
function shapeKey(r: AnyResource, schema: z.ZodObject): string {
  const idOf = (o: object) => {
    let id = shapeIds.get(o);
    if (id === undefined) {
      id = ++shapeCount;
      shapeIds.set(o, id);
    }
    return id;
  };
  return `${r.table}:${idOf(r)}:${idOf(schema)}`;
}

export async function listRecords<S extends z.ZodObject, L extends z.ZodObject>(
  ctx: Ctx,
  r: Resource<S, L>,
  q: ListQuery,
  actor: Actor,
  parentId?: number,
): Promise<ListResult<z.input<L>>> {
  const schema = r.listSchema ?? r.schema;
  const nested = !!r.parentColumn && parentId !== undefined;
  const db = await readDb(ctx, actor);
  // a resource without a scope reads the same base query for every actor: its plain windows run prepared (runList)
  const shape = r.scope
    ? undefined
    : {
        key: `${shapeKey(r, schema)}:${nested}`,
        db,
        parentId: nested ? parentId : undefined,
        base: (db: Db, p: number) => baseQuery(db, r, actor, schema, nested ? p : undefined),
      };
  const res = await runList<Row>(baseQuery(db, r, actor, schema, parentId), listSpec(r, schema), q, ctx.dialect, shape);
  return { ...res, result: res.result.map((row) => out<z.input<L>>(r, row)) };
}

/**
 * The list as a CSV download (`lib/list-export.ts`): the same base query, scope, filter, search and order as
 * `listRecords`, every row, streamed — from the read replica like the list (`readDb`). `name` is the file's name without
 * date and extension.
 */
export async function exportRecords<S extends z.ZodObject, L extends z.ZodObject>(
  ctx: Ctx,
  r: Resource<S, L>,
  q: ListExportQuery,
  actor: Actor,
  reply: FastifyReply,
  name: string,
): Promise<FastifyReply> {
  const schema = r.listSchema ?? r.schema;
  const db = await readDb(ctx, actor);
  return sendListExport(reply, q, { base: baseQuery(db, r, actor, schema), spec: listSpec(r, schema), dialect: ctx.dialect, codecs: r.fields, name });
}

/** One record in its API shape; 404 when it does not exist or the actor may not see it. Reads through `db` (a trx or the root). */
export async function getRecord<S extends z.ZodObject, L extends z.ZodObject>(
  db: Db,
  r: Resource<S, L>,
  id: number,
  actor: Actor,
  parentId?: number,
): Promise<z.input<S>> {
  const row = r.scope
    ? await baseQuery(db, r, actor, r.schema, parentId).where(`${r.table}.id`, '=', id).executeTakeFirst()
    : (await recordQuery(r, !!r.parentColumn && parentId !== undefined)(db, id, parentId))[0];
  if (!row) throw notFound(r.label);
  return out<z.input<S>>(r, row);
}

type RecordQuery = (db: Db, id: number, parentId?: number) => Promise<Row[]>;
const recordQueries = new WeakMap<AnyResource, { plain?: RecordQuery; nested?: RecordQuery }>();

/**
 * The read of one record of a resource without a scope (the same query for every actor), built and compiled once
 * (db/prepared.ts): for a record read, building the query of its 30 to 50 columns cost more than running it.
 */
function recordQuery(r: AnyResource, nested: boolean): RecordQuery {
  let kept = recordQueries.get(r);
  if (!kept) {
    kept = {};
    recordQueries.set(r, kept);
  }
  if (nested) {
    kept.nested ??= prepared((db: Db, id: number, parentId?: number) =>
      columnsQuery(db, r, r.schema).where(`${r.table}.${r.parentColumn}`, '=', parentId).where(`${r.table}.id`, '=', id),
    ) as RecordQuery;
    return kept.nested;
  }
  kept.plain ??= prepared((db: Db, id: number) => columnsQuery(db, r, r.schema).where(`${r.table}.id`, '=', id)) as RecordQuery;
  return kept.plain;
}

async function checkRemark(trx: Db, ctx: Ctx, r: AnyResource, remark: string | undefined) {
  if (!r.remarkParameter) return;
  const wert = await ctx.parameter(r.remarkParameter, trx);
  if (wert && wert !== '0' && wert.toLowerCase() !== 'false' && !remark?.trim()) {
    throw badRequest('Es muss eine Bemerkung eingegeben werden!', { ProtokollBemerkung: ['Es muss eine Bemerkung eingegeben werden!'] });
  }
}

const defined = (data: Row) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
const location = (r: AnyResource, parentId: number | undefined, id: number) => `${API_PREFIX}${r.path.replace(':parent', String(parentId ?? ''))}/${id}`;
const unscopedOf = new WeakMap<AnyResource, AnyResource>();
/** The resource without its scope (kept per resource, so that its record query is built once). */
const unscoped = <S extends z.ZodObject, L extends z.ZodObject>(r: Resource<S, L>): Resource<S, L> => {
  if (!r.scope) return r;
  let u = unscopedOf.get(r);
  if (!u) {
    u = { ...r, scope: undefined };
    unscopedOf.set(r, u);
  }
  return u as Resource<S, L>;
};

/** The stored row as it is now (all columns), read in the write's transaction — row-locked on PostgreSQL. */
async function beforeImage(trx: Db, ctx: Ctx, r: AnyResource, actor: Actor, id: number, parentId?: number): Promise<Row> {
  let q = baseQuery(trx, r, actor, r.schema, parentId)
    .clearSelect()
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    .selectAll(r.table as any)
    .where(`${r.table}.id`, '=', id);
  if (ctx.dialect === 'postgres') q = q.forUpdate(r.table);
  const before = (await q.executeTakeFirst()) as Row | undefined;
  if (!before) throw notFound(r.label);
  return before;
}

const toStored = async (trx: Db, r: AnyResource, data: Row, existing?: Row) => {
  const encoded = codecs(r)?.encodeRow(data) ?? data;
  return defined(r.toRow ? await r.toRow(trx, encoded, existing) : encoded);
};

export interface WriteBody {
  data: Row;
  ProtokollBemerkung?: string;
}

/**
 * Creates a record with its change-log entry and `afterWrite` effects in one transaction: the caller's `db` when it is
 * one, else a new one. Sets `Location` when a reply is given. A create with an `Idempotency-Key` (lib/idempotency.ts)
 * claims the key first and stores its answer last, in the same transaction; a concurrent twin answers the first result.
 */
export async function createRecord<S extends z.ZodObject, L extends z.ZodObject>(
  db: Db,
  _ctx: Ctx,
  r: Resource<S, L>,
  actor: Actor,
  body: WriteBody,
  reply?: FastifyReply,
  parentId?: number,
): Promise<{ result: z.input<S> }> {
  const req = db.isTransaction ? undefined : reply?.request;
  const create = inTransaction(db, async (trx) => {
    await claimKey(trx, req);
    // no change remark for a new record: it is for changes of existing records only (issue 20 item 11)
    const parent = r.parentColumn && parentId !== undefined ? { [r.parentColumn]: parentId } : {};
    const values = { ...(await toStored(trx, r, { ...body.data, ...parent })), ...parent, ...(r.stamp?.create?.() ?? {}) };
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    const inserted = await (trx as any).insertInto(r.table).values(values).returning('id').executeTakeFirstOrThrow();
    const id = inserted.id as number;
    await logChange(trx, {
      tabelle: r.kuerzel,
      datensatzId: id,
      aktion: 'NEU',
      benutzerId: actor.id,
      bemerkung: body.ProtokollBemerkung,
      felder: Object.keys(values),
    });
    if (r.afterWrite) await r.afterWrite(trx, { ...values, id }, 'NEU');
    const record = await getRecord(trx, unscoped(r), id, actor);
    await completeKey(trx, req, 201, { result: record }, location(r, parentId, id));
    return { id, record };
  });
  let result: Awaited<typeof create>;
  try {
    result = await create;
  } catch (err) {
    const first = await concurrentAnswer(req);
    if (!first) throw err;
    if (first.location) reply?.header('Location', first.location);
    return first.body as { result: z.input<S> };
  }
  invalidateCounts(r.table, db);
  reply?.header('Location', location(r, parentId, result.id));
  return { result: result.record };
}

/**
 * Changes the given fields: before-image, lock check (423), change remark, update, change-log entry and `afterWrite` effects in one
 * transaction (the caller's, or a new one).
 */
export async function updateRecord<S extends z.ZodObject, L extends z.ZodObject>(
  db: Db,
  ctx: Ctx,
  r: Resource<S, L>,
  actor: Actor,
  id: number,
  body: WriteBody,
  lockToken: string | undefined,
  parentId?: number,
): Promise<{ result: z.input<S> }> {
  const result = await inTransaction(db, async (trx) => {
    const before = await beforeImage(trx, ctx, r, actor, id, parentId);
    // a record someone else holds is reported as locked (423) before anything about the payload, the remark included
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    await checkRemark(trx, ctx, r, body.ProtokollBemerkung);
    const values = await toStored(trx, r, body.data, before);
    const changed = Object.keys(values).filter((k) => JSON.stringify(values[k]) !== JSON.stringify(before[k]));
    if (changed.length > 0) {
      const patch = { ...Object.fromEntries(changed.map((k) => [k, values[k]])), ...(r.stamp?.update?.() ?? {}) };
      // biome-ignore lint/suspicious/noExplicitAny: dynamic table
      await (trx as any).updateTable(r.table).set(patch).where('id', '=', id).execute();
      await logChange(trx, {
        tabelle: r.kuerzel,
        datensatzId: id,
        aktion: 'AENDERN',
        benutzerId: actor.id,
        bemerkung: body.ProtokollBemerkung,
        felder: changed,
      });
      if (r.afterWrite) await r.afterWrite(trx, { ...before, ...patch }, 'AENDERN');
    }
    return getRecord(trx, unscoped(r), id, actor);
  });
  invalidateCounts(r.table, db);
  return { result };
}

/**
 * Deletes a record: before-image, lock check (423), change remark, `beforeDelete` rules, the delete, its locks, the change-log
 * entry and `afterWrite` effects — all in one transaction, so a refusal at any step leaves everything as it was.
 */
export async function deleteRecord(
  db: Db,
  ctx: Ctx,
  r: AnyResource,
  actor: Actor,
  id: number,
  lockToken: string | undefined,
  remark?: string,
  parentId?: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await beforeImage(trx, ctx, r, actor, id, parentId);
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    await checkRemark(trx, ctx, r, remark);
    if (r.beforeDelete) await r.beforeDelete(trx, before);
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    await (trx as any).deleteFrom(r.table).where('id', '=', id).execute();
    await trx.deleteFrom('sperren').where('tabelle', '=', r.kuerzel).where('datensatzId', '=', id).execute();
    await logChange(trx, { tabelle: r.kuerzel, datensatzId: id, aktion: 'LOESCHEN', benutzerId: actor.id, bemerkung: remark });
    if (r.afterWrite) await r.afterWrite(trx, before, 'LOESCHEN');
  });
  invalidateCounts(r.table, db);
}

export const lockTokenOf = (headers: Record<string, unknown>) => (typeof headers['x-lock-token'] === 'string' ? headers['x-lock-token'] : undefined);
