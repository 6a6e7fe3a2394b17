import { type Kysely, sql } from 'kysely';

/**
 * Issue 19 item 12: sales-document positions carry their warehouse (`lagId`, its short name in `lagerNr`), chosen when
 * the line is made and changeable on it. Lines made before had none, and booking took them from the default warehouse
 * (the main storage region's outgoing warehouse, else the first warehouse). So that they show and keep what booking
 * does today, every article line of a stock article (artikelart '1', by id or number) without a warehouse on a sales
 * document (belegart 01… to 06…) that is not booked (`gebuchtAm` empty) and not cancelled gets that warehouse; an
 * existing `lagerNr` text stays. Booked documents are left as they are (GoBD: their movements name the warehouse).
 * One set-based update; without a warehouse nothing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number | null }>`
    select coalesce(
      (select k."ausgangLagerId" from lagerkreise k where k."istHauptlagerkreis" = ${sql.lit(true)} and k."ausgangLagerId" is not null order by k.id limit 1),
      (select min(l.id) from lager l)
    ) as id`.execute(db);
  const lager = rows[0]?.id === null || rows[0]?.id === undefined ? null : Number(rows[0].id);
  if (lager === null) return;
  await sql`
    update "belegPositionen"
    set "lagId" = ${lager},
        "lagerNr" = coalesce("lagerNr", (select l.kurzbezeichnung from lager l where l.id = ${lager}))
    where "lagId" is null
      and "positionsArt" <> 'T'
      and (
        "artikelId" in (select a.id from artikel a where a.artikelart = '1')
        or ("artikelId" is null and "artikelnummer" in (select a.artikelnummer from artikel a where a.artikelart = '1'))
      )
      and "belegId" in (
        select b.id from belege b
        where b."belegart" >= '01' and b."belegart" < '07' and b."gebuchtAm" is null and b."storniertAm" is null
      )`.execute(db);
}

export async function down(): Promise<void> {
  // the warehouses given stay: they are what booking used for these lines before
}
