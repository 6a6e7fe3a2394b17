import type { QueryValue } from './client';
import { request } from './client';

export interface FormSaveOptions<T, D extends object = Partial<T>> {
  /** The create path of the resource, e.g. `/crm/erinnerungen`; a change goes to `<path>/:id`. */
  path: string;
  /** What is sent: by default part of the record; a resource whose input differs from its answer names its input type. */
  data: D;
  /** Present → PATCH (change), absent → POST (create) (APP-062, HTTP-027). */
  id?: number | null;
  ProtokollBemerkung?: string;
  /** Further route params of nested resources. */
  params?: Record<string, QueryValue>;
  lockToken?: string | null;
}

export interface FormSaveResult<T> {
  id: number | null;
  result: T | null;
  created: boolean;
}

/** The trailing number of a Location header (HTTP-031). */
export function idFromLocation(location: string | null): number | null {
  const match = location?.match(/(\d+)\/?$/);
  return match ? Number(match[1]) : null;
}

/** Generic form save: POST to create, PATCH to change; body `{ data, ProtokollBemerkung }`, optional `X-Lock-Token` (HTTP-027..031). */
export async function saveForm<T extends object, D extends object = Partial<T>>(opts: FormSaveOptions<T, D>): Promise<FormSaveResult<T>> {
  const created = opts.id === undefined || opts.id === null;
  const body = { data: opts.data, ...(opts.ProtokollBemerkung ? { ProtokollBemerkung: opts.ProtokollBemerkung } : {}) };
  const headers = opts.lockToken ? { 'X-Lock-Token': opts.lockToken } : undefined;
  const res = created
    ? await request<{ result?: T; data?: T }>('POST', opts.path, { params: opts.params, body, headers })
    : await request<{ result?: T; data?: T }>('PATCH', `${opts.path}/:id`, { params: { ...opts.params, id: opts.id }, body, headers });
  const result = res.data?.result ?? res.data?.data ?? null;
  const fromBody = result && 'id' in result && typeof result.id === 'number' ? result.id : null;
  const id = created ? (idFromLocation(res.headers.get('Location')) ?? fromBody) : (opts.id ?? null);
  return { id, result, created };
}
