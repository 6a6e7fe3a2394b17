import { type Kysely, sql } from 'kysely';
import { withId } from '../schema-helpers';

/**
 * Open items (offene Posten) of booked invoices and credit notes, their payments and the dunning runs.
 *
 * `offenePosten`: one row per booked invoice (0400) or credit note (0500), made by `openItemForInvoice` in the booking's
 * transaction; amounts in cents (money2), negative for a credit note. `offenerBetrag` and `bisherGezahlt` change only
 * by recorded payments (one conditional update per payment, so that two parallel payments cannot overpay); the item is
 * `abgeschlossen` when nothing is open. Dates are `YYYY-MM-DD`: `rechnungsdatum`, `valuta` (from when the terms count),
 * `nettoFaellig` (net due), `skontoDatum` with `skontoProzent` (hundredths of a percent) and `skontoBetrag` (cents).
 * `mahnstufe` 0–5 with `letzteMahnung`; flags `strittig` (disputed, under clarification — false: clarified),
 * `nichtMahnen` (unadmonished), `gesperrt` (blocked).
 *
 * `offenePostenZahlungen`: the payments (statement, method, amount, date, remark, user).
 *
 * `mahnlaeufe`: one row per day a dunning run ran (`datum` unique): a second run the same day changes nothing.
 *
 * The number range `OFFENER_POSTEN` numbers the items (`nummer`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await withId(db, s.createTable('offenePosten'))
    .addColumn('nummer', 'integer', (c) => c.notNull().unique())
    .addColumn('rechnungsnummer', 'text', (c) => c.notNull())
    .addColumn('belegId', 'integer', (c) => c.notNull().unique().references('belege.id'))
    .addColumn('opvArt', 'text', (c) => c.notNull())
    .addColumn('adresseId', 'integer', (c) => c.notNull().references('adressen.id'))
    .addColumn('rechnungsBetrag', 'bigint', (c) => c.notNull())
    .addColumn('offenerBetrag', 'bigint', (c) => c.notNull())
    .addColumn('bisherGezahlt', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rechnungsdatum', 'text', (c) => c.notNull())
    .addColumn('valuta', 'text', (c) => c.notNull())
    .addColumn('nettoFaellig', 'text', (c) => c.notNull())
    .addColumn('skontoDatum', 'text')
    .addColumn('skontoProzent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skontoBetrag', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('zahlungsartId', 'integer', (c) => c.references('zahlungsarten.id'))
    .addColumn('zahlungsart', 'text')
    .addColumn('mahnstufe', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"mahnstufe" between 0 and 5`))
    .addColumn('letzteMahnung', 'text')
    .addColumn('strittig', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('nichtMahnen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gesperrt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('abgeschlossen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .addColumn('geaendertAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('offenePosten_adresse_idx').on('offenePosten').columns(['adresseId', 'abgeschlossen']).execute();
  await s.createIndex('offenePosten_rechnungsnummer_idx').on('offenePosten').columns(['rechnungsnummer', 'id']).execute();
  await s.createIndex('offenePosten_faellig_idx').on('offenePosten').columns(['abgeschlossen', 'nettoFaellig', 'id']).execute();
  await s.createIndex('offenePosten_mahnstufe_idx').on('offenePosten').columns(['abgeschlossen', 'mahnstufe']).execute();

  await withId(db, s.createTable('offenePostenZahlungen'))
    .addColumn('offenerPostenId', 'integer', (c) => c.notNull().references('offenePosten.id').onDelete('cascade'))
    .addColumn('auszug', 'text')
    .addColumn('bemerkung', 'text')
    .addColumn('zahlungPer', 'text', (c) => c.notNull())
    .addColumn('zahlungsBetrag', 'bigint', (c) => c.notNull())
    .addColumn('zahlungsDatum', 'text', (c) => c.notNull())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('angelegtAm', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('offenePostenZahlungen_op_idx').on('offenePostenZahlungen').columns(['offenerPostenId', 'zahlungsDatum']).execute();

  await withId(db, s.createTable('mahnlaeufe'))
    .addColumn('datum', 'text', (c) => c.notNull().unique())
    .addColumn('benutzerId', 'integer', (c) => c.references('benutzer.id'))
    .addColumn('zeitpunkt', 'text', (c) => c.notNull())
    .addColumn('erhoeht', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const { rows } = await sql<{ n: number | string | null }>`select max("nummer") as n from "offenePosten"`.execute(db);
  await sql`insert into nummernkreise (name, bezeichnung, praefix, start, naechste)
    values ('OFFENER_POSTEN', 'Nummern offener Posten', '', 1, ${Math.max(1, Number(rows[0]?.n ?? 0) + 1)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from nummernkreise where name = 'OFFENER_POSTEN'`.execute(db);
  await db.schema.dropTable('mahnlaeufe').execute();
  await db.schema.dropTable('offenePostenZahlungen').execute();
  await db.schema.dropTable('offenePosten').execute();
}
