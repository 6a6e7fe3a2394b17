import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';
import { foldedSearchText, searchTextSql } from '../search-fold';

/**
 * Issue 23 item 3: umlauts and ß match every way. The indexes held a text in two spellings (the transcription and the
 * base letters), a search word in its transcription: a stored "Muller" was not found by "Müller", a stored "Mueller"
 * not by "Muller". They now hold every text in the one folded spelling of db/search-fold.ts (`foldedSearchText`: "Müller",
 * "Mueller", "Muller" → "muller"; "Straße", "Strasse" → "strasse"), numbers included, which the searches fold alike.
 * The seven groups of the global search and the incoming invoices are re-folded from their rows: SQLite's FTS5 tables,
 * their triggers and term lists; PostgreSQL's generated `suche` columns and their GIN indexes.
 */
interface FtsIndex {
  table: string;
  /** The GIN index of the `suche` column (PostgreSQL). */
  pgIndex: string;
  /** The FTS5 columns (SQLite): the name, the text it indexes and its expression before this migration, over the row `r`. */
  columns: [string, (r: string) => string, (r: string) => string][];
  /** The columns whose update re-indexes the row. */
  watched: string[];
  /** The unfolded text of the generated tsvector (PostgreSQL), and the text before this migration. */
  pg: { text: string; before: string };
  /** SQLite: the index has a term list `<table>_fts_vocab`. */
  vocab?: boolean;
}

const two = (c: string) => (r: string) => searchTextSql(`${r}.${c}`, 'sqlite');
const orEmpty = (c: string) => (r: string) => `coalesce(${r}.${c}, '')`;
const src = (c: string) => (r: string) => `${r}.${c}`;
const nummern = (r: string) => `${r}.adressnummer || ' ' || coalesce(${r}.kundennummer, '') || ' ' || coalesce(${r}.lieferantennummer, '')`;
const pgNumber = (c: string) => `translate(coalesce("${c}",''), '-/_.', '    ')`;

const PG_ADRESSEN_TEXT = `coalesce("name1",'') || ' ' || coalesce("name2",'') || ' ' || coalesce("name3",'') || ' ' || coalesce("kurzname",'') || ' ' || coalesce("ort",'') || ' ' || coalesce("plz",'') || ' ' || coalesce("email",'')`;
const PG_ADRESSEN_NUMMERN = `"adressnummer" || ' ' || coalesce("kundennummer"::text,'') || ' ' || coalesce("lieferantennummer"::text,'')`;
const PG_ARTIKEL_TEXT = `"bezeichnung" || ' ' || coalesce("name1",'') || ' ' || coalesce("hersteller",'')`;
const PG_BELEG_NUMMER = `translate(coalesce("belegnummer",''), '-/_.', '    ')`;
const PG_BELEG_TEXT = `coalesce("adresseName",'') || ' ' || coalesce("betreff",'')`;
const PG_PERSON_TEXT = `coalesce("vorname",'') || ' ' || "name" || ' ' || coalesce("email",'')`;
const PG_ASSET_NUMMERN = `${pgNumber('assetnummer')} || ' ' || ${pgNumber('seriennummer')} || ' ' || ${pgNumber('imei')}`;
const PG_TICKET_TEXT = `coalesce("betreff",'') || ' ' || coalesce("adresseName",'')`;
const PG_EINKAUF_TEXT = `coalesce("belegnummer",'') || ' ' || coalesce("lieferantName",'') || ' ' || coalesce("hinweis",'')`;

const INDEXES: FtsIndex[] = [
  {
    table: 'adressen',
    pgIndex: 'adressen_suche_idx',
    columns: [
      ['name1', src('name1'), two('name1')],
      ['name2', src('name2'), two('name2')],
      ['name3', src('name3'), two('name3')],
      ['kurzname', src('kurzname'), two('kurzname')],
      ['ort', src('ort'), two('ort')],
      ['plz', src('plz'), src('plz')],
      ['email', src('email'), two('email')],
      ['nummern', nummern, nummern],
    ],
    watched: ['name1', 'name2', 'name3', 'kurzname', 'ort', 'plz', 'email', 'adressnummer', 'kundennummer', 'lieferantennummer'],
    pg: {
      text: `${PG_ADRESSEN_TEXT} || ' ' || ${PG_ADRESSEN_NUMMERN}`,
      before: `${searchTextSql(PG_ADRESSEN_TEXT, 'postgres')} || ' ' || ${PG_ADRESSEN_NUMMERN}`,
    },
  },
  {
    table: 'ansprechpartner',
    pgIndex: 'ansprechpartner_suche_idx',
    columns: [
      ['vorname', src('vorname'), two('vorname')],
      ['name', src('name'), two('name')],
      ['email', src('email'), two('email')],
    ],
    watched: ['vorname', 'name', 'email'],
    pg: { text: PG_PERSON_TEXT, before: searchTextSql(PG_PERSON_TEXT, 'postgres') },
  },
  {
    table: 'artikel',
    pgIndex: 'artikel_suche_idx',
    columns: [
      ['artikelnummer', src('artikelnummer'), src('artikelnummer')],
      ['bezeichnung', src('bezeichnung'), two('bezeichnung')],
      ['name1', src('name1'), two('name1')],
      ['ean', src('ean'), src('ean')],
      ['hersteller', src('hersteller'), two('hersteller')],
    ],
    watched: ['artikelnummer', 'bezeichnung', 'name1', 'ean', 'hersteller'],
    pg: {
      text: `"artikelnummer" || ' ' || coalesce("ean",'') || ' ' || ${PG_ARTIKEL_TEXT}`,
      before: `"artikelnummer" || ' ' || coalesce("ean",'') || ' ' || ${searchTextSql(PG_ARTIKEL_TEXT, 'postgres')}`,
    },
  },
  {
    table: 'belege',
    pgIndex: 'belege_suche_idx',
    columns: [
      ['belegnummer', src('belegnummer'), src('belegnummer')],
      ['adresseName', src('adresseName'), two('adresseName')],
      ['betreff', src('betreff'), two('betreff')],
    ],
    watched: ['belegnummer', 'adresseName', 'betreff'],
    pg: { text: `${PG_BELEG_NUMMER} || ' ' || ${PG_BELEG_TEXT}`, before: `${PG_BELEG_NUMMER} || ' ' || ${searchTextSql(PG_BELEG_TEXT, 'postgres')}` },
    vocab: true,
  },
  {
    table: 'assets',
    pgIndex: 'assets_suche_idx',
    columns: [
      ['assetnummer', src('assetnummer'), orEmpty('assetnummer')],
      ['bezeichnung', src('bezeichnung'), two('bezeichnung')],
      ['seriennummer', src('seriennummer'), orEmpty('seriennummer')],
      ['imei', src('imei'), orEmpty('imei')],
    ],
    watched: ['assetnummer', 'bezeichnung', 'seriennummer', 'imei'],
    pg: {
      text: `${PG_ASSET_NUMMERN} || ' ' || coalesce("bezeichnung",'')`,
      before: `${PG_ASSET_NUMMERN} || ' ' || ${searchTextSql('"bezeichnung"', 'postgres')}`,
    },
  },
  {
    table: 'deals',
    pgIndex: 'deals_suche_idx',
    columns: [['titel', src('titel'), two('titel')]],
    watched: ['titel'],
    pg: { text: `coalesce("titel",'')`, before: searchTextSql('"titel"', 'postgres') },
  },
  {
    table: 'tickets',
    pgIndex: 'tickets_suche_idx',
    columns: [
      ['nummer', src('ticketNummer'), src('ticketNummer')],
      ['betreff', src('betreff'), two('betreff')],
      ['adresseName', src('adresseName'), two('adresseName')],
    ],
    watched: ['ticketNummer', 'betreff', 'adresseName'],
    pg: { text: `"ticketNummer"::text || ' ' || ${PG_TICKET_TEXT}`, before: `"ticketNummer"::text || ' ' || ${searchTextSql(PG_TICKET_TEXT, 'postgres')}` },
    vocab: true,
  },
  {
    table: 'einkaufBelege',
    pgIndex: 'einkauf_belege_suche_idx',
    columns: [
      ['belegnummer', src('belegnummer'), two('belegnummer')],
      ['lieferantName', src('lieferantName'), two('lieferantName')],
      ['hinweis', src('hinweis'), two('hinweis')],
    ],
    watched: ['belegnummer', 'lieferantName', 'hinweis'],
    pg: { text: PG_EINKAUF_TEXT, before: searchTextSql(PG_EINKAUF_TEXT, 'postgres') },
    vocab: true,
  },
];

async function rebuild(db: Kysely<unknown>, index: FtsIndex, fold: boolean) {
  const { table } = index;
  if (dialectOf(db) === 'postgres') {
    await sql.raw(`drop index if exists ${index.pgIndex}`).execute(db);
    await sql.raw(`alter table "${table}" drop column suche`).execute(db);
    const text = fold ? foldedSearchText(index.pg.text, 'postgres') : index.pg.before;
    await sql.raw(`alter table "${table}" add column suche tsvector generated always as (to_tsvector('simple', ${text})) stored`).execute(db);
    await sql.raw(`create index ${index.pgIndex} on "${table}" using gin (suche)`).execute(db);
    return;
  }
  const fts = `${table}_fts`;
  for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${t}`).execute(db);
  if (index.vocab) await sql.raw(`drop table if exists ${fts}_vocab`).execute(db);
  await sql.raw(`drop table if exists ${fts}`).execute(db);
  const names = index.columns.map(([c]) => c);
  // the folded indexes also keep their words' first two and three letters (FTS5 prefix indexes): a short prefix ("sch",
  // "00" of "2026-00") is one list to read instead of the merge of every word it begins (150 ms → 1 ms at 1M assets)
  const prefix = fold ? ", prefix='2 3'" : '';
  await sql
    .raw(`create virtual table ${fts} using fts5(${names.join(', ')}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'${prefix})`)
    .execute(db);
  const cols = `rowid, ${names.join(', ')}`;
  const v = (r: string) => [`${r}.id`, ...index.columns.map(([, text, before]) => (fold ? foldedSearchText(text(r), 'sqlite') : before(r)))].join(', ');
  await sql.raw(`insert into ${fts}(${cols}) select ${v('r')} from ${table} r`).execute(db);
  // one segment instead of the many the bulk insert leaves: every query reads each segment
  await sql.raw(`insert into ${fts}(${fts}) values('optimize')`).execute(db);
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
