import endpoints from 'virtual:api-routes';
import type { EndpointName, Endpoints, Method } from '@vario/contract';
import type { z } from 'zod';
import { newId } from '../id';
import { getConfig } from './config';
import { takeEarly } from './early';
import { ApiError } from './errors';
import { tokenStore } from './token';

type Ep<N extends EndpointName> = Endpoints[N];
type InputOf<S> = S extends z.ZodType ? z.input<S> : object;
/** Path placeholders and query parameters of an endpoint, in one object (HTTP-012, HTTP-013). */
export type ParamsOf<N extends EndpointName> = InputOf<Ep<N> extends { params: infer P } ? P : undefined> &
  InputOf<Ep<N> extends { query: infer Q } ? Q : undefined>;
export type BodyOf<N extends EndpointName> = Ep<N> extends { body: infer B } ? (B extends z.ZodType ? z.input<B> : never) : never;
export type ResponseOf<N extends EndpointName> = Ep<N>['response'] extends z.ZodType ? z.output<Ep<N>['response']> : undefined;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the Authorization header (Basic at first login, HTTP-010). */
  authorization?: string;
}

interface RawResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

const MAX_429_RETRIES = 3;
const DEFAULT_RETRY_SECONDS = 5;
let retryListener: ((seconds: number) => void) | null = null;

/** Lets the error handler show a notice while the client waits after a 429 (HTTP-061). */
export const onRetryAfter = (listener: (seconds: number) => void) => {
  retryListener = listener;
};

/** Looks an endpoint up by method and path in the contract table; a missing one is an error (HTTP-016). */
export function findEndpoint(method: Method, path: string) {
  const found = Object.values(endpoints).find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`No endpoint ${method} ${path} in the contract`);
  return found;
}

const encode = (v: string) => encodeURIComponent(v);

/** Fills `:name` placeholders from params (missing → error), the rest becomes the query string; null/undefined dropped, spaces as %20. */
export function buildPath(path: string, params: Record<string, QueryValue> = {}): string {
  const used = new Set<string>();
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    used.add(name);
    return encode(String(value));
  });
  const query = Object.entries(params)
    .filter(([k, v]) => !used.has(k) && v !== undefined && v !== null)
    .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
    .join('&');
  return query ? `${filled}?${query}` : filled;
}

/**
 * The Authorization every call sends while no token is stored (before login, after a 401) (HTTP-008). The app talks to
 * one service, the default API; an ai service (which would send none) does not exist here.
 */
export const DEFAULT_AUTHORIZATION = 'Bearer anonymous';

/** The headers every call sends (HTTP-004..008). */
export function buildHeaders(hasBody: boolean, extra: Record<string, string> = {}, authorization?: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...extra };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = tokenStore.get();
  if (authorization) headers.Authorization = authorization;
  else headers.Authorization = token ? `Bearer ${token}` : DEFAULT_AUTHORIZATION;
  headers['X-Request-Id'] = newId();
  return headers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return res.json().catch(() => null);
  // a CSV download stays bytes: reading it as text would drop its byte order mark (Excel's hint for UTF-8)
  if (type.includes('xml') || (type.startsWith('text/') && !type.startsWith('text/csv'))) return res.text();
  return res.arrayBuffer();
}

async function send<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<RawResponse<T>> {
  const relative = buildPath(path, opts.params);
  const url = `${getConfig().apiUrl}${relative}`;
  const hasBody = opts.body !== undefined;
  // a file goes as multipart/form-data (the browser writes its Content-Type with the boundary)
  const form = opts.body instanceof FormData ? opts.body : undefined;
  // a plain GET that index.html already started (early.ts) takes that answer
  let early = method === 'GET' && !opts.authorization && !opts.headers ? takeEarly(relative, tokenStore.get()) : undefined;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      const started = early;
      early = undefined;
      const fresh = () =>
        fetch(url, {
          method,
          headers: buildHeaders(hasBody && !form, opts.headers, opts.authorization),
          body: form ?? (hasBody ? JSON.stringify(opts.body) : undefined),
          signal: opts.signal,
        });
      res = started ? await started.catch(fresh) : await fresh();
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw new ApiError({ status: 0, body: null, method, path });
    }
    if (res.ok) return { data: (await readBody(res)) as T, status: res.status, headers: res.headers };
    const body = (await readBody(res)) as ApiError['body'];
    const error = new ApiError({ status: res.status, body: body && typeof body === 'object' ? body : null, method, path, headers: res.headers });
    if (res.status === 429 && attempt < MAX_429_RETRIES) {
      const seconds = error.retryAfter ?? DEFAULT_RETRY_SECONDS;
      retryListener?.(seconds);
      await sleep(seconds * 1000);
      continue;
    }
    throw error;
  }
}

/** Calls a contract endpoint by name with typed params, body and answer. */
export async function api<N extends EndpointName>(
  name: N,
  opts: Omit<RequestOptions, 'params' | 'body'> & { params?: ParamsOf<N>; body?: BodyOf<N> | FormData } = {},
): Promise<ResponseOf<N>> {
  const ep = endpoints[name];
  const res = await send<ResponseOf<N>>(ep.method, ep.path, opts as RequestOptions);
  return res.data;
}

/** Calls an endpoint found by method and path (HTTP-016), answering status and headers too. */
export async function request<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<RawResponse<T>> {
  const ep = findEndpoint(method, path);
  return send<T>(ep.method, ep.path, opts);
}

/** The availability check `OPTIONS /login` (APP-034): true while the server answers. */
export async function checkServer(): Promise<boolean> {
  try {
    await api('loginCheck');
    return true;
  } catch {
    return false;
  }
}
