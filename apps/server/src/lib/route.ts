import type { Endpoint } from '@vario/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { storeAfter } from './idempotency';

type In<S> = S extends z.ZodType ? z.output<S> : unknown;
type Out<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a request of the endpoint carries once its schemas have validated it. */
type RouteTypes<E extends Endpoint> = {
  Params: In<E['params']>;
  Querystring: In<E['query']>;
  Body: In<E['body']>;
};
export type RouteRequest<E extends Endpoint> = FastifyRequest<RouteTypes<E>>;
/** The body an endpoint answers (undefined for 204 answers). */
export type ResponseBody<E extends Endpoint> = Out<E['response']>;

/** A handler answers the contract's response body — or the reply itself when it sent a binary answer (pictures, downloads, cached bytes). */
export type Handler<E extends Endpoint> = (req: RouteRequest<E>, reply: FastifyReply) => Promise<Out<E['response']> | FastifyReply | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

/** Registers one endpoint of the contract: its schemas validate and document it, its rights guard it. */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: Handler<E>, config: Record<string, unknown> = {}): void {
  const status = e.status ?? 200;
  // the zod schemas validate (app.ts sets the compilers); the request's types follow from the same schemas
  app.route<RouteTypes<E>>({
    method: e.method,
    url: e.path,
    // JSON answers need none of helmet's page headers; the API scope sets nosniff itself (app.ts).
    helmet: false,
    config: { ...config, endpoint: e },
    schema: {
      summary: e.summary,
      tags: [e.tag],
      ...(e.public ? {} : { security: [{ bearer: [] }] }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.response ? { response: { [status]: e.response } } : {}),
    },
    handler: async (req, reply) => {
      const out = await handler(req, reply);
      // Binary answers (pictures, downloads) are sent by the handler itself.
      if (reply.sent) return reply;
      if (e.response === null) return reply.code(status).send();
      reply.code(status);
      // a create with an Idempotency-Key that did not store it in its own transaction (not through createRecord)
      if (req.idempotency && !req.idempotency.stored) {
        const location = reply.getHeader('location');
        await storeAfter(req, status, out, typeof location === 'string' ? location : null);
      }
      return out;
    },
  });
}
