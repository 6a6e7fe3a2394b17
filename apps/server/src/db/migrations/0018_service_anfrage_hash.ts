import type { Kysely } from 'kysely';

/**
 * Issue 19 item 6: a service step's `Idempotency-Key` (online) or `clientId` (sync) is compared with the request it
 * came with, as the creates' store does: `serviceAktionen.anfrageHash` holds the SHA-256 of the step's kind, its ids
 * and its data. Rows stored before have none and are compared by the step's kind only, as until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('serviceAktionen').addColumn('anfrageHash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('serviceAktionen').dropColumn('anfrageHash').execute();
}
