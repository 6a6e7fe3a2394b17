import type { Kysely } from 'kysely';

/**
 * Issue 20 item 7: the office plans material from (and into) stores that keep storage places (Lagerplätze). A material
 * line names the place in its source store (reservation, transfer out, good-part return) and in its receiving store
 * (transfer in); both stay empty for stores without places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('serviceMaterial')
    .addColumn('quelleLagerplatzId', 'integer', (c) => c.references('lagerplaetze.id'))
    .execute();
  await db.schema
    .alterTable('serviceMaterial')
    .addColumn('empfangLagerplatzId', 'integer', (c) => c.references('lagerplaetze.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('serviceMaterial').dropColumn('empfangLagerplatzId').execute();
  await db.schema.alterTable('serviceMaterial').dropColumn('quelleLagerplatzId').execute();
}
