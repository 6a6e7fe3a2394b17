// Child process of the benchmark: either the real app on a prepared database, or a bare Fastify server
// that answers fixed bytes on the same paths (the baseline).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { migrate, openDatabase } from '../../apps/server/src/db/index';

const [mode, port, arg] = process.argv.slice(2);

if (mode === 'app') {
  // BENCH_READ_URL: a streaming replica for list, search and report reads (DATABASE_READ_URL of the server)
  const handle = await openDatabase(arg as string, process.env.BENCH_READ_URL ? { readUrl: process.env.BENCH_READ_URL } : {});
  await migrate(handle);
  // BENCH_WEB_ROOT: another build to compare (e.g. one made before a change)
  const webRoot = process.env.BENCH_WEB_ROOT ?? new URL('../../apps/web/dist', import.meta.url).pathname;
  const app = await buildApp({ handle, logger: false, loginLimit: { max: 100_000, timeWindow: 60_000 }, webRoot });
  if (process.env.BENCH_BARE_ROUTES) {
    // The baseline in the same process (bench/src/api-overhead.ts): a route that answers a payload the bench recorded
    // from the real route, serialised per request like any JSON answer, with none of the API's work before it.
    const payloads = new Map<string, unknown>();
    app.post<{ Body: { key: string; body: string } }>('/bench-bare', async (req) => {
      payloads.set(req.body.key, JSON.parse(req.body.body));
      return { ok: true };
    });
    app.get<{ Params: { key: string } }>('/bench-bare/:key', async (req, reply) =>
      reply.type('application/json; charset=utf-8').send(payloads.get(req.params.key)),
    );
  }
  // a clean exit on SIGTERM, so that `--cpu-prof` writes its profile
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
} else {
  const routes = JSON.parse(readFileSync(arg as string, 'utf8')) as { path: string; body: string }[];
  const app = Fastify({ logger: false });
  // One route per path; the query string picks which recorded body it answers, with no further work.
  const byUrl = new Map(routes.map((r) => [r.path, r.body]));
  for (const path of new Set(routes.map((r) => r.path.split('?')[0] as string))) {
    app.get(path, async (req, reply) => reply.type('application/json; charset=utf-8').send(byUrl.get(req.url)));
  }
  await app.listen({ port: Number(port), host: '127.0.0.1' });
}
process.send?.('ready');
