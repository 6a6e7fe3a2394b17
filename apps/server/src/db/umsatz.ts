import { VERKAUF_BELEGART_LISTE } from '@vario/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * THE turnover definition (issue 23 item 5), in one place for the address turnover tab, the statistics dashboard,
 * the aggregate table `umsatzMonate` (migration 0034), its upkeep in the booking and cancelling transaction
 * (belege.effekte.ts) and its rebuild (`npm run umsatz-rebuild`, the seeder):
 *
 * - the sales types that make an open item count: invoices (+1) raise turnover, credit notes (−1) lower it (their
 *   descriptors' `effekte.offenerPosten`); a cancellation document counts with the sign of the type it cancels;
 * - a document counts once booked (`gebuchtAm`), with its net (`betragNetto` = Σ line nets) in the month of its
 *   document date;
 * - GoBD: a cancelled invoice stays counted together with its cancellation document, so the pair nets to zero; a
 *   document cancelled in place (from before cancellation documents) counts not.
 *
 * The aggregate holds three levels per calendar month: `G` the whole company (key 0), `A` per address (key
 * adresseId), `W` per product group (key warengruppeId of the line's article, 0 without one; what the lines do not
 * explain — a head without lines from old data — also goes to 0, so every level sums to the same total).
 */
export const UMSATZ_PLUS: readonly string[] = VERKAUF_BELEGART_LISTE.filter((d) => d.effekte.offenerPosten > 0).map((d) => d.belegart);
export const UMSATZ_MINUS: readonly string[] = VERKAUF_BELEGART_LISTE.filter((d) => d.effekte.offenerPosten < 0).map((d) => d.belegart);
export const UMSATZ_ARTEN: readonly string[] = [...UMSATZ_PLUS, ...UMSATZ_MINUS];

export const UMSATZ_EBENE = { gesamt: 'G', adresse: 'A', warengruppe: 'W' } as const;
export type UmsatzEbene = (typeof UMSATZ_EBENE)[keyof typeof UMSATZ_EBENE];

export interface UmsatzMonatTable {
  ebene: string;
  schluessel: number;
  jahr: number;
  monat: number;
  /** Net turnover in cents. */
  summe: number;
}
export interface UmsatzTables {
  umsatzMonate: UmsatzMonatTable;
}

const list = (xs: readonly string[]) => sql.join(xs.map((x) => sql.lit(x)));

/** Whether a document (alias `b`) counts: booked, not cancelled in place. */
const zaehlt = sql`b."gebuchtAm" is not null and (b."storniertAm" is null or exists (select 1 from belege s where s."stornoVonId" = b.id))`;

/**
 * The contributions of the documents `where` selects (alias `b`, turnover types only): rows (ebene, schluessel,
 * jahr, monat, summe), not yet summed. `alle`: also documents that do not count (the upkeep of one document, whose
 * caller knows it now counts or stops counting).
 */
export function umsatzBeitraege(
  where: RawBuilder<unknown>,
  alle = false,
): RawBuilder<{ ebene: string; schluessel: number; jahr: number; monat: number; summe: number }> {
  return sql`
    with d as (
      select b.id, b."adresseId" as adresse, b."betragNetto" as netto,
        cast(substr(b.belegdatum, 1, 4) as integer) as jahr, cast(substr(b.belegdatum, 6, 2) as integer) as monat,
        case when coalesce(o.belegart, b.belegart) in (${list(UMSATZ_MINUS)}) then -1 else 1 end as vz
      from belege b left join belege o on o.id = b."stornoVonId"
      where b.belegart in (${list(UMSATZ_ARTEN)}) and ${where}${alle ? sql`` : sql` and ${zaehlt}`}
    ),
    p as (
      select d.id, coalesce(a."warengruppeId", 0) as gruppe, sum(bp.gesamtpreis) as netto
      from d join "belegPositionen" bp on bp."belegId" = d.id left join artikel a on a.id = bp."artikelId"
      group by d.id, coalesce(a."warengruppeId", 0)
    )
    select 'G' as ebene, 0 as schluessel, jahr, monat, vz * netto as summe from d
    union all select 'A', adresse, jahr, monat, vz * netto from d
    union all select 'W', p.gruppe, d.jahr, d.monat, d.vz * p.netto from p join d on d.id = p.id
    union all select 'W', 0, jahr, monat, vz * (netto - coalesce((select sum(x.netto) from p x where x.id = d.id), 0)) from d`;
}

/** Recounts the whole aggregate from the documents (the migration, the rebuild command, the seeder). */
export async function umsatzNeuAufbauen<DB>(db: Kysely<DB>): Promise<number> {
  await sql`delete from "umsatzMonate"`.execute(db);
  await sql`
    insert into "umsatzMonate" (ebene, schluessel, jahr, monat, summe)
    select ebene, schluessel, jahr, monat, sum(summe) from (${umsatzBeitraege(sql`1 = 1`)}) t
    group by ebene, schluessel, jahr, monat having sum(summe) <> 0`.execute(db);
  const n = await sql<{ n: number }>`select count(*) as n from "umsatzMonate"`.execute(db);
  return Number(n.rows[0]?.n ?? 0);
}

/** The aggregate as the documents give it now, without touching the table (the test: rebuild == recount). */
export async function umsatzNachgezaehlt<DB>(db: Kysely<DB>) {
  const r = await sql<UmsatzMonatTable>`
    select ebene, schluessel, jahr, monat, sum(summe) as summe from (${umsatzBeitraege(sql`1 = 1`)}) t
    group by ebene, schluessel, jahr, monat having sum(summe) <> 0 order by ebene, schluessel, jahr, monat`.execute(db);
  return r.rows.map((x) => ({ ...x, schluessel: Number(x.schluessel), jahr: Number(x.jahr), monat: Number(x.monat), summe: Number(x.summe) }));
}

/**
 * Adds (`richtung` 1) or takes back (−1) one document's contribution, in the caller's transaction (booking,
 * cancelling in place). Cells are upserted in key order, so concurrent bookings lock them in the same order.
 */
export async function umsatzNachfuehren(trx: Kysely<UmsatzTables>, belegId: number, richtung: 1 | -1): Promise<void> {
  const r = await sql<UmsatzMonatTable>`
    select ebene, schluessel, jahr, monat, sum(summe) as summe from (${umsatzBeitraege(sql`b.id = ${belegId}`, true)}) t
    group by ebene, schluessel, jahr, monat order by ebene, schluessel, jahr, monat`.execute(trx);
  for (const z of r.rows) {
    const summe = Number(z.summe) * richtung;
    if (!summe) continue;
    await trx
      .insertInto('umsatzMonate')
      .values({ ebene: z.ebene, schluessel: Number(z.schluessel), jahr: Number(z.jahr), monat: Number(z.monat), summe })
      .onConflict((oc) => oc.columns(['ebene', 'schluessel', 'jahr', 'monat']).doUpdateSet({ summe: sql`"umsatzMonate".summe + excluded.summe` }))
      .execute();
  }
}
