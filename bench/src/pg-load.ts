// `npm run bench:pg-load [-- <scale>]` (default BENCH_SCALE or 1m): brings data/bench-<scale>.sqlite into the bench
// PostgreSQL cluster of that scale (bench/src/pg-cluster.ts), so that the benches compare both databases on the same rows.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { migrate, openDatabase } from '../../apps/server/src/db/index';
import { findPgBin } from '../../reliability/src/lib/pg';
import { benchDatabase } from './lib';
import { benchPgDbName, benchPgPort, benchPgUrl, ensureBenchCluster, PG_USER } from './pg-cluster';

/**
 * The load, in one pass and into a fresh database that replaces the old one only when complete:
 * 1. the project's migrations on an empty database (`migrate`, the server's code path), so the schema is the server's;
 * 2. every table both databases have is emptied (rows the migrations wrote) and copied from SQLite with the text COPY
 *    protocol through psql (`COPY … FROM STDIN (FORMAT csv)`), under `session_replication_role = replica`: no user
 *    triggers (the deals' phase-sum trigger would count every deal again: `dealPhasenSummen` and `umsatzMonate` are
 *    copied as they are, then checked against a recount) and no foreign-key triggers (SQLite checked them when the rows
 *    were written). Generated columns (the `suche` tsvectors) are left out of the column list: PostgreSQL computes them.
 *    SQLite-only tables (the FTS5 tables and their shadows, `belege_zaehler`, `sqlite_sequence`) are not copied;
 * 3. the secondary indexes are dropped before the copy and built again after it (a GIN index builds far faster in one
 *    go than row by row); identity sequences are set past the highest id; VACUUM ANALYZE sets statistics and the
 *    visibility map (index-only scans), as autovacuum would on a database that has run for a while.
 * The psql and index/vacuum backends run at nice 10 (the machine is shared).
 */
const scale = process.argv[2] ?? process.env.BENCH_SCALE ?? '1m';
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);

const t0 = performance.now();
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const q = (id: string) => `"${id.replaceAll('"', '""')}"`;

const sqliteFile = await benchDatabase(scale);
const adminUrl = await ensureBenchCluster(scale);
const target = benchPgDbName(scale);
const loading = `${target}_loading`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${loading} with (force)`);
await admin.query(`create database ${loading}`);
const loadingUrl = benchPgUrl(scale).replace(/\/[^/]+$/, `/${loading}`);
console.log(`Loading ${sqliteFile} into ${loadingUrl} …`);

let t = performance.now();
{
  const handle = await openDatabase(loadingUrl);
  await migrate(handle);
  await handle.close();
}
console.log(`  migrations: ${secs(t)}`);

const client = new pg.Client({ connectionString: loadingUrl, application_name: 'vario-pg-load' });
await client.connect();
const renice = async (pid: number) => {
  try {
    await new Promise<void>((resolve) => spawn('renice', ['-n', '10', '-p', String(pid)], { stdio: 'ignore' }).on('exit', () => resolve()));
  } catch {}
};
await renice((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid as number);
await client.query('set max_parallel_maintenance_workers = 0');
await client.query(`set maintenance_work_mem = '512MB'`);

const sqlite = new SQLite(sqliteFile, { readonly: true });
sqlite.defaultSafeIntegers(true);
const sqliteTables = new Map<string, string[]>();
for (const { name } of sqlite.prepare<[], { name: string }>("select name from sqlite_master where type = 'table'").all()) {
  sqliteTables.set(
    name,
    sqlite
      .prepare<[], { name: string }>(`select name from pragma_table_info('${name.replaceAll("'", "''")}')`)
      .all()
      .map((c) => c.name),
  );
}
const pgColumns = await client.query<{ table_name: string; column_name: string; is_generated: string; data_type: string }>(
  `select table_name, column_name, is_generated, data_type from information_schema.columns
   where table_schema = 'public' and table_name in (select tablename from pg_tables where schemaname = 'public') order by table_name, ordinal_position`,
);
const tables = new Map<string, { columns: string[]; generated: string[] }>();
for (const c of pgColumns.rows) {
  const e = tables.get(c.table_name) ?? { columns: [], generated: [] };
  (c.is_generated === 'ALWAYS' ? e.generated : e.columns).push(c.column_name);
  tables.set(c.table_name, e);
}
const copied = [...tables.keys()].filter((n) => !SKIP.has(n) && sqliteTables.has(n)).sort();
const onlyPg = [...tables.keys()].filter((n) => !SKIP.has(n) && !sqliteTables.has(n));
const onlySqlite = [...sqliteTables.keys()].filter((n) => !SKIP.has(n) && !tables.has(n) && !n.startsWith('sqlite_'));
for (const name of copied) {
  const have = new Set(sqliteTables.get(name));
  const missing = (tables.get(name)?.columns ?? []).filter((c) => !have.has(c));
  if (missing.length) throw new Error(`${name}: SQLite lacks the columns ${missing.join(', ')} — is data/bench-${scale}.sqlite migrated?`);
}

// the indexes that back no constraint: dropped now, built again after the copy
const indexes = await client.query<{ name: string; def: string; tablename: string }>(
  `select i.indexname as name, i.indexdef as def, i.tablename from pg_indexes i
   where i.schemaname = 'public' and i.tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  [copied],
);
await client.query(`truncate ${copied.map(q).join(', ')}`);
for (const i of indexes.rows) await client.query(`drop index ${q(i.name)}`);

const psql = join(findPgBin() as string, 'psql');
const csv = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (Buffer.isBuffer(v)) return `"\\x${v.toString('hex')}"`;
  return `"${String(v).replaceAll('"', '""')}"`;
};

/** One table through `COPY … FROM STDIN (FORMAT csv)` of a psql child (the `pg` package has no COPY streams). */
async function copyTable(name: string): Promise<number> {
  const cols = tables.get(name)?.columns ?? [];
  const list = cols.map(q).join(', ');
  const child = spawn(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', loadingUrl, '-c', `copy ${q(name)} (${list}) from stdin with (format csv)`], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...process.env, PGAPPNAME: 'vario-pg-load-copy', PGOPTIONS: '-c session_replication_role=replica' },
  });
  const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  let reniced = false;
  let rows = 0;
  let chunk = '';
  const flush = async () => {
    if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
    chunk = '';
    if (!reniced) {
      const r = await client.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = 'vario-pg-load-copy'`);
      for (const { pid } of r.rows) await renice(pid);
      reniced = r.rows.length > 0;
    }
  };
  const stmt = sqlite.prepare(`select ${list} from ${q(name)}`).raw(true);
  for (const row of stmt.iterate() as Iterable<unknown[]>) {
    chunk += `${row.map(csv).join(',')}\n`;
    rows++;
    if (chunk.length > 1 << 20) await flush();
  }
  if (chunk) await flush();
  child.stdin.end();
  const code = await done;
  if (code !== 0) throw new Error(`COPY of ${name} failed (psql exit ${code})`);
  return rows;
}

t = performance.now();
let total = 0;
for (const name of copied) {
  const tt = performance.now();
  const rows = await copyTable(name);
  total += rows;
  const n = Number((await client.query<{ n: number }>(`select count(*) as n from ${q(name)}`)).rows[0]?.n);
  if (n !== rows) throw new Error(`${name}: ${rows} rows read from SQLite, ${n} in PostgreSQL`);
  if (rows >= 100_000) console.log(`  ${name}: ${rows.toLocaleString('en')} rows in ${secs(tt)}`);
}
console.log(`  copy: ${total.toLocaleString('en')} rows of ${copied.length} tables in ${secs(t)}`);

t = performance.now();
for (const i of indexes.rows) {
  const tt = performance.now();
  await client.query(i.def);
  if (performance.now() - tt > 5000) console.log(`  index ${i.name}: ${secs(tt)}`);
}
console.log(`  ${indexes.rows.length} indexes built in ${secs(t)}`);

// identity (and serial) sequences past the highest id
const seqs = await client.query<{ table_name: string; column_name: string; seq: string }>(
  `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq from information_schema.columns
   where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
);
for (const s of seqs.rows) {
  await client.query(`select setval($1, coalesce((select max(${q(s.column_name)}) from ${q(s.table_name)}), 0) + 1, false)`, [s.seq]);
}
console.log(`  ${seqs.rows.length} sequences set past their highest id`);

// the trigger-kept aggregate came over as SQLite kept it: it must equal a recount on the copied rows
const sums = await client.query<{ phase: number; a: number; b: number }>(
  `select coalesce(r.phase, s.phase) as phase, s.anzahl as a, r.anzahl as b from "dealPhasenSummen" s
   full join (select phase, count(*) as anzahl, sum(coalesce("investitionssummeGeplant", 0)) as summe,
     sum((coalesce("investitionssummeGeplant", 0) * chance + 50) / 100) as gewichtet from deals where status = 0 and archived = false group by phase) r
   on r.phase = s.phase
   where s.anzahl is distinct from r.anzahl or s.summe is distinct from r.summe or s.gewichtet is distinct from r.gewichtet`,
);
if (sums.rows.length) throw new Error(`dealPhasenSummen differs from a recount of the deals: ${JSON.stringify(sums.rows)}`);

t = performance.now();
await client.query('vacuum (analyze)');
console.log(`  vacuum analyze: ${secs(t)}`);
const size = (await client.query<{ s: string }>('select pg_size_pretty(pg_database_size(current_database())) as s')).rows[0]?.s;
await client.end();
sqlite.close();

await admin.query(`drop database if exists ${target} with (force)`);
await admin.query(`alter database ${loading} rename to ${target}`);
await admin.end();
console.log(
  `Loaded in ${secs(t0)}: ${benchPgUrl(scale)} (${size}; port ${benchPgPort(scale)}, user ${PG_USER}).` +
    `\n  Not copied (SQLite only): ${onlySqlite.join(', ') || '-'}\n  Empty (PostgreSQL only): ${onlyPg.join(', ') || '-'}`,
);
process.exit();
