import { type Kysely, sql } from 'kysely';

/**
 * Number ranges of the purchase-side document types (issue 18 §1): every range a document descriptor names
 * (`@vario/contract` BELEGARTEN, `nummernkreis`) is a row of `nummernkreise`. 0007 made the sales side's BELEG_01…05;
 * these are the supplier side's 11–15 (price request, supplier order, goods receipt, supplier invoice, supplier credit
 * note), numbered `<prefix><year>-<00001>` like the sales documents.
 *
 * A database whose reference data was seeded before gets the new type 1500 (supplier credit note) in `belegarten`; a
 * fresh one gets every type from the seed, which writes one row per descriptor.
 *
 * The values are written out here (a migration is history and does not follow later edits of the descriptors);
 * `belegarten.test.ts` checks that every range a descriptor names exists after migrating.
 */
export const EINKAUF_RANGES: { name: string; bezeichnung: string; praefix: string }[] = [
  { name: 'BELEG_11', bezeichnung: 'Preisanfragenummern', praefix: 'PA' },
  { name: 'BELEG_12', bezeichnung: 'Bestellnummern (Einkauf)', praefix: 'BE' },
  { name: 'BELEG_13', bezeichnung: 'Wareneingangsnummern', praefix: 'WE' },
  { name: 'BELEG_14', bezeichnung: 'Eingangsrechnungsnummern', praefix: 'ER' },
  { name: 'BELEG_15', bezeichnung: 'Lieferantengutschriftnummern', praefix: 'LG' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const r of EINKAUF_RANGES) {
    await sql`insert into nummernkreise (name, bezeichnung, praefix, start, naechste) values (${r.name}, ${r.bezeichnung}, ${r.praefix}, 1, 1)`.execute(db);
  }
  await sql`insert into belegarten (belegart, anzeige, "istEinkauf")
    select '1500', 'Lieferantengutschrift', ${sql.lit(true)}
    where exists (select 1 from belegarten) and not exists (select 1 from belegarten where belegart = '1500')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const r of EINKAUF_RANGES) await sql`delete from nummernkreise where name = ${r.name}`.execute(db);
  await sql`delete from belegarten where belegart = '1500' and not exists (select 1 from belege where belegart = '1500')`.execute(db);
}
