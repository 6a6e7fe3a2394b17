// Seeds the test templates once per run: a SQLite file and a PostgreSQL template database.
// Each test file then starts from a copy (file copy / CREATE DATABASE … TEMPLATE), instead of seeding again.
import pg from 'pg';
import { migrate, openDatabase } from '../src/db/index';
import { seed } from '../src/seed/index';

export const TEST_SCALE = 60;

async function prepare(url: string) {
  const handle = await openDatabase(url);
  await migrate(handle);
  await seed(handle, { scale: TEST_SCALE, demo: true });
  await handle.close();
}

const [sqliteFile, pgAdmin] = process.argv.slice(2);
if (sqliteFile) await prepare(sqliteFile);
if (pgAdmin) {
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  await c.query('drop database if exists vario_template');
  await c.query('create database vario_template');
  await c.end();
  const url = new URL(pgAdmin);
  url.pathname = '/vario_template';
  await prepare(url.toString());
}
process.exit(0);
