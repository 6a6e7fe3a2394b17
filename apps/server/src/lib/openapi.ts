import { apiError, type Endpoint, type ErrorStatus, endpoints, istProjektRecht } from '@vario/contract';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { takesKey } from './idempotency';

/**
 * The OpenAPI document, written from the contract's endpoint table (the route's `config.endpoint`): operationId = the
 * endpoint's key, rights and admin-only stated, every error status the call answers with the one error object as a
 * component, answers without a body (204) and binary answers as such, and nullable enums that list `null`.
 * Documentation only: the routes' runtime schemas stay as `route()` declares them.
 */
const components = z.registry<{ id: string }>();
components.add(apiError, { id: 'ApiError' });

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid parameters or body; field errors keyed by field',
  401: 'Not signed in, or the session has ended',
  403: 'A right the call needs is denied (the right is named in messageParameters)',
  404: 'The record (or a parent record) does not exist',
  409: 'Conflict: a unique key exists already, or the record is still referenced',
  413: 'The body is too large',
  422: 'A business rule refuses the change',
  423: 'The record is locked by another user (named in messageParameters), or the lock token expired',
  424: 'The signed-in user has been blocked since the session began',
  429: 'Too many attempts; retry after the seconds in Retry-After',
  500: 'Internal error; trackingId is also in the server log',
  503: 'Maintenance (administrators still get through) or the database is unreachable; retry after Retry-After',
};

const keys = new Map<Endpoint, string>(Object.entries(endpoints).map(([k, e]) => [e as Endpoint, k]));

/** The error statuses one call answers: implied by its shape, plus the contract's `errors`. */
export function errorStatuses(e: Endpoint): ErrorStatus[] {
  const out = new Set<ErrorStatus>(e.errors ?? []);
  const record = e.path.includes(':');
  const write = e.method === 'POST' || e.method === 'PATCH' || e.method === 'PUT' || e.method === 'DELETE';
  if (e.params || e.query || e.body) out.add(400);
  if (e.body) out.add(413);
  if (!e.public) for (const s of [401, 424, 503] as const) out.add(s);
  if (e.rights?.length || e.adminOnly) out.add(403);
  if (record) out.add(404);
  if (write && !e.public && (e.body || record)) for (const s of [409, 422] as const) out.add(s);
  if (record && (e.method === 'PATCH' || e.method === 'PUT' || e.method === 'DELETE')) out.add(423);
  out.add(500);
  out.add(503);
  return [...out].sort((a, b) => a - b);
}

/** The sentence on rights in the operation's description. */
function rightsText(e: Endpoint): string | undefined {
  if (e.adminOnly) return 'Administrators only.';
  if (e.rights?.length) {
    const projekt = e.rights.filter(istProjektRecht);
    const spec = e.rights.length > projekt.length ? "spec rights are denied only where the user's right says genehmigt = false" : '';
    const own = projekt.length
      ? `${projekt.join(', ')} ${projekt.length > 1 ? 'are rights' : 'is a right'} of this project, granted only where the user's right says genehmigt = true`
      : '';
    return `Needs the right${e.rights.length > 1 ? 's' : ''} ${e.rights.join(', ')} (${[spec, own].filter(Boolean).join('; ')}; administrators have every right).`;
  }
  return undefined;
}

type Json = Record<string, unknown>;

/** OpenAPI 3.0: a nullable enum must list `null` itself, or strict validators refuse the null they allow. */
function nullInEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) nullInEnums(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullInEnums(v);
}

const inner = createJsonSchemaTransform({ schemaRegistry: components });
/** The route schema the transform receives (Fastify's, with `hide`). */
type RouteSchema = Parameters<typeof inner>[0]['schema'];
/** The route schema with the contract's extensions (x-rights, x-admin-only); @fastify/swagger copies them into the operation. */
interface OperationSchema extends RouteSchema {
  operationId: string;
  'x-rights'?: string[];
  'x-admin-only'?: true;
  response: Json;
}

export const openApiTransform: typeof inner = (doc) => {
  const e = (doc.route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
  const schema: RouteSchema | undefined = doc.schema;
  if (!e || !schema || schema.hide) return inner(doc);
  const status = e.status ?? 200;
  const response: Json = { ...(schema.response ?? {}) };
  for (const s of errorStatuses(e)) {
    const description = s === 401 && e.basicAuth ? 'Wrong login name or password, or the user is blocked' : ERROR_TEXT[s];
    response[s] = { description, content: { 'application/json': { schema: apiError } } };
  }
  const rights = rightsText(e);
  const operation: OperationSchema = {
    ...schema,
    operationId: keys.get(e) ?? `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(rights ? { description: rights } : {}),
    ...(e.rights?.length ? { 'x-rights': [...e.rights] } : {}),
    ...(e.adminOnly ? { 'x-admin-only': true as const } : {}),
    ...(e.basicAuth ? { security: [{ basic: [] }] } : {}),
    response,
  };
  const out = inner({ ...doc, schema: operation });
  const res = (out.schema as Json).response as Json;
  if (res[status]) res[status] = { ...(res[status] as Json), 'x-response-description': status === 201 ? 'Created; Location names the new record' : 'OK' };
  if (e.response === null) {
    res[status] =
      status === 204
        ? { type: 'null', description: 'No content' }
        : { description: 'Binary content with its own Content-Type', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
  }
  if (e.etag) {
    // pictures (lib/images.ts sendPicture): revalidated on every use, a 304 while unchanged
    res[status] = {
      ...(res[status] as Json),
      headers: {
        ETag: { type: 'string', description: 'SHA-256 of the content (base64url), quoted' },
        'Cache-Control': { type: 'string', description: 'private, no-cache: the browser keeps it and asks again on every use' },
      },
    };
    res[304] = { type: 'null', description: 'Not modified: If-None-Match named the current ETag; no body' };
    (out.schema as Json).headers = {
      type: 'object',
      properties: {
        'If-None-Match': { type: 'string', maxLength: 2000, description: 'Optional. ETags of copies the client holds; the current one answers 304.' },
      },
    };
  }
  if (takesKey(e)) {
    // creates take an idempotency key (lib/idempotency.ts), documented as a header parameter
    (out.schema as Json).headers = {
      type: 'object',
      properties: {
        'Idempotency-Key': {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description:
            'Optional. The same key sent again by the same user to this endpoint within 24 h answers the first result (status, body, Location; header Idempotent-Replayed: true) without creating again; the same key with another request is a 422.',
        },
      },
    };
  }
  nullInEnums(out.schema);
  return out;
};

const innerObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/** Adds the components (the error object) and drops the input twin of components no operation reads. */
export const openApiTransformObject: typeof innerObject = (doc) => {
  const out = innerObject(doc);
  const schemas = 'components' in out ? out.components?.schemas : undefined;
  if (schemas) {
    const text = JSON.stringify(out.paths ?? {});
    for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !text.includes(`#/components/schemas/${name}"`)) delete schemas[name];
    nullInEnums(schemas);
  }
  return out;
};
