import { BELEGSTATUS_TEXT, BELEGSTATUS_WERTE, belegzustand, stornoBelegart, zustandErlaubt } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { invalidateCounts } from '../../lib/list-query';
import type { FehlendesBt } from '../erechnung/erechnung.modell';
import { type Pruefmodus, pruefeVorBuchung } from '../erechnung/erechnung.service';
import {
  ablehnung,
  type BelegActor,
  descriptorVon,
  istArtikelzeile,
  type KopfRow,
  loadKopf,
  positionenOf,
  pruefeFremdUndSperre,
  setStatus,
  typName,
} from './belege.core';
import { buchungsEffekte, stornoEffekte } from './belege.effekte';
import { addHistory } from './belege.history';
import { erzeugeStornobeleg, stornoZuText } from './belege.storno';
import { gibUebernahmeFrei } from './belege.uebernahme';

/**
 * Document transitions (issue 11, BEL-T): book, cancel and transform, each ONE transaction with its history row; a
 * refused transition changes nothing (every check comes before the first write, and any later refusal rolls back).
 *
 * Status model (spec 2 §4, BEL-025; which action in which state: the contract's status table BELEG_AKTIONEN):
 * - book (`buchen`): status 1 or 2 → 3 (booked). A document that was adopted before it was booked (4 partially
 *   adopted, 8 adopted not yet booked) can still be booked: 4 stays 4, 8 becomes 5 (adopted); `gebuchtAm` tells
 *   booked from unbooked in every status. Effects (the type's descriptor `effekte`, run by belege.effekte.ts —
 *   never a branch on the type here): a delivery note (03) moves its article lines' stock out through
 *   the stock movement journal (lager.service `buche`, art `LIEFERSCHEIN`; a shortage is a 422 naming the article and
 *   the quantity available, and nothing is written); an invoice (04) creates its open item, a credit note (05) a
 *   negative one (offeneposten.service `openItemForInvoice`); an offer (01) with `dealAnlegen` creates a deal when the
 *   system parameter `DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN` is set (BEL-030/031) and links it.
 * - cancel (`stornieren`): only a booked document that has not been adopted (status 3). The document becomes status 6
 *   (resolved) with `storniertAm` set. GoBD (issue 19 item 8): a type whose descriptor names `storno: gegenbeleg`
 *   (invoice, credit note) gets a cancellation document (Stornorechnung, own number range, lines negated, booked, with
 *   its counter open item; belege.storno.ts), and both open items are settled against each other — never deleted
 *   (`settleOpenItemsOfBeleg`, which refuses with 409 once payments were recorded: a paid invoice takes a credit
 *   note). Other types are cancelled in place: stock movements reversed (journal entries back in, art `STORNO`: the
 *   movements of the document then sum to zero). A cancellation document itself cannot be cancelled. When the
 *   document was made by a transform its source's adopted quantities are given back (the source returns to 3, 4, 1/2).
 * - transform (`umwandeln/{targetType}`, belege.umwandeln.ts): only 01→02, 02→03 or 05, 03→04 (BEL-029), from a source in status 1, 2, 3
 *   or 4 (not cancelled). Copies the positions with their prices as they were (quantity by position for a partial
 *   transform, at most what is still open), links them (`vorgaengerId`, `quellePositionId`) and counts the adopted
 *   quantity on the source (`mengeUebernommen`; for an order's delivery note also `mengeGeliefert`, which the
 *   backorder report reads). The source becomes 5 (adopted; 8 if it was never booked) when nothing is open any more,
 *   else 4 (partially adopted). The new document starts in status 1 and is editable.
 *
 * Concurrency: every transition first row-locks the document (`select … for update` on PostgreSQL; SQLite's write
 * transactions are serial) and decides on the status it then reads, and writes the new status by a conditional
 * update: of two bookings of one document exactly one wins, the other answers 409.
 */

/** belegstatus values (BEL-025; the contract's table). */
export const BELEGSTATUS = BELEGSTATUS_WERTE;

/** The system parameter that makes booking an offer offer a deal (BEL-030). */
export const DEAL_PARAMETER = 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN';

/** Who runs a transition: the user and the record lock token sent with the request (`X-Lock-Token`), if any. */
export type TransitionActor = BelegActor;

const statusText = (b: KopfRow) => BELEGSTATUS_TEXT[belegzustand(b)] ?? String(b.belegstatus);

/** Reads the document head for a transition, row-locked until the transaction ends (PostgreSQL); 404 when missing. */
export const lockBeleg = (trx: Db, id: number) => loadKopf(trx, id, true);

// ───────────────────────────── book ─────────────────────────────

export interface BuchenOptionen {
  /** The user's answer to the deal question when booking an offer (BEL-031). */
  dealAnlegen?: boolean;
  /** The value of DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN (read by the caller, in the transaction). */
  dealParameter?: string | null;
  /** Internal (demo data): the booking time (ISO); the API always books now. */
  zeitpunkt?: string;
  /**
   * The e-invoice pre-booking check (issue 24 item 3; ERECHNUNG.PRUEFUNG, read by the caller): the API always passes
   * it; internal bookings (demo data) leave it out.
   */
  erechnungPruefung?: Pruefmodus;
}

export interface BuchenErgebnis {
  id: number;
  belegstatus: number;
  /** The deal created by this booking, if any. */
  dealId: number | null;
  /** The open item created by this booking, if any. */
  offenerPostenId: number | null;
  /** Stock movements written. */
  bewegungen: number;
  /** Missing e-invoice business terms when the check only warns. */
  warnungen: FehlendesBt[];
}

/** Books a document (see the module comment); one transaction, the caller's `trx`. */
export async function bucheBeleg(trx: Db, actor: TransitionActor, id: number, opts: BuchenOptionen = {}): Promise<BuchenErgebnis> {
  const b = await lockBeleg(trx, id);
  const d = descriptorVon(b.belegart);
  await pruefeFremdUndSperre(trx, actor, 'buchen', b, actor.lockToken);
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  if (b.storniertAm) throw ablehnung('buchen', `${name} ist storniert und kann nicht gebucht werden`);
  if (b.gebuchtAm) throw ablehnung('buchen', `${name} ist bereits gebucht`);
  pruefeZustandOderWirf(b, `${name} kann im Status „${statusText(b)}“ nicht gebucht werden`);
  const positionen = await positionenOf(trx, b.id);
  if (!positionen.some(istArtikelzeile)) throw unprocessable(`${name} hat keine Positionen und kann nicht gebucht werden`);
  const warnungen = opts.erechnungPruefung ? await pruefeVorBuchung(trx, actor, b, opts.erechnungPruefung) : [];
  const von = b.belegstatus;
  const nach = von === BELEGSTATUS.uebernommenNichtGebucht ? BELEGSTATUS.uebernommen : von === BELEGSTATUS.teilweiseUebernommen ? von : BELEGSTATUS.gebucht;

  // the effects of the type first (their checks refuse before anything is written), then the status
  const e = await buchungsEffekte({ trx, actor, b, d, positionen, dealAnlegen: opts.dealAnlegen, dealParameter: opts.dealParameter });
  const gebuchtAm = opts.zeitpunkt ?? nowIso();
  await setStatus(trx, b, { belegstatus: nach, gebuchtAm }, `${name} wurde inzwischen geändert oder gebucht; bitte neu laden`);
  await addHistory(trx, b.id, 'B', `${typName(b.belegart)} gebucht`, actor, nach);
  if (e.dealId !== null) await addHistory(trx, b.id, 'G', `Deal ${e.dealId} angelegt`, actor, nach);
  invalidateCounts('belege', trx);
  return { id: b.id, belegstatus: nach, dealId: e.dealId ?? b.dealId ?? null, offenerPostenId: e.offenerPostenId, bewegungen: e.bewegungen, warnungen };
}

function pruefeZustandOderWirf(b: KopfRow, message: string) {
  if (!zustandErlaubt('buchen', b)) throw ablehnung('buchen', message);
}

// ───────────────────────────── cancel ─────────────────────────────

export interface StornoErgebnis {
  id: number;
  belegstatus: number;
  /** Reversing stock movements written. */
  bewegungen: number;
  /** The cancellation document made (invoices and credit notes), else null. */
  stornoBelegId: number | null;
}

/** Cancels a booked document (see the module comment); one transaction, the caller's `trx`. */
export async function storniereBeleg(
  trx: Db,
  actor: TransitionActor,
  id: number,
  opts: { zeitpunkt?: string; grund?: string | null } = {},
): Promise<StornoErgebnis> {
  const b = await lockBeleg(trx, id);
  const d = descriptorVon(b.belegart);
  await pruefeFremdUndSperre(trx, actor, 'stornieren', b, actor.lockToken);
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  if (b.storniertAm) throw ablehnung('stornieren', `${name} ist bereits storniert`);
  if (d.storno.art === 'nein') throw ablehnung('stornieren', `${name} ist selbst ein Storno und kann nicht storniert werden; bitte einen neuen Beleg anlegen`);
  if (!b.gebuchtAm) throw ablehnung('stornieren', `${name} ist nicht gebucht; nur gebuchte Belege können storniert werden`);
  if (!zustandErlaubt('stornieren', b))
    throw ablehnung('stornieren', `${name} wurde bereits übernommen („${statusText(b)}“); bitte zuerst die Folgebelege stornieren`);

  const zeitpunkt = opts.zeitpunkt ?? nowIso();
  const grund = opts.grund?.trim() ? `: ${opts.grund.trim()}` : '';
  // GoBD: an invoice or credit note is cancelled by a cancellation document of its own number (its descriptor's
  // `storno`), which settles the open item; other types are cancelled in place (their stock effects taken back)
  const stornoArt = stornoBelegart(b.belegart);
  const storno = stornoArt ? await erzeugeStornobeleg(trx, actor, b, stornoArt, zeitpunkt, opts.zeitpunkt?.slice(0, 10)) : null;
  const stornoName = storno ? `${typName(storno.belegart)} ${storno.belegnummer}` : undefined;
  const bewegungen = await stornoEffekte({ trx, actor, b, d, positionen: [], ...(stornoName ? { stornoNummer: stornoName } : {}) });
  if (storno && stornoArt) await stornoEffekte({ trx, actor, b: storno, d: stornoArt, positionen: [], stornoNummer: stornoZuText(b) });
  await gibUebernahmeFrei(trx, actor, b.id, `Folgebeleg ${name} storniert`);
  await setStatus(trx, b, { belegstatus: BELEGSTATUS.erledigt, storniertAm: zeitpunkt }, `${name} wurde inzwischen geändert; bitte neu laden`);
  await addHistory(trx, b.id, 'S', `${typName(b.belegart)} storniert${stornoName ? ` durch ${stornoName}` : ''}${grund}`, actor, BELEGSTATUS.erledigt);
  invalidateCounts('belege', trx);
  return { id: b.id, belegstatus: BELEGSTATUS.erledigt, bewegungen, stornoBelegId: storno?.id ?? null };
}
