import { API_PREFIX, type ListQuery } from '@vario/contract';
import type { FastifyReply } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/index';
import type { Dialect } from '../db/schema-helpers';
import type { Database } from '../db/types';
import { logChange } from './change-log';
import { badRequest, notFound } from './errors';
import { fieldTypes } from './fields';
import { invalidateCounts, type ListResult, type ListSpec, runList } from './list-query';
import { type Actor, assertWritable } from './locks';

// biome-ignore lint/suspicious/noExplicitAny: generic over every table
type AnyQB = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, unknown>;

export interface Ctx {
  db: Db;
  dialect: Dialect;
  /** Reads a system parameter (cached by the app). */
  parameter(name: string): Promise<string | null>;
}

/** A table exposed as a REST resource: list, read, create, change, delete — each once, for every area. */
export interface Resource {
  table: keyof Database;
  /** Short code used in the change log and for record locks (ADR, ART, …). */
  kuerzel: string;
  /** API path of the collection, for the Location header (`:parent` is replaced by the parent id). */
  path: string;
  schema: z.ZodObject;
  /** Fields the list answers (defaults to `schema`). */
  listSchema?: z.ZodObject;
  defaultOrder: string[];
  search?: ListSpec['search'];
  /** Column that ties a nested record to its parent (e.g. `adresseId`). */
  parentColumn?: string;
  /** Restricts every read and write to rows the actor may see (others answer 404). */
  scope?: (qb: AnyQB, actor: Actor) => AnyQB;
  /** Base query with joins; it must select `columns` of the table plus what `fromRow` needs. */
  query?: (db: Db, columns: string[]) => AnyQB;
  /** System parameter that, when set, makes a change remark (ProtokollBemerkung) mandatory. */
  remarkParameter?: string;
  /** Turns validated API input into column values (defaults to the input itself). */
  toRow?: (data: Row, existing?: Row) => Row | Promise<Row>;
  /** Turns a database row into the API record (money units, nested objects). */
  fromRow?: (row: Row) => Row;
  /** API fields computed in SQL (filterable and sortable), e.g. `vkbrutto`. */
  computed?: Record<string, string>;
  /** Fields stored in smaller units than the API shows (factor: cents 100, prices 10,000, quantities 1,000). */
  scales?: Record<string, number>;
  /** Columns stamped on every write (e.g. geaendertAm), and on create. */
  stamp?: { create?: () => Row; update?: () => Row };
  label?: string;
}

const specCache = new WeakMap<z.ZodObject, Record<string, ReturnType<typeof fieldTypes>[string]>>();
const fieldsOf = (schema: z.ZodObject) => {
  const hit = specCache.get(schema);
  if (hit) return hit;
  const f = fieldTypes(schema);
  specCache.set(schema, f);
  return f;
};

export function listSpec(r: Resource, schema = r.listSchema ?? r.schema): ListSpec {
  return { table: r.table, fields: fieldsOf(schema), defaultOrder: r.defaultOrder, search: r.search, expressions: r.computed, scales: r.scales };
}

function baseQuery(ctx: Ctx, r: Resource, actor: Actor, schema: z.ZodObject, parentId?: number): AnyQB {
  const fields = Object.keys(fieldsOf(schema));
  const cols = fields.filter((c) => !r.computed?.[c]).map((c) => `${r.table}.${c}`);
  // biome-ignore lint/suspicious/noExplicitAny: dynamic table
  let qb = r.query ? r.query(ctx.db, cols) : ((ctx.db as any).selectFrom(r.table).select(cols) as AnyQB);
  for (const c of fields) {
    const expr = r.computed?.[c];
    if (expr) qb = qb.select(sql.raw(expr).as(c));
  }
  if (r.scope) qb = r.scope(qb, actor);
  if (r.parentColumn && parentId !== undefined) qb = qb.where(`${r.table}.${r.parentColumn}`, '=', parentId);
  return qb;
}

const out = (r: Resource, row: Row) => (r.fromRow ? r.fromRow(row) : row);

export async function listRecords<T = Row>(ctx: Ctx, r: Resource, q: ListQuery, actor: Actor, parentId?: number): Promise<ListResult<T>> {
  const schema = r.listSchema ?? r.schema;
  const res = await runList<Row>(baseQuery(ctx, r, actor, schema, parentId), listSpec(r, schema), q, ctx.dialect);
  return { ...res, result: (r.fromRow ? res.result.map(r.fromRow) : res.result) as T[] };
}

export async function getRecord<T = Row>(ctx: Ctx, r: Resource, id: number, actor: Actor, parentId?: number): Promise<T> {
  const row = await baseQuery(ctx, r, actor, r.schema, parentId).where(`${r.table}.id`, '=', id).executeTakeFirst();
  if (!row) throw notFound(r.label);
  return out(r, row) as T;
}

async function checkRemark(ctx: Ctx, r: Resource, remark: string | undefined) {
  if (!r.remarkParameter) return;
  const wert = await ctx.parameter(r.remarkParameter);
  if (wert && wert !== '0' && wert.toLowerCase() !== 'false' && !remark?.trim()) {
    throw badRequest('Es muss eine Bemerkung eingegeben werden!', { ProtokollBemerkung: ['Es muss eine Bemerkung eingegeben werden!'] });
  }
}

const defined = (data: Row) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
const location = (r: Resource, parentId: number | undefined, id: number) => `${API_PREFIX}${r.path.replace(':parent', String(parentId ?? ''))}/${id}`;

export interface WriteBody {
  data: Row;
  ProtokollBemerkung?: string;
}

export async function createRecord<T = Row>(
  ctx: Ctx,
  r: Resource,
  actor: Actor,
  body: WriteBody,
  reply: FastifyReply,
  parentId?: number,
): Promise<{ result: T }> {
  await checkRemark(ctx, r, body.ProtokollBemerkung);
  const values = defined({
    ...(await (r.toRow ?? ((d) => d))(body.data)),
    ...(r.parentColumn && parentId !== undefined ? { [r.parentColumn]: parentId } : {}),
    ...(r.stamp?.create?.() ?? {}),
  });
  const id = await ctx.db.transaction().execute(async (trx) => {
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    const inserted = await (trx as any).insertInto(r.table).values(values).returning('id').executeTakeFirstOrThrow();
    await logChange(trx, {
      tabelle: r.kuerzel,
      datensatzId: inserted.id,
      aktion: 'NEU',
      benutzerId: actor.id,
      bemerkung: body.ProtokollBemerkung,
      felder: Object.keys(values),
    });
    return inserted.id as number;
  });
  invalidateCounts(r.table);
  reply.header('Location', location(r, parentId, id));
  return { result: await getRecord<T>(ctx, { ...r, scope: undefined }, id, actor) };
}

export async function updateRecord<T = Row>(
  ctx: Ctx,
  r: Resource,
  actor: Actor,
  id: number,
  body: WriteBody,
  lockToken: string | undefined,
  parentId?: number,
): Promise<{ result: T }> {
  const before = (await baseQuery(ctx, r, actor, r.schema, parentId)
    .clearSelect()
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    .selectAll(r.table as any)
    .where(`${r.table}.id`, '=', id)
    .executeTakeFirst()) as Row | undefined;
  if (!before) throw notFound(r.label);
  await checkRemark(ctx, r, body.ProtokollBemerkung);
  const values = defined(await (r.toRow ?? ((d) => d))(body.data, before));
  const changed = Object.keys(values).filter((k) => JSON.stringify(values[k]) !== JSON.stringify(before[k]));
  await ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    if (changed.length === 0) return;
    const patch = { ...Object.fromEntries(changed.map((k) => [k, values[k]])), ...(r.stamp?.update?.() ?? {}) };
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    await (trx as any).updateTable(r.table).set(patch).where('id', '=', id).execute();
    await logChange(trx, { tabelle: r.kuerzel, datensatzId: id, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: body.ProtokollBemerkung, felder: changed });
  });
  invalidateCounts(r.table);
  return { result: await getRecord<T>(ctx, { ...r, scope: undefined }, id, actor) };
}

export async function deleteRecord(ctx: Ctx, r: Resource, actor: Actor, id: number, lockToken: string | undefined, remark?: string, parentId?: number) {
  await getRecord(ctx, r, id, actor, parentId);
  await checkRemark(ctx, r, remark);
  await ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    await (trx as any).deleteFrom(r.table).where('id', '=', id).execute();
    await trx.deleteFrom('sperren').where('tabelle', '=', r.kuerzel).where('datensatzId', '=', id).execute();
    await logChange(trx, { tabelle: r.kuerzel, datensatzId: id, aktion: 'LOESCHEN', benutzerId: actor.id, bemerkung: remark });
  });
  invalidateCounts(r.table);
}

export const lockTokenOf = (headers: Record<string, unknown>) => (typeof headers['x-lock-token'] === 'string' ? headers['x-lock-token'] : undefined);
