import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../schema-helpers';

/** Days net when neither the document nor its address names a payment type (STANDARD_NETTO_TAGE of the contract). */
const STANDARD_NETTO_TAGE = 14;

/**
 * Open items for invoices and credit notes booked before open items existed (issue 11 item 7: every booked invoice has
 * its open item). The previous release booked invoices (04…) and credit notes (05…) without an open item; 0012 gave
 * them their booking time (`gebuchtAm`). Each booked (`gebuchtAm` set), not cancelled (`storniertAm` empty) such
 * document without an item gets one, as `openItemForInvoice` (offeneposten.service.ts) makes it at booking:
 *
 * - amount: the document's stored gross total (`betragBrutto`, cents), negative for a credit note; nothing paid yet
 *   (the previous release kept no payments); an amount of zero makes a completed item;
 * - terms: `valuta` = `rechnungsdatum` = the document date; net due after the net days of the document's payment type,
 *   else the address's, else 14 days; cash discount (date, percent, amount off the gross, rounded half away from zero)
 *   only for a positive invoice amount whose payment type has discount days and percent;
 * - number: from the range `OFFENER_POSTEN`, after both the range and the highest number already used (as 0012 moved
 *   the document ranges past the old numbers); the range then continues after the last new item;
 * - made (`angelegtAm`) when the document was booked; a change-log entry (OPV, NEU) per item and the address's open
 *   amount (`opvBetrag`) recomputed.
 *
 * Set-based (one insert … select over the documents, an index lookup per invoice for an existing item): seconds at
 * 1,000,000 documents. A database whose invoices all have their items (every one made since 0008) changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const jetzt = new Date().toISOString();
  const plusTage = (datum: ReturnType<typeof sql>, tage: ReturnType<typeof sql>) =>
    pg ? sql`to_char(${datum}::date + (${tage})::integer, 'YYYY-MM-DD')` : sql`date(${datum}, '+' || (${tage}) || ' days')`;

  const { rows: kreis } = await sql<{ naechste: number | string | null; hoechste: number | string | null }>`
    select (select naechste from nummernkreise where name = 'OFFENER_POSTEN') as naechste,
           (select max("nummer") from "offenePosten") as hoechste`.execute(db);
  const start = Math.max(1, Number(kreis[0]?.naechste ?? 1), Number(kreis[0]?.hoechste ?? 0) + 1);

  // the documents and their terms, numbered in document order; every later column is computed from this one select
  const quelle = sql`
    select b.id as "belegId", b."belegnummer", b."adresseId", b."benutzerId", b."gebuchtAm",
      substr(b."belegdatum", 1, 10) as datum,
      case when b."belegart" like '05%' then -abs(b."betragBrutto") else b."betragBrutto" end as betrag,
      z.id as "zahlungsartId", z."bezeichnung", z."nettoTage", z."skontoTage", z."skontoProzent",
      case when b."belegart" like '05%' then 'GU' else 'RE' end as "opvArt",
      ${sql.lit(start - 1)} + row_number() over (order by b.id) as nummer
    from belege b
    join adressen a on a.id = b."adresseId"
    left join zahlungsarten z on z.id = coalesce(b."zahlart", a."zahlart")
    where b."belegart" >= '04' and b."belegart" < '06' -- invoices 04…, credit notes 05… (a range: the belegart index serves it)
      and b."gebuchtAm" is not null and b."storniertAm" is null
      and not exists (select 1 from "offenePosten" o where o."belegId" = b.id)`;
  const skonto = sql`(q."opvArt" = 'RE' and q.betrag > 0 and q."zahlungsartId" is not null and q."skontoTage" > 0 and q."skontoProzent" > 0)`;

  const neu = await sql`insert into "offenePosten" ("nummer", "rechnungsnummer", "belegId", "opvArt", "adresseId",
      "rechnungsBetrag", "offenerBetrag", "bisherGezahlt", "rechnungsdatum", "valuta", "nettoFaellig", "skontoDatum",
      "skontoProzent", "skontoBetrag", "zahlungsartId", "zahlungsart", "abgeschlossen", "angelegtAm", "geaendertAm")
    select q.nummer, q."belegnummer", q."belegId", q."opvArt", q."adresseId",
      q.betrag, q.betrag, 0, q.datum, q.datum,
      ${plusTage(sql`q.datum`, sql`coalesce(q."nettoTage", ${STANDARD_NETTO_TAGE})`)},
      case when ${skonto} then ${plusTage(sql`q.datum`, sql`q."skontoTage"`)} else null end,
      case when ${skonto} then q."skontoProzent" else 0 end,
      case when ${skonto} then (q.betrag * q."skontoProzent" + 5000) / 10000 else 0 end,
      q."zahlungsartId", coalesce(q."bezeichnung", ${`${STANDARD_NETTO_TAGE} Tage netto`}),
      q.betrag = 0, q."gebuchtAm", ${jetzt}
    from (${quelle}) q`.execute(db);
  const anzahl = Number(neu.numAffectedRows ?? 0);
  if (anzahl === 0) return;
  const bis = start + anzahl - 1;

  await sql`insert into protokoll ("tabelle", "datensatzId", "aktion", "benutzerId", "zeitpunkt", "bemerkung")
    select 'OPV', o.id, 'NEU', coalesce(b."benutzerId", (select min(id) from benutzer)), ${jetzt},
      'Aus Beleg ' || o."rechnungsnummer" || ' (Übernahme aus der Vorversion)'
    from "offenePosten" o join belege b on b.id = o."belegId"
    where o."nummer" between ${sql.lit(start)} and ${sql.lit(bis)} and coalesce(b."benutzerId", (select min(id) from benutzer)) is not null`.execute(db);
  await sql`update adressen set "opvBetrag" = (select coalesce(sum(o."offenerBetrag"), 0) from "offenePosten" o
      where o."adresseId" = adressen.id and o."abgeschlossen" = ${pg ? sql`false` : sql`0`})
    where id in (select "adresseId" from "offenePosten" where "nummer" between ${sql.lit(start)} and ${sql.lit(bis)})`.execute(db);
  await sql`update nummernkreise set naechste = ${bis + 1} where name = 'OFFENER_POSTEN' and naechste <= ${bis}`.execute(db);
}

export async function down(): Promise<void> {
  // the items are the invoices' receivables from now on (payments may be recorded against them): nothing to undo
}
