import { type Kysely, sql } from 'kysely';

/**
 * The cancellation document (issue 19 item 8, GoBD): cancelling a booked invoice or credit note creates a
 * `Stornorechnung` (0600) with its own number from its own range `BELEG_06` (`SR<year>-<00001>`), the lines negated.
 * A database whose reference data was seeded before gets the type in `belegarten`; a fresh one gets it from the seed,
 * which writes one row per descriptor. Named 0017 because other branches add 0015/0016.
 *
 * Issue 19 item 10: a payment type says how it is paid (`zahlungsarten.verfahren`: LASTSCHRIFT direct debit, VORKASSE
 * prepayment, null a transfer within its terms), so the invoice prints the matching terms; existing rows are filled
 * from their names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into nummernkreise (name, bezeichnung, praefix, start, naechste) values ('BELEG_06', 'Stornorechnungsnummern', 'SR', 1, 1)`.execute(db);
  await sql`insert into belegarten (belegart, anzeige, "istEinkauf")
    select '0600', 'Stornorechnung', ${sql.lit(false)}
    where exists (select 1 from belegarten) and not exists (select 1 from belegarten where belegart = '0600')`.execute(db);
  await db.schema.alterTable('zahlungsarten').addColumn('verfahren', 'text').execute();
  await sql`update zahlungsarten set verfahren = 'LASTSCHRIFT' where lower(bezeichnung) like '%lastschrift%'`.execute(db);
  await sql`update zahlungsarten set verfahren = 'VORKASSE' where lower(bezeichnung) like '%vorkasse%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('zahlungsarten').dropColumn('verfahren').execute();
  await sql`delete from nummernkreise where name = 'BELEG_06'`.execute(db);
  await sql`delete from belegarten where belegart = '0600' and not exists (select 1 from belege where belegart = '0600')`.execute(db);
}
