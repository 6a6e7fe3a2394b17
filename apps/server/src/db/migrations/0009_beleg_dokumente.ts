import { type Kysely, sql } from 'kysely';
import { blobType, withId } from '../schema-helpers';

/**
 * Documents on paper (issue 11 item 3):
 * - `belegDokumente`: one row per sales document that was signed or rendered — the signature (PNG bytes, signer's
 *   name, time, user) and the SHA-256 of the last rendered PDF with its time and size;
 * - `einkaufBelege` and `einkaufBelegDateien`: purchase documents (view only, BEL-048) and their files; the file with
 *   `eraktivesPruefDokument = 'J'` is the check document (BEL-024);
 * - the letterhead columns of `systemInfo` (address, contact, tax and bank details printed on every document).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('belegDokumente')
    .addColumn('belegId', 'integer', (c) => c.primaryKey().references('belege.id').onDelete('cascade'))
    .addColumn('unterschrift', blobType(db))
    .addColumn('unterschriftName', 'text')
    .addColumn('unterschriftAm', 'text')
    .addColumn('unterschriftBenutzerId', 'integer', (c) => c.references('benutzer.id').onDelete('set null'))
    .addColumn('pdfSha256', 'text')
    .addColumn('pdfErstelltAm', 'text')
    .addColumn('pdfGroesse', 'integer')
    .execute();

  await withId(db, s.createTable('einkaufBelege'))
    .addColumn('belegart', 'text', (c) => c.notNull())
    .addColumn('belegnummer', 'text', (c) => c.notNull())
    .addColumn('belegdatum', 'text', (c) => c.notNull())
    .addColumn('adresseId', 'integer', (c) => c.references('adressen.id').onDelete('set null'))
    .addColumn('lieferantName', 'text')
    .addColumn('betreff', 'text')
    .addColumn('betragNetto', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('betragBrutto', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('einkauf_belege_adresse_idx').on('einkaufBelege').columns(['adresseId', 'belegdatum']).execute();
  await s.createIndex('einkauf_belege_datum_idx').on('einkaufBelege').columns(['belegdatum', 'id']).execute();

  await withId(db, s.createTable('einkaufBelegDateien'))
    .addColumn('einkaufBelegId', 'integer', (c) => c.notNull().references('einkaufBelege.id').onDelete('cascade'))
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('eraktivesPruefDokument', 'text', (c) => c.notNull().defaultTo('N').check(sqlCheck()))
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('groesse', 'integer', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('einkauf_beleg_dateien_beleg_idx').on('einkaufBelegDateien').columns(['einkaufBelegId', 'id']).execute();

  for (const column of LETTERHEAD) {
    await s.alterTable('systemInfo').addColumn(column, 'text').execute();
  }
}

const LETTERHEAD = [
  'strasse',
  'plz',
  'ort',
  'telefon',
  'email',
  'internet',
  'ustId',
  'steuernummer',
  'bank',
  'iban',
  'bic',
  'geschaeftsfuehrer',
  'registergericht',
];

function sqlCheck() {
  return sql`"eraktivesPruefDokument" in ('J', 'N')`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of LETTERHEAD) {
    await db.schema.alterTable('systemInfo').dropColumn(column).execute();
  }
  await db.schema.dropTable('einkaufBelegDateien').execute();
  await db.schema.dropTable('einkaufBelege').execute();
  await db.schema.dropTable('belegDokumente').execute();
}
