import { type Kysely, sql } from 'kysely';
import { blobType, withId } from '../schema-helpers';

/**
 * E-invoices out (issue 24 items 1–4):
 * - addresses: public customer, the e-invoice format they receive (XRechnung for public customers, ZUGFeRD otherwise),
 *   Leitweg-ID (BT-10), VAT id (BT-48), e-invoice e-mail address (BT-49), tax case of lines without VAT and an
 *   exemption reason;
 * - the seller data beside the letterhead of migration 0009 (system info): country, contact person, phone, e-mail;
 * - `belegERechnungen`: every e-invoice delivered, its bytes and SHA-256 (GoBD: a later download answers these bytes,
 *   never a new rendering), one per document and format;
 * - system parameter ERECHNUNG.PRUEFUNG: a missing mandatory business term refuses the booking (`ablehnen`) or warns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('adressen')
    .addColumn('oeffentlich', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await s
    .alterTable('adressen')
    .addColumn('erechnungFormat', 'text', (c) => c.notNull().defaultTo('zugferd'))
    .execute();
  await s.alterTable('adressen').addColumn('leitwegId', 'text').execute();
  await s.alterTable('adressen').addColumn('ustId', 'text').execute();
  await s.alterTable('adressen').addColumn('erechnungEmail', 'text').execute();
  await s
    .alterTable('adressen')
    .addColumn('steuerfall', 'text', (c) => c.notNull().defaultTo('inland'))
    .execute();
  await s.alterTable('adressen').addColumn('steuerbefreiungsgrund', 'text').execute();

  await s
    .alterTable('systemInfo')
    .addColumn('lkz', 'text', (c) => c.defaultTo('DE'))
    .execute();
  for (const column of ['kontaktName', 'kontaktTelefon', 'kontaktEmail']) await s.alterTable('systemInfo').addColumn(column, 'text').execute();

  await withId(db, s.createTable('belegERechnungen'))
    .addColumn('belegId', 'integer', (c) => c.notNull().references('belege.id'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('groesse', 'integer', (c) => c.notNull())
    .addColumn('benutzerId', 'integer')
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('beleg_erechnungen_beleg_format_uq').on('belegERechnungen').columns(['belegId', 'format']).unique().execute();

  await sql`insert into "systemParameter" (name, wert) select 'ERECHNUNG.PRUEFUNG', 'ablehnen'
    where exists (select 1 from "systemInfo") and not exists (select 1 from "systemParameter" where name = 'ERECHNUNG.PRUEFUNG')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "systemParameter" where name = 'ERECHNUNG.PRUEFUNG'`.execute(db);
  await db.schema.dropTable('belegERechnungen').execute();
  for (const column of ['lkz', 'kontaktName', 'kontaktTelefon', 'kontaktEmail']) await db.schema.alterTable('systemInfo').dropColumn(column).execute();
  for (const column of ['oeffentlich', 'erechnungFormat', 'leitwegId', 'ustId', 'erechnungEmail', 'steuerfall', 'steuerbefreiungsgrund'])
    await db.schema.alterTable('adressen').dropColumn(column).execute();
}
