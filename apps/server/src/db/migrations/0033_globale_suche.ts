import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';
import { searchTextSql } from '../search-fold';

/**
 * Issue 23 item 3 (the global search): persons and assets get the search structures the addresses, products, documents,
 * deals and tickets have — a full-text index whose words are matched by prefix (SQLite FTS5 kept by triggers, PostgreSQL
 * a generated `suche` tsvector with a GIN index), texts folded as db/search-fold.ts does (Müller = Mueller = Muller,
 * Straße = Strasse), numbers split at their separators. Document numbers (`AN2026-00012`) also get a trigram index, so
 * that a fragment inside a number (`2026-00`) is found by the index (SQLite FTS5 `trigram`, PostgreSQL `pg_trgm`).
 */
interface FtsIndex {
  table: string;
  /** FTS5 columns with the expression of each over the row `r` (SQLite). */
  columns: [string, (r: string) => string][];
  /** Columns whose update re-indexes the row. */
  watched: string[];
  /** The text of the generated tsvector (PostgreSQL). */
  pg: string;
}

const folded = (c: string) => (r: string) => searchTextSql(`${r}.${c}`, 'sqlite');
const plain = (c: string) => (r: string) => `coalesce(${r}.${c}, '')`;
/** A number split at its separators (PostgreSQL's parser keeps `AT-123` as one word besides its parts). */
const pgNumber = (c: string) => `translate(coalesce("${c}",''), '-/_.', '    ')`;

const INDEXES: FtsIndex[] = [
  {
    table: 'ansprechpartner',
    columns: [
      ['vorname', folded('vorname')],
      ['name', folded('name')],
      ['email', folded('email')],
    ],
    watched: ['vorname', 'name', 'email'],
    pg: searchTextSql(`coalesce("vorname",'') || ' ' || "name" || ' ' || coalesce("email",'')`, 'postgres'),
  },
  {
    table: 'assets',
    columns: [
      ['assetnummer', plain('assetnummer')],
      ['bezeichnung', folded('bezeichnung')],
      ['seriennummer', plain('seriennummer')],
      ['imei', plain('imei')],
    ],
    watched: ['assetnummer', 'bezeichnung', 'seriennummer', 'imei'],
    pg: `${pgNumber('assetnummer')} || ' ' || ${pgNumber('seriennummer')} || ' ' || ${pgNumber('imei')} || ' ' || ${searchTextSql('"bezeichnung"', 'postgres')}`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const { table, columns, watched, pg: text } of INDEXES) {
    if (pg) {
      await sql.raw(`alter table ${table} add column suche tsvector generated always as (to_tsvector('simple', ${text})) stored`).execute(db);
      await sql.raw(`create index ${table}_suche_idx on ${table} using gin (suche)`).execute(db);
      continue;
    }
    const fts = `${table}_fts`;
    const names = columns.map(([c]) => c);
    const cols = `rowid, ${names.join(', ')}`;
    const v = (r: string) => [`${r}.id`, ...columns.map(([, expr]) => expr(r))].join(', ');
    await sql
      .raw(`create virtual table ${fts} using fts5(${names.join(', ')}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`)
      .execute(db);
    await sql.raw(`insert into ${fts}(${cols}) select ${v('r')} from ${table} r`).execute(db);
    await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(${cols}) values (${v('new')}); end`).execute(db);
    await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin delete from ${fts} where rowid = old.id; end`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_au after update of ${watched.join(', ')} on ${table} begin delete from ${fts} where rowid = old.id; insert into ${fts}(${cols}) values (${v('new')}); end`,
      )
      .execute(db);
  }
  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index belege_belegnummer_trgm_idx on belege using gin (belegnummer gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table belege_nr_fts using fts5(belegnummer, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`insert into belege_nr_fts(rowid, belegnummer) select id, belegnummer from belege`.execute(db);
  await sql`create trigger belege_nr_fts_ai after insert on belege begin insert into belege_nr_fts(rowid, belegnummer) values (new.id, new.belegnummer); end`.execute(
    db,
  );
  await sql`create trigger belege_nr_fts_ad after delete on belege begin delete from belege_nr_fts where rowid = old.id; end`.execute(db);
  await sql`create trigger belege_nr_fts_au after update of belegnummer on belege begin delete from belege_nr_fts where rowid = old.id; insert into belege_nr_fts(rowid, belegnummer) values (new.id, new.belegnummer); end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) await sql`drop index if exists belege_belegnummer_trgm_idx`.execute(db);
  else {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists belege_nr_fts_${t}`).execute(db);
    await sql`drop table if exists belege_nr_fts`.execute(db);
  }
  for (const { table } of INDEXES) {
    if (pg) {
      await sql.raw(`drop index if exists ${table}_suche_idx`).execute(db);
      await sql.raw(`alter table ${table} drop column suche`).execute(db);
      continue;
    }
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_fts_${t}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
  }
}
