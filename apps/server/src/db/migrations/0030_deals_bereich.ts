import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../schema-helpers';
import { searchTextSql } from '../search-fold';

/**
 * Issue 22 (deals area): the reason a deal was lost (`deals.verlustgrund`, from the configurable list
 * `dealVerlustgruende`, seeded with the usual reasons), the indexes a million deals need — the list's default order
 * (id) is the primary key; the board's aggregates read a covering index of the open deals by phase, its cards one by
 * phase and next contact; the address's deals tab reads by address — and the quick search over the title (SQLite FTS5
 * `deals_fts` kept by triggers, PostgreSQL the generated `suche` column with a GIN index), folded like the others
 * (db/search-fold.ts). Address name and customer number are searched through the addresses' own index.
 */
const GRUENDE = ['Preis', 'Wettbewerber', 'Kein Bedarf', 'Terminverschiebung', 'Kein Budget', 'Sonstiges'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('deals').addColumn('verlustgrund', 'text').execute();
  await withId(db, s.createTable('dealVerlustgruende'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull().unique())
    .addColumn('sortierung', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('dealVerlustgruende' as never)
    .values(GRUENDE.map((bezeichnung, i) => ({ bezeichnung, sortierung: (i + 1) * 10 })) as never)
    .execute();

  await s.createIndex('deals_board_idx').on('deals').columns(['status', 'archived', 'phase', 'investitionssummeGeplant', 'chance']).execute();
  await s.createIndex('deals_karten_idx').on('deals').columns(['status', 'archived', 'phase', 'naechsterKontakt', 'id']).execute();
  await s.createIndex('deals_adresse_id_idx').on('deals').columns(['adresseId', 'id']).execute();
  await s.createIndex('deals_zustaendig_idx').on('deals').columns(['zustaendigerBenutzer', 'id']).execute();

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(`alter table deals add column suche tsvector generated always as (to_tsvector('simple', ${searchTextSql('"titel"', 'postgres')})) stored`)
      .execute(db);
    await sql.raw('create index deals_suche_idx on deals using gin (suche)').execute(db);
    return;
  }
  const v = (r: string) => `${r}.id, ${searchTextSql(`${r}.titel`, 'sqlite')}`;
  await sql.raw(`create virtual table deals_fts using fts5(titel, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`).execute(db);
  await sql.raw(`insert into deals_fts(rowid, titel) select ${v('r')} from deals r`).execute(db);
  await sql.raw(`create trigger deals_fts_ai after insert on deals begin insert into deals_fts(rowid, titel) values (${v('new')}); end`).execute(db);
  await sql.raw('create trigger deals_fts_ad after delete on deals begin delete from deals_fts where rowid = old.id; end').execute(db);
  await sql
    .raw(
      `create trigger deals_fts_au after update of titel on deals begin delete from deals_fts where rowid = old.id; insert into deals_fts(rowid, titel) values (${v('new')}); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('drop index if exists deals_suche_idx').execute(db);
    await sql.raw('alter table deals drop column suche').execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists deals_fts_${t}`).execute(db);
    await sql.raw('drop table if exists deals_fts').execute(db);
  }
  for (const i of ['deals_board_idx', 'deals_karten_idx', 'deals_adresse_id_idx', 'deals_zustaendig_idx']) await db.schema.dropIndex(i).execute();
  await db.schema.dropTable('dealVerlustgruende').execute();
  await db.schema.alterTable('deals').dropColumn('verlustgrund').execute();
}
