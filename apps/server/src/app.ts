import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, APP_VERSION, MessageCode } from '@vario/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DbHandle } from './db/index';
import { cspOf } from './lib/csp';
import { ApiError, errorBody } from './lib/errors';
import { registerIdempotency } from './lib/idempotency';
import { registerInputGuards } from './lib/input-guards';
import { type AppContext, collectModules, type LoginLimit } from './lib/module';
import { registerMultipart } from './lib/multipart';
import { openApiTransform, openApiTransformObject } from './lib/openapi';
import type { Ctx } from './lib/resource';
import { serializerCompiler } from './lib/serializer';
import { MODULES } from './modules/index';
import { registerAuth, SessionCache } from './plugins/auth';
import { registerJsonCompression } from './plugins/compress';
import { registerErrorHandling } from './plugins/errors';
import { registerLicenceCheck } from './plugins/licence';

export interface AppOptions {
  handle: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** A ready logger (main.ts: terminal lines and/or JSON, logging.ts); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Certificate and key (PEM): the server answers HTTPS. */
  https?: { cert: Buffer; key: Buffer };
  /** Addresses of a reverse proxy whose X-Forwarded-For is taken as the client's address. */
  trustProxy?: string;
  loginLimit?: LoginLimit;
  /** How long system parameters are cached (ms). */
  parameterCacheMs?: number;
  /** How long a resolved session is reused without a database lookup (ms, default 2000). */
  sessionCacheMs?: number;
  /** Folder of the built web app, served at `/`. */
  webRoot?: string;
  /** Extra routes registered inside the API prefix (used by tests to provoke errors). */
  extraRoutes?: (api: FastifyInstance) => void;
}

export const MAINTENANCE_PARAMETER = 'SYSTEM.WARTUNGSMODUS';
/** What a client's X-Request-Id may look like to be logged beside the request's own id (`clientRequestId`). */
export const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** What the areas declare (modules/index.ts `MODULES`), gathered once: routes, lockable tables, number ranges … */
export const registry = collectModules(MODULES);

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { handle } = opts;
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: opts.logger ?? false }),
    ...(opts.https ? { https: opts.https } : {}),
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy.split(',').map((a) => a.trim()) } : {}),
    // every request gets its own id, the tracking id of its error object and log lines: a client's X-Request-Id is
    // never taken for it (two requests sending the same one would share a tracking id)
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // the client's X-Request-Id (HTTP-006) is logged beside it as clientRequestId, when it is a plain id: anything else
    // (line breaks, JSON, long text) is left out
    childLoggerFactory: (logger, bindings, opts, raw) => {
      const given = raw.headers['x-request-id'];
      return logger.child(typeof given === 'string' && PLAIN_ID.test(given) ? { ...bindings, clientRequestId: given } : bindings, opts);
    },
    bodyLimit: 10 * 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonCompression(app);
  registerMultipart(app);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    reply.header('X-Content-Type-Options', 'nosniff');
    done();
  });

  const cacheMs = opts.parameterCacheMs ?? 5000;
  const cache = new Map<string, { wert: string | null; at: number }>();
  const ctx: Ctx = {
    db: handle.db,
    dialect: handle.dialect,
    async parameter(name, db = handle.db) {
      const hit = cache.get(name);
      if (hit && Date.now() - hit.at < cacheMs) return hit.wert;
      const row = await db.selectFrom('systemParameter').select('wert').where('name', '=', name).executeTakeFirst();
      const wert = row?.wert ?? null;
      cache.set(name, { wert, at: Date.now() });
      return wert;
    },
    ...(handle.replica ? { reader: handle.replica.reader } : {}),
  };
  const isMaintenance = async () => {
    const v = await ctx.parameter(MAINTENANCE_PARAMETER);
    return v === '1' || v === 'true';
  };
  /** The maintenance flag while its cached value is fresh; undefined when it has to be read. */
  const maintenanceCached = (): boolean | undefined => {
    const hit = cache.get(MAINTENANCE_PARAMETER);
    if (!hit || Date.now() - hit.at >= cacheMs) return undefined;
    return hit.wert === '1' || hit.wert === 'true';
  };

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'vario web API',
        version: APP_VERSION,
        description: 'REST API of the ERP, CRM and field service web app. Conventions: see ARCHITECTURE.md.',
      },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } } },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, c) =>
      new ApiError(429, MessageCode.tooManyRequests, `Zu viele Anfragen; bitte in ${Math.ceil(c.ttl / 1000)} Sekunden erneut versuchen`, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(c.ttl / 1000))) },
      }),
  });

  // An API path that exists with other methods answers 405 with the methods it allows; any other a 404 error object.
  const apiNotFound = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] as string;
    reply.header('Cache-Control', 'no-store');
    const allowed = (['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const).filter((m) => m !== req.method && app.findRoute({ method: m, url: path }));
    if (allowed.length) {
      reply.header('Allow', allowed.join(', '));
      return reply.code(405).send(errorBody(405, MessageCode.methodNotAllowed, `Methode ${req.method} ist hier nicht erlaubt`, req.id, req.url));
    }
    return reply.code(404).send(errorBody(404, MessageCode.routeNotFound, `Pfad nicht gefunden: ${req.method} ${req.url}`, req.id, req.url));
  };

  await app.register(
    async (api) => {
      const sessions = new SessionCache(opts.sessionCacheMs ?? 2000);
      registerInputGuards(api);
      // API answers carry user data or tokens: no cache (browser, proxy) keeps them, unless a route says otherwise
      api.addHook('onSend', (_req, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
        done(null, payload);
      });
      registerAuth(api, handle.db, sessions, isMaintenance, maintenanceCached);
      const replica = handle.replica;
      if (replica) {
        // read-your-writes (db/replica.ts): a user's writes are noted before the answer leaves, so the user's next read
        // goes to the primary until the replica has replayed them (a refused write noted too: it costs one small query)
        api.addHook('onSend', async (req, _reply, payload) => {
          if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && req.user) await replica.noteWrite(req.user.id);
          return payload;
        });
      }
      registerLicenceCheck(api);
      registerIdempotency(api, handle.db);
      const moduleCtx: AppContext = { ...ctx, sessions, loginLimit: opts.loginLimit ?? { max: 10, timeWindow: 60_000 }, registry };
      for (const m of registry.modules) m.routes?.(api, moduleCtx);
      opts.extraRoutes?.(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      api.setNotFoundHandler(apiNotFound);
    },
    { prefix: API_PREFIX },
  );
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const webRoot = opts.webRoot;
  const serveWeb = webRoot !== undefined && existsSync(webRoot);
  // The web app in its own scope: its pages get helmet's security headers (frame, referrer, opener, HSTS …); JSON answers
  // of the API carry only nosniff (above), which keeps helmet's per-request work off every API call.
  await app.register(async (web) => {
    await web.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    // the policy allows the built index.html's inline scripts by their hashes (lib/csp.ts)
    const csp = cspOf(serveWeb ? webRoot : undefined);
    web.addHook('onSend', (_req, reply, payload, done) => {
      reply.header('Content-Security-Policy', csp());
      done(null, payload);
    });
    // an internal business app: no crawler indexes it (a real robots.txt, not the app's index.html)
    web.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
    );
    if (serveWeb) {
      // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
      // Vite names every file under /assets by its content hash: the browser keeps them for a year without asking again.
      // Everything else (index.html, config.json, the logo) is checked on each load, so a new build shows at once.
      await web.register(fastifyStatic, {
        root: webRoot,
        wildcard: true,
        index: ['index.html'],
        cacheControl: false,
        // the build writes .br and .gz beside each file (apps/web/vite-plugins.ts): the best one the browser accepts is sent,
        // with its Content-Type, Content-Encoding and Vary: Accept-Encoding
        preCompressed: true,
        setHeaders: (reply, path) => {
          const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)+$/.test(path);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    web.setNotFoundHandler((req, reply) => {
      // an API path reaches here through the static files' wildcard route
      if (req.url.startsWith(API_PREFIX)) return apiNotFound(req, reply);
      // The single-page app answers every other path; its router shows the 404 page.
      if (serveWeb && req.method === 'GET') return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply.code(404).send(errorBody(404, MessageCode.routeNotFound, `Pfad nicht gefunden: ${req.method} ${req.url}`, req.id, req.url));
    });
  });
  return app;
}
