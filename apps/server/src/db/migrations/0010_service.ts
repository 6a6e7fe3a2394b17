import type { Kysely } from 'kysely';
import { blobType, withId } from '../schema-helpers';

/**
 * Field service (issue 12): service orders, planning items (one visit of a technician each, with the journey's times),
 * the status dictionary (art A task / M material), additional-work and calendar-entry types, material transfer lines
 * and their bookings, additional work, time recordings, subsequent bookings, calendar entries, the journey log (every
 * step with its real time and when the server got it) and the store of applied actions (idempotency of steps and of
 * the offline sync by the client's action id).
 *
 * Quantities are thousandths (qty3), money cents (money2), times ISO 8601 UTC text, minutes integers.
 */
/** Status dictionary (SVC-011): task statuses (art A, the colour groups of §4) and material statuses (art M). */
export const STATUS: [string, 'A' | 'M', string][] = [
  ['00', 'A', 'Neu'],
  ['01', 'A', 'Disponiert'],
  ['02', 'A', 'Angenommen'],
  ['03', 'A', 'Reise gestartet'],
  ['04', 'A', 'Vor Ort'],
  ['05', 'A', 'In Arbeit'],
  ['06', 'A', 'Telefonisch erledigt'],
  ['07', 'A', 'Arbeit unterbrochen'],
  ['08', 'A', 'Dienstende'],
  ['09', 'A', 'Zurückgegeben'],
  ['10', 'A', 'Abgelehnt'],
  ['11', 'A', 'Wieder offen'],
  ['12', 'A', 'Abgeschlossen'],
  ['19', 'A', 'Zurückgestellt'],
  ['21', 'A', 'Zurückgestellt ohne Termin'],
  ['22', 'A', 'Wartet auf Material'],
  ['50', 'A', 'Rückfrage beim Kunden'],
  ['80', 'A', 'Angebot erforderlich'],
  ['85', 'A', 'Garantieprüfung'],
  ['86', 'A', 'Nacharbeit erforderlich'],
  ['90', 'A', 'Storniert'],
  ['91', 'A', 'Archiviert'],
  ['98', 'A', 'Abgerechnet'],
  ['10', 'M', 'Angefordert'],
  ['13', 'M', 'Nicht lieferbar'],
  ['15', 'M', 'Reserviert'],
  ['17', 'M', 'In Umlagerung'],
  ['19', 'M', 'Bestätigt'],
  ['25', 'M', 'Umgelagert'],
  ['27', 'M', 'Teilweise bestätigt'],
  ['29', 'M', 'Verbucht'],
  ['30', 'M', 'Zurückgesendet'],
  ['40', 'M', 'Storniert'],
];
/** Additional-work types (SVC-016): typ 1 time range, 2 costs, 3 distance. */
export const MEHRAUFWANDSARTEN: [string, 1 | 2 | 3][] = [
  ['Wartezeit beim Kunden', 1],
  ['Zusätzliche Arbeitszeit', 1],
  ['Parkgebühren', 2],
  ['Material vor Ort gekauft', 2],
  ['Zusätzliche Anfahrt', 3],
  ['Umweg wegen Sperrung', 3],
];
/** Calendar entry types (KAL_TYP_ID; 1 is the default, SVC-058). */
export const KALENDERTYPEN: [string, string][] = [
  ['Urlaub', 'green'],
  ['Krankheit', 'red'],
  ['Schulung', 'blue'],
  ['Bereitschaft', 'orange'],
  ['Sonstiges', 'gray'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('serviceStatus')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('beschreibung', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('serviceStatus_pk', ['art', 'status'])
    .execute();
  await withId(db, s.createTable('serviceMehraufwandsarten'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('typ', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('serviceKalenderTypen'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('farbe', 'text')
    .execute();

  await withId(db, s.createTable('serviceAuftraege'))
    .addColumn('auftragsnummer', 'text', (c) => c.notNull().unique())
    .addColumn('auftragsstatus', 'text', (c) => c.notNull())
    .addColumn('materialstatus', 'text')
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('titel', 'text')
    .addColumn('auftragsbeschreibung', 'text')
    .addColumn('auftragsartId', 'integer', (c) => c.references('serviceAuftragsarten.id'))
    .addColumn('abrechnungsartId', 'integer', (c) => c.references('serviceAbrechnungsarten.id'))
    .addColumn('aufwandGeschaetzt', 'integer')
    .addColumn('gebrauchteZeit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extReferenz', 'text')
    .addColumn('kundenauftragskennzeichen', 'text')
    .addColumn('adresseId', 'integer', (c) => c.references('adressen.id'))
    .addColumn('assetId', 'integer', (c) => c.references('assets.id'))
    .addColumn('technikerId', 'integer', (c) => c.references('techniker.id'))
    .addColumn('stoermelderName', 'text')
    .addColumn('stoermelderTelefon', 'text')
    .addColumn('standortTelefon1', 'text')
    .addColumn('standortTelefon2', 'text')
    .addColumn('standortMobil', 'text')
    .addColumn('telefon1', 'text')
    .addColumn('telefon2', 'text')
    .addColumn('mobil', 'text')
    .addColumn('standortName', 'text')
    .addColumn('standortStrasse', 'text')
    .addColumn('standortPlz', 'text')
    .addColumn('standortOrt', 'text')
    .addColumn('unterschriftDaten', 'text')
    .addColumn('unterschriftName', 'text')
    .addColumn('unterschriftAm', 'text')
    .addColumn('abgeschlossenAm', 'text')
    .addColumn('abschlussbericht', blobType(db))
    .addColumn('abschlussberichtSha256', 'text')
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('serviceAuftraege_techniker_idx').on('serviceAuftraege').columns(['technikerId', 'id']).execute();
  await s.createIndex('serviceAuftraege_adresse_idx').on('serviceAuftraege').column('adresseId').execute();

  await withId(db, s.createTable('servicePlanungen'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.references('serviceAuftraege.id'))
    .addColumn('technikerId', 'integer', (c) => c.references('techniker.id'))
    .addColumn('beginnDatum', 'text', (c) => c.notNull())
    .addColumn('endeDatum', 'text', (c) => c.notNull())
    .addColumn('reisebeginnDatum', 'text')
    .addColumn('vorOrtDatum', 'text')
    .addColumn('angenommenDatum', 'text')
    .addColumn('abgelehntDatum', 'text')
    .addColumn('erledigtDatum', 'text')
    .addColumn('strecke', 'integer')
    .addColumn('bemerkung', 'text')
    .addColumn('aktiv', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('titel', 'text')
    .addColumn('plz', 'text')
    .addColumn('ort', 'text')
    .addColumn('strasse', 'text')
    .addColumn('assetBezeichnung', 'text')
    .addColumn('assetNr', 'text')
    .addColumn('auftragsbeschreibung', 'text')
    .execute();
  // the technician's lists: own active items by begin (first window and deep windows from the index)
  // (covering the columns of the accepted/open filter, so that the total is counted from the index alone)
  await s
    .createIndex('servicePlanungen_techniker_idx')
    .on('servicePlanungen')
    .columns(['technikerId', 'aktiv', 'beginnDatum', 'id', 'angenommenDatum', 'serviceAuftragId'])
    .execute();
  await s
    .createIndex('servicePlanungen_beginn_idx')
    .on('servicePlanungen')
    .columns(['beginnDatum', 'id', 'angenommenDatum', 'serviceAuftragId', 'aktiv'])
    .execute();
  await s.createIndex('servicePlanungen_auftrag_idx').on('servicePlanungen').columns(['serviceAuftragId', 'id']).execute();

  await withId(db, s.createTable('serviceMaterial'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
    .addColumn('sctyp', 'text')
    .addColumn('umlagerungTyp', 'integer')
    .addColumn('quelleLagerId', 'integer', (c) => c.references('lager.id'))
    .addColumn('empfangLagerId', 'integer', (c) => c.references('lager.id'))
    .addColumn('empfangBezeichnung', 'text')
    .addColumn('empfangPlz', 'text')
    .addColumn('empfangOrt', 'text')
    .addColumn('empfangStrasse', 'text')
    .addColumn('mengeneinheit', 'text', (c) => c.notNull().defaultTo('Stk'))
    .addColumn('menge', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeReserviert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeUmgelagert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeBestaetigt', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeNichtGeliefert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeDoa', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeEingebaut', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeGutteilretoure', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeDefektVerkauft', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeDefektEingelagert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('materialstatus', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('serviceMaterial_auftrag_idx').on('serviceMaterial').columns(['serviceAuftragId', 'id']).execute();

  await withId(db, s.createTable('serviceMaterialBuchungen'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('materialId', 'integer', (c) => c.notNull().references('serviceMaterial.id'))
    .addColumn('planungId', 'integer', (c) => c.references('servicePlanungen.id'))
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('menge', 'bigint', (c) => c.notNull())
    .addColumn('seriennr', 'text')
    .addColumn('chargennr', 'text')
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .addColumn('technikerId', 'integer', (c) => c.references('techniker.id'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .execute();
  await s.createIndex('serviceMaterialBuchungen_auftrag_idx').on('serviceMaterialBuchungen').columns(['serviceAuftragId', 'id']).execute();

  await withId(db, s.createTable('serviceMehraufwaende'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('mehraufwandArtId', 'integer', (c) => c.notNull().references('serviceMehraufwandsarten.id'))
    .addColumn('bemerkung', 'text')
    .addColumn('vonZeitpunkt', 'text')
    .addColumn('bisZeitpunkt', 'text')
    .addColumn('kosten', 'bigint')
    .addColumn('strecke', 'integer')
    .addColumn('abrechnungsartId', 'integer', (c) => c.references('serviceAbrechnungsarten.id'))
    .addColumn('technikerId', 'integer', (c) => c.references('techniker.id'))
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('serviceMehraufwaende_auftrag_idx').on('serviceMehraufwaende').columns(['serviceAuftragId', 'id']).execute();

  await withId(db, s.createTable('serviceZeiten'))
    .addColumn('technikerId', 'integer', (c) => c.notNull().references('techniker.id'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('planungId', 'integer', (c) => c.notNull().references('servicePlanungen.id'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('von', 'text', (c) => c.notNull())
    .addColumn('bis', 'text')
    .addColumn('minuten', 'integer')
    .addColumn('abgebrochen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bemerkung', 'text')
    .addColumn('laeuft', 'integer')
    .execute();
  // one active automatic recording per technician (SVC-025): `laeuft` is 1 while it runs, null afterwards
  await s.createIndex('serviceZeiten_aktiv_uq').on('serviceZeiten').columns(['technikerId', 'laeuft']).unique().execute();
  await s.createIndex('serviceZeiten_auftrag_idx').on('serviceZeiten').columns(['serviceAuftragId', 'id']).execute();

  await withId(db, s.createTable('serviceNachbuchungen'))
    .addColumn('ben_id', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('istAnmeldung', 'boolean', (c) => c.notNull())
    .addColumn('nachbuchungTimeStamp', 'text', (c) => c.notNull())
    .addColumn('kommentar', 'text')
    .addColumn('erfasstAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('serviceNachbuchungen_ben_idx').on('serviceNachbuchungen').columns(['ben_id', 'nachbuchungTimeStamp']).execute();

  await withId(db, s.createTable('serviceKalendereintraege'))
    .addColumn('KAL_TYP_ID', 'integer', (c) => c.notNull().references('serviceKalenderTypen.id'))
    .addColumn('BEN_ID', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('Vormittags', 'boolean', (c) => c.notNull())
    .addColumn('Nachmittags', 'boolean', (c) => c.notNull())
    .addColumn('StartDatum', 'text', (c) => c.notNull())
    .addColumn('EndeDatum', 'text', (c) => c.notNull())
    .addColumn('Kommentar', 'text')
    .execute();
  await s.createIndex('serviceKalendereintraege_ben_idx').on('serviceKalendereintraege').columns(['BEN_ID', 'StartDatum']).execute();

  await withId(db, s.createTable('serviceSchritte'))
    .addColumn('serviceAuftragId', 'integer', (c) => c.notNull().references('serviceAuftraege.id'))
    .addColumn('planungId', 'integer', (c) => c.references('servicePlanungen.id'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .addColumn('erfasstAm', 'text', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('quelle', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .execute();
  await s.createIndex('serviceSchritte_auftrag_idx').on('serviceSchritte').columns(['serviceAuftragId', 'id']).execute();

  // reference data (like the number ranges of 0005): needed by every installation, demo or not
  await db
    .insertInto('serviceStatus' as never)
    .values(STATUS.map(([status, art, beschreibung]) => ({ status, art, beschreibung })) as never)
    .execute();
  await db
    .insertInto('serviceMehraufwandsarten' as never)
    .values(MEHRAUFWANDSARTEN.map(([bezeichnung, typ]) => ({ bezeichnung, typ })) as never)
    .execute();
  await db
    .insertInto('serviceKalenderTypen' as never)
    .values(KALENDERTYPEN.map(([bezeichnung, farbe]) => ({ bezeichnung, farbe })) as never)
    .execute();

  // applied steps by the client's action id (Idempotency-Key online, clientId in the sync): the answer or the refusal
  await s
    .createTable('serviceAktionen')
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id').onDelete('cascade'))
    .addColumn('clientId', 'text', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('antwort', 'text')
    .addColumn('erstelltAm', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('serviceAktionen_pk', ['benutzerId', 'clientId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'serviceAktionen',
    'serviceSchritte',
    'serviceKalendereintraege',
    'serviceNachbuchungen',
    'serviceZeiten',
    'serviceMehraufwaende',
    'serviceMaterialBuchungen',
    'serviceMaterial',
    'servicePlanungen',
    'serviceAuftraege',
    'serviceKalenderTypen',
    'serviceMehraufwandsarten',
    'serviceStatus',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
