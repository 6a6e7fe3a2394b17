import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers';

/**
 * Issue 19 item 14: the technician corrects a booked arrival time; each correction is kept with the old and the new
 * time, the reason, who and when (the planning item's vorOrtDatum holds the current time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('serviceAnkunftKorrekturen'))
    .addColumn('planungId', 'integer', (c) => c.notNull().references('servicePlanungen.id'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('neu', 'text', (c) => c.notNull())
    .addColumn('grund', 'text')
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('serviceAnkunftKorrekturen_auftrag_idx').on('serviceAnkunftKorrekturen').columns(['serviceAuftragId', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('serviceAnkunftKorrekturen').execute();
}
