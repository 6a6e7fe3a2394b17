import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../schema-helpers';

/**
 * Open items, issue 19/20 item 13:
 *
 * - Payments are reversed by a counter-entry, never deleted or rewritten (GoBD): `offenePostenZahlungen.stornoVonId`
 *   points from the reversal (negative amount, own date, user and reason) to the payment it reverses; a unique index
 *   lets every payment be reversed once. `zuZahlungId` ties a cash discount row ('Skonto') to the payment it came with.
 * - An overpayment becomes a credit on the customer's account: an open item of its own (opvArt 'GH', negative) that
 *   belongs to no document (`belegId` may be empty now) and points at the payment it came from (`zahlungId`).
 *   SQLite cannot drop a NOT NULL: the table is rebuilt from its own definition (whatever columns it has by then).
 * - Dunning letters: one per address and run (`mahnschreiben`: level, total) with the items it names and their
 *   amounts, due dates and new levels at the time of the run (`mahnschreibenPosten`), so the letter prints the same later.
 * - The grace days before the first level (`MAHNUNG.KARENZTAGE`, default 7) for databases whose parameters were
 *   seeded before; a fresh database gets the row from the seed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const pg = dialectOf(db) === 'postgres';

  await s
    .alterTable('offenePostenZahlungen')
    .addColumn('stornoVonId', 'integer', (c) => c.references('offenePostenZahlungen.id'))
    .execute();
  await s
    .alterTable('offenePostenZahlungen')
    .addColumn('zuZahlungId', 'integer', (c) => c.references('offenePostenZahlungen.id'))
    .execute();
  await s.createIndex('offenePostenZahlungen_storno_uq').on('offenePostenZahlungen').column('stornoVonId').unique().execute();
  await s.createIndex('offenePostenZahlungen_zu_idx').on('offenePostenZahlungen').column('zuZahlungId').execute();
  await s
    .alterTable('offenePosten')
    .addColumn('zahlungId', 'integer', (c) => c.references('offenePostenZahlungen.id'))
    .execute();

  if (pg) {
    await sql`alter table "offenePosten" alter column "belegId" drop not null`.execute(db);
  } else {
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'offenePosten'`.execute(db);
    const create = rows[0]?.sql ?? '';
    const neu = create.replace(/^create table "offenePosten"/i, 'create table "offenePosten_neu"').replace(/"belegId" integer not null/i, '"belegId" integer');
    if (neu === create || !/"offenePosten_neu"/.test(neu) || /"belegId" integer not null/i.test(neu)) {
      throw new Error('0020: unexpected definition of "offenePosten"');
    }
    const { rows: indexe } = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'index' and tbl_name = 'offenePosten' and sql is not null`.execute(db);
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql.raw(neu).execute(db);
      await sql`insert into "offenePosten_neu" select * from "offenePosten"`.execute(db);
      await sql`drop table "offenePosten"`.execute(db);
      await sql`alter table "offenePosten_neu" rename to "offenePosten"`.execute(db);
      for (const i of indexe) await sql.raw(i.sql).execute(db);
      const { rows: fehler } = await sql`pragma foreign_key_check`.execute(db);
      if (fehler.length) throw new Error(`0020: ${fehler.length} broken references after rebuilding "offenePosten"`);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  await s.createIndex('offenePosten_zahlung_idx').on('offenePosten').column('zahlungId').execute();

  await withId(db, s.createTable('mahnschreiben'))
    .addColumn('mahnlaufId', 'integer', (c) => c.notNull().references('mahnlaeufe.id'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id'))
    .addColumn('stufe', 'integer', (c) => c.notNull().check(sql`"stufe" between 1 and 5`))
    .addColumn('datum', 'text', (c) => c.notNull())
    .addColumn('betrag', 'bigint', (c) => c.notNull())
    .addColumn('anzahl', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('mahnschreiben_lauf_idx').on('mahnschreiben').columns(['mahnlaufId', 'adresseId']).unique().execute();
  await s.createIndex('mahnschreiben_adresse_idx').on('mahnschreiben').columns(['adresseId', 'datum']).execute();

  await withId(db, s.createTable('mahnschreibenPosten'))
    .addColumn('mahnschreibenId', 'integer', (c) => c.notNull().references('mahnschreiben.id'))
    .addColumn('offenerPostenId', 'integer', (c) => c.notNull().references('offenePosten.id'))
    .addColumn('rechnungsnummer', 'text', (c) => c.notNull())
    .addColumn('rechnungsdatum', 'text', (c) => c.notNull())
    .addColumn('nettoFaellig', 'text', (c) => c.notNull())
    .addColumn('offenerBetrag', 'bigint', (c) => c.notNull())
    .addColumn('stufeVorher', 'integer', (c) => c.notNull())
    .addColumn('stufe', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('mahnschreibenPosten_schreiben_idx').on('mahnschreibenPosten').columns(['mahnschreibenId', 'id']).execute();
  await s.createIndex('mahnschreibenPosten_op_idx').on('mahnschreibenPosten').column('offenerPostenId').execute();

  await sql`insert into "systemParameter" (name, wert) select 'MAHNUNG.KARENZTAGE', '7'
    where exists (select 1 from "systemInfo") and not exists (select 1 from "systemParameter" where name = 'MAHNUNG.KARENZTAGE')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "systemParameter" where name = 'MAHNUNG.KARENZTAGE'`.execute(db);
  await db.schema.dropTable('mahnschreibenPosten').execute();
  await db.schema.dropTable('mahnschreiben').execute();
  await db.schema.dropIndex('offenePosten_zahlung_idx').execute();
  await db.schema.alterTable('offenePosten').dropColumn('zahlungId').execute();
  await db.schema.dropIndex('offenePostenZahlungen_zu_idx').execute();
  await db.schema.dropIndex('offenePostenZahlungen_storno_uq').execute();
  await db.schema.alterTable('offenePostenZahlungen').dropColumn('zuZahlungId').execute();
  await db.schema.alterTable('offenePostenZahlungen').dropColumn('stornoVonId').execute();
}
