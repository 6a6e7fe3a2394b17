import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';
import { sortKeyExpression } from './0004_german_sort';

/**
 * Sales documents (issue 11): the head and foot fields of the spec (BEL-018/019), positions with article link, second
 * discount, surcharges, store, transform links and the price explanation (BEL-022, issue 11 item 6), the new status of
 * each history row, the columns the transitions need (deal, booked/cancelled, cancellation link, adopted quantities),
 * number ranges per document type and the indexes of the list (belegdatum descending, per address, per type and
 * status, German order of the text columns, quick search over number, address name and subject).
 *
 * Also: `adressen.preisgruppe` (the price group of an address, for price determination) and `artikel.ek` (purchase
 * price, 1/10,000, copied to a position for its gross profit).
 *
 * The tables of 0002 are extended, not replaced: the reports of modules/adressen/auswertungen.routes.ts and the demo
 * seed keep working (every new column is nullable or has a default).
 */

/** Number ranges per belegtyp: the text is `<prefix><year of belegdatum>-<5-digit number>` (e.g. RE2026-00001). */
export const BELEG_RANGES: { name: string; bezeichnung: string; praefix: string }[] = [
  { name: 'BELEG_01', bezeichnung: 'Angebotsnummern', praefix: 'AN' },
  { name: 'BELEG_02', bezeichnung: 'Auftragsnummern (Verkauf)', praefix: 'AU' },
  { name: 'BELEG_03', bezeichnung: 'Lieferscheinnummern', praefix: 'LS' },
  { name: 'BELEG_04', bezeichnung: 'Rechnungsnummern', praefix: 'RE' },
  { name: 'BELEG_05', bezeichnung: 'Gutschriftnummern', praefix: 'GU' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const dialect = dialectOf(db);
  const pg = dialect === 'postgres';

  // --- head and foot ---------------------------------------------------------------------------------------------
  // biome-ignore lint/suspicious/noExplicitAny: one helper for every column kind
  type Build = (c: any) => any;
  const add = async (table: string, column: string, type: 'text' | 'integer' | 'bigint' | 'boolean', build: Build = (c) => c) => {
    await s.alterTable(table).addColumn(column, type, build).execute();
  };
  const big = 'bigint' as const;
  await add('belege', 'adresseName', 'text');
  await add('belege', 'rechnungsadresseId', 'integer', (c) => c.references('zusatzadressen.id').onDelete('set null'));
  await add('belege', 'lieferadresseId', 'integer', (c) => c.references('zusatzadressen.id').onDelete('set null'));
  await add('belege', 'ansprechpartnerId', 'integer', (c) => c.references('ansprechpartner.id').onDelete('set null'));
  await add('belege', 'freigabe', 'boolean', (c) => c.notNull().defaultTo(false));
  await add('belege', 'fixtermin', 'boolean', (c) => c.notNull().defaultTo(false));
  await add('belege', 'auftragsDatum', 'text');
  await add('belege', 'endbetragNetto', big, (c) => c.notNull().defaultTo(0));
  await add('belege', 'frachtkosten', big, (c) => c.notNull().defaultTo(0));
  await add('belege', 'nachnahme', big, (c) => c.notNull().defaultTo(0));
  await add('belege', 'versicherung', big, (c) => c.notNull().defaultTo(0));
  for (const n of [1, 2]) {
    await add('belege', `rabatt${n}Prozent`, 'integer');
    await add('belege', `rabatt${n}Betrag`, big);
    await add('belege', `rabatt${n}Text`, 'text');
    await add('belege', `rabatt${n}Wert`, big, (c) => c.notNull().defaultTo(0));
  }
  await add('belege', 'mwstAufteilung', 'text');
  await add('belege', 'rohertrag', big, (c) => c.notNull().defaultTo(0));
  await add('belege', 'gewicht', big, (c) => c.notNull().defaultTo(0));
  await add('belege', 'anzahlPakete', 'integer');
  await add('belege', 'waehrung', 'text', (c) => c.notNull().defaultTo('EUR'));
  await add('belege', 'waehrungkurs', big, (c) => c.notNull().defaultTo(10_000));
  await add('belege', 'zustaendigerMitarbeiter', 'integer', (c) => c.references('benutzer.id').onDelete('set null'));
  await add('belege', 'projekt', 'text');
  await add('belege', 'zahlart', 'integer', (c) => c.references('zahlungsarten.id'));
  await add('belege', 'lieferart', 'integer', (c) => c.references('lieferbedingungen.id'));
  await add('belege', 'kopftext', 'text');
  await add('belege', 'fusstext', 'text');
  await add('belege', 'dealId', 'integer');
  await add('belege', 'gebuchtAm', 'text');
  await add('belege', 'storniertAm', 'text');
  await add('belege', 'stornoVonId', 'integer', (c) => c.references('belege.id'));

  // address names of existing documents (demo data written before this migration)
  await sql`update belege set "adresseName" = (select name1 from adressen where adressen.id = belege."adresseId")`.execute(db);
  // the net of existing documents is their final net (they have no head discounts or freight)
  await sql`update belege set "endbetragNetto" = "betragNetto"`.execute(db);

  // --- positions -------------------------------------------------------------------------------------------------
  await add('belegPositionen', 'artikelId', 'integer', (c) => c.references('artikel.id').onDelete('set null'));
  await add('belegPositionen', 'beschreibung', 'text');
  await add('belegPositionen', 'rabatt2', 'integer', (c) => c.notNull().defaultTo(0));
  await add('belegPositionen', 'teuerungszuschlag', 'integer', (c) => c.notNull().defaultTo(0));
  await add('belegPositionen', 'eilzuschlag', big, (c) => c.notNull().defaultTo(0));
  await add('belegPositionen', 'endpreis', big, (c) => c.notNull().defaultTo(0));
  await add('belegPositionen', 'gewicht', big);
  await add('belegPositionen', 'lagId', 'integer', (c) => c.references('lager.id'));
  await add('belegPositionen', 'lagerNr', 'text');
  await add('belegPositionen', 'quellePositionId', 'integer', (c) => c.references('belegPositionen.id').onDelete('set null'));
  await add('belegPositionen', 'mengeUebernommen', big, (c) => c.notNull().defaultTo(0));
  await add('belegPositionen', 'preisManuell', 'boolean', (c) => c.notNull().defaultTo(false));
  await add('belegPositionen', 'preisHerkunft', 'text');
  await sql`update "belegPositionen" set "endpreis" = "einzelpreis" * (10000 - "rabatt1") / 10000`.execute(db);

  // --- history -----------------------------------------------------------------------------------------------------
  await add('belegStatushistorie', 'belegstatus', 'integer');

  // --- master data the price determination reads -------------------------------------------------------------------
  await add('adressen', 'preisgruppe', 'integer', (c) => c.references('preisgruppen.nummer'));
  await add('artikel', 'ek', big);

  // --- number ranges per document type -----------------------------------------------------------------------------
  for (const r of BELEG_RANGES) {
    await sql`insert into nummernkreise (name, bezeichnung, praefix, start, naechste) values (${r.name}, ${r.bezeichnung}, ${r.praefix}, 1, 1)`.execute(db);
  }

  // --- indexes -----------------------------------------------------------------------------------------------------
  const idx = (name: string, table: string, cols: string[]) => sql.raw(`create index "${name}" on "${table}" (${cols.join(', ')})`).execute(db);
  // the list's default order (belegdatum descending, id as tie-breaker) and its filters
  await idx('belege_liste_idx', 'belege', ['"belegdatum"', '"id"']);
  await idx('belege_adresse_liste_idx', 'belege', ['"adresseId"', '"belegdatum"', '"id"']);
  await idx('belege_art_status_idx', 'belege', ['"belegart"', '"belegstatus"', '"belegdatum"', '"id"']);
  await idx('belege_status_idx', 'belege', ['"belegstatus"', '"belegdatum"', '"id"']);
  await idx('belege_nummer_idx', 'belege', ['"belegnummer"', '"id"']);
  await idx('belege_deal_idx', 'belege', ['"dealId"']);
  await idx('belege_vorgaenger_idx', 'belege', ['"vorgaengerId"']);
  await idx('belege_storno_idx', 'belege', ['"stornoVonId"']);
  await idx('belege_benutzer_idx', 'belege', ['"benutzerId"', '"belegdatum"', '"id"']);
  // German order of the sortable text columns (like migration 0004)
  for (const column of ['adresseName', 'betreff']) {
    await idx(`belege_${column}_de_idx`, 'belege', [sortKeyExpression(`"${column}"`, dialect), '"id"', `"${column}"`]);
  }
  await idx('belegPositionen_artikel_idx', 'belegPositionen', ['"artikelId"']);
  await idx('belegPositionen_quelle_idx', 'belegPositionen', ['"quellePositionId"']);

  // --- quick search over belegnummer, address name and subject -----------------------------------------------------
  // PostgreSQL's parser reads "RE2026-00001" as a word and a negative number: the number's separators become spaces,
  // so that its parts are words as in SQLite's tokenizer (the quick search splits the term the same way).
  if (pg) {
    await sql`alter table belege add column suche tsvector generated always as (to_tsvector('simple', translate(coalesce("belegnummer",''), '-/_.', '    ') || ' ' || coalesce("adresseName",'') || ' ' || coalesce("betreff",''))) stored`.execute(
      db,
    );
    await sql`create index belege_suche_idx on belege using gin (suche)`.execute(db);
  } else {
    await sql`create virtual table belege_fts using fts5(belegnummer, adresseName, betreff, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    const cols = 'rowid, belegnummer, adresseName, betreff';
    const values = (r: string) => `${r}.id, ${r}.belegnummer, ${r}.adresseName, ${r}.betreff`;
    await sql.raw(`insert into belege_fts(${cols}) select ${values('b')} from belege b`).execute(db);
    await sql.raw(`create trigger belege_fts_ai after insert on belege begin insert into belege_fts(${cols}) values (${values('new')}); end`).execute(db);
    await sql.raw('create trigger belege_fts_ad after delete on belege begin delete from belege_fts where rowid = old.id; end').execute(db);
    await sql
      .raw(
        `create trigger belege_fts_au after update of belegnummer, adresseName, betreff on belege begin delete from belege_fts where rowid = old.id; insert into belege_fts(${cols}) values (${values('new')}); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) {
    await sql`drop index if exists belege_suche_idx`.execute(db);
    await sql`alter table belege drop column suche`.execute(db);
  } else {
    for (const t of ['belege_fts_ai', 'belege_fts_ad', 'belege_fts_au']) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists belege_fts`.execute(db);
  }
  for (const name of [
    'belege_liste_idx',
    'belege_adresse_liste_idx',
    'belege_art_status_idx',
    'belege_status_idx',
    'belege_nummer_idx',
    'belege_deal_idx',
    'belege_vorgaenger_idx',
    'belege_storno_idx',
    'belege_benutzer_idx',
    'belege_adresseName_de_idx',
    'belege_betreff_de_idx',
    'belegPositionen_artikel_idx',
    'belegPositionen_quelle_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await sql`delete from nummernkreise where name like 'BELEG\_0%' escape '\\'`.execute(db);
  const drop = async (table: string, columns: string[]) => {
    for (const c of columns) await db.schema.alterTable(table).dropColumn(c).execute();
  };
  await drop('artikel', ['ek']);
  await drop('adressen', ['preisgruppe']);
  await drop('belegStatushistorie', ['belegstatus']);
  await drop('belegPositionen', [
    'artikelId',
    'beschreibung',
    'rabatt2',
    'teuerungszuschlag',
    'eilzuschlag',
    'endpreis',
    'gewicht',
    'lagId',
    'lagerNr',
    'quellePositionId',
    'mengeUebernommen',
    'preisManuell',
    'preisHerkunft',
  ]);
  await drop('belege', [
    'adresseName',
    'rechnungsadresseId',
    'lieferadresseId',
    'ansprechpartnerId',
    'freigabe',
    'fixtermin',
    'auftragsDatum',
    'endbetragNetto',
    'frachtkosten',
    'nachnahme',
    'versicherung',
    'rabatt1Prozent',
    'rabatt1Betrag',
    'rabatt1Text',
    'rabatt1Wert',
    'rabatt2Prozent',
    'rabatt2Betrag',
    'rabatt2Text',
    'rabatt2Wert',
    'mwstAufteilung',
    'rohertrag',
    'gewicht',
    'anzahlPakete',
    'waehrung',
    'waehrungkurs',
    'zustaendigerMitarbeiter',
    'projekt',
    'zahlart',
    'lieferart',
    'kopftext',
    'fusstext',
    'dealId',
    'gebuchtAm',
    'storniertAm',
    'stornoVonId',
  ]);
}
