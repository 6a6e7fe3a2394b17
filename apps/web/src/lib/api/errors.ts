import type { ApiErrorBody, ApiErrorMessageForm, Method } from '@vario/contract';

/** The error object in either form: the full one, or the second form with only errorMessage (HTTP-045, HTTP-046). */
export type ErrorBody = Partial<ApiErrorBody> & Partial<ApiErrorMessageForm>;

/** A failed call: HTTP status (0 when no response arrived), the server's error object and the request. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly method: Method;
  readonly path: string;
  readonly retryAfter: number | null;
  readonly headers: Headers | null;

  constructor(init: { status: number; body: ErrorBody | null; method: Method; path: string; headers?: Headers | null }) {
    super(serverText(init.body) ?? `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    this.headers = init.headers ?? null;
    const ra = Number(init.headers?.get('Retry-After'));
    this.retryAfter = Number.isFinite(ra) && ra > 0 ? ra : null;
  }

  get messageCode(): string | undefined {
    return this.body?.messageCode;
  }

  /** The server's own sentence: the first service message, or the errorMessage of the second form (HTTP-046). */
  get serverMessage(): string | undefined {
    return serverText(this.body);
  }

  get trackingId(): string | undefined {
    return this.body?.trackingId;
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors?.fieldErrors ?? {};
  }

  /** True when no response arrived (network failure, server down). */
  get isOffline(): boolean {
    return this.status === 0;
  }
}

function serverText(body: ErrorBody | null): string | undefined {
  const text = body?.errors?.services?.[0]?.message ?? body?.errorMessage;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
