import { API_PREFIX, type ListQuery } from '@vario/contract';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/index';
import type { Dialect } from '../db/schema-helpers';
import type { Database } from '../db/types';
import { logChange } from './change-log';
import { badRequest, notFound } from './errors';
import { fieldTypes } from './fields';
import { type ListResult, type ListSpec, runList } from './list-query';
import { type Actor, assertWritable } from './locks';

// biome-ignore lint/suspicious/noExplicitAny: generic over every table
type AnyQB = SelectQueryBuilder<any, any, any>;
type Row = Record<string, unknown>;

export interface Ctx {
  db: Db;
  dialect: Dialect;
  /** Reads a system parameter (cached by the caller's app). */
  parameter(name: string): Promise<string | null>;
}

/** A table exposed as a REST resource: list, read, create, change, delete — each once, for every area. */
export interface Resource {
  table: keyof Database;
  /** Short code used in the change log and for record locks (ADR, ART, …). */
  kuerzel: string;
  /** API path of the collection, for the Location header. */
  path: string;
  schema: z.ZodObject;
  defaultOrder: string[];
  search?: ListSpec['search'];
  /** Restricts every read and write to rows the actor may see (others answer 404). */
  scope?: (qb: AnyQB, actor: Actor) => AnyQB;
  /** System parameter that, when set, makes a change remark (ProtokollBemerkung) mandatory. */
  remarkParameter?: string;
  /** Turns validated API input into column values (defaults to the input itself). */
  toRow?: (data: Row) => Row;
  label?: string;
}

export function listSpec(r: Resource): ListSpec {
  return { table: r.table, fields: fieldTypes(r.schema), defaultOrder: r.defaultOrder, search: r.search };
}

function baseQuery(ctx: Ctx, r: Resource, actor: Actor): AnyQB {
  const cols = Object.keys(r.schema.shape).map((c) => `${r.table}.${c}`);
  // biome-ignore lint/suspicious/noExplicitAny: dynamic table
  let qb = (ctx.db as any).selectFrom(r.table).select(cols) as AnyQB;
  if (r.scope) qb = r.scope(qb, actor);
  return qb;
}

export async function listRecords<T = Row>(ctx: Ctx, r: Resource, q: ListQuery, actor: Actor): Promise<ListResult<T>> {
  return runList<T>(baseQuery(ctx, r, actor), listSpec(r), q, ctx.dialect);
}

export async function getRecord<T = Row>(ctx: Ctx, r: Resource, id: number, actor: Actor): Promise<T> {
  const row = await baseQuery(ctx, r, actor).where(`${r.table}.id`, '=', id).executeTakeFirst();
  if (!row) throw notFound(r.label);
  return row as T;
}

async function checkRemark(ctx: Ctx, r: Resource, remark: string | undefined) {
  if (!r.remarkParameter) return;
  const wert = await ctx.parameter(r.remarkParameter);
  if (wert && wert !== '0' && wert.toLowerCase() !== 'false' && !remark?.trim()) {
    throw badRequest('Es muss eine Bemerkung eingegeben werden!', { ProtokollBemerkung: ['Es muss eine Bemerkung eingegeben werden!'] });
  }
}

const defined = (data: Row) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

export async function createRecord<T = Row>(
  ctx: Ctx,
  r: Resource,
  actor: Actor,
  body: { data: Row; ProtokollBemerkung?: string },
  reply: FastifyReply,
): Promise<{ result: T }> {
  await checkRemark(ctx, r, body.ProtokollBemerkung);
  const values = defined((r.toRow ?? ((d) => d))(body.data));
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
  reply.header('Location', `${API_PREFIX}${r.path}/${id}`);
  return { result: await getRecord<T>(ctx, r, id, actor) };
}

export async function updateRecord<T = Row>(
  ctx: Ctx,
  r: Resource,
  actor: Actor,
  id: number,
  body: { data: Row; ProtokollBemerkung?: string },
  lockToken: string | undefined,
): Promise<{ result: T }> {
  const before = await getRecord<Row>(ctx, r, id, actor);
  await checkRemark(ctx, r, body.ProtokollBemerkung);
  const values = defined((r.toRow ?? ((d) => d))(body.data));
  const changed = Object.keys(values).filter((k) => JSON.stringify(values[k]) !== JSON.stringify(before[k]));
  await ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    if (changed.length === 0) return;
    const patch = Object.fromEntries(changed.map((k) => [k, values[k]]));
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    await (trx as any).updateTable(r.table).set(patch).where('id', '=', id).execute();
    await logChange(trx, { tabelle: r.kuerzel, datensatzId: id, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: body.ProtokollBemerkung, felder: changed });
  });
  return { result: await getRecord<T>(ctx, r, id, actor) };
}

export async function deleteRecord(ctx: Ctx, r: Resource, actor: Actor, id: number, lockToken: string | undefined, remark?: string) {
  await getRecord(ctx, r, id, actor);
  await ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, actor, r.kuerzel, id, lockToken);
    // biome-ignore lint/suspicious/noExplicitAny: dynamic table
    await (trx as any).deleteFrom(r.table).where('id', '=', id).execute();
    await trx.deleteFrom('sperren').where('tabelle', '=', r.kuerzel).where('datensatzId', '=', id).execute();
    await logChange(trx, { tabelle: r.kuerzel, datensatzId: id, aktion: 'LOESCHEN', benutzerId: actor.id, bemerkung: remark });
  });
}
