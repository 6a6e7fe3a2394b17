import {
  belegartVon,
  MAHN_ABSTAND_TAGE,
  MAHNSTUFE_MAX,
  MAHNUNG_KARENZTAGE_PARAMETER,
  MAHNUNG_KARENZTAGE_STANDARD,
  MessageCode,
  STANDARD_NETTO_TAGE,
  ZAHLUNG_SKONTO,
  ZAHLUNG_STORNO,
} from '@vario/contract';
import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { heute, plusTage } from '../../lib/berlin-time';
import { logChange, logChanges } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { ApiError, conflict, notFound, unprocessable } from '../../lib/errors';
import { formatBetrag, formatDatum, formatProzent } from '../../lib/format-de';
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
 *   More than is open of an invoice settles it and books the surplus as a credit item ('GH', negative, same address,
 *   pointing at the payment); of a credit note it is refused (422). The cash discount is taken within its term by a
 *   'Skonto' row. A payment is reversed by a counter-entry ('Storno', `reversePayment`), never deleted or rewritten.
 * - The dunning run (`runDunning`) of a day raises by one level (up to 5) the items that are open with a positive
 *   amount, overdue (net due plus the grace days `MAHNUNG.KARENZTAGE` before the day), undisputed, unblocked and not unadmonished, and whose last reminder is
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
  /** Take the cash discount: within its term the rest up to the item's discount is settled by a 'Skonto' row. */
  skonto?: boolean;
  /** Change remark for the change log. */
  protokollBemerkung?: string;
}

export interface PaymentBooked {
  paymentId: number;
  /** The 'Skonto' row, when the payment took the cash discount. */
  skontoId: number | null;
  /** The credit open item ('GH') an overpayment made. */
  guthabenId: number | null;
}

type ItemRow = Awaited<ReturnType<typeof lockItem>>;

/** The open item read under a row lock (PostgreSQL `for update`; SQLite writes are serial); 404 when it does not exist. */
async function lockItem(trx: Db, offenerPostenId: number) {
  let q = trx.selectFrom('offenePosten').selectAll().where('id', '=', offenerPostenId);
  if (pg(trx)) q = q.forUpdate();
  const item = await q.executeTakeFirst();
  if (!item) throw notFound(LABEL);
  return item;
}

/** Moves the item's open amount by `delta` cents (taken off: positive) — only while it is still the amount read under lock. */
async function moveOpenAmount(trx: Db, item: ItemRow, delta: number): Promise<number> {
  const offen = Number(item.offenerBetrag);
  const neuOffen = subtractCents(offen, delta);
  const changed = await trx
    .updateTable('offenePosten')
    .set({ offenerBetrag: neuOffen, bisherGezahlt: addCents(Number(item.bisherGezahlt), delta), abgeschlossen: neuOffen === 0, geaendertAm: nowIso() })
    .where('id', '=', item.id)
    .where('offenerBetrag', '=', offen)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw conflict('Der offene Posten wurde gerade geändert; bitte neu laden und die Zahlung erneut erfassen');
  }
  return neuOffen;
}

type PaymentRow = {
  auszug?: string | null;
  bemerkung?: string | null;
  zahlungPer: string;
  zahlungsBetrag: number;
  zahlungsDatum: string;
  stornoVonId?: number | null;
  zuZahlungId?: number | null;
};
async function insertPayment(trx: Db, actor: Actor, offenerPostenId: number, row: PaymentRow): Promise<number> {
  const r = await trx
    .insertInto('offenePostenZahlungen')
    .values({
      offenerPostenId,
      auszug: row.auszug ?? null,
      bemerkung: row.bemerkung ?? null,
      zahlungPer: row.zahlungPer,
      zahlungsBetrag: row.zahlungsBetrag,
      zahlungsDatum: row.zahlungsDatum,
      stornoVonId: row.stornoVonId ?? null,
      zuZahlungId: row.zuZahlungId ?? null,
      benutzerId: actor.id,
      angelegtAm: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Records a payment against an open item in the caller's transaction: lock check, the amount taken off the open
 * amount, the payment row, change log and the address's open amount. Safe under concurrency: the item is read under a
 * row lock (PostgreSQL) and changed by one update that holds only while the open amount is still the one read.
 *
 * - `skonto`: only within the item's discount term (the payment date not after `skontoDatum`, 422 naming the
 *   deadline otherwise); the rest (open − amount, at most the item's discount) is settled by a 'Skonto' row tied to
 *   the payment.
 * - More than is open of an invoice settles it; the surplus becomes a credit on the customer's account: an open item
 *   'GH' with the negative surplus on the same address, pointing at the payment. Of a credit note it is refused (422).
 */
export async function recordPayment(trx: Db, actor: Actor, offenerPostenId: number, input: PaymentInput, lockToken?: string): Promise<PaymentBooked> {
  const item = await lockItem(trx, offenerPostenId);
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
  let skonto = 0;
  let ueberschuss = 0;
  if (input.skonto) {
    const rabatt = Number(item.skontoBetrag);
    if (offen <= 0 || rabatt <= 0 || !item.skontoDatum) {
      throw unprocessable('Für diesen Posten gibt es kein Skonto', { skonto: ['Für diesen Posten gibt es kein Skonto'] });
    }
    if (input.zahlungsDatum > item.skontoDatum) {
      const msg = `Die Skontofrist endete am ${formatDatum(item.skontoDatum)}`;
      throw unprocessable(msg, { skonto: [msg] });
    }
    const mindestens = subtractCents(offen, rabatt);
    if (input.betrag < mindestens) {
      const msg = `Mit ${formatProzent(Number(item.skontoProzent))} Skonto (${formatBetrag(rabatt)}) sind ${formatBetrag(mindestens)} zu zahlen`;
      throw unprocessable(msg, { zahlungsBetrag: [msg] });
    }
    if (input.betrag >= offen) {
      const msg = `Der Betrag deckt den offenen Betrag von ${formatBetrag(offen)}; ohne Skonto buchen`;
      throw unprocessable(msg, { zahlungsBetrag: [msg] });
    }
    skonto = subtractCents(offen, input.betrag);
  } else if (input.betrag > Math.abs(offen)) {
    if (offen < 0) {
      const msg = `Die Zahlung übersteigt den offenen Betrag von ${formatBetrag(Math.abs(offen))}`;
      throw unprocessable(msg, { zahlungsBetrag: [msg] });
    }
    ueberschuss = subtractCents(input.betrag, offen);
  }
  const aufPosten = ueberschuss ? offen : input.betrag;
  const signed = offen < 0 ? -aufPosten : aufPosten;
  const neuOffen = await moveOpenAmount(trx, item, addCents(signed, skonto));
  const paymentId = await insertPayment(trx, actor, item.id, {
    auszug: input.auszug?.trim() || null,
    bemerkung: input.bemerkung?.trim() || null,
    zahlungPer: input.zahlungPer,
    zahlungsBetrag: signed,
    zahlungsDatum: input.zahlungsDatum,
  });
  const skontoId = skonto
    ? await insertPayment(trx, actor, item.id, {
        zahlungPer: ZAHLUNG_SKONTO,
        zahlungsBetrag: skonto,
        zahlungsDatum: input.zahlungsDatum,
        zuZahlungId: paymentId,
        bemerkung: `${formatProzent(Number(item.skontoProzent))} Skonto, Frist bis ${formatDatum(item.skontoDatum)}`,
      })
    : null;
  await logChange(trx, {
    tabelle: OPV,
    datensatzId: item.id,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: input.protokollBemerkung,
    felder: [
      'offenerBetrag',
      'bisherGezahlt',
      ...(neuOffen === 0 ? ['abgeschlossen'] : []),
      `zahlung.${paymentId}`,
      ...(skontoId ? [`zahlung.${skontoId}`] : []),
    ],
  });
  const guthabenId = ueberschuss ? await creditFromOverpayment(trx, actor, item, paymentId, ueberschuss, input.zahlungsDatum) : null;
  await syncAdresse(trx, item.adresseId);
  invalidateCounts('offenePosten', trx);
  return { paymentId, skontoId, guthabenId };
}

/** The credit an overpayment leaves on the customer's account: an open item 'GH' over the negative surplus. */
async function creditFromOverpayment(trx: Db, actor: Actor, item: ItemRow, paymentId: number, cents: number, datum: string): Promise<number> {
  const now = nowIso();
  const { nummer } = await drawNumber(trx, 'OFFENER_POSTEN');
  const row = await trx
    .insertInto('offenePosten')
    .values({
      nummer,
      rechnungsnummer: item.rechnungsnummer,
      belegId: null,
      opvArt: 'GH',
      adresseId: item.adresseId,
      rechnungsBetrag: -cents,
      offenerBetrag: -cents,
      bisherGezahlt: 0,
      rechnungsdatum: datum,
      valuta: datum,
      nettoFaellig: datum,
      skontoDatum: null,
      skontoProzent: 0,
      skontoBetrag: 0,
      zahlungsartId: null,
      zahlungsart: null,
      zahlungId: paymentId,
      abgeschlossen: false,
      angelegtAm: now,
      geaendertAm: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, {
    tabelle: OPV,
    datensatzId: row.id,
    aktion: 'NEU',
    benutzerId: actor.id,
    bemerkung: `Guthaben aus Überzahlung von ${item.rechnungsnummer} (${formatBetrag(cents)})`,
  });
  return row.id;
}

/**
 * Reverses a payment (GoBD: a counter-entry, never a deletion or a rewrite) in the caller's transaction and answers
 * the reversal rows' ids: each a 'Storno' row with the negated amount, today's date, the user and the reason,
 * pointing at what it reverses — the payment and its cash discount row. The amount goes back onto the item (reopened
 * when it was completed). A credit the payment's surplus made is settled with it, refused (409) once the credit was
 * used. A payment is reversed once (409; a unique index on `stornoVonId` backs it); reversals, discount rows and the
 * settlements of a cancellation are not reversed (422).
 */
export async function reversePayment(trx: Db, actor: Actor, offenerPostenId: number, paymentId: number, grund: string, lockToken?: string): Promise<number[]> {
  const item = await lockItem(trx, offenerPostenId);
  await assertWritable(trx, actor, OPV, item.id, lockToken);
  const payment = await trx
    .selectFrom('offenePostenZahlungen')
    .selectAll()
    .where('id', '=', paymentId)
    .where('offenerPostenId', '=', item.id)
    .executeTakeFirst();
  if (!payment) throw notFound('Zahlung');
  if (payment.stornoVonId !== null || payment.zahlungPer === ZAHLUNG_STORNO) throw unprocessable('Eine Stornobuchung kann nicht storniert werden');
  if (payment.zuZahlungId !== null) throw unprocessable('Skonto wird mit seiner Zahlung storniert');
  if (payment.zahlungPer === 'Verrechnung') throw unprocessable('Die Verrechnung eines Stornobelegs kann nicht storniert werden');
  const schon = await trx.selectFrom('offenePostenZahlungen').select(['zahlungsDatum']).where('stornoVonId', '=', payment.id).executeTakeFirst();
  if (schon) throw conflict(`Die Zahlung wurde bereits am ${formatDatum(schon.zahlungsDatum)} storniert`);
  const zugehoerig = await trx.selectFrom('offenePostenZahlungen').selectAll().where('zuZahlungId', '=', payment.id).execute();
  const rows = [payment, ...zugehoerig];

  let gq = trx.selectFrom('offenePosten').selectAll().where('zahlungId', '=', payment.id);
  if (pg(trx)) gq = gq.forUpdate();
  const guthaben = await gq.executeTakeFirst();
  if (guthaben && (guthaben.abgeschlossen || Number(guthaben.offenerBetrag) !== Number(guthaben.rechnungsBetrag))) {
    throw conflict(`Das Guthaben aus dieser Zahlung ist bereits verrechnet; die Zahlung kann nicht storniert werden`);
  }

  const zurueck = addCents(...rows.map((r) => Number(r.zahlungsBetrag)));
  const neuOffen = await moveOpenAmount(trx, item, -zurueck);
  const datum = heute();
  const ids: number[] = [];
  for (const r of rows) {
    ids.push(
      await insertPayment(trx, actor, item.id, {
        zahlungPer: ZAHLUNG_STORNO,
        zahlungsBetrag: -Number(r.zahlungsBetrag),
        zahlungsDatum: datum,
        stornoVonId: r.id,
        bemerkung: grund,
      }),
    );
  }
  await logChange(trx, {
    tabelle: OPV,
    datensatzId: item.id,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: `Storno der Zahlung vom ${formatDatum(payment.zahlungsDatum)}: ${grund}`.slice(0, 2000),
    felder: [
      'offenerBetrag',
      'bisherGezahlt',
      ...(Boolean(item.abgeschlossen) !== (neuOffen === 0) ? ['abgeschlossen'] : []),
      ...ids.map((id) => `zahlung.${id}`),
    ],
  });
  if (guthaben) {
    const settle = Number(guthaben.offenerBetrag);
    await moveOpenAmount(trx, guthaben, settle);
    const id = await insertPayment(trx, actor, guthaben.id, {
      zahlungPer: ZAHLUNG_STORNO,
      zahlungsBetrag: settle,
      zahlungsDatum: datum,
      bemerkung: `Storno der Zahlung zu ${item.rechnungsnummer}: ${grund}`.slice(0, 2000),
    });
    await logChange(trx, {
      tabelle: OPV,
      datensatzId: guthaben.id,
      aktion: 'AENDERN',
      benutzerId: actor.id,
      bemerkung: `Storno der Zahlung zu ${item.rechnungsnummer}`,
      felder: ['offenerBetrag', 'bisherGezahlt', 'abgeschlossen', `zahlung.${id}`],
    });
  }
  await syncAdresse(trx, item.adresseId);
  invalidateCounts('offenePosten', trx);
  return ids;
}

/** The grace days after the net due date (system parameter `MAHNUNG.KARENZTAGE`; a missing or unreadable value: 7). */
export async function karenzTage(trx: Db): Promise<number> {
  const row = await trx.selectFrom('systemParameter').select('wert').where('name', '=', MAHNUNG_KARENZTAGE_PARAMETER).executeTakeFirst();
  const wert = row?.wert?.trim() ?? '';
  return /^\d{1,3}$/.test(wert) ? Number(wert) : MAHNUNG_KARENZTAGE_STANDARD;
}

/** An item a dunning run raises: as read, with its new level. */
export interface MahnKandidat {
  id: number;
  adresseId: number;
  rechnungsnummer: string;
  rechnungsdatum: string;
  nettoFaellig: string;
  offenerBetrag: number;
  stufeVorher: number;
  stufe: number;
}

/**
 * The items the run of `datum` raises: open with a positive amount, net due plus the grace days before the day,
 * undisputed, unblocked, not unadmonished, below level 5 and last reminded at least `MAHN_ABSTAND_TAGE` days before
 * (or never); `adresseIds` narrows them to those addresses. Read under row locks when `lock` (PostgreSQL).
 */
export async function mahnKandidaten(trx: Db, datum: string, opts: { adresseIds?: readonly number[]; lock?: boolean } = {}): Promise<MahnKandidat[]> {
  const karenz = await karenzTage(trx);
  const out: MahnKandidat[] = [];
  const chunks = opts.adresseIds
    ? Array.from({ length: Math.ceil(opts.adresseIds.length / 1000) }, (_, i) => opts.adresseIds?.slice(i * 1000, i * 1000 + 1000) ?? [])
    : [null];
  for (const ids of chunks) {
    let q = trx
      .selectFrom('offenePosten')
      .select(['id', 'adresseId', 'rechnungsnummer', 'rechnungsdatum', 'nettoFaellig', 'offenerBetrag', 'mahnstufe'])
      .where('abgeschlossen', '=', false)
      .where('offenerBetrag', '>', 0)
      .where('nettoFaellig', '<', plusTage(datum, -karenz))
      .where('strittig', '=', false)
      .where('gesperrt', '=', false)
      .where('nichtMahnen', '=', false)
      .where('mahnstufe', '<', MAHNSTUFE_MAX)
      .where((eb) => eb.or([eb('letzteMahnung', 'is', null), eb('letzteMahnung', '<=', plusTage(datum, -MAHN_ABSTAND_TAGE))]))
      .orderBy('adresseId')
      .orderBy('nettoFaellig')
      .orderBy('id');
    if (ids) q = q.where('adresseId', 'in', ids);
    if (opts.lock && pg(trx)) q = q.forUpdate();
    for (const r of await q.execute()) {
      out.push({
        id: r.id,
        adresseId: r.adresseId,
        rechnungsnummer: r.rechnungsnummer,
        rechnungsdatum: r.rechnungsdatum,
        nettoFaellig: r.nettoFaellig,
        offenerBetrag: Number(r.offenerBetrag),
        stufeVorher: Number(r.mahnstufe),
        stufe: Number(r.mahnstufe) + 1,
      });
    }
  }
  return out;
}

export interface DunningResult {
  /** The run's row (`mahnlaeufe`). */
  id: number;
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
 * (unique day), raises the level of every item that qualifies (`mahnKandidaten`; with `adresseIds` only those
 * addresses' items: the user's confirmation of the preview), stamps `letzteMahnung` and writes one dunning letter per
 * address (`mahnschreiben`, its level the highest new level of its items, with the items as they were). A later run of
 * the same day finds the day's row, changes nothing and answers `bereitsGelaufen` with the first run's figures. A
 * concurrent second run waits for the first one's row (unique key) and then changes nothing.
 */
export async function runDunning(trx: Db, actor: Actor, datum = heute(), opts: { adresseIds?: readonly number[] } = {}): Promise<DunningResult> {
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
      .select(['mahnlaeufe.id', 'mahnlaeufe.zeitpunkt', 'mahnlaeufe.erhoeht', 'benutzer.name'])
      .where('mahnlaeufe.datum', '=', datum)
      .executeTakeFirstOrThrow();
    return {
      id: first.id,
      datum,
      bereitsGelaufen: true,
      erhoeht: 0,
      erhoehtImLauf: Number(first.erhoeht),
      gelaufenAm: first.zeitpunkt,
      benutzerName: first.name ?? null,
      meldung: `Der Mahnlauf für den ${formatDatum(datum)} ist bereits gelaufen; es wurde nichts geändert`,
    };
  }
  const kandidaten = await mahnKandidaten(trx, datum, { adresseIds: opts.adresseIds, lock: true });
  const ids = kandidaten.map((k) => k.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await trx
      .updateTable('offenePosten')
      .set((eb) => ({ mahnstufe: eb('mahnstufe', '+', 1), letzteMahnung: datum, geaendertAm: zeitpunkt }))
      .where('id', 'in', ids.slice(i, i + 1000))
      .execute();
  }
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
  await writeLetters(trx, claimed.id, datum, kandidaten);
  await trx.updateTable('mahnlaeufe').set({ erhoeht: ids.length }).where('id', '=', claimed.id).execute();
  if (ids.length) invalidateCounts('offenePosten', trx);
  return {
    id: claimed.id,
    datum,
    bereitsGelaufen: false,
    erhoeht: ids.length,
    erhoehtImLauf: ids.length,
    gelaufenAm: zeitpunkt,
    benutzerName: actor.name,
    meldung: ids.length === 1 ? 'Der Mahnlauf hat 1 offenen Posten gemahnt' : `Der Mahnlauf hat ${ids.length} offene Posten gemahnt`,
  };
}

/** Groups the raised items by address (in the order read): per address its items, letter level (highest new level) and total. */
export function perAdresse(kandidaten: readonly MahnKandidat[]) {
  const by = new Map<number, MahnKandidat[]>();
  for (const k of kandidaten) {
    const list = by.get(k.adresseId);
    if (list) list.push(k);
    else by.set(k.adresseId, [k]);
  }
  return [...by].map(([adresseId, posten]) => ({
    adresseId,
    posten,
    stufe: Math.max(...posten.map((p) => p.stufe)),
    betrag: addCents(...posten.map((p) => p.offenerBetrag)),
  }));
}

/** One dunning letter per address of the run, with its items as they were at the run. */
async function writeLetters(trx: Db, mahnlaufId: number, datum: string, kandidaten: readonly MahnKandidat[]) {
  for (const a of perAdresse(kandidaten)) {
    const brief = await trx
      .insertInto('mahnschreiben')
      .values({ mahnlaufId, adresseId: a.adresseId, stufe: a.stufe, datum, betrag: a.betrag, anzahl: a.posten.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < a.posten.length; i += 500) {
      await trx
        .insertInto('mahnschreibenPosten')
        .values(
          a.posten.slice(i, i + 500).map((p) => ({
            mahnschreibenId: brief.id,
            offenerPostenId: p.id,
            rechnungsnummer: p.rechnungsnummer,
            rechnungsdatum: p.rechnungsdatum,
            nettoFaellig: p.nettoFaellig,
            offenerBetrag: p.offenerBetrag,
            stufeVorher: p.stufeVorher,
            stufe: p.stufe,
          })),
        )
        .execute();
    }
  }
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
