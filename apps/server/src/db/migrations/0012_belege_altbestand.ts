import { type Kysely, sql } from 'kysely';
import { BELEG_RANGES } from './0007_belege';

/**
 * Documents written by the previous release (before migration 0007), so that an upgraded database works like a new one:
 *
 * 1. Booking time. The previous release wrote `belegstatus` 3 by hand and had no `gebuchtAm`; since 0007 `gebuchtAm`
 *    tells booked from unbooked in every status. Without it an upgraded database showed no turnover (the statistic
 *    counts booked documents), refused to cancel a booked document ("nicht gebucht") and marked a transformed booked
 *    source as "adopted, not yet booked" (8 instead of 5). Filled only for statuses that always mean booked — 3 (booked)
 *    and 5 (adopted; a source becomes 5 only when it was booked, else 8) — where no cancellation is recorded, with the
 *    document date at midnight UTC (the old data kept no time).
 * 2. Number ranges. 0007 starts the ranges BELEG_01…05 at 1, but the previous release numbered per year with the same
 *    prefixes (LS2026-00001 …): a new number skips taken ones only 50 times, so creating or transforming into a delivery
 *    note or invoice was refused ("Der Nummernkreis liefert keine freie Belegnummer mehr"). Each range continues after
 *    the highest number its prefix already carries (`<prefix><year>-<number>`).
 *
 * A database made after 0007 has `gebuchtAm` on every such row and its ranges ahead of their numbers: a no-op there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update belege set "gebuchtAm" = "belegdatum" || 'T00:00:00.000Z'
    where "gebuchtAm" is null and "storniertAm" is null and "belegstatus" in (3, 5)`.execute(db);

  for (const r of BELEG_RANGES) {
    const typ = r.name.slice(-2);
    const start = r.praefix.length + 6; // after prefix, four-digit year and '-' (1-based)
    const nummer = sql`substr("belegnummer", ${sql.lit(start)})`;
    // the highest numbers first (longer is higher, then by text); the first that is all digits counts
    const { rows } = await sql<{ nummer: string }>`select ${nummer} as nummer from belege
      where "belegart" like ${`${typ}%`} and "belegnummer" like ${`${r.praefix}____-%`}
      order by length(${nummer}) desc, ${nummer} desc limit 20`.execute(db);
    const hoechste = rows.map((row) => row.nummer).find((n) => /^\d{1,15}$/.test(n));
    if (hoechste === undefined) continue;
    await sql`update nummernkreise set naechste = ${Number(hoechste) + 1}
      where name = ${r.name} and naechste <= ${Number(hoechste)}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // the filled booking times cannot be told from real ones, and a range never goes back: nothing to undo
}
