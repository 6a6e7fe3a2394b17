import { type Kysely, sql } from 'kysely';
import { withId } from '../schema-helpers';

/**
 * Digital picklists and time tracking (issue 25 items 5–9).
 * - `picklisten`: one per booked order and warehouse (unique), its lines `picklistenPositionen` per article and storage
 *   place (quantities in thousandths: ordered, picked), and every confirmed pick `pickBestaetigungen` with the stock
 *   movement it wrote. The list's lock is the record lock (`sperren`, code PKL): no lock columns of its own.
 * - `zeitbuchungen`: sign-in/sign-out entries (UTC instants; one running entry per user, a partial unique index), type,
 *   comment and the subsequent booking (`serviceNachbuchungen`) an entry came from.
 * - `zeitmodelle`: per user and valid-from day the target minutes per weekday and the yearly leave in half days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('picklisten'))
    .addColumn('belegId', 'integer', (c) => c.notNull().references('belege.id'))
    .addColumn('lagerId', 'integer', (c) => c.notNull().references('lager.id'))
    .addColumn('wagenNr', 'text')
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('erledigtAm', 'text')
    .addUniqueConstraint('picklisten_beleg_lager_uq', ['belegId', 'lagerId'])
    .execute();
  await s.createIndex('picklisten_lager_idx').on('picklisten').columns(['lagerId', 'erledigtAm', 'id']).execute();

  await withId(db, s.createTable('picklistenPositionen'))
    .addColumn('picklisteId', 'integer', (c) => c.notNull().references('picklisten.id'))
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
    .addColumn('lagerplatzId', 'integer', (c) => c.references('lagerplaetze.id'))
    .addColumn('menge', 'integer', (c) => c.notNull())
    .addColumn('gepickt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('picklistenPositionen_liste_idx').on('picklistenPositionen').columns(['picklisteId', 'id']).execute();

  await withId(db, s.createTable('pickBestaetigungen'))
    .addColumn('positionId', 'integer', (c) => c.notNull().references('picklistenPositionen.id'))
    .addColumn('menge', 'integer', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('lagerbewegungId', 'integer', (c) => c.notNull().references('lagerbewegungen.id'))
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('pickBestaetigungen_position_idx').on('pickBestaetigungen').columns(['positionId']).execute();

  await withId(db, s.createTable('zeitbuchungen'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('anmeldung', 'text')
    .addColumn('abmeldung', 'text')
    .addColumn('typ', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('kommentar', 'text')
    .addColumn('nachbuchungId', 'integer', (c) => c.references('serviceNachbuchungen.id'))
    .addColumn('erfasstAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('zeitbuchungen_an_idx').on('zeitbuchungen').columns(['benutzerId', 'anmeldung']).execute();
  await s.createIndex('zeitbuchungen_ab_idx').on('zeitbuchungen').columns(['benutzerId', 'abmeldung']).execute();
  // one running entry per user: two sign-ins at once cannot both open one
  await sql`create unique index zeitbuchungen_offen_uq on zeitbuchungen ("benutzerId") where abmeldung is null and anmeldung is not null`.execute(db);

  await withId(db, s.createTable('zeitmodelle'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('gueltigAb', 'text', (c) => c.notNull())
    .addColumn('minutenMo', 'integer', (c) => c.notNull())
    .addColumn('minutenDi', 'integer', (c) => c.notNull())
    .addColumn('minutenMi', 'integer', (c) => c.notNull())
    .addColumn('minutenDo', 'integer', (c) => c.notNull())
    .addColumn('minutenFr', 'integer', (c) => c.notNull())
    .addColumn('minutenSa', 'integer', (c) => c.notNull())
    .addColumn('minutenSo', 'integer', (c) => c.notNull())
    .addColumn('urlaubHalbtage', 'integer', (c) => c.notNull())
    .addUniqueConstraint('zeitmodelle_ab_uq', ['benutzerId', 'gueltigAb'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['zeitmodelle', 'zeitbuchungen', 'pickBestaetigungen', 'picklistenPositionen', 'picklisten']) await db.schema.dropTable(t).execute();
}
