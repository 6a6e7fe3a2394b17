import { API_PREFIX, type ApiErrorBody, type Endpoint, endpoint, endpoints, type Method } from '@vario/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { basic, type TestApp } from './helper';

/**
 * The typed test client: every API test calls an endpoint of the contract's table (`endpoints.x`), never a URL
 * string. Path parameters, query, body and answer are typed from the endpoint's schemas; a 2xx answer is also
 * checked against the endpoint's response schema, so every test checks that live answers keep the contract.
 */

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** Path placeholders, as the server reads them (ids as numbers). */
export type ParamsOf<E extends Endpoint> = z.output<Schema<E, 'params'>>;
/** The list query (filter, orderBy, limit, offset, returnTotal, search) or the endpoint's own query; `returnTotal` also as boolean. */
export type QueryOf<E extends Endpoint> = QueryInput<z.output<Schema<E, 'query'>>>;
type QueryInput<O> = { [K in keyof O]: O[K] | (K extends 'returnTotal' ? boolean : never) };
/** The request body as a client sends it. */
export type BodyOf<E extends Endpoint> = z.input<Schema<E, 'body'>>;
/** The success body: what the server's serializer writes (the schema's output side), undefined for 204 and binary answers. */
export type OkBody<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

/** Who calls: a demo or factory login (`as`, cached per client), a given token (null: none), or an Authorization header. */
export interface Caller {
  as?: string;
  token?: string | null;
  authorization?: string;
  headers?: Record<string, string>;
}
type Empty = Record<never, never>;
type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: undefined } : Empty extends T ? { [P in K]?: T } : { [P in K]: T };
export type CallOptions<E extends Endpoint> = Caller & Part<'params', ParamsOf<E>> & Part<'query', QueryOf<E>> & Part<'body', BodyOf<E>>;
type Args<E extends Endpoint> = Empty extends CallOptions<E> ? [opts?: CallOptions<E>] : [opts: CallOptions<E>];

type Headers = LightMyRequestResponse['headers'];
export type ApiResult<E extends Endpoint> =
  | { ok: true; status: number; body: OkBody<E>; headers: Headers; endpoint: E; raw: LightMyRequestResponse }
  | { ok: false; status: number; body: ApiErrorBody; headers: Headers; endpoint: E; raw: LightMyRequestResponse };

/** Options of `callRaw`: untyped body (bad JSON, oversized payloads), another method on the endpoint's path (405). */
export interface RawOptions extends Caller {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  payload?: InjectOptions['payload'];
  method?: Method | 'PUT';
  /** The answer as a stream the test reads itself (`res.stream()`): downloads that stream while the client reads. */
  payloadAsStream?: boolean;
}

/**
 * Routes the server adds outside the contract's table (the OpenAPI document and its UI). Declared here as endpoints so
 * that tests reach them through the same client.
 */
export const docEndpoints = {
  openapi: endpoint({ method: 'GET', path: '/openapi.json', summary: 'OpenAPI document', tag: 'docs', public: true, response: null }),
  docsUi: endpoint({ method: 'GET', path: '/docs/', summary: 'Swagger UI', tag: 'docs', public: true, response: null }),
};

const contractPaths = new Set(Object.values(endpoints).map((e) => e.path));

/** Fills `:name` placeholders (URL-encoded; a missing one is an error) and appends the query. */
export function buildUrl(path: string, params: object = {}, query: object = {}): string {
  const values = params as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter "${name}" missing for ${path}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${API_PREFIX}${filled}${qs ? `?${qs}` : ''}`;
}

/** Marks a deliberately invalid value (a body, params or query the contract refuses) for tests of the 400 answers. */
export const invalid = (value: unknown): never => value as never;

export function api(t: TestApp) {
  const tokens = new Map<string, string>();

  async function tokenOf(login: string) {
    let token = tokens.get(login);
    if (!token) {
      token = await t.login(login);
      tokens.set(login, token);
    }
    return token;
  }

  async function inject(method: string, url: string, caller: Caller, payload?: InjectOptions['payload'], payloadAsStream?: boolean) {
    const headers: Record<string, string> = { ...caller.headers };
    if (caller.authorization) headers.authorization = caller.authorization;
    else if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    else if (caller.as) headers.authorization = `Bearer ${await tokenOf(caller.as)}`;
    return t.app.inject({
      method: method as InjectOptions['method'],
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(payloadAsStream ? { payloadAsStream } : {}),
    });
  }

  return {
    t,
    /** Calls a contract endpoint; answers status, typed body (or the error object) and headers. */
    async call<E extends Endpoint>(ep: E, ...[opts]: Args<E>): Promise<ApiResult<E>> {
      const o = (opts ?? {}) as CallOptions<Endpoint> & { params?: object; query?: object; body?: unknown };
      const res = await inject(ep.method, buildUrl(ep.path, o.params, o.query), o, o.body as InjectOptions['payload']);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const body = res.statusCode === 204 || !res.body ? undefined : res.json();
      if (ok && ep.response) {
        const checked = ep.response.safeParse(body);
        if (!checked.success) throw new Error(`${ep.method} ${ep.path}: answer does not match the contract: ${checked.error.message}`);
      }
      return { ok, status: res.statusCode, body, headers: res.headers, endpoint: ep, raw: res } as ApiResult<E>;
    },
    /** The escape hatch for answers that are not JSON (pictures, downloads) or requests the contract refuses to type. */
    callRaw(ep: Endpoint, opts: RawOptions = {}): Promise<LightMyRequestResponse> {
      return inject(opts.method ?? ep.method, buildUrl(ep.path, opts.params, opts.query), opts, opts.payload, opts.payloadAsStream);
    },
    /** A path that is deliberately not in the contract (unknown-route tests); refuses one that is. */
    callUnknownPath(method: Method, path: string, caller: Caller = {}): Promise<LightMyRequestResponse> {
      if (contractPaths.has(path)) throw new Error(`${path} is in the contract: call it through its endpoint`);
      return inject(method, `${API_PREFIX}${path}`, caller);
    },
    /** Logs in through the contract's login endpoint with Basic authorisation (a fresh session each time). */
    login: (user: string, password = user) => t.login(user, password),
    basic,
  };
}

export type Api = ReturnType<typeof api>;

/** Asserts the endpoint's success status (its `status`, else 200) and answers the typed body. */
export function expectOk<E extends Endpoint>(res: ApiResult<E>): OkBody<E> {
  const expected = res.endpoint.status ?? 200;
  if (!res.ok || res.status !== expected)
    throw new Error(`${res.endpoint.method} ${res.endpoint.path}: expected ${expected}, got ${res.status}: ${res.raw.body}`);
  return res.body;
}

export { expectError } from './helper';
