import { createHash } from 'node:crypto';
import type { Endpoint } from '@vario/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { endpointOf } from './endpoint-of';
import { badRequest, unprocessable } from './errors';

/** The table of idempotency keys (migration 0006). */
export interface IdempotenzTable {
  benutzerId: number;
  schluessel: string;
  endpunkt: string;
  anfrageHash: string;
  status: number;
  antwort: string | null;
  location: string | null;
  erstelltAm: string;
}
export interface IdempotencyTables {
  idempotenz: IdempotenzTable;
}
declare module '../db/types' {
  interface Database extends IdempotencyTables {}
}

/** How long a key answers the first result; afterwards it creates again. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,200}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;
let lastPurge = 0;

/** A create that carries an idempotency key: who, which key, which endpoint, the request's hash, and whether it was stored. */
export interface IdempotentCall {
  db: Db;
  benutzerId: number;
  schluessel: string;
  endpunkt: string;
  anfrageHash: string;
  stored: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentCall | null;
  }
}

/** Creates take a key: POST endpoints answering 201. */
export const takesKey = (e: Endpoint) => e.method === 'POST' && e.status === 201;

const cutoff = () => new Date(Date.now() - KEY_TTL_MS).toISOString();
const hashOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([req.params ?? null, req.query ?? null, req.body ?? null]))
    .digest('hex');

async function storedAnswer(db: Db, call: Pick<IdempotentCall, 'benutzerId' | 'schluessel' | 'endpunkt'>) {
  return db
    .selectFrom('idempotenz')
    .selectAll()
    .where('benutzerId', '=', call.benutzerId)
    .where('schluessel', '=', call.schluessel)
    .where('endpunkt', '=', call.endpunkt)
    .where('erstelltAm', '>', cutoff())
    .executeTakeFirst();
}

const mismatch = () =>
  unprocessable('Der Idempotency-Key wurde schon für eine andere Anfrage verwendet', {
    'Idempotency-Key': ['Der Schlüssel gehört zu einer Anfrage mit anderem Inhalt; bitte einen neuen Schlüssel verwenden'],
  });

/** Answers the stored result of the first call (422 when the key came with another request). */
function replay(reply: FastifyReply, call: IdempotentCall, row: IdempotenzTable) {
  if (row.anfrageHash !== call.anfrageHash) throw mismatch();
  if (row.location) reply.header('Location', row.location);
  reply.header('Idempotent-Replayed', 'true');
  return reply.code(row.status).send(row.antwort === null ? undefined : JSON.parse(row.antwort));
}

/**
 * Claims the key in the create's transaction, before its work: a second create with the same key waits here for the
 * first one's transaction (PostgreSQL) and then fails on the primary key, which rolls back everything it did.
 */
export async function claimKey(trx: Db, req: FastifyRequest | undefined) {
  const call = req?.idempotency;
  if (!call) return;
  // expired keys go: this one at once, all others at most once an hour per instance
  let expired = trx.deleteFrom('idempotenz').where('erstelltAm', '<=', cutoff());
  if (Date.now() - lastPurge < PURGE_EVERY_MS) {
    expired = expired.where('benutzerId', '=', call.benutzerId).where('schluessel', '=', call.schluessel).where('endpunkt', '=', call.endpunkt);
  } else lastPurge = Date.now();
  await expired.execute();
  await trx
    .insertInto('idempotenz')
    .values({ ...fields(call), status: 0, antwort: null, location: null, erstelltAm: new Date().toISOString() })
    .execute();
}

const fields = (c: IdempotentCall) => ({ benutzerId: c.benutzerId, schluessel: c.schluessel, endpunkt: c.endpunkt, anfrageHash: c.anfrageHash });

/** Stores the answer of the create under its claimed key, in the same transaction as the record. */
export async function completeKey(trx: Db, req: FastifyRequest | undefined, status: number, body: unknown, location: string | null) {
  const call = req?.idempotency;
  if (!call) return;
  await trx
    .updateTable('idempotenz')
    .set({ status, antwort: body === undefined ? null : JSON.stringify(body), location })
    .where('benutzerId', '=', call.benutzerId)
    .where('schluessel', '=', call.schluessel)
    .where('endpunkt', '=', call.endpunkt)
    .execute();
  call.stored = true;
}

/**
 * A create that failed while a concurrent one with the same key held it (unique key of `idempotenz`): the first one's
 * answer — a 422 when that one came with another request; undefined when the failure had another cause.
 */
export async function concurrentAnswer(req: FastifyRequest | undefined): Promise<{ body: unknown; location: string | null } | undefined> {
  const call = req?.idempotency;
  if (!call) return undefined;
  const row = await storedAnswer(call.db, call);
  if (!row || row.status === 0) return undefined;
  if (row.anfrageHash !== call.anfrageHash) throw mismatch();
  call.stored = true;
  return { body: row.antwort === null ? undefined : JSON.parse(row.antwort), location: row.location };
}

/**
 * Runs a create that is not a `createRecord` (its own transaction): the key is claimed first and the answer stored
 * last in the same transaction; a concurrent twin with the same key answers the first result. Answers the body.
 */
export async function idempotentCreate<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  run: (trx: Db) => Promise<{ body: T; location?: string }>,
): Promise<T> {
  try {
    const out = await db.transaction().execute(async (trx) => {
      await claimKey(trx, req);
      const done = await run(trx);
      await completeKey(trx, req, status, done.body, done.location ?? null);
      return done;
    });
    if (out.location) reply.header('Location', out.location);
    return out.body;
  } catch (err) {
    const first = await concurrentAnswer(req);
    if (!first) throw err;
    if (first.location) reply.header('Location', first.location);
    return first.body as T;
  }
}

/**
 * `Idempotency-Key` on creates: a key repeated by the same user on the same endpoint answers the first result
 * (status, body, Location) without creating again; with another body it is a 422; keys expire after 24 h. Creates
 * through the resource layer (createRecord) or `idempotentCreate` store the key in their own transaction; any other
 * create stores it right after its transaction (route.ts).
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest('idempotency', null);
  app.addHook('preHandler', async (req, reply) => {
    const header = req.headers['idempotency-key'];
    if (header === undefined || !req.user) return;
    const e = endpointOf(req);
    if (!e || !takesKey(e)) return;
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw badRequest('Ungültiger Idempotency-Key', { 'Idempotency-Key': ['1 bis 200 sichtbare ASCII-Zeichen'] });
    }
    const call: IdempotentCall = {
      db,
      benutzerId: req.user.id,
      schluessel: header,
      endpunkt: `${e.method} ${e.path}`,
      anfrageHash: hashOf(req),
      stored: false,
    };
    const row = await storedAnswer(db, call);
    if (row && row.status !== 0) return replay(reply, call, row);
    req.idempotency = call;
  });
}

/** After a create that did not store its key in its transaction: store it now (a concurrent twin's row wins). */
export async function storeAfter(req: FastifyRequest, status: number, body: unknown, location: string | null) {
  const call = req.idempotency;
  if (!call || call.stored) return;
  await call.db
    .insertInto('idempotenz')
    .values({ ...fields(call), status, antwort: body === undefined ? null : JSON.stringify(body), location, erstelltAm: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  call.stored = true;
}
