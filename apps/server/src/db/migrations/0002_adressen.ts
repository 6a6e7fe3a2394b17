import { type Kysely, sql } from 'kysely';
import { blobType, dialectOf, nocase, withId } from '../schema-helpers';

/** Addresses with persons, activities, additional addresses, customer prices, files and pictures; sales documents. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const pg = dialectOf(db) === 'postgres';
  const ci = nocase(db);

  await withId(db, s.createTable('bilder'))
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .execute();

  let adressen = withId(db, s.createTable('adressen'))
    .addColumn('adressnummer', 'integer', (c) => c.notNull().unique())
    .addColumn('kundennummer', 'integer', (c) => c.unique())
    .addColumn('lieferantennummer', 'integer', (c) => c.unique())
    .addColumn('name1', 'text', (c) => c.notNull().modifyEnd(ci))
    .addColumn('name2', 'text')
    .addColumn('name3', 'text')
    .addColumn('kurzname', 'text')
    .addColumn('anrede', 'text')
    .addColumn('art', 'text', (c) => c.notNull().defaultTo('LEGAL'))
    .addColumn('strasse', 'text', (c) => c.modifyEnd(ci))
    .addColumn('plz', 'text')
    .addColumn('ort', 'text', (c) => c.modifyEnd(ci))
    .addColumn('lkz', 'text')
    .addColumn('telefon', 'text')
    .addColumn('mobil', 'text')
    .addColumn('fax', 'text')
    .addColumn('email', 'text', (c) => c.modifyEnd(ci))
    .addColumn('website', 'text')
    .addColumn('gesperrt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('istKunde', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('istLieferant', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('kreditlimit', 'bigint')
    .addColumn('opvBetrag', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lieferart', 'integer', (c) => c.references('lieferbedingungen.id'))
    .addColumn('zahlart', 'integer', (c) => c.references('zahlungsarten.id'))
    .addColumn('erstkontakt', 'text')
    .addColumn('erstkontaktBemerkung', 'text')
    .addColumn('vertreter1', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('vertreter2', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('vertreter3', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('abcKennung', 'text')
    .addColumn('unvollstaendig', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notiz', 'text');
  for (let i = 1; i <= 10; i++) adressen = adressen.addColumn(`s${String(i).padStart(2, '0')}`, 'text');
  adressen = adressen.addColumn('angelegtAm', 'text', (c) => c.notNull()).addColumn('geaendertAm', 'text', (c) => c.notNull());
  if (pg) {
    adressen = adressen.addColumn('suche', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`to_tsvector('simple', coalesce("name1",'') || ' ' || coalesce("name2",'') || ' ' || coalesce("name3",'') || ' ' || coalesce("kurzname",'') || ' ' || coalesce("ort",'') || ' ' || coalesce("plz",'') || ' ' || coalesce("email",'') || ' ' || "adressnummer" || ' ' || coalesce("kundennummer"::text,'') || ' ' || coalesce("lieferantennummer"::text,''))`,
        )
        .stored(),
    );
  }
  await adressen.execute();
  for (const [name, cols] of [
    ['adressen_name1_idx', ['name1', 'id']],
    ['adressen_name2_idx', ['name2']],
    ['adressen_ort_idx', ['ort', 'id']],
    ['adressen_plz_idx', ['plz', 'id']],
    ['adressen_strasse_idx', ['strasse']],
    ['adressen_lkz_idx', ['lkz']],
    ['adressen_email_idx', ['email']],
    ['adressen_kunde_idx', ['istKunde', 'gesperrt', 'name1']],
    ['adressen_lieferant_idx', ['istLieferant', 'gesperrt', 'name1']],
  ] as const) {
    await s
      .createIndex(name)
      .on('adressen')
      .columns([...cols])
      .execute();
  }
  if (pg) {
    await sql`create index adressen_suche_idx on adressen using gin (suche)`.execute(db);
  } else {
    // Contentless full-text index over the search fields, kept in step by triggers.
    await sql`create virtual table adressen_fts using fts5(name1, name2, name3, kurzname, ort, plz, email, nummern, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    const values = (r: string) =>
      `${r}.id, ${r}.name1, ${r}.name2, ${r}.name3, ${r}.kurzname, ${r}.ort, ${r}.plz, ${r}.email, ${r}.adressnummer || ' ' || coalesce(${r}.kundennummer, '') || ' ' || coalesce(${r}.lieferantennummer, '')`;
    const cols = 'rowid, name1, name2, name3, kurzname, ort, plz, email, nummern';
    await sql.raw(`create trigger adressen_fts_ai after insert on adressen begin insert into adressen_fts(${cols}) values (${values('new')}); end`).execute(db);
    await sql.raw(`create trigger adressen_fts_ad after delete on adressen begin delete from adressen_fts where rowid = old.id; end`).execute(db);
    await sql
      .raw(
        `create trigger adressen_fts_au after update of name1, name2, name3, kurzname, ort, plz, email, adressnummer, kundennummer, lieferantennummer on adressen begin delete from adressen_fts where rowid = old.id; insert into adressen_fts(${cols}) values (${values('new')}); end`,
      )
      .execute(db);
  }

  await withId(db, s.createTable('ansprechpartner'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id').onDelete('cascade'))
    .addColumn('anrede', 'text')
    .addColumn('titel', 'text')
    .addColumn('vorname', 'text')
    .addColumn('name', 'text', (c) => c.notNull().modifyEnd(ci))
    .addColumn('position', 'text')
    .addColumn('abteilung', 'text')
    .addColumn('telefon', 'text')
    .addColumn('mobil', 'text')
    .addColumn('fax', 'text')
    .addColumn('email', 'text')
    .addColumn('briefanrede', 'text')
    .addColumn('sortierung', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('geburtstag', 'text')
    .addColumn('notiz', 'text')
    .addColumn('gfxid', 'integer', (c) => c.references('bilder.id').onDelete('set null'))
    .execute();
  await s.createIndex('ansprechpartner_adresse_idx').on('ansprechpartner').columns(['adresseId', 'sortierung']).execute();
  await s.createIndex('ansprechpartner_name_idx').on('ansprechpartner').columns(['name']).execute();

  await withId(db, s.createTable('aktivitaetsarten'))
    .addColumn('wert', 'text', (c) => c.notNull().unique())
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('aktivitaeten'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id').onDelete('cascade'))
    .addColumn('ansprechpartnerId', 'integer', (c) => c.references('ansprechpartner.id').onDelete('set null'))
    .addColumn('benutzerId', 'integer', (c) => c.notNull().references('benutzer.id'))
    .addColumn('artId', 'integer', (c) => c.notNull().references('aktivitaetsarten.id'))
    .addColumn('beschreibung', 'text', (c) => c.notNull())
    .addColumn('dauer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('datum', 'text', (c) => c.notNull())
    .addColumn('angelegtDatum', 'text', (c) => c.notNull())
    .addColumn('geaendertDatum', 'text', (c) => c.notNull())
    .addColumn('ticketId', 'integer')
    .addColumn('dealId', 'integer')
    .execute();
  await s.createIndex('aktivitaeten_adresse_idx').on('aktivitaeten').columns(['adresseId', 'datum']).execute();

  await withId(db, s.createTable('zusatzadressen'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id').onDelete('cascade'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('name1', 'text', (c) => c.notNull())
    .addColumn('name2', 'text')
    .addColumn('strasse', 'text')
    .addColumn('plz', 'text')
    .addColumn('ort', 'text')
    .addColumn('lkz', 'text')
    .addColumn('telefon', 'text')
    .addColumn('email', 'text')
    .execute();
  await s.createIndex('zusatzadressen_adresse_idx').on('zusatzadressen').columns(['adresseId', 'art']).execute();

  await withId(db, s.createTable('kundensonderpreise'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id').onDelete('cascade'))
    .addColumn('artikelnummer', 'text', (c) => c.notNull())
    .addColumn('artikelbezeichnung', 'text')
    .addColumn('preisart', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sonderpreis', 'bigint')
    .addColumn('mwstSatz', 'integer', (c) => c.notNull().defaultTo(1900))
    .addColumn('rabatt1', 'integer')
    .addColumn('rabatt2', 'integer')
    .addColumn('abweichendeArtikelnummer', 'text')
    .addColumn('abweichendeArtikelbezeichnung', 'text')
    .addColumn('abweichenderArtikeltext', 'text')
    .addColumn('ean', 'text')
    .addColumn('abweichendeArtikelnummerNutzen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('abweichendeTexteNutzen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('abweichendeEanNutzen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sonderpreisNutzen', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('kundensonderpreise_artikel_uq', ['adresseId', 'artikelnummer'])
    .execute();
  await s
    .createTable('kundensonderpreisStaffeln')
    .addColumn('kundensonderpreisId', 'integer', (c) => c.notNull().references('kundensonderpreise.id').onDelete('cascade'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('stufe', 'integer', (c) => c.notNull())
    .addColumn('menge', 'bigint')
    .addColumn('vk', 'bigint')
    .addColumn('rabatt', 'integer')
    .addPrimaryKeyConstraint('kundensonderpreisStaffeln_pk', ['kundensonderpreisId', 'art', 'stufe'])
    .execute();
  await withId(db, s.createTable('kundensonderpreisApz'))
    .addColumn('kundensonderpreisId', 'integer', (c) => c.notNull().references('kundensonderpreise.id').onDelete('cascade'))
    .addColumn('abMenge', 'bigint', (c) => c.notNull())
    .addColumn('sonderpreis', 'bigint', (c) => c.notNull())
    .addColumn('gueltigVon', 'text')
    .addColumn('gueltigBis', 'text')
    .execute();
  await s.createIndex('kundensonderpreisApz_preis_idx').on('kundensonderpreisApz').columns(['kundensonderpreisId', 'abMenge']).execute();

  await withId(db, s.createTable('adressDateien'))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id').onDelete('cascade'))
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('groesse', 'integer', (c) => c.notNull())
    .addColumn('datum', 'text', (c) => c.notNull())
    .addColumn('betreff', 'text')
    .addColumn('istEmail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dealId', 'integer')
    .addColumn('ticketId', 'integer')
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .execute();
  await s.createIndex('adressDateien_adresse_idx').on('adressDateien').columns(['adresseId', 'datum']).execute();

  await withId(db, s.createTable('belege'))
    .addColumn('belegart', 'text', (c) => c.notNull().references('belegarten.belegart'))
    .addColumn('belegnummer', 'text', (c) => c.notNull())
    .addColumn('belegdatum', 'text', (c) => c.notNull())
    .addColumn('belegstatus', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id'))
    .addColumn('betreff', 'text')
    .addColumn('betragNetto', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mwstBetrag', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('betragBrutto', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('liefertermin', 'text')
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('vorgaengerId', 'integer', (c) => c.references('belege.id'))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .addUniqueConstraint('belege_nummer_uq', ['belegart', 'belegnummer'])
    .execute();
  await s.createIndex('belege_adresse_idx').on('belege').columns(['adresseId', 'belegart', 'belegdatum']).execute();
  await s.createIndex('belege_datum_idx').on('belege').columns(['belegart', 'belegdatum']).execute();
  await withId(db, s.createTable('belegPositionen'))
    .addColumn('belegId', 'integer', (c) => c.notNull().references('belege.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('positionsArt', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('artikelnummer', 'text')
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('menge', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeGeliefert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mengeneinheit', 'text')
    .addColumn('einzelpreis', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rabatt1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mwstSatz', 'integer', (c) => c.notNull().defaultTo(1900))
    .addColumn('gesamtpreis', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ek', 'bigint')
    .execute();
  await s.createIndex('belegPositionen_beleg_idx').on('belegPositionen').columns(['belegId', 'position']).execute();
  await withId(db, s.createTable('belegStatushistorie'))
    .addColumn('belegId', 'integer', (c) => c.notNull().references('belege.id').onDelete('cascade'))
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('belegStatushistorie_beleg_idx').on('belegStatushistorie').columns(['belegId', 'zeitpunkt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'belegStatushistorie',
    'belegPositionen',
    'belege',
    'adressDateien',
    'kundensonderpreisApz',
    'kundensonderpreisStaffeln',
    'kundensonderpreise',
    'zusatzadressen',
    'aktivitaeten',
    'aktivitaetsarten',
    'ansprechpartner',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  if (dialectOf(db) === 'sqlite') await sql`drop table if exists adressen_fts`.execute(db);
  await db.schema.dropTable('adressen').execute();
  await db.schema.dropTable('bilder').execute();
}
