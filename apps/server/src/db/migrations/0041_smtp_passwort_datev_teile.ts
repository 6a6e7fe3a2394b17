import { type Kysely, sql } from 'kysely';
import { blobType, withId } from '../schema-helpers';
import { decryptSecret, encryptSecret, isEncrypted } from '../secrets';

/**
 * Issue 24:
 * - the SMTP password encrypted at rest (AES-256-GCM, `db/secrets.ts`; the key from SECRET_KEY or the key file, never
 *   in the database). A password stored in plain text before this step is encrypted; down decrypts it again.
 * - `datevExportTeile`: the bytes of a streamed DATEV export in pieces of at most 1 MB (exportId, nr), written in the
 *   export's log transaction; the log row's own `daten` stays empty for them (older exports keep their bytes there).
 */
const NAME = 'MAIL.SMTP_PASSWORT';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('datevExportTeile').ifNotExists())
    .addColumn('exportId', 'integer', (c) => c.notNull().references('datevExporte.id'))
    .addColumn('nr', 'integer', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('datevExportTeile_export').ifNotExists().on('datevExportTeile').columns(['exportId', 'nr']).unique().execute();
  const r = await sql<{ wert: string | null }>`select "wert" from "systemParameter" where "name" = ${NAME}`.execute(db);
  const wert = r.rows[0]?.wert;
  if (!wert || isEncrypted(wert)) return;
  await sql`update "systemParameter" set "wert" = ${encryptSecret(wert)} where "name" = ${NAME}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('datevExportTeile').ifExists().execute();
  const r = await sql<{ wert: string | null }>`select "wert" from "systemParameter" where "name" = ${NAME}`.execute(db);
  const wert = r.rows[0]?.wert;
  if (!wert || !isEncrypted(wert)) return;
  await sql`update "systemParameter" set "wert" = ${decryptSecret(wert)} where "name" = ${NAME}`.execute(db);
}
