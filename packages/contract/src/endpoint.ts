import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';

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
  /** Reachable without a token. */
  public?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status and its body schema (null: no body). */
  status?: 200 | 201 | 204;
  response: z.ZodType | null;
}

export const endpoint = <E extends Endpoint>(e: E): E => e;
