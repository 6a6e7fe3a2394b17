import type { ApiErrorBody, Method } from '@vario/contract';

/** A failed call: HTTP status (0 when no response arrived), the server's error object and the request. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody> | null;
  readonly method: Method;
  readonly path: string;
  readonly retryAfter: number | null;
  readonly headers: Headers | null;

  constructor(init: { status: number; body: Partial<ApiErrorBody> | null; method: Method; path: string; headers?: Headers | null }) {
    super(init.body?.errors?.services?.[0]?.message ?? `HTTP ${init.status}`);
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

  get serverMessage(): string | undefined {
    return this.body?.errors?.services?.[0]?.message;
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

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
