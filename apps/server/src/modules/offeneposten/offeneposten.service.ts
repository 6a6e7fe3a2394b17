import { belegartVon, MAHN_ABSTAND_TAGE, MAHNSTUFE_MAX, MessageCode, STANDARD_NETTO_TAGE } from '@vario/contract';
import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { heute, plusTage } from '../../lib/berlin-time';
import { logChange, logChanges } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { ApiError, conflict, notFound, unprocessable } from '../../lib/errors';
import { formatBetrag, formatDatum } from '../../lib/format-de';
import { invalidateCounts } from '../../lib/list-query';
import { type Actor, assertWritable } from '../../lib/locks';
import { addCents, percentOfCents, subtractCents } from '../../lib/money';
import { drawNumber } from '../system/nummernkreise.service';

/**
 * Open items (offene Posten): the receivables of booked invoices and the payables of booked credit notes.
 *
 * - An item is made only by `openItemForInvoice`, which the document booking calls in its transaction (invoice 04…,
 *   credit note 05… with a negative amount, a cancellation document 06… with its own amount's sign), and is never
 *   deleted: the document's cancellation settles it (`settleOpenItemsOfBeleg`, a 'Verrechnung' row) — refused (409)
 *   once a payment was recorded: a paid invoice is corrected by a credit note.
 * - Terms: `valuta` is the document date; net due after the net days of the document's payment type (`belege.zahlart`,
 *   the terms its PDF prints), else the address's (`adressen.zahlart`) → `zahlungsarten`, with its cash discount (days, percent, amount off the gross); an address without one gets
 *   `STANDARD_NETTO_TAGE` (14) days net and no discount. A credit note has no cash discount.
 * - Payments (`recordPayment`) are taken off the open amount by one conditional update on the row read under lock
 *   (PostgreSQL `for update`; SQLite writes are serial): two parallel payments can never take off more than is open.
 *   More than is open is refused (422 on zahlungsBetrag) — no credit is booked; a completed item takes no payment.
 * - The dunning run (`runDunning`) of a day raises by one level (up to 5) the items that are open with a positive
 *   amount, overdue (net due before the day), undisputed, unblocked and not unadmonished, and whose last reminder is
 *   at least `MAHN_ABSTAND_TAGE` (14) days old; one row in `mahnlaeufe` per day makes it idempotent per day.
 * - The address's `opvBetrag` is the sum of its items' open amounts, kept in the same transaction as every change.
 *
 * Every write leaves a change-log entry (table code OPV) and runs inside the caller's transaction (`trx` first).
 */

export const OPV = 'OPV';
const LABEL = 'Offener Posten';

/** The calendar day in Germany (the business day of dunning runs and payment dates) and day arithmetic: lib/berlin-time.ts. */
export { heute, plusTage } from '../../lib/berlin-time';

const pg = (trx: Db) => dialectOf(trx) === 'postgres';

/** Keeps the address's open-items amount (`adressen.opvBetrag`, cents) equal to the sum of its open items. */
async function syncAdresse(trx: Db, adresseId: number) {
  const row = await trx
    .selectFrom('offenePosten')
    .select((eb) => eb.fn.sum<number | string | null>('offenerBetrag').as('summe'))
    .where('adresseId', '=', adresseId)
    .where('abgeschlossen', '=', false)
    .executeTakeFirst();
  await trx
    .updateTable('adressen')
    .set({ opvBetrag: Number(row?.summe ?? 0) })
    .where('id', '=', adresseId)
    .execute();
}

export interface InvoiceForOpenItem {
  id: number;
  belegnummer: string;
  belegart: string;
  adresseId: number;
  belegdatum: string;
  /** Cents; negative for a credit note. */
  betragBrutto: number;
  /** The document's payment type (its terms, printed on its PDF); without one the address's counts. */
  zahlart?: number | null;
}

/**
 * Creates the open item of a booked invoice (belegart 04…) or credit note (05…) in the booking's transaction and
 * answers its id; a document that already has one answers that one (a repeated call changes nothing). An amount of
 * zero makes an item that is completed at once, so that every booked invoice has its open item.
 */
export async function openItemForInvoice(trx: Db, actor: Actor, beleg: InvoiceForOpenItem): Promise<number> {
  // whether a type makes an open item, and its sign, is its descriptor's (`effekte.offenerPosten`)
  const vorzeichen = belegartVon(beleg.belegart)?.effekte.offenerPosten ?? 0;
  if (vorzeichen === 0) {
    throw unprocessable(`Offene Posten entstehen nur aus Rechnungen und Gutschriften (Belegart ${beleg.belegart})`);
  }
  if (!Number.isSafeInteger(beleg.betragBrutto)) throw new RangeError(`Kein Betrag in Cent: ${beleg.betragBrutto}`);
  const existing = await trx.selectFrom('offenePosten').select('id').where('belegId', '=', beleg.id).executeTakeFirst();
  if (existing) return existing.id;

  const terms = await trx
    .selectFrom('adressen')
    .leftJoin('zahlungsarten', (j) =>
      beleg.zahlart != null ? j.on('zahlungsarten.id', '=', beleg.zahlart) : j.onRef('zahlungsarten.id', '=', 'adressen.zahlart'),
    )
    .select([
      'adressen.id',
      'zahlungsarten.id as zahlungsartId',
      'zahlungsarten.bezeichnung',
      'zahlungsarten.nettoTage',
      'zahlungsarten.skontoTage',
      'zahlungsarten.skontoProzent',
    ])
    .where('adressen.id', '=', beleg.adresseId)
    .executeTakeFirst();
  if (!terms) throw notFound('Adresse');

  const gutschrift = vorzeichen < 0;
  const betrag = gutschrift ? -Math.abs(beleg.betragBrutto) : beleg.betragBrutto;
  const valuta = beleg.belegdatum.slice(0, 10);
  const nettoTage = terms.zahlungsartId != null ? Number(terms.nettoTage) : STANDARD_NETTO_TAGE;
  const skonto = !gutschrift && betrag > 0 && terms.zahlungsartId != null && Number(terms.skontoTage) > 0 && Number(terms.skontoProzent) > 0;
  const skontoProzent = skonto ? Number(terms.skontoProzent) : 0;
  const now = nowIso();
  const { nummer } = await drawNumber(trx, 'OFFENER_POSTEN');
  const row = await trx
    .insertInto('offenePosten')
    .values({
      nummer,
      rechnungsnummer: beleg.belegnummer,
      belegId: beleg.id,
      opvArt: gutschrift ? 'GU' : 'RE',
      adresseId: beleg.adresseId,
      rechnungsBetrag: betrag,
      offenerBetrag: betrag,
      bisherGezahlt: 0,
      rechnungsdatum: valuta,
      valuta,
      nettoFaellig: plusTage(valuta, nettoTage),
      skontoDatum: skonto ? plusTage(valuta, Number(terms.skontoTage)) : null,
      skontoProzent,
      skontoBetrag: skonto ? percentOfCents(betrag, skontoProzent) : 0,
      zahlungsartId: terms.zahlungsartId ?? null,
      zahlungsart: terms.bezeichnung ?? `${STANDARD_NETTO_TAGE} Tage netto`,
      abgeschlossen: betrag === 0,
      angelegtAm: now,
      geaendertAm: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: OPV, datensatzId: row.id, aktion: 'NEU', benutzerId: actor.id, bemerkung: `Aus Beleg ${beleg.belegnummer}` });
  await syncAdresse(trx, beleg.adresseId);
  invalidateCounts('offenePosten', trx);
  return row.id;
}

/**
 * On the cancellation of a document (GoBD: an open item is settled, never deleted): every open item of the document
 * gets a settlement row (`zahlungPer` 'Verrechnung', the remark naming the cancellation) over its open amount and is
 * completed; change log and the address's open amount follow. Refused with 409 when a payment was recorded against it
 * — a paid invoice is corrected by a credit note, not cancelled. Called for the cancelled document and for its
 * cancellation document, whose counter item it settles the same way. A document without an open item changes nothing.
 */
export async function settleOpenItemsOfBeleg(
  trx: Db,
  actor: Actor,
  belegId: number,
  bemerkung: string,
  opts: { zahlungenErlaubt?: boolean } = {},
): Promise<void> {
  let q = trx.selectFrom('offenePosten').selectAll().where('belegId', '=', belegId);
  if (pg(trx)) q = q.forUpdate();
  const items = await q.execute();
  for (const item of items) {
    if (opts.zahlungenErlaubt) break;
    const paid = await trx.selectFrom('offenePostenZahlungen').select('id').where('offenerPostenId', '=', item.id).limit(1).executeTakeFirst();
    if (paid || Number(item.bisherGezahlt) !== 0) {
      throw new ApiError(
        409,
        MessageCode.conflict,
        `Zum offenen Posten der Rechnung ${item.rechnungsnummer} sind bereits Zahlungen erfasst; der Beleg kann nicht storniert werden (bitte eine Gutschrift erstellen)`,
        { messageParameters: [item.rechnungsnummer] },
      );
    }
  }
  for (const item of items) {
    const offen = Number(item.offenerBetrag);
    if (offen !== 0) {
      const payment = await trx
        .insertInto('offenePostenZahlungen')
        .values({
          offenerPostenId: item.id,
          auszug: null,
          bemerkung: bemerkung.slice(0, 500),
          zahlungPer: 'Verrechnung',
          zahlungsBetrag: offen,
          zahlungsDatum: heute(),
          benutzerId: actor.id,
          angelegtAm: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('offenePosten')
        .set({ offenerBetrag: 0, bisherGezahlt: addCents(Number(item.bisherGezahlt), offen), abgeschlossen: true, geaendertAm: nowIso() })
        .where('id', '=', item.id)
        .execute();
      await logChange(trx, {
        tabelle: OPV,
        datensatzId: item.id,
        aktion: 'AENDERN',
        benutzerId: actor.id,
        bemerkung,
        felder: ['offenerBetrag', 'bisherGezahlt', 'abgeschlossen', `zahlung.${payment.id}`],
      });
    } else if (!item.abgeschlossen) {
      await trx.updateTable('offenePosten').set({ abgeschlossen: true, geaendertAm: nowIso() }).where('id', '=', item.id).execute();
    }
    await syncAdresse(trx, item.adresseId);
  }
  if (items.length) invalidateCounts('offenePosten', trx);
}

export interface PaymentInput {
  /** Cents, positive: taken off the open amount (of a credit note: paid out). */
  betrag: number;
  zahlungsDatum: string;
  zahlungPer: string;
  auszug?: string | null;
  bemerkung?: string | null;
  /** Change remark for the change log. */
  protokollBemerkung?: string;
}

/**
 * Records a payment against an open item in the caller's transaction and answers the payment's id: lock check, the
 * amount taken off the open amount (refused when more than is open, or when the item is completed), the payment row,
 * change log and the address's open amount. Safe under concurrency: the item is read under a row lock (PostgreSQL) and
 * changed by one update that holds only while the open amount is still the one read.
 */
export async function recordPayment(trx: Db, actor: Actor, offenerPostenId: number, input: PaymentInput, lockToken?: string): Promise<number> {
  let q = trx.selectFrom('offenePosten').selectAll().where('id', '=', offenerPostenId);
  if (pg(trx)) q = q.forUpdate();
  const item = await q.executeTakeFirst();
  if (!item) throw notFound(LABEL);
  await assertWritable(trx, actor, OPV, item.id, lockToken);
  if (!Number.isSafeInteger(input.betrag) || input.betrag <= 0) {
    throw unprocessable('Der Betrag muss größer als 0 sein', { zahlungsBetrag: ['Der Betrag muss größer als 0 sein'] });
  }
  const offen = Number(item.offenerBetrag);
  if (item.abgeschlossen || offen === 0) {
    throw unprocessable('Der offene Posten ist bereits ausgeglichen', { zahlungsBetrag: ['Es ist nichts mehr offen'] });
  }
  if (input.zahlungsDatum > heute()) {
    throw unprocessable('Das Zahlungsdatum liegt in der Zukunft', { zahlungsDatum: ['Das Zahlungsdatum darf nicht in der Zukunft liegen'] });
  }
  if (input.betrag > Math.abs(offen)) {
    const msg = `Die Zahlung übersteigt den offenen Betrag von ${formatBetrag(Math.abs(offen))}`;
    throw unprocessable(msg, { zahlungsBetrag: [msg] });
  }
  const signed = offen < 0 ? -input.betrag : input.betrag;
  const neuOffen = subtractCents(offen, signed);
  const changed = await trx
    .updateTable('offenePosten')
    .set({
      offenerBetrag: neuOffen,
      bisherGezahlt: addCents(Number(item.bisherGezahlt), signed),
      abgeschlossen: neuOffen === 0,
      geaendertAm: nowIso(),
    })
    .where('id', '=', item.id)
    .where('offenerBetrag', '=', offen)
    .where('abgeschlossen', '=', false)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw conflict('Der offene Posten wurde gerade geändert; bitte neu laden und die Zahlung erneut erfassen');
  }
  const payment = await trx
    .insertInto('offenePostenZahlungen')
    .values({
      offenerPostenId: item.id,
      auszug: input.auszug?.trim() || null,
      bemerkung: input.bemerkung?.trim() || null,
      zahlungPer: input.zahlungPer,
      zahlungsBetrag: signed,
      zahlungsDatum: input.zahlungsDatum,
      benutzerId: actor.id,
      angelegtAm: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, {
    tabelle: OPV,
    datensatzId: item.id,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: input.protokollBemerkung,
    felder: ['offenerBetrag', 'bisherGezahlt', ...(neuOffen === 0 ? ['abgeschlossen'] : []), `zahlung.${payment.id}`],
  });
  await syncAdresse(trx, item.adresseId);
  invalidateCounts('offenePosten', trx);
  return payment.id;
}

export interface DunningResult {
  datum: string;
  bereitsGelaufen: boolean;
  erhoeht: number;
  erhoehtImLauf: number;
  gelaufenAm: string;
  benutzerName: string | null;
  meldung: string;
}

/**
 * The dunning run of one day (default: today in Germany). The first run of a day records itself in `mahnlaeufe`
 * (unique day) and raises the level of every item that qualifies (see the module comment), stamping `letzteMahnung`;
 * a later run of the same day finds the day's row, changes nothing and answers `bereitsGelaufen` with the first run's
 * figures. A concurrent second run waits for the first one's row (unique key) and then changes nothing.
 */
export async function runDunning(trx: Db, actor: Actor, datum = heute()): Promise<DunningResult> {
  const zeitpunkt = nowIso();
  const claimed = await trx
    .insertInto('mahnlaeufe')
    .values({ datum, benutzerId: actor.id, zeitpunkt, erhoeht: 0 })
    .onConflict((oc) => oc.column('datum').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const first = await trx
      .selectFrom('mahnlaeufe')
      .leftJoin('benutzer', 'benutzer.id', 'mahnlaeufe.benutzerId')
      .select(['mahnlaeufe.zeitpunkt', 'mahnlaeufe.erhoeht', 'benutzer.name'])
      .where('mahnlaeufe.datum', '=', datum)
      .executeTakeFirstOrThrow();
    return {
      datum,
      bereitsGelaufen: true,
      erhoeht: 0,
      erhoehtImLauf: Number(first.erhoeht),
      gelaufenAm: first.zeitpunkt,
      benutzerName: first.name ?? null,
      meldung: `Der Mahnlauf für den ${formatDatum(datum)} ist bereits gelaufen; es wurde nichts geändert`,
    };
  }
  const letzteErlaubt = plusTage(datum, -MAHN_ABSTAND_TAGE);
  const raised = await trx
    .updateTable('offenePosten')
    .set((eb) => ({ mahnstufe: eb('mahnstufe', '+', 1), letzteMahnung: datum, geaendertAm: zeitpunkt }))
    .where('abgeschlossen', '=', false)
    .where('offenerBetrag', '>', 0)
    .where('nettoFaellig', '<', datum)
    .where('strittig', '=', false)
    .where('gesperrt', '=', false)
    .where('nichtMahnen', '=', false)
    .where('mahnstufe', '<', MAHNSTUFE_MAX)
    .where((eb) => eb.or([eb('letzteMahnung', 'is', null), eb('letzteMahnung', '<=', letzteErlaubt)]))
    .returning('id')
    .execute();
  const ids = raised.map((r) => r.id);
  await logChanges(
    trx,
    ids.map((id) => ({
      tabelle: OPV,
      datensatzId: id,
      aktion: 'AENDERN',
      benutzerId: actor.id,
      zeitpunkt,
      bemerkung: `Mahnlauf ${datum}`,
      felder: ['mahnstufe', 'letzteMahnung'],
    })),
  );
  await trx.updateTable('mahnlaeufe').set({ erhoeht: ids.length }).where('id', '=', claimed.id).execute();
  if (ids.length) invalidateCounts('offenePosten', trx);
  return {
    datum,
    bereitsGelaufen: false,
    erhoeht: ids.length,
    erhoehtImLauf: ids.length,
    gelaufenAm: zeitpunkt,
    benutzerName: actor.name,
    meldung: ids.length === 1 ? 'Der Mahnlauf hat 1 offenen Posten gemahnt' : `Der Mahnlauf hat ${ids.length} offene Posten gemahnt`,
  };
}

/** Count and open amount (cents) of the open items that are not completed, per dunning level 0–5, and in total. */
export async function overviewByLevel(db: Db) {
  const rows = await db
    .selectFrom('offenePosten')
    .select((eb) => ['mahnstufe', eb.fn.countAll<number | string>().as('anzahl'), eb.fn.sum<number | string | null>('offenerBetrag').as('betrag')])
    .where('abgeschlossen', '=', false)
    .groupBy('mahnstufe')
    .execute();
  const levels = Array.from({ length: MAHNSTUFE_MAX + 1 }, (_, stufe) => {
    const r = rows.find((x) => Number(x.mahnstufe) === stufe);
    return { stufe, anzahl: Number(r?.anzahl ?? 0), betrag: Number(r?.betrag ?? 0) };
  });
  return {
    levels,
    anzahl: levels.reduce((s, l) => s + l.anzahl, 0),
    betrag: addCents(...levels.map((l) => l.betrag)),
  };
}
