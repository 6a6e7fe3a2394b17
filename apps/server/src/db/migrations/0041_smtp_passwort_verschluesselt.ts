import { type Kysely, sql } from 'kysely';
import { decryptSecret, encryptSecret, isEncrypted } from '../secrets';

/**
 * Issue 24: the SMTP password encrypted at rest (AES-256-GCM, `db/secrets.ts`; the key from SECRET_KEY or the key file,
 * never in the database). A password stored in plain text before this step is encrypted; down decrypts it again.
 */
const NAME = 'MAIL.SMTP_PASSWORT';

export async function up(db: Kysely<unknown>): Promise<void> {
  const r = await sql<{ wert: string | null }>`select "wert" from "systemParameter" where "name" = ${NAME}`.execute(db);
  const wert = r.rows[0]?.wert;
  if (!wert || isEncrypted(wert)) return;
  await sql`update "systemParameter" set "wert" = ${encryptSecret(wert)} where "name" = ${NAME}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const r = await sql<{ wert: string | null }>`select "wert" from "systemParameter" where "name" = ${NAME}`.execute(db);
  const wert = r.rows[0]?.wert;
  if (!wert || !isEncrypted(wert)) return;
  await sql`update "systemParameter" set "wert" = ${decryptSecret(wert)} where "name" = ${NAME}`.execute(db);
}
