import type { Kysely } from 'kysely';

/**
 * E-invoice intake (issue 25 item 4):
 * - `einkaufBelegDateien.sha256`: the SHA-256 (hex) of a file's bytes, written when the intake stores the e-invoice as
 *   the check document (the original stays as received, GoBD);
 * - `einkaufBelege.erechnungPruefung`: the validation of the intake as JSON (`ErvERechnungPruefung`: which layers ran,
 *   the warnings kept with the invoice); null for invoices not taken in from an e-invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('einkaufBelegDateien').addColumn('sha256', 'text').execute();
  await db.schema.alterTable('einkaufBelege').addColumn('erechnungPruefung', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('einkaufBelege').dropColumn('erechnungPruefung').execute();
  await db.schema.alterTable('einkaufBelegDateien').dropColumn('sha256').execute();
}
