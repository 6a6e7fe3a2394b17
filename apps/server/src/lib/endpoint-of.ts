import type { Endpoint } from '@vario/contract';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract endpoint of the request's route, once read (`endpointOf`); null before. */
    endpoint: Endpoint | undefined | null;
  }
}

/**
 * The contract endpoint of a request's route (route.ts puts it in the route's config). Fastify's `req.routeOptions`
 * builds a new object on every read: the hooks of a request (auth, licence, idempotency) read it once between them.
 */
export function endpointOf(req: FastifyRequest): Endpoint | undefined {
  if (req.endpoint === null) req.endpoint = req.routeOptions.config.endpoint;
  return req.endpoint;
}
