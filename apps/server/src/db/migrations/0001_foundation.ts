import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('lagerkreise'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('istHauptlagerkreis', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('kommissionierart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ausgangLagerId', 'integer')
    .execute();
  await withId(db, s.createTable('lager'))
    .addColumn('kurzbezeichnung', 'text', (c) => c.notNull().unique())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('lagerkreisId', 'integer', (c) => c.notNull().references('lagerkreise.id'))
    .addColumn('hatLagerplaetze', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await withId(db, s.createTable('benutzer'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kuerzel', 'text', (c) => c.notNull().unique())
    .addColumn('anmeldename', 'text', (c) => c.notNull().unique())
    .addColumn('typ', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('istAdmin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gesperrt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('avatar', 'text')
    .addColumn('vorgabeLagerId', 'integer', (c) => c.references('lager.id'))
    .addColumn('email', 'text')
    .addColumn('passwortHash', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('benutzer_name_idx').on('benutzer').column('name').execute();
  await s
    .createTable('rechte')
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('recht', 'text', (c) => c.notNull())
    .addColumn('genehmigt', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('rechte_pk', ['benutzerId', 'recht'])
    .execute();
  await withId(db, s.createTable('techniker'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().unique().references('benutzer.id').onDelete('cascade'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('gutteileLagerId', 'integer', (c) => c.references('lager.id'))
    .addColumn('doateileLagerId', 'integer', (c) => c.references('lager.id'))
    .addColumn('defektteileLagerId', 'integer', (c) => c.references('lager.id'))
    .execute();
  await withId(db, s.createTable('sitzungen'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .addColumn('gueltigBis', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('sitzungen_benutzer_idx').on('sitzungen').column('benutzerId').execute();
  await withId(db, s.createTable('sperren'))
    .addColumn('tabelle', 'text', (c) => c.notNull())
    .addColumn('datensatzId', 'integer', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull())
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .addColumn('gueltigBis', 'text', (c) => c.notNull())
    .addUniqueConstraint('sperren_datensatz_uq', ['tabelle', 'datensatzId'])
    .execute();
  await withId(db, s.createTable('protokoll'))
    .addColumn('tabelle', 'text', (c) => c.notNull())
    .addColumn('datensatzId', 'integer', (c) => c.notNull())
    .addColumn('aktion', 'text', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.notNull())
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .addColumn('bemerkung', 'text')
    .addColumn('felder', 'text')
    .execute();
  await s.createIndex('protokoll_datensatz_idx').on('protokoll').columns(['tabelle', 'datensatzId', 'zeitpunkt']).execute();
  await s
    .createTable('systemParameter')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('wert', 'text')
    .execute();
  await s
    .createTable('webappParameter')
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('wert', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webappParameter_pk', ['benutzerId', 'name'])
    .execute();
  await s
    .createTable('belegarten')
    .addColumn('belegart', 'text', (c) => c.primaryKey())
    .addColumn('anzeige', 'text', (c) => c.notNull())
    .addColumn('istEinkauf', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await withId(db, s.createTable('zahlungsarten'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('nettoTage', 'integer', (c) => c.notNull())
    .addColumn('skontoTage', 'integer', (c) => c.notNull())
    .addColumn('skontoProzent', 'integer', (c) => c.notNull())
    .execute();
  for (const t of ['lieferbedingungen', 'serviceAuftragsarten', 'serviceAbrechnungsarten']) {
    await withId(db, s.createTable(t))
      .addColumn('bezeichnung', 'text', (c) => c.notNull())
      .execute();
  }
  await s
    .createTable('landeskennzeichen')
    .addColumn('lkz', 'text', (c) => c.primaryKey())
    .addColumn('land', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('texte'))
    .addColumn('schluessel', 'text', (c) => c.notNull())
    .addColumn('wert', 'text', (c) => c.notNull())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('sortierung', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('istAktiv', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await s.createIndex('texte_schluessel_idx').on('texte').columns(['schluessel', 'sortierung']).execute();
  await s
    .createTable('preisgruppen')
    .addColumn('nummer', 'integer', (c) => c.primaryKey())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('systemInfo')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('lizenzName', 'text', (c) => c.notNull())
    .addColumn('datenbankVersion', 'text', (c) => c.notNull())
    .addColumn('seriennummer', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('erinnerungen'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('erinnerungDatum', 'text', (c) => c.notNull())
    .addColumn('bemerkung', 'text', (c) => c.notNull())
    .addColumn('tabelle', 'text')
    .addColumn('tabelleId', 'integer')
    .addColumn('erstelltVon', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('erinnerungen_benutzer_datum_idx').on('erinnerungen').columns(['benutzerId', 'erinnerungDatum']).execute();
  await s.createIndex('erinnerungen_datum_idx').on('erinnerungen').columns(['erinnerungDatum', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'erinnerungen',
    'systemInfo',
    'preisgruppen',
    'texte',
    'landeskennzeichen',
    'serviceAbrechnungsarten',
    'serviceAuftragsarten',
    'lieferbedingungen',
    'zahlungsarten',
    'belegarten',
    'webappParameter',
    'systemParameter',
    'protokoll',
    'sperren',
    'sitzungen',
    'techniker',
    'rechte',
    'benutzer',
    'lager',
    'lagerkreise',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
