import { type Kysely, sql } from 'kysely';
import { blobType, withId } from '../schema-helpers';

/**
 * Issue 24 items 8–13: documents sent by e-mail and the DATEV export.
 *
 * - SMTP settings and DATEV settings are system parameters (`MAIL.SMTP_*`, `DATEV.*`), written only by an
 *   administrator through their settings calls; the fiscal-year start stays `PFA.WIRTSCHAFTSJAHRBEGINN`.
 * - `mailVorlagen`: subject and text per kind of document (the sales document types by belegart, dunning letters, the
 *   service report) with placeholders such as {belegnummer}, {kundenname}, {betrag}; seeded with German defaults.
 * - `mailAusgang`: the outbox. A send writes its row in the transaction of the document's history row; the background
 *   sender claims a due row (`gesperrtBis`, a lease) before it talks to the SMTP server and marks it sent after.
 *   `mailAnhaenge` keeps the exact bytes that go out (and their SHA-256), so a retry after a restart sends the same.
 * - indexes the export's reads need: open items by document, payments by date.
 * - `datevExporte`: the export log with the file's bytes; `datevExportPosten` marks each posting (invoice or credit
 *   note row, payment, credit from an overpayment) exported once (unique per posting; a test export marks nothing).
 */
const VORLAGEN: [string, string, string, string][] = [
  [
    '0100',
    'Angebot',
    'Angebot {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unser Angebot {belegnummer} vom {belegdatum} über {betrag}.\n\nWir freuen uns auf Ihren Auftrag.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    '0200',
    'Auftragsbestätigung',
    'Auftragsbestätigung {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nvielen Dank für Ihren Auftrag. Anbei erhalten Sie unsere Auftragsbestätigung {belegnummer} vom {belegdatum}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    '0400',
    'Rechnung',
    'Rechnung {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere Rechnung {belegnummer} vom {belegdatum} über {betrag}, fällig am {faellig}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    '0500',
    'Gutschrift',
    'Gutschrift {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere Gutschrift {belegnummer} vom {belegdatum} über {betrag}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    '0600',
    'Stornorechnung',
    'Stornorechnung {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere Stornorechnung {belegnummer} vom {belegdatum}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    'MAHNUNG',
    'Mahnschreiben',
    '{titel} vom {belegdatum}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unser Schreiben „{titel}“ über offene Posten von {betrag}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
  [
    'SERVICEBERICHT',
    'Servicebericht',
    'Servicebericht {belegnummer}',
    'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie den Bericht zum Serviceauftrag {belegnummer}.\n\nMit freundlichen Grüßen\n{firma}',
  ],
];

const PARAMETER: [string, string | null][] = [
  ['MAIL.SMTP_HOST', null],
  ['MAIL.SMTP_PORT', '587'],
  ['MAIL.SMTP_SICHERHEIT', 'starttls'],
  ['MAIL.SMTP_BENUTZER', null],
  ['MAIL.SMTP_PASSWORT', null],
  ['MAIL.ABSENDER', null],
  ['MAIL.WIEDERHOLUNG_MS', '60000'],
  ['DATEV.BERATERNUMMER', null],
  ['DATEV.MANDANTENNUMMER', null],
  ['DATEV.KONTENRAHMEN', 'SKR03'],
  ['DATEV.SACHKONTENLAENGE', '4'],
  ['DATEV.DEBITOR_REGEL', 'basisPlusLaufnummer'],
  ['DATEV.DEBITOR_BASIS', '10000'],
  ['DATEV.KONTEN', null],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  for (const [name, wert] of PARAMETER) {
    await sql`insert into "systemParameter" ("name", "wert") select ${name}, ${wert} where not exists (select 1 from "systemParameter" where "name" = ${name})`.execute(
      db,
    );
  }

  await s
    .createTable('mailVorlagen')
    .addColumn('art', 'text', (c) => c.primaryKey())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('betreff', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text')
    .execute();
  await sql`insert into "mailVorlagen" ("art", "bezeichnung", "betreff", "text") values ${sql.join(VORLAGEN.map(([a, b, s, t]) => sql`(${a}, ${b}, ${s}, ${t})`))}`.execute(
    db,
  );

  await withId(db, s.createTable('mailAusgang'))
    .addColumn('quelle', 'text', (c) => c.notNull())
    .addColumn('quelleId', 'integer', (c) => c.notNull())
    .addColumn('belegId', 'integer', (c) => c.references('belege.id'))
    .addColumn('an', 'text', (c) => c.notNull())
    .addColumn('cc', 'text', (c) => c.notNull())
    .addColumn('absender', 'text', (c) => c.notNull())
    .addColumn('betreff', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('anhaenge', 'text', (c) => c.notNull())
    .addColumn('zustand', 'text', (c) => c.notNull())
    .addColumn('versuche', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('naechsterVersuch', 'text', (c) => c.notNull())
    .addColumn('gesperrtBis', 'text')
    .addColumn('letzteAntwort', 'text')
    .addColumn('messageId', 'text', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('gesendetAm', 'text')
    .execute();
  await s.createIndex('mailAusgang_quelle').on('mailAusgang').columns(['quelle', 'quelleId']).execute();
  await s.createIndex('mailAusgang_faellig').on('mailAusgang').columns(['zustand', 'naechsterVersuch']).execute();

  await withId(db, s.createTable('mailAnhaenge'))
    .addColumn('mailId', 'integer', (c) => c.notNull().references('mailAusgang.id'))
    .addColumn('reihenfolge', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .execute();
  await s.createIndex('mailAnhaenge_mail').on('mailAnhaenge').columns(['mailId', 'reihenfolge']).unique().execute();

  await withId(db, s.createTable('datevExporte'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('von', 'text', (c) => c.notNull())
    .addColumn('bis', 'text', (c) => c.notNull())
    .addColumn('test', 'boolean', (c) => c.notNull())
    .addColumn('wiederholung', 'boolean', (c) => c.notNull())
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('zeilen', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('datevExporte_erstellt').on('datevExporte').columns(['erstelltAm']).execute();

  await withId(db, s.createTable('datevExportPosten'))
    .addColumn('exportId', 'integer', (c) => c.notNull().references('datevExporte.id'))
    .addColumn('quelle', 'text', (c) => c.notNull())
    .addColumn('quelleId', 'integer', (c) => c.notNull())
    .execute();
  // the export reads a month's documents with their open item's due date, and a month's payments by their date
  await s.createIndex('offenePosten_beleg_idx').on('offenePosten').column('belegId').execute();
  await s.createIndex('offenePostenZahlungen_datum_idx').on('offenePostenZahlungen').column('zahlungsDatum').execute();
  await s.createIndex('datevExportPosten_posten').on('datevExportPosten').columns(['quelle', 'quelleId']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('offenePostenZahlungen_datum_idx').execute();
  await db.schema.dropIndex('offenePosten_beleg_idx').execute();
  for (const t of ['datevExportPosten', 'datevExporte', 'mailAnhaenge', 'mailAusgang', 'mailVorlagen']) await db.schema.dropTable(t).execute();
  await sql`delete from "systemParameter" where "name" like 'MAIL.%' or "name" like 'DATEV.%'`.execute(db);
}
