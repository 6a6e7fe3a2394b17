import { API_PREFIX } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { lsnValue, openReadRouting, type ReadRouting } from '../src/db/replica';
import { basic, createTestApp, DB_KIND, type TestApp } from './helper';

// The read replica's seam (db/replica.ts). The replication itself — a primary with a streaming replica, 1,000 writes
// read back by the writer — runs in the reliability harness (`npm run test:reliability -- --only=replica`).

describe('DATABASE_READ_URL', () => {
  it('is refused with a SQLite database, and taken with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: ':memory:', DATABASE_READ_URL: 'postgres://u@127.0.0.1:5433/db' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', DATABASE_READ_URL: '/tmp/x.sqlite' })).toThrow(ConfigError);
    const c = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', DATABASE_READ_URL: ' postgres://u@127.0.0.1:5433/db ' });
    expect(c.databaseReadUrl).toBe('postgres://u@127.0.0.1:5433/db');
    expect(loadConfig({ DATABASE_URL: ':memory:' }).databaseReadUrl).toBeUndefined();
  });

  it('compares WAL positions as positions, not as text', () => {
    expect(lsnValue('0/FF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('0/9') < lsnValue('0/10')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
  });
});

describe.skipIf(DB_KIND !== 'postgres')('read routing on PostgreSQL', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let routing: ReadRouting;
  beforeAll(async () => {
    t = await createTestApp();
    // the test database itself stands in for the replica: what matters here is which reads go through the routing
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(t.handle.db)).rows[0]?.n as string;
    const url = new URL(process.env.PG_ADMIN_URL as string);
    url.pathname = `/${name}`;
    routing = await openReadRouting(t.handle.db, url.toString());
    app = await buildApp({ handle: { ...t.handle, replica: routing }, logger: false, loginLimit: { max: 1000, timeWindow: 60_000 } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await routing?.close();
  });

  const call = async (token: string, method: 'GET' | 'PATCH', path: string, body?: unknown) =>
    app.inject({
      method,
      url: `${API_PREFIX}${path}`,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const login = async (user: string) =>
    (await app.inject({ method: 'POST', url: `${API_PREFIX}/login`, headers: { authorization: basic(user, user) } })).json().result.token as string;

  it('sends list, report and export reads through the replica, record reads to the primary, and makes a writer’s next read check the replay position', async () => {
    const admin = await login('admin');
    const s0 = routing.stats();
    const list = await call(admin, 'GET', '/stammdaten/adressen?limit=5&orderBy=id');
    expect(list.statusCode).toBe(200);
    const id = list.json().result[0].id as number;
    const s1 = routing.stats();
    expect(s1.replica).toBe(s0.replica + 1);
    expect(s1.waits).toBe(s0.waits);
    // a record read stays on the primary
    expect((await call(admin, 'GET', `/stammdaten/adressen/${id}`)).statusCode).toBe(200);
    expect(routing.stats().replica).toBe(s1.replica);

    const w = await call(admin, 'PATCH', `/stammdaten/adressen/${id}`, { data: { name2: 'über das Replikat' }, ProtokollBemerkung: 'Test' });
    expect(w.statusCode).toBe(200);
    // the writer's next list read waits for the replica's position (here a primary: it has every write) and sees the write
    const after = await call(admin, 'GET', `/stammdaten/adressen?filter=id=${id}&limit=1`);
    expect(after.json().result[0].name2).toBe('über das Replikat');
    const s2 = routing.stats();
    expect(s2.waits).toBe(s1.waits + 1);
    // once checked, the writer reads without asking again; another user never asked
    await call(admin, 'GET', '/stammdaten/adressen?limit=1');
    const buero = await login('buero');
    await call(buero, 'GET', '/stammdaten/adressen?limit=1');
    expect(routing.stats().waits).toBe(s2.waits);
    // a report read goes through the routing as well
    const s3 = routing.stats().replica;
    expect((await call(admin, 'GET', `/stammdaten/adressen/${id}/historie`)).statusCode).toBe(200);
    expect(routing.stats().replica).toBe(s3 + 1);
    // and so does a list's CSV export, with the list's filter
    const exported = await call(admin, 'GET', `/stammdaten/adressen/export?filter=id=${id}&columns=adressnummer,name1,name2`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('über das Replikat');
    expect(routing.stats().replica).toBe(s3 + 2);
  });
});
