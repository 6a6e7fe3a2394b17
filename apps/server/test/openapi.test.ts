import { Validator } from '@seriousme/openapi-schema-validator';
import { type Endpoint, endpoints } from '@vario/contract';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ApiResult, api, docEndpoints, expectOk } from './client';
import { createTestApp } from './helper';

const t = await createTestApp();
const c = api(t);
const contract = Object.entries(endpoints) as [string, Endpoint][];
/** The operationId of an endpoint: its key in the contract's table. */
const keyOf = new Map(contract.map(([key, e]) => [e, key]));
const byKey = new Map(contract);

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: Json[];
  'x-rights'?: string[];
  'x-admin-only'?: boolean;
}
const res = await c.callRaw(docEndpoints.openapi);
const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);
const byId = new Map(operations.map((o) => [o.op.operationId, o]));

const validator = new Validator();
const checked = await validator.validate(structuredClone(doc));
// Every $ref resolved, so that each answer schema compiles on its own.
const resolved = validator.resolveRefs() as typeof doc;

/** OpenAPI 3.0 schema → JSON Schema for Ajv: boolean exclusiveMinimum/Maximum become numbers (Ajv knows `nullable`). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = toJsonSchema(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** Checks a live answer against the document: its status is documented for the call, its body valid against that status's schema. */
function expectDocumented(operationId: string, answer: LightMyRequestResponse) {
  const o = byId.get(operationId);
  if (!o) throw new Error(`operation ${operationId} is not in the document`);
  const status = String(answer.statusCode);
  const documented = resolved.paths[o.path]?.[o.method.toLowerCase()]?.responses[status];
  if (!documented) throw new Error(`${operationId} answered ${status}, documented: ${Object.keys(o.op.responses).join(', ')} — ${answer.body.slice(0, 300)}`);
  const json = documented.content?.['application/json'];
  if (!json) {
    if (status === '204') expect(answer.body, `${operationId}: 204 without a body`).toBe('');
    return;
  }
  expect(answer.headers['content-type'], operationId).toMatch(/^application\/json/);
  const key = `${operationId} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(json.schema) as Json);
    compiled.set(key, validate);
  }
  const body = answer.json();
  if (!validate(body)) throw new Error(`${key}: body does not match the documented schema: ${ajv.errorsText(validate.errors)} — ${answer.body.slice(0, 300)}`);
}

/** Checks an answer of the typed client against the document (the operation is the endpoint's key) and passes it on. */
function documented<E extends Endpoint>(answer: ApiResult<E>): ApiResult<E> {
  const operationId = keyOf.get(answer.endpoint);
  if (!operationId) throw new Error(`${answer.endpoint.method} ${answer.endpoint.path} is not in the contract's table`);
  expectDocumented(operationId, answer.raw);
  return answer;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.0 document (real validator)', () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(checked.errors ?? []).toEqual([]);
    expect(checked.valid).toBe(true);
  });

  it('names every operation by its key in the contract, once', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, e] of Object.entries(endpoints) as [string, Endpoint][]) {
      const o = byId.get(key);
      expect(o, key).toBeDefined();
      expect(o?.method, key).toBe(e.method);
      expect(o?.path, key).toBe(e.path.replace(/:(\w+)/g, '{$1}'));
    }
  });

  it('documents 204 without a body for every DELETE, POST /logout and OPTIONS /login — and no 200 there', () => {
    const empty = operations.filter((o) => o.method === 'DELETE' || o.op.operationId === 'logout' || o.op.operationId === 'loginCheck');
    expect(empty.length).toBeGreaterThan(10);
    for (const { op } of empty) {
      expect(op.responses['204'], op.operationId).toBeDefined();
      expect(op.responses['204']?.content, op.operationId).toBeUndefined();
      expect(op.responses['200'], op.operationId).toBeUndefined();
    }
  });

  it('documents the error answers of every operation with the one shared error object', () => {
    // rights decided per record (no route-level rights): a lock's owner, an activity's ticket or deal, a file's record;
    // a computed query's by the list it reads
    const PER_RECORD_403 = ['sperreDelete', 'aktivitaetGet', 'aktivitaetCreate', 'aktivitaetUpdate', 'aktivitaetDelete', 'dateiInhalt', 'computedQuery'];
    expect(doc.components.schemas.ApiError).toBeDefined();
    for (const { op } of operations) {
      const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
      expect(
        errors.map(([s]) => s),
        op.operationId,
      ).toContain('500');
      for (const [s, r] of errors) expect(r.content?.['application/json']?.schema, `${op.operationId} ${s}`).toEqual({ $ref: '#/components/schemas/ApiError' });
      const secured = (op.security ?? []).some((s) => 'bearer' in s);
      expect(
        errors.some(([s]) => s === '401'),
        `${op.operationId} 401`,
      ).toBe(secured || op.operationId === 'login');
      expect(
        errors.some(([s]) => s === '403'),
        `${op.operationId} 403`,
      ).toBe(!!op['x-rights'] || !!op['x-admin-only'] || PER_RECORD_403.includes(op.operationId));
    }
  });

  it('lists null in every nullable enum (strict OpenAPI 3.0 validators)', () => {
    const bad: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
      } else if (node && typeof node === 'object') {
        const o = node as Json;
        if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) bad.push(at);
        for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '');
    expect(bad).toEqual([]);
  });

  it('states security and rights: POST /login by Basic, token calls by bearer, rights and admin-only from the contract', () => {
    expect(byId.get('login')?.op.security).toEqual([{ basic: [] }]);
    expect(byId.get('loginCheck')?.op.security).toBeUndefined();
    for (const [key, e] of Object.entries(endpoints) as [string, Endpoint][]) {
      const op = byId.get(key)?.op as Operation;
      if (!e.public) expect(op.security, key).toEqual([{ bearer: [] }]);
      expect(op['x-rights'], key).toEqual(e.rights?.length ? [...e.rights] : undefined);
      expect(op['x-admin-only'], key).toBe(e.adminOnly ? true : undefined);
      if (e.rights?.length) for (const r of e.rights) expect(String(op.description), key).toContain(r);
      if (e.adminOnly) expect(String(op.description), key).toContain('Administrators only');
    }
  });
});

describe('live answers match the document, statuses included', () => {
  it('every list and record GET on demo data', async () => {
    /** The first id of the list read at `path` (a GET of the contract), undefined without such a list or rows. */
    const firstIdOf = async (path: string, params: Record<string, number>) => {
      const list = contract.find(([, e]) => e.method === 'GET' && e.path === path)?.[1];
      if (!list) return undefined;
      const answer = await c.callRaw(list, { as: 'admin', params });
      const rows = answer.statusCode === 200 ? (answer.json() as { result?: unknown }).result : undefined;
      const id: unknown = Array.isArray(rows) ? rows[0]?.id : undefined;
      return typeof id === 'number' ? id : undefined;
    };
    let ok = 0;
    for (const { method, op } of operations) {
      const e = byKey.get(op.operationId);
      if (!e) throw new Error(`operation ${op.operationId} is not in the contract's table`);
      if (method !== 'GET' || e.path.includes(':name')) continue;
      const params: Record<string, number> = {};
      if (e.path.includes(':id')) {
        const id = await firstIdOf(e.path.slice(0, e.path.indexOf('/:id')), params);
        if (id === undefined) continue;
        params.id = id;
        if (e.path.includes(':subId')) {
          const subId = await firstIdOf(e.path.slice(0, e.path.indexOf('/:subId')), params);
          if (subId === undefined) continue;
          params.subId = subId;
        }
      }
      if ([...e.path.matchAll(/:(\w+)/g)].some(([, name]) => name === undefined || !(name in params))) continue;
      const answer = await c.callRaw(e, { as: 'admin', params });
      expectDocumented(op.operationId, answer);
      if (answer.statusCode === 200) ok++;
    }
    // most reads answer 200 on demo data (reports that need parameters answer a documented 400)
    expect(ok).toBeGreaterThan(30);
  });

  it('reminders with tabelle: null validate against the (nullable) enum', async () => {
    const me = await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'admin').executeTakeFirstOrThrow();
    const created = documented(
      await c.call(endpoints.erinnerungCreate, {
        as: 'admin',
        body: { data: { benutzerId: me.id, erinnerungDatum: '2030-01-01T10:00:00.000Z', bemerkung: 'OpenAPI', tabelle: null } },
      }),
    );
    expect(created.status).toBe(201);
    const params = { id: expectOk(created).result.id };
    const one = documented(await c.call(endpoints.erinnerungGet, { as: 'admin', params }));
    expect(expectOk(one).result.tabelle).toBeNull();
    documented(await c.call(endpoints.erinnerungenList, { as: 'admin', query: { limit: 500 } }));
    const deleted = documented(await c.call(endpoints.erinnerungDelete, { as: 'admin', params }));
    expect(deleted.status).toBe(204);
    expect(documented(await c.call(endpoints.erinnerungGet, { as: 'admin', params })).status).toBe(404);
  });

  it('errors: 400, 401, 403, 404, 423 and the login answers are documented and shaped as documented', async () => {
    expect(documented(await c.call(endpoints.adressenList, { as: 'admin', query: { filter: 'unbekannt=1' } })).status).toBe(400);
    expect(documented(await c.call(endpoints.adressenList, { token: null })).status).toBe(401);
    expect(documented(await c.call(endpoints.protokoll, { as: 'buero' })).status).toBe(403);
    expect(documented(await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 99999999 } })).status).toBe(404);
    const first = expectOk(documented(await c.call(endpoints.adressenList, { as: 'admin', query: { limit: 1 } }))).result[0];
    if (!first) throw new Error('no address in the demo data');
    const adresse = first.id;
    expect(documented(await c.call(endpoints.adresseDelete, { as: 'buero', params: { id: adresse } })).status).toBe(403);
    const sperre = { data: { tabelle: 'ADR', datensatzId: adresse } };
    const lock = documented(await c.call(endpoints.sperreCreate, { as: 'admin', body: sperre }));
    expect(lock.status).toBe(201);
    expect(documented(await c.call(endpoints.sperreCreate, { as: 'buero', body: sperre })).status).toBe(423);
    const locked = documented(
      await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: adresse }, body: { data: { name2: 'x' }, ProtokollBemerkung: 'Test' } }),
    );
    expect(locked.status, locked.raw.body).toBe(423);
    expect(documented(await c.call(endpoints.sperreDelete, { as: 'admin', params: { id: expectOk(lock).result.id } })).status).toBe(204);
    expect(documented(await c.call(endpoints.loginCheck, { token: null })).status).toBe(204);
    expect(documented(await c.call(endpoints.login, { authorization: c.basic('admin', 'falsch') })).status).toBe(401);
    const token = expectOk(documented(await c.call(endpoints.login, { authorization: c.basic('techniker', 'techniker') }))).result.token;
    expect(documented(await c.call(endpoints.logout, { token })).status).toBe(204);
    expect(documented(await c.call(endpoints.me, { token })).status).toBe(401);
  });
});
