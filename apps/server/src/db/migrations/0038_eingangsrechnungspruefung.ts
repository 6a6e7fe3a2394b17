import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../schema-helpers';
import { searchTextSql } from '../search-fold';

/**
 * Incoming-invoice verification (issue 25 items 1–3; spec 2 §2–§5, ERV-001…020) on the purchase documents of
 * migration 0009:
 * - the verification columns of `einkaufBelege` (status, target user, checklist as JSON, remarks, payment terms and
 *   due dates with cash discount); `statusErpruefung` is null for a purchase document outside the verification, the
 *   existing supplier invoices (belegart 1400) start at 0 (procedure opened);
 * - `einkaufBelegPositionen`: the lines of a purchase invoice (quantities in thousandths, unit prices in 1/10,000,
 *   line totals in cents, VAT rate in hundredths of a percent), written by the creation service (and later the
 *   e-invoice intake);
 * - `einkaufBelegHistorie`: every step of the verification (who, when, from which status to which, remark);
 * - what a million rows need: indexes for the list's sorts and filters and a full-text index over invoice number,
 *   supplier and note (SQLite FTS5 `einkaufBelege_fts` with its triggers, PostgreSQL the generated `suche` tsvector).
 */
const PG_TEXT = `coalesce("belegnummer",'') || ' ' || coalesce("lieferantName",'') || ' ' || coalesce("hinweis",'')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const add = (column: string, type: 'integer' | 'text' | 'bigint') => s.alterTable('einkaufBelege').addColumn(column, type).execute();
  await add('statusErpruefung', 'integer');
  await s
    .alterTable('einkaufBelege')
    .addColumn('anBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .execute();
  for (const c of [
    'hinweis',
    'zahlungsart',
    'valuta',
    'ablehnungsgrund',
    'bemerkung',
    'skontoFaellig1',
    'skontoFaellig2',
    'nettoFaellig',
    'checkliste',
    'geaendertAm',
  ])
    await add(c, 'text');
  await add('skontoProzent1', 'integer');
  await add('skontoProzent2', 'integer');
  // the administrator's setting: 'N' leaves out the sub-check stage (ERV_UNTERPRUEFUNG_PARAMETER)
  await sql`insert into "systemParameter" (name, wert) select 'ERV.UNTERPRUEFUNG', 'J'
    where not exists (select 1 from "systemParameter" where name = 'ERV.UNTERPRUEFUNG')`.execute(db);
  await sql`update "einkaufBelege" set "statusErpruefung" = 0, "geaendertAm" = "angelegtAm" where belegart = '1400'`.execute(db);

  for (const [name, cols] of [
    ['einkauf_belege_erv_status_idx', ['statusErpruefung', 'id']],
    ['einkauf_belege_erv_an_idx', ['anBenutzerId', 'id']],
    ['einkauf_belege_erv_nr_idx', ['belegnummer', 'id']],
    ['einkauf_belege_erv_lieferant_idx', ['lieferantName', 'id']],
    ['einkauf_belege_erv_netto_idx', ['betragNetto', 'id']],
    ['einkauf_belege_erv_faellig_idx', ['nettoFaellig', 'id']],
    ['einkauf_belege_erv_dup_idx', ['adresseId', 'belegnummer']],
  ] as const)
    await s
      .createIndex(name)
      .on('einkaufBelege')
      .columns([...cols])
      .execute();

  await withId(db, s.createTable('einkaufBelegPositionen'))
    .addColumn('einkaufBelegId', 'integer', (c) => c.notNull().references('einkaufBelege.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('artikelnummer', 'text')
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('menge', 'bigint', (c) => c.notNull())
    .addColumn('mengeneinheit', 'text')
    .addColumn('einzelpreis', 'bigint', (c) => c.notNull())
    .addColumn('gesamtpreis', 'bigint', (c) => c.notNull())
    .addColumn('mwstsatz', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('einkauf_beleg_positionen_beleg_idx').on('einkaufBelegPositionen').columns(['einkaufBelegId', 'position']).execute();

  await withId(db, s.createTable('einkaufBelegHistorie'))
    .addColumn('einkaufBelegId', 'integer', (c) => c.notNull().references('einkaufBelege.id').onDelete('cascade'))
    .addColumn('aktion', 'text', (c) => c.notNull())
    .addColumn('statusVon', 'integer')
    .addColumn('statusNach', 'integer', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('anBenutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('text', 'text')
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('einkauf_beleg_historie_beleg_idx').on('einkaufBelegHistorie').columns(['einkaufBelegId', 'id']).execute();

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(`alter table "einkaufBelege" add column suche tsvector generated always as (to_tsvector('simple', ${searchTextSql(PG_TEXT, 'postgres')})) stored`)
      .execute(db);
    await sql.raw('create index einkauf_belege_suche_idx on "einkaufBelege" using gin (suche)').execute(db);
    return;
  }
  const cols = 'rowid, belegnummer, lieferantName, hinweis';
  const v = (r: string) =>
    `${r}.id, ${searchTextSql(`${r}.belegnummer`, 'sqlite')}, ${searchTextSql(`${r}.lieferantName`, 'sqlite')}, ${searchTextSql(`${r}.hinweis`, 'sqlite')}`;
  await sql
    .raw(
      `create virtual table einkaufBelege_fts using fts5(belegnummer, lieferantName, hinweis, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql.raw(`insert into einkaufBelege_fts(${cols}) select ${v('einkaufBelege')} from einkaufBelege`).execute(db);
  await sql
    .raw(`create trigger einkaufBelege_fts_ai after insert on einkaufBelege begin insert into einkaufBelege_fts(${cols}) values (${v('new')}); end`)
    .execute(db);
  await sql.raw('create trigger einkaufBelege_fts_ad after delete on einkaufBelege begin delete from einkaufBelege_fts where rowid = old.id; end').execute(db);
  await sql
    .raw(
      `create trigger einkaufBelege_fts_au after update of belegnummer, lieferantName, hinweis on einkaufBelege begin delete from einkaufBelege_fts where rowid = old.id; insert into einkaufBelege_fts(${cols}) values (${v('new')}); end`,
    )
    .execute(db);
  await sql`create virtual table einkaufBelege_fts_vocab using fts5vocab(einkaufBelege_fts, row)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists einkaufBelege_fts_${t}`).execute(db);
    await sql`drop table if exists einkaufBelege_fts_vocab`.execute(db);
    await sql`drop table if exists einkaufBelege_fts`.execute(db);
  } else {
    await sql.raw('drop index if exists einkauf_belege_suche_idx').execute(db);
    await sql.raw('alter table "einkaufBelege" drop column suche').execute(db);
  }
  await sql`delete from "systemParameter" where name = 'ERV.UNTERPRUEFUNG'`.execute(db);
  await db.schema.dropTable('einkaufBelegHistorie').execute();
  await db.schema.dropTable('einkaufBelegPositionen').execute();
  for (const i of ['erv_status', 'erv_an', 'erv_nr', 'erv_lieferant', 'erv_netto', 'erv_faellig', 'erv_dup'])
    await db.schema.dropIndex(`einkauf_belege_${i}_idx`).execute();
  for (const c of [
    'statusErpruefung',
    'anBenutzerId',
    'hinweis',
    'zahlungsart',
    'valuta',
    'ablehnungsgrund',
    'bemerkung',
    'skontoFaellig1',
    'skontoFaellig2',
    'nettoFaellig',
    'checkliste',
    'geaendertAm',
    'skontoProzent1',
    'skontoProzent2',
  ])
    await db.schema.alterTable('einkaufBelege').dropColumn(c).execute();
}
