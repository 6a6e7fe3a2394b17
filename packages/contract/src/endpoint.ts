import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';

/** The error statuses of the API; every one answers the error object `apiError`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 423 | 424 | 429 | 500 | 503;

/** One API call: the single definition used by the server (validation, rights, OpenAPI) and the web client. */
export interface Endpoint {
  method: Method;
  /** Path below /vario-api with `:name` placeholders. */
  path: string;
  summary: string;
  tag: string;
  /** Rights a non-administrator must not be denied (RIGHT-002..004). */
  rights?: readonly string[];
  adminOnly?: boolean;
  /**
   * Why a non-public route declares neither `rights` nor `adminOnly` (reference data, own records only, decided per
   * object …). The reliability harness's access-control matrix fails on a route that has neither.
   */
  rightsNote?: string;
  /** Reachable without a token. */
  public?: boolean;
  /** Authorised by Basic credentials instead of a token (the login). */
  basicAuth?: boolean;
  /**
   * Error statuses the call answers beyond those its shape implies (OpenAPI): 400 with parameters or a body, 401, 424
   * and 503 unless public, 403 with rights, 404 with a path parameter, 409/422 for writes with a body or a record,
   * 423 for changes and deletes of a record, 413 with a body, 500 always.
   */
  errors?: readonly ErrorStatus[];
  /**
   * The answer carries an ETag (its content's hash) and `Cache-Control: private, no-cache`; a request whose
   * If-None-Match names the current ETag gets 304 without a body (pictures).
   */
  etag?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status and its body schema (null: no body). */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
}

export const endpoint = <E extends Endpoint>(e: E): E => e;
