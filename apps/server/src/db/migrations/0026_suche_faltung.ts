import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';
import { searchTextSql } from '../search-fold';

/**
 * Issue 20 item 2: the full-text indexes of addresses, products and documents hold their texts folded (db/search-fold.ts:
 * the transcription ä → ae … ß → ss and, where it differs, the base letters), so that `Weiß`/`Weiss` and
 * `Müller`/`Mueller`/`Muller` find each other on both databases. The indexes are rebuilt from the rows: SQLite's FTS5
 * tables and their triggers, PostgreSQL's generated `suche` columns and their GIN indexes.
 */
interface FtsIndex {
  table: string;
  /** The FTS5 columns with the expression of each over the row `r` (SQLite). */
  columns: [string, (r: string) => string][];
  /** The columns whose update re-indexes the row. */
  watched: string[];
  /** The text of the generated tsvector (PostgreSQL), before and after this migration. */
  pg: { before: string; after: string };
  vocab?: boolean;
}

const PG_ADRESSEN_TEXT = `coalesce("name1",'') || ' ' || coalesce("name2",'') || ' ' || coalesce("name3",'') || ' ' || coalesce("kurzname",'') || ' ' || coalesce("ort",'') || ' ' || coalesce("plz",'') || ' ' || coalesce("email",'')`;
const PG_ADRESSEN_NUMMERN = `"adressnummer" || ' ' || coalesce("kundennummer"::text,'') || ' ' || coalesce("lieferantennummer"::text,'')`;
const PG_ARTIKEL_TEXT = `"bezeichnung" || ' ' || coalesce("name1",'') || ' ' || coalesce("hersteller",'')`;
const PG_BELEG_NUMMER = `translate(coalesce("belegnummer",''), '-/_.', '    ')`;
const PG_BELEG_TEXT = `coalesce("adresseName",'') || ' ' || coalesce("betreff",'')`;

const folded = (c: string) => (r: string) => searchTextSql(`${r}.${c}`, 'sqlite');
const plain = (c: string) => (r: string) => `${r}.${c}`;

const INDEXES: FtsIndex[] = [
  {
    table: 'adressen',
    columns: [
      ['name1', folded('name1')],
      ['name2', folded('name2')],
      ['name3', folded('name3')],
      ['kurzname', folded('kurzname')],
      ['ort', folded('ort')],
      ['plz', plain('plz')],
      ['email', folded('email')],
      ['nummern', (r) => `${r}.adressnummer || ' ' || coalesce(${r}.kundennummer, '') || ' ' || coalesce(${r}.lieferantennummer, '')`],
    ],
    watched: ['name1', 'name2', 'name3', 'kurzname', 'ort', 'plz', 'email', 'adressnummer', 'kundennummer', 'lieferantennummer'],
    pg: {
      before: `${PG_ADRESSEN_TEXT} || ' ' || ${PG_ADRESSEN_NUMMERN}`,
      after: `${searchTextSql(PG_ADRESSEN_TEXT, 'postgres')} || ' ' || ${PG_ADRESSEN_NUMMERN}`,
    },
  },
  {
    table: 'artikel',
    columns: [
      ['artikelnummer', plain('artikelnummer')],
      ['bezeichnung', folded('bezeichnung')],
      ['name1', folded('name1')],
      ['ean', plain('ean')],
      ['hersteller', folded('hersteller')],
    ],
    watched: ['artikelnummer', 'bezeichnung', 'name1', 'ean', 'hersteller'],
    pg: {
      before: `"artikelnummer" || ' ' || "bezeichnung" || ' ' || coalesce("name1",'') || ' ' || coalesce("ean",'') || ' ' || coalesce("hersteller",'')`,
      after: `"artikelnummer" || ' ' || coalesce("ean",'') || ' ' || ${searchTextSql(PG_ARTIKEL_TEXT, 'postgres')}`,
    },
  },
  {
    table: 'belege',
    columns: [
      ['belegnummer', plain('belegnummer')],
      ['adresseName', folded('adresseName')],
      ['betreff', folded('betreff')],
    ],
    watched: ['belegnummer', 'adresseName', 'betreff'],
    pg: {
      before: `${PG_BELEG_NUMMER} || ' ' || ${PG_BELEG_TEXT}`,
      after: `${PG_BELEG_NUMMER} || ' ' || ${searchTextSql(PG_BELEG_TEXT, 'postgres')}`,
    },
    vocab: true,
  },
];

async function rebuild(db: Kysely<unknown>, index: FtsIndex, fold: boolean) {
  const { table } = index;
  if (dialectOf(db) === 'postgres') {
    await sql.raw(`drop index if exists ${table}_suche_idx`).execute(db);
    await sql.raw(`alter table ${table} drop column suche`).execute(db);
    await sql
      .raw(`alter table ${table} add column suche tsvector generated always as (to_tsvector('simple', ${fold ? index.pg.after : index.pg.before})) stored`)
      .execute(db);
    await sql.raw(`create index ${table}_suche_idx on ${table} using gin (suche)`).execute(db);
    return;
  }
  const fts = `${table}_fts`;
  for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
  if (index.vocab) await sql.raw(`drop table if exists ${fts}_vocab`).execute(db);
  await sql.raw(`drop table if exists ${fts}`).execute(db);
  const names = index.columns.map(([c]) => c);
  await sql
    .raw(`create virtual table ${fts} using fts5(${names.join(', ')}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`)
    .execute(db);
  const cols = `rowid, ${names.join(', ')}`;
  // before this migration every text column was indexed as it is (the numbers' column was always composed)
  const v = (r: string) => [`${r}.id`, ...index.columns.map(([c, expr]) => (fold || c === 'nummern' ? expr(r) : `${r}.${c}`))].join(', ');
  await sql.raw(`insert into ${fts}(${cols}) select ${v('r')} from ${table} r`).execute(db);
  await sql.raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(${cols}) values (${v('new')}); end`).execute(db);
  await sql.raw(`create trigger ${fts}_ad after delete on ${table} begin delete from ${fts} where rowid = old.id; end`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_au after update of ${index.watched.join(', ')} on ${table} begin delete from ${fts} where rowid = old.id; insert into ${fts}(${cols}) values (${v('new')}); end`,
    )
    .execute(db);
  if (index.vocab) await sql.raw(`create virtual table ${fts}_vocab using fts5vocab(${fts}, row)`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await rebuild(db, index, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await rebuild(db, index, false);
}
