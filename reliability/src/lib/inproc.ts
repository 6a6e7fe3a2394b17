// The real app in this process on a fresh seeded database (SQLite file or a PostgreSQL database of the cluster),
// called through fastify.inject: fast enough to send thousands of odd requests.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../apps/server/src/app';
import { type DbHandle, migrate, openDatabase } from '../../../apps/server/src/db/index';
import { hashPassword } from '../../../apps/server/src/modules/auth/passwords';
import { seed } from '../../../apps/server/src/seed/index';
import type { Cluster } from './pg';

/** The password of every user the harness creates (hashed once: argon2 is slow on purpose). */
const PASSWORD = 'Pruefer-Passwort-1';
let sharedHash: string | undefined;
const passwordHash = async () => {
  sharedHash ??= await hashPassword(PASSWORD);
  return sharedHash;
};

/** A JSON answer of any shape, read by the checks. */
// biome-ignore lint/suspicious/noExplicitAny: answers of every endpoint, inspected field by field
export type Json = any;

export type DbKind = 'sqlite' | 'postgres';

export interface Answer {
  status: number;
  body: string;
  json(): Json;
  headers: Record<string, unknown>;
}

/** Tables a refused request may legitimately touch (its session's last use); everything else must stay as it was. */
const VOLATILE = new Set(['sitzungen', 'kysely_migration', 'kysely_migration_lock']);

export interface InProc {
  kind: DbKind;
  app: FastifyInstance;
  handle: DbHandle;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<Answer>;
  login(user: string, password?: string): Promise<string>;
  /** A new user (password = login) with the given rights (`{ ADR_SEHEN: false }`). */
  user(rechte?: Record<string, boolean>, istAdmin?: boolean): Promise<{ id: number; login: string; token: string }>;
  /** A digest of every table's rows (order-independent). */
  digest(): Promise<string>;
  /** The digest per table (to name what changed). */
  tableDigests(): Promise<Record<string, string>>;
  /**
   * A cheap mark that moves whenever anything was written, even if rolled back (SQLite: total_changes() of the one
   * connection; PostgreSQL: the next transaction id). An unmoved mark proves nothing changed without a digest.
   */
  writeMark(): Promise<string>;
  close(): Promise<void>;
}

/** One seeded template per database kind (demo data at scale 60); every step starts from a copy of it. */
const templates = new Map<DbKind, string>();

async function template(kind: DbKind, cluster?: Cluster): Promise<string> {
  let url = templates.get(kind);
  if (url) return url;
  if (kind === 'sqlite') url = join(tmpdir(), `vario-rel-template-${randomBytes(5).toString('hex')}.sqlite`);
  else if (cluster) url = await cluster.createDb(`rel_template_${randomBytes(5).toString('hex')}`);
  else throw new Error('postgres needs the cluster');
  const handle = await openDatabase(url);
  await migrate(handle);
  await seed(handle, { scale: 60, demo: true });
  await handle.close();
  templates.set(kind, url);
  return url;
}

/** Removes the SQLite template (the PostgreSQL one goes with the cluster). */
export function dropTemplates() {
  const file = templates.get('sqlite');
  if (file) for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
  templates.clear();
}

/** A fresh copy of the seeded template: a SQLite file, or a PostgreSQL database created from the template. */
export async function seededUrl(kind: DbKind, cluster?: Cluster): Promise<{ url: string; drop: () => void }> {
  const tpl = await template(kind, cluster);
  if (kind === 'sqlite') {
    const file = join(tmpdir(), `vario-rel-${randomBytes(5).toString('hex')}.sqlite`);
    copyFileSync(tpl, file);
    return {
      url: file,
      drop: () => {
        for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
      },
    };
  }
  if (!cluster) throw new Error('postgres needs the cluster');
  return { url: await cluster.createDb(`rel_${randomBytes(5).toString('hex')}`, new URL(tpl).pathname.slice(1)), drop: () => {} };
}

export async function startInProc(kind: DbKind, cluster?: Cluster): Promise<InProc> {
  const { url, drop } = await seededUrl(kind, cluster);
  const handle = await openDatabase(url);
  await migrate(handle);
  const app = await buildApp({
    handle,
    logger: false,
    parameterCacheMs: 0,
    sessionCacheMs: 0,
    loginLimit: { max: 1_000_000, timeWindow: 60_000 },
  });
  await app.ready();
  const db = handle.db;
  let n = 0;

  const call: InProc['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers };
    let payload: string | undefined;
    if (o.raw !== undefined) payload = o.raw;
    else if (o.body !== undefined) payload = JSON.stringify(o.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.inject({ method: method as 'GET', url: `${API_PREFIX}${path}`, headers, ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, body: res.body, json: () => res.json(), headers: res.headers };
  };
  const login = async (user: string, password = user) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    });
    if (res.statusCode !== 200) throw new Error(`login ${user}: ${res.statusCode} ${res.body}`);
    return res.json().result.token as string;
  };

  /** Per table one query that answers its rows as one string (SQLite: quoted columns; PostgreSQL: md5 of the rows). */
  let digestQueries: { table: string; query: string }[] | undefined;
  const prepareDigest = async () => {
    if (kind === 'sqlite') {
      const r = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL%'`.execute(db);
      const out: { table: string; query: string }[] = [];
      for (const { name } of r.rows) {
        const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
        const row = cols.rows.map((c) => `quote("${c.name}")`).join(' || char(31) || ');
        out.push({ table: name, query: `select count(*) as n, group_concat(r, char(30)) as g from (select ${row} as r from "${name}" order by 1)` });
      }
      return out;
    }
    const r = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
    return r.rows.map(({ name }) => ({
      table: name,
      query: `select count(*) as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as g from "${name}" t`,
    }));
  };

  async function tableDigests() {
    digestQueries ??= (await prepareDigest()).filter((q) => !VOLATILE.has(q.table)).sort((a, b) => a.table.localeCompare(b.table));
    const out: Record<string, string> = {};
    for (const q of digestQueries) {
      const r = await sql<{ n: number; g: string | null }>`${sql.raw(q.query)}`.execute(db);
      out[q.table] = createHash('sha256')
        .update(`${r.rows[0]?.n}:${r.rows[0]?.g ?? ''}`)
        .digest('hex');
    }
    return out;
  }

  return {
    kind,
    app,
    handle,
    call,
    login,
    async user(rechte = {}, istAdmin = false) {
      const tag = `${(++n).toString(36)}${randomBytes(2).toString('hex')}`;
      const login = `rel${tag}`;
      const row = await db
        .insertInto('benutzer')
        .values({
          name: `Prüfer ${login}`,
          kuerzel: `Z${tag}`.slice(0, 8).toUpperCase(),
          anmeldename: login,
          typ: 0,
          istAdmin,
          gesperrt: false,
          avatar: null,
          vorgabeLagerId: null,
          email: null,
          passwortHash: await passwordHash(),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = Object.entries(rechte).map(([recht, genehmigt]) => ({ benutzerId: row.id, recht, genehmigt }));
      if (rows.length) await db.insertInto('rechte').values(rows).execute();
      return { id: row.id, login, token: await login_(login) };
    },
    async digest() {
      const h = createHash('sha256');
      for (const [t, d] of Object.entries(await tableDigests())) h.update(`${t}:${d}\n`);
      return h.digest('hex');
    },
    tableDigests,
    async writeMark() {
      const q =
        kind === 'sqlite' ? sql<{ m: string }>`select total_changes() as m` : sql<{ m: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as m`;
      return String((await q.execute(db)).rows[0]?.m);
    },
    async close() {
      await app.close();
      await handle.close();
      drop();
    },
  };
  function login_(l: string) {
    return login(l, PASSWORD);
  }
}
