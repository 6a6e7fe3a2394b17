import { type Kysely, sql } from 'kysely';
import { umsatzNeuAufbauen } from '../umsatz';

/**
 * Issue 23 item 5: the turnover aggregate `umsatzMonate` (per level G company / A address / W product group, per
 * calendar month; db/umsatz.ts holds the definition), filled from the documents already booked; from now on the
 * booking and cancelling transaction keeps it (belege.effekte.ts). Also the birthday window's index: persons by the
 * month and day of their birthday (`substr(geburtstag, 6, 5)`, the expression /auswertungen/geburtstage reads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('umsatzMonate')
    .addColumn('ebene', 'text', (c) => c.notNull())
    .addColumn('schluessel', 'integer', (c) => c.notNull())
    .addColumn('jahr', 'integer', (c) => c.notNull())
    .addColumn('monat', 'integer', (c) => c.notNull())
    .addColumn('summe', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('umsatzMonate_pk', ['ebene', 'schluessel', 'jahr', 'monat'])
    .execute();
  await sql`create index ansprechpartner_geburtstag_tag_idx on ansprechpartner ((substr(geburtstag, 6, 5)))`.execute(db);
  await umsatzNeuAufbauen(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ansprechpartner_geburtstag_tag_idx`.execute(db);
  await db.schema.dropTable('umsatzMonate').execute();
}
