import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { blobType, dialectOf, nocase, withId } from '../schema-helpers';

/** Products, storage places, stock with its movement journal, assets with images and files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const pg = dialectOf(db) === 'postgres';
  const ci = nocase(db);

  await withId(db, s.createTable('warengruppen'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .execute();

  let artikel = withId(db, s.createTable('artikel'))
    .addColumn('artikelnummer', 'text', (c) => c.notNull().unique().modifyEnd(ci))
    .addColumn('artikelart', 'text', (c) => c.notNull())
    .addColumn('name1', 'text')
    .addColumn('bezeichnung', 'text', (c) => c.notNull().modifyEnd(ci))
    .addColumn('artikeltext', 'text')
    .addColumn('ean', 'text')
    .addColumn('hersteller', 'text')
    .addColumn('gesperrt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vknetto', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mwstsatz', 'integer', (c) => c.notNull().defaultTo(1900))
    .addColumn('preiseinheit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('verpackungseinheit', 'bigint')
    .addColumn('mengeneinheit', 'text')
    .addColumn('gewicht', 'bigint')
    .addColumn('gewichtNetto', 'bigint')
    .addColumn('maße', 'text')
    .addColumn('istRabattierfaehig', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('istChargenArtikel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('istSeriennummernArtikel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('istSkontofaehig', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('warengruppeId', 'integer', (c) => c.references('warengruppen.id'))
    .addColumn('staffel', 'text');
  for (let i = 1; i <= 10; i++) artikel = artikel.addColumn(`s${String(i).padStart(2, '0')}`, 'text');
  artikel = artikel
    // Totals over every warehouse, kept by the stock service in the same transaction as each movement.
    .addColumn('bestand', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reserviert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('blockiert', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('naechsteLieferung', 'text')
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull());
  if (pg) {
    artikel = artikel.addColumn('suche', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`to_tsvector('simple', "artikelnummer" || ' ' || "bezeichnung" || ' ' || coalesce("name1",'') || ' ' || coalesce("ean",'') || ' ' || coalesce("hersteller",''))`,
        )
        .stored(),
    );
  }
  await artikel.execute();
  for (const [name, cols] of [
    ['artikel_bezeichnung_idx', ['bezeichnung', 'id']],
    ['artikel_ean_idx', ['ean']],
    ['artikel_art_idx', ['artikelart', 'artikelnummer']],
    ['artikel_bestand_idx', ['bestand', 'id']],
    ['artikel_vknetto_idx', ['vknetto', 'id']],
  ] as const) {
    await s
      .createIndex(name)
      .on('artikel')
      .columns([...cols])
      .execute();
  }
  if (pg) {
    await sql`create index artikel_suche_idx on artikel using gin (suche)`.execute(db);
  } else {
    await sql`create virtual table artikel_fts using fts5(artikelnummer, bezeichnung, name1, ean, hersteller, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    const cols = 'rowid, artikelnummer, bezeichnung, name1, ean, hersteller';
    const vals = (r: string) => `${r}.id, ${r}.artikelnummer, ${r}.bezeichnung, ${r}.name1, ${r}.ean, ${r}.hersteller`;
    await sql.raw(`create trigger artikel_fts_ai after insert on artikel begin insert into artikel_fts(${cols}) values (${vals('new')}); end`).execute(db);
    await sql.raw('create trigger artikel_fts_ad after delete on artikel begin delete from artikel_fts where rowid = old.id; end').execute(db);
    await sql
      .raw(
        `create trigger artikel_fts_au after update of artikelnummer, bezeichnung, name1, ean, hersteller on artikel begin delete from artikel_fts where rowid = old.id; insert into artikel_fts(${cols}) values (${vals('new')}); end`,
      )
      .execute(db);
  }

  await withId(db, s.createTable('artikelFreieFelder'))
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id').onDelete('cascade'))
    .addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('wert', 'text')
    .addColumn('sortierung', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('artikelFreieFelder_artikel_idx').on('artikelFreieFelder').columns(['artikelId', 'sortierung']).execute();

  await s
    .createTable('artikelPreisstaffeln')
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id').onDelete('cascade'))
    .addColumn('ap', 'text', (c) => c.notNull())
    .addColumn('preisgruppe', 'integer', (c) => c.notNull().references('preisgruppen.nummer'))
    .addColumn('stufe', 'integer', (c) => c.notNull())
    .addColumn('menge', 'bigint')
    .addColumn('vk', 'bigint')
    .addColumn('aufschlag', 'integer')
    .addPrimaryKeyConstraint('artikelPreisstaffeln_pk', ['artikelId', 'ap', 'preisgruppe', 'stufe'])
    .execute();

  await withId(db, s.createTable('lagerplaetze'))
    .addColumn('lagerId', 'integer', (c) => c.notNull().references('lager.id'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('kistennummer', 'text')
    .addUniqueConstraint('lagerplaetze_uq', ['lagerId', 'location'])
    .execute();

  const mengen = <T extends string, C extends string>(tb: CreateTableBuilder<T, C>) =>
    tb
      .addColumn('bestand', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('reserviert', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bestellt', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('blockiert', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('inUmlagerung', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('inKommissionierung', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('inProduktion', 'bigint', (c) => c.notNull().defaultTo(0));
  await mengen(
    s
      .createTable('bestaende')
      .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
      .addColumn('lagerId', 'integer', (c) => c.notNull().references('lager.id')),
  )
    .addColumn('naechsteLieferung', 'text')
    .addPrimaryKeyConstraint('bestaende_pk', ['artikelId', 'lagerId'])
    .execute();
  await s.createIndex('bestaende_lager_idx').on('bestaende').columns(['lagerId', 'artikelId']).execute();
  await mengen(
    s
      .createTable('lagerplatzBestaende')
      .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
      .addColumn('lagerplatzId', 'integer', (c) => c.notNull().references('lagerplaetze.id')),
  )
    .addPrimaryKeyConstraint('lagerplatzBestaende_pk', ['artikelId', 'lagerplatzId'])
    .execute();

  await withId(db, s.createTable('lagerbewegungen'))
    .addColumn('artikelId', 'integer', (c) => c.notNull().references('artikel.id'))
    .addColumn('lagerId', 'integer', (c) => c.notNull().references('lager.id'))
    .addColumn('lagerplatzId', 'integer', (c) => c.references('lagerplaetze.id'))
    .addColumn('feld', 'text', (c) => c.notNull())
    .addColumn('menge', 'bigint', (c) => c.notNull())
    .addColumn('art', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('belegId', 'integer')
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('lagerbewegungen_artikel_idx').on('lagerbewegungen').columns(['artikelId', 'lagerId', 'zeitpunkt']).execute();

  await withId(db, s.createTable('assets'))
    .addColumn('assetnummer', 'text', (c) => c.notNull().unique().modifyEnd(ci))
    .addColumn('bezeichnung', 'text', (c) => c.notNull().modifyEnd(ci))
    .addColumn('seriennummer', 'text')
    .addColumn('imei', 'text')
    .addColumn('bemerkung', 'text')
    .addColumn('beschreibung', 'text')
    .addColumn('beginnGarantie', 'text')
    .addColumn('endeGarantie', 'text')
    .addColumn('beginnService', 'text')
    .addColumn('endeService', 'text')
    .addColumn('istAktiv', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('adresseId', 'integer', (c) => c.references('adressen.id'))
    .addColumn('artikelId', 'integer', (c) => c.references('artikel.id'))
    .addColumn('abweichenderStandort', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('standortName', 'text')
    .addColumn('standortStrasse', 'text')
    .addColumn('standortPlz', 'text')
    .addColumn('standortOrt', 'text')
    .addColumn('s01', 'text')
    .addColumn('s02', 'text')
    .addColumn('s03', 'text')
    .addColumn('s04', 'text')
    .addColumn('s05', 'text')
    .addColumn('s06', 'text')
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('assets_bezeichnung_idx').on('assets').columns(['bezeichnung', 'id']).execute();
  await s.createIndex('assets_seriennummer_idx').on('assets').columns(['seriennummer']).execute();
  await s.createIndex('assets_adresse_idx').on('assets').columns(['adresseId']).execute();
  await withId(db, s.createTable('assetBilder'))
    .addColumn('assetId', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('bildindex', 'integer', (c) => c.notNull())
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('thumbnail', blobType(db), (c) => c.notNull())
    .addColumn('popup', blobType(db), (c) => c.notNull())
    .execute();
  await s.createIndex('assetBilder_asset_idx').on('assetBilder').columns(['assetId', 'bildindex']).execute();
  await withId(db, s.createTable('assetDateien'))
    .addColumn('assetId', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('dateiname', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('groesse', 'integer', (c) => c.notNull())
    .addColumn('datum', 'text', (c) => c.notNull())
    .addColumn('betreff', 'text')
    .addColumn('daten', blobType(db), (c) => c.notNull())
    .execute();
  await s.createIndex('assetDateien_asset_idx').on('assetDateien').columns(['assetId', 'datum']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'assetDateien',
    'assetBilder',
    'assets',
    'lagerbewegungen',
    'lagerplatzBestaende',
    'bestaende',
    'lagerplaetze',
    'artikelPreisstaffeln',
    'artikelFreieFelder',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  if (dialectOf(db) === 'sqlite') await sql`drop table if exists artikel_fts`.execute(db);
  await db.schema.dropTable('artikel').execute();
  await db.schema.dropTable('warengruppen').execute();
}
