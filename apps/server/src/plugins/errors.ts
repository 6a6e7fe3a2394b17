import { MessageCode } from '@vario/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError, errorBody, type FieldErrors } from '../lib/errors';
import '../lib/zod-german';

const STATUS_CODES: Record<number, string> = {
  400: MessageCode.validation,
  401: MessageCode.unauthorized,
  403: MessageCode.forbidden,
  404: MessageCode.routeNotFound,
  405: MessageCode.methodNotAllowed,
  409: MessageCode.conflict,
  413: MessageCode.payloadTooLarge,
  422: MessageCode.unprocessable,
  423: MessageCode.locked,
  429: MessageCode.tooManyRequests,
  503: MessageCode.unavailable,
};

export interface DbError {
  code?: string;
  message?: string;
  detail?: string;
}

/**
 * The column and value of a unique-key violation: SQLite names `table.column` in its message, PostgreSQL
 * `Key (column)=(value)` in its detail (a case-insensitive key `lower(column)`). Keys over several columns name none.
 */
function uniqueColumn(err: DbError, body: unknown): { field: string; value: string } | null {
  const pg = err.detail?.match(/^Key \((?:lower\()?([A-Za-z0-9_]+)\)?\)=\((.*)\) already exists/);
  const sqlite = err.message?.match(/UNIQUE constraint failed: [A-Za-z0-9_]+\.([A-Za-z0-9_]+)$/);
  const field = pg?.[1] ?? sqlite?.[1];
  if (!field) return null;
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  const given = data?.[field];
  const value = given !== undefined && given !== null ? String(given) : pg?.[2];
  return value === undefined ? null : { field, value };
}

/** Maps a database error to an API error; anything unknown stays a 500. */
export function fromDatabase(err: DbError, body?: unknown): ApiError | null {
  const code = err.code ?? '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
    // name the field and the value that is taken, so the form can mark it (issue 9 item 5)
    const taken = uniqueColumn(err, body);
    if (taken) {
      const message = `Der Wert „${taken.value}" ist bereits vergeben`;
      return new ApiError(409, MessageCode.conflict, `${message} (${taken.field})`, {
        fieldErrors: { [taken.field]: [message] },
        messageParameters: [taken.field, taken.value],
      });
    }
    return new ApiError(409, MessageCode.conflict, 'Ein Datensatz mit diesem Schlüssel existiert bereits');
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new ApiError(409, MessageCode.conflict, 'Der Datensatz verweist auf einen fehlenden Datensatz oder wird noch verwendet');
  }
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502' || code.startsWith('22')) {
    return new ApiError(400, MessageCode.validation, 'Ungültiger Wert');
  }
  if (code === 'SQLITE_BUSY' || code === 'ECONNREFUSED' || code.startsWith('57P') || code.startsWith('08')) {
    return new ApiError(503, MessageCode.unavailable, 'Die Datenbank ist nicht erreichbar', { headers: { 'Retry-After': '5' } });
  }
  return null;
}

function validationFieldErrors(err: FastifyError): FieldErrors {
  const out: FieldErrors = {};
  for (const v of err.validation ?? []) {
    const path = (v.instancePath ?? '').split('/').filter(Boolean);
    // `/data/name1` → name1; query and params keep their own name
    const field =
      (path[0] === 'data' ? path.slice(1) : path).join('.') ||
      String((v.params as { missingProperty?: string })?.missingProperty ?? err.validationContext ?? 'body');
    out[field] = [...(out[field] ?? []), v.message ?? 'Ungültiger Wert'];
  }
  return out;
}

export function send(reply: FastifyReply, req: FastifyRequest, e: ApiError) {
  for (const [k, v] of Object.entries(e.options.headers ?? {})) reply.header(k, v);
  return reply.code(e.httpStatus).type('application/json; charset=utf-8').send(e.body(req.id, req.url));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return send(reply, req, err);
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return send(reply, req, new ApiError(400, MessageCode.validation, 'Bitte die Eingaben prüfen!', { fieldErrors: validationFieldErrors(err) }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, trackingId: req.id }, 'response does not match its schema');
      return reply.code(500).send(errorBody(500, MessageCode.internal, 'Interner Serverfehler', req.id, req.url));
    }
    const db = fromDatabase(err as DbError, req.body);
    if (db) {
      if (db.httpStatus >= 500) req.log.error({ err, trackingId: req.id }, 'database unavailable');
      return send(reply, req, db);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('Retry-After', reply.getHeader('retry-after') ?? '5');
      return reply.code(status).send(errorBody(status, STATUS_CODES[status] ?? MessageCode.validation, err.message, req.id, req.url));
    }
    req.log.error({ err, trackingId: req.id }, 'unhandled error');
    return reply.code(500).send(errorBody(500, MessageCode.internal, 'Interner Serverfehler', req.id, req.url));
  });
}
