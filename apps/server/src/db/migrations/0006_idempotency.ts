import type { Kysely } from 'kysely';

/**
 * Idempotency keys of creates (`Idempotency-Key` header): per user, key and endpoint the answer of the first create
 * (status, body, Location) and a hash of its request, written in the create's transaction. Keys expire after 24 h.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotenz')
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('schluessel', 'text', (c) => c.notNull())
    .addColumn('endpunkt', 'text', (c) => c.notNull())
    .addColumn('anfrageHash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('antwort', 'text')
    .addColumn('location', 'text')
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotenz_pk', ['benutzerId', 'schluessel', 'endpunkt'])
    .execute();
  await db.schema.createIndex('idempotenz_erstellt_idx').on('idempotenz').column('erstelltAm').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotenz').execute();
}
