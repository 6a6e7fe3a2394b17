import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { API_PREFIX, type ApiErrorBody, endpoints } from '@vario/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type DbHandle, migrate, openDatabase } from '../src/db/index';
import { seed } from '../src/seed/index';

export const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh database for one test file: SQLite in memory, or a new database in the throwaway PostgreSQL cluster. */
async function freshDatabase(useTemplate = true): Promise<{ handle: DbHandle; drop: () => Promise<void>; seeded: boolean }> {
  if (DB_KIND === 'sqlite') {
    const template = useTemplate ? process.env.TEST_SQLITE_TEMPLATE : undefined;
    if (!template) {
      const handle = await openDatabase(':memory:');
      return { handle, drop: () => handle.close(), seeded: false };
    }
    const file = join(tmpdir(), `vario-test-${randomBytes(6).toString('hex')}.sqlite`);
    copyFileSync(template, file);
    const handle = await openDatabase(file);
    return {
      handle,
      seeded: true,
      drop: async () => {
        await handle.close();
        for (const f of ['', '-wal', '-shm']) rmSync(file + f, { force: true });
      },
    };
  }
  const admin = process.env.PG_ADMIN_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs PG_ADMIN_URL (run the tests with npm run test:api)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const template = useTemplate ? process.env.TEST_PG_TEMPLATE : undefined;
  await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  return {
    handle,
    seeded: !!template,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  /** Lines the server logged (JSON). */
  logs: Record<string, unknown>[];
  login(user: string, password?: string): Promise<string>;
  /** Raw `inject` with a Bearer token. API tests call endpoints through the typed client instead (`api(t)` in client.ts). */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Builds the app on a fresh, migrated, seeded database; closes and drops it after the file's tests. */
export async function createTestApp(opts: Partial<AppOptions> & { demo?: boolean } = {}): Promise<TestApp> {
  const demo = opts.demo ?? true;
  const { handle, drop, seeded } = await freshDatabase(demo);
  await migrate(handle);
  if (!seeded) await seed(handle, { scale: 60, demo });
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      cb();
    },
  });
  const app = await buildApp({
    handle,
    logger: { level: 'info', stream },
    parameterCacheMs: 0,
    sessionCacheMs: 0,
    loginLimit: { max: 1000, timeWindow: 60_000 },
    ...opts,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
  });
  const call: TestApp['call'] = (token, o) => app.inject({ ...o, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(o.headers ?? {}) } });
  return {
    app,
    handle,
    logs,
    call,
    async login(user, password = user) {
      const { method, path } = endpoints.login;
      const res = await app.inject({ method, url: `${API_PREFIX}${path}`, headers: { authorization: basic(user, password) } });
      if (res.statusCode !== 200) throw new Error(`login ${user} failed: ${res.statusCode} ${res.body}`);
      return res.json().result.token as string;
    },
  };
}

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** An answer of the typed client (`status`, parsed `body`) or of `inject` (`statusCode`, `json()`). */
type AnyResponse = { status: number; body: unknown } | { statusCode: number; json(): unknown };

/** Asserts the spec's error object (HTTP-045) with the status (and message code) and returns it. */
export function expectError(res: AnyResponse, status: number, code?: string): ApiErrorBody {
  const [actual, body] = 'statusCode' in res ? [res.statusCode, res.json() as ApiErrorBody] : [res.status, res.body as ApiErrorBody];
  if (actual !== status) throw new Error(`expected ${status}, got ${actual}: ${JSON.stringify(body)}`);
  if (body?.httpStatus !== status) throw new Error(`httpStatus ${body?.httpStatus} != ${status}`);
  if (code && body.messageCode !== code) throw new Error(`messageCode ${body.messageCode} != ${code}`);
  if (typeof body.trackingId !== 'string' || !body.trackingId) throw new Error('trackingId missing');
  if (!Array.isArray(body.errors?.services) || typeof body.errors?.fieldErrors !== 'object') throw new Error('errors object malformed');
  if (!Array.isArray(body.messageParameters) || typeof body.instance !== 'string') throw new Error('messageParameters/instance missing');
  return body;
}
