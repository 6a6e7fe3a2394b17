import { MessageCode, UMWANDLUNGEN } from '@vario/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { qty3 } from '../../lib/codecs';
import { ApiError, badRequest, conflict, forbidden, unprocessable } from '../../lib/errors';
import { invalidateCounts } from '../../lib/list-query';
import { type Actor, assertWritable } from '../../lib/locks';
import { type Bewegung, buche, sperreBestand } from '../lager/lager.service';
import { cancelOpenItemsOfBeleg, openItemForInvoice } from '../offeneposten/offeneposten.service';
import { addHistory } from './belege.history';
import { createBeleg, LOCK, loadKopf, may, recalcTotals } from './belege.service';
import type { BelegPositionTable, BelegTable } from './belege.tables';

/**
 * Document transitions (issue 11, BEL-T): book, cancel and transform, each ONE transaction with its history row; a
 * refused transition changes nothing (every check comes before the first write, and any later refusal rolls back).
 *
 * Status model (spec 2 §4, BEL-025):
 * - book (`buchen`): status 1 or 2 → 3 (booked). A document that was adopted before it was booked (4 partially
 *   adopted, 8 adopted not yet booked) can still be booked: 4 stays 4, 8 becomes 5 (adopted); `gebuchtAm` tells
 *   booked from unbooked in every status. Effects: a delivery note (03) moves its article lines' stock out through
 *   the stock movement journal (lager.service `buche`, art `LIEFERSCHEIN`; a shortage is a 422 naming the article and
 *   the quantity available, and nothing is written); an invoice (04) creates its open item, a credit note (05) a
 *   negative one (offeneposten.service `openItemForInvoice`); an offer (01) with `dealAnlegen` creates a deal when the
 *   system parameter `DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN` is set (BEL-030/031) and links it.
 * - cancel (`stornieren`): only a booked document that has not been adopted (status 3). The cancellation is a state
 *   of the document itself, not a separate document: status 6 (resolved) with `storniertAm` set. Its stock movements
 *   are reversed (journal entries back in, art `STORNO`: the movements of the document then sum to zero), its open
 *   item removed (`cancelOpenItemsOfBeleg`, which refuses with 409 once payments were recorded), and when it was made
 *   by a transform its source's adopted quantities are given back (the source returns to 3, 4, 1/2 as it then is).
 * - transform (`umwandeln/{targetType}`): only 01→02, 02→03 or 05, 03→04 (BEL-029), from a source in status 1, 2, 3
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

/** belegstatus values (BEL-025). */
export const BELEGSTATUS = {
  gespeichert: 1,
  gedruckt: 2,
  gebucht: 3,
  teilweiseUebernommen: 4,
  uebernommen: 5,
  erledigt: 6,
  uebernommenNichtGebucht: 8,
  zusammengefasst: 9,
} as const;

/** Names of the document types for messages. */
export const BELEGTYP_NAMEN: Readonly<Record<string, string>> = {
  '01': 'Angebot',
  '02': 'Auftrag',
  '03': 'Lieferschein',
  '04': 'Rechnung',
  '05': 'Gutschrift',
};

/** The system parameter that makes booking an offer offer a deal (BEL-030). */
export const DEAL_PARAMETER = 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN';

/** Stock movement kinds written by documents. */
export const BEWEGUNG_LIEFERSCHEIN = 'LIEFERSCHEIN';
export const BEWEGUNG_STORNO = 'STORNO';

/** Who runs a transition: the user and the record lock token sent with the request (`X-Lock-Token`), if any. */
export interface TransitionActor extends Actor {
  lockToken?: string;
}

export const belegtyp = (belegart: string) => belegart.slice(0, 2);
const typName = (belegart: string) => BELEGTYP_NAMEN[belegtyp(belegart)] ?? `Belegart ${belegart}`;
const mengeText = (m: number) => String(qty3.fromDb(m)).replace('.', ',');

const STATUS_TEXT: Record<number, string> = {
  1: 'gespeichert',
  2: 'gedruckt',
  3: 'gebucht',
  4: 'teilweise übernommen',
  5: 'übernommen',
  6: 'erledigt',
  8: 'übernommen, nicht gebucht',
  9: 'zusammengefasst',
};
const statusText = (s: number) => STATUS_TEXT[s] ?? String(s);

type BelegRow = Awaited<ReturnType<typeof lockBeleg>>;

/** Reads the document head for a transition, row-locked until the transaction ends (PostgreSQL); 404 when missing. */
export const lockBeleg = (trx: Db, id: number) => loadKopf(trx, id, true);

/** Another user's document needs BEK_FREMDBEARB (403); a record lock another user holds answers 423. */
async function assertMayChange(trx: Db, actor: TransitionActor, b: BelegRow) {
  if (b.benutzerId !== null && b.benutzerId !== actor.id && !(await may(trx, actor, 'BEK_FREMDBEARB'))) throw forbidden('BEK_FREMDBEARB');
  await assertWritable(trx, actor, LOCK, b.id, actor.lockToken);
}

/** Writes the new status only if the document is still in the status it was read in (a lost race answers 409). */
async function setStatus(trx: Db, b: BelegRow, set: Updateable<BelegTable>, message: string) {
  const res = await trx
    .updateTable('belege')
    .set({ ...set, geaendertAm: nowIso() })
    .where('id', '=', b.id)
    .where('belegstatus', '=', b.belegstatus)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(message);
}

async function positionenOf(trx: Db, belegId: number) {
  return trx.selectFrom('belegPositionen').selectAll().where('belegId', '=', belegId).orderBy('position').orderBy('id').execute();
}

const istArtikelzeile = (p: { positionsArt: string }) => p.positionsArt !== 'T';

// ───────────────────────────── book ─────────────────────────────

export interface BuchenOptionen {
  /** The user's answer to the deal question when booking an offer (BEL-031). */
  dealAnlegen?: boolean;
  /** The value of DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN (read by the caller, in the transaction). */
  dealParameter?: string | null;
  /** Internal (demo data): the booking time (ISO); the API always books now. */
  zeitpunkt?: string;
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
}

/** Books a document (see the module comment); one transaction, the caller's `trx`. */
export async function bucheBeleg(trx: Db, actor: TransitionActor, id: number, opts: BuchenOptionen = {}): Promise<BuchenErgebnis> {
  const b = await lockBeleg(trx, id);
  await assertMayChange(trx, actor, b);
  if (b.storniertAm) throw conflict(`${typName(b.belegart)} ${b.belegnummer} ist storniert und kann nicht gebucht werden`);
  if (b.gebuchtAm) throw conflict(`${typName(b.belegart)} ${b.belegnummer} ist bereits gebucht`);
  const von = b.belegstatus;
  if (![1, 2, 4, 8].includes(von)) throw conflict(`${typName(b.belegart)} ${b.belegnummer} kann im Status „${statusText(von)}“ nicht gebucht werden`);
  const positionen = await positionenOf(trx, b.id);
  if (!positionen.some(istArtikelzeile)) throw unprocessable(`${typName(b.belegart)} ${b.belegnummer} hat keine Positionen und kann nicht gebucht werden`);
  const nach = von === 8 ? BELEGSTATUS.uebernommen : von === 4 ? BELEGSTATUS.teilweiseUebernommen : BELEGSTATUS.gebucht;

  // the effects first (their checks refuse before anything is written), then the status
  const typ = belegtyp(b.belegart);
  let bewegungen = 0;
  let offenerPostenId: number | null = null;
  let dealId: number | null = null;
  if (typ === '03') bewegungen = await lieferscheinAusbuchen(trx, actor, b, positionen);
  if (typ === '04' || typ === '05') {
    // the head's totals are the server's (recalculated with every position write); a credit note's item is negative
    const brutto = Number(b.betragBrutto);
    offenerPostenId = await openItemForInvoice(trx, actor, {
      id: b.id,
      belegnummer: b.belegnummer,
      belegart: b.belegart,
      adresseId: b.adresseId,
      belegdatum: b.belegdatum,
      betragBrutto: typ === '05' ? -Math.abs(brutto) : brutto,
      zahlart: b.zahlart,
    });
  }
  if (typ === '01' && opts.dealAnlegen && parameterGesetzt(opts.dealParameter) && !b.dealId) dealId = await dealAusAngebot(trx, actor, b);
  const gebuchtAm = opts.zeitpunkt ?? nowIso();
  await setStatus(trx, b, { belegstatus: nach, gebuchtAm }, `${typName(b.belegart)} ${b.belegnummer} wurde inzwischen geändert oder gebucht; bitte neu laden`);
  await addHistory(trx, b.id, 'B', `${typName(b.belegart)} gebucht`, actor, nach);
  if (dealId !== null) await addHistory(trx, b.id, 'G', `Deal ${dealId} angelegt`, actor, nach);
  invalidateCounts('belege');
  return { id: b.id, belegstatus: nach, dealId: dealId ?? b.dealId ?? null, offenerPostenId, bewegungen };
}

/** A parameter counts as set when it holds anything but empty, '0', 'N' or 'false'. */
export const parameterGesetzt = (wert: string | null | undefined) => !!wert && !['0', 'n', 'nein', 'false'].includes(wert.trim().toLowerCase());

/** The warehouse a position without one ships from: the main storage region's outgoing warehouse, else the first. */
async function standardLager(trx: Db): Promise<number> {
  const kreis = await trx
    .selectFrom('lagerkreise')
    .select('ausgangLagerId')
    .where('istHauptlagerkreis', '=', true)
    .where('ausgangLagerId', 'is not', null)
    .executeTakeFirst();
  if (kreis?.ausgangLagerId) return kreis.ausgangLagerId;
  const first = await trx.selectFrom('lager').select('id').orderBy('id').executeTakeFirst();
  if (!first) throw unprocessable('Es ist kein Lager angelegt; der Lieferschein kann nicht gebucht werden');
  return first.id;
}

type PositionRow = Awaited<ReturnType<typeof positionenOf>>[number];

/**
 * The stock issue of a delivery note: each article line of a stock article (artikelart 1) leaves its warehouse (the
 * position's `lagId`, else the default outgoing warehouse); in a warehouse with storage places it is taken from the
 * places with the most stock first. Checked before anything is written, under the articles' row locks: a shortage is
 * a 422 naming article, warehouse and the quantity available.
 */
async function lieferscheinAusbuchen(trx: Db, actor: TransitionActor, b: BelegRow, positionen: PositionRow[]): Promise<number> {
  const zeilen = positionen.filter((p) => istArtikelzeile(p) && Number(p.menge) > 0 && (p.artikelId || p.artikelnummer));
  if (!zeilen.length) return 0;
  const nummern = zeilen.filter((p) => !p.artikelId && p.artikelnummer).map((p) => p.artikelnummer as string);
  const byNummer = new Map(
    nummern.length
      ? (await trx.selectFrom('artikel').select(['id', 'artikelnummer']).where('artikelnummer', 'in', nummern).execute()).map((a) => [a.artikelnummer, a.id])
      : [],
  );
  const artikelIdOf = (p: PositionRow) => p.artikelId ?? byNummer.get(p.artikelnummer as string) ?? null;
  const ids = [...new Set(zeilen.map(artikelIdOf).filter((x): x is number => x !== null))];
  if (!ids.length) return 0;
  const artikel = new Map(
    (await trx.selectFrom('artikel').select(['id', 'artikelnummer', 'bezeichnung', 'artikelart']).where('id', 'in', ids).execute()).map((a) => [a.id, a]),
  );
  const lagerStandard = zeilen.some((p) => !p.lagId) ? await standardLager(trx) : 0;
  // what leaves which warehouse, per article (several lines of one article add up)
  const bedarf = new Map<string, { artikelId: number; lagerId: number; menge: number; positionen: number[] }>();
  for (const p of zeilen) {
    const artikelId = artikelIdOf(p);
    const a = artikelId === null ? undefined : artikel.get(artikelId);
    if (a?.artikelart !== '1') continue; // only stock articles carry stock
    const lagerId = p.lagId ?? lagerStandard;
    const key = `${a.id}:${lagerId}`;
    const e = bedarf.get(key) ?? { artikelId: a.id, lagerId, menge: 0, positionen: [] };
    e.menge += Number(p.menge);
    e.positionen.push(p.position);
    bedarf.set(key, e);
  }
  if (!bedarf.size) return 0;
  await sperreBestand(
    trx,
    [...bedarf.values()].map((e) => e.artikelId),
  );
  const lagerIds = [...new Set([...bedarf.values()].map((e) => e.lagerId))];
  const lager = new Map(
    (await trx.selectFrom('lager').select(['id', 'kurzbezeichnung', 'bezeichnung', 'hatLagerplaetze']).where('id', 'in', lagerIds).execute()).map((l) => [
      l.id,
      l,
    ]),
  );
  const bewegungen: Bewegung[] = [];
  for (const e of bedarf.values()) {
    const l = lager.get(e.lagerId);
    const a = artikel.get(e.artikelId);
    if (!l || !a) throw badRequest('Bitte die Eingaben prüfen!', { lagId: [`Unbekanntes Lager: ${e.lagerId}`] });
    const text = `${typName(b.belegart)} ${b.belegnummer}, Pos. ${e.positionen.join(', ')}`;
    const base = {
      artikelId: e.artikelId,
      lagerId: e.lagerId,
      feld: 'bestand' as const,
      art: BEWEGUNG_LIEFERSCHEIN,
      text,
      belegId: b.id,
      benutzerId: actor.id,
    };
    const bestand = await trx
      .selectFrom('bestaende')
      .select('bestand')
      .where('artikelId', '=', e.artikelId)
      .where('lagerId', '=', e.lagerId)
      .executeTakeFirst();
    const verfuegbar = Math.max(0, Number(bestand?.bestand ?? 0));
    const fehlt = () => {
      const message = `Nicht genügend Bestand für ${a.artikelnummer} ${a.bezeichnung} im Lager ${l.kurzbezeichnung}: verfügbar sind ${mengeText(verfuegbar)}, benötigt ${mengeText(e.menge)}`;
      return new ApiError(422, MessageCode.unprocessable, message, {
        fieldErrors: { menge: [message] },
        messageParameters: [a.artikelnummer, mengeText(verfuegbar), mengeText(e.menge), l.kurzbezeichnung],
      });
    };
    if (verfuegbar < e.menge) throw fehlt();
    if (!l.hatLagerplaetze) {
      bewegungen.push({ ...base, menge: -e.menge });
      continue;
    }
    const plaetze = await trx
      .selectFrom('lagerplatzBestaende as lb')
      .innerJoin('lagerplaetze as lp', 'lp.id', 'lb.lagerplatzId')
      .select(['lb.lagerplatzId', 'lb.bestand'])
      .where('lb.artikelId', '=', e.artikelId)
      .where('lp.lagerId', '=', e.lagerId)
      .where('lb.bestand', '>', 0)
      .orderBy('lb.bestand', 'desc')
      .orderBy('lb.lagerplatzId')
      .execute();
    let rest = e.menge;
    for (const p of plaetze) {
      if (rest <= 0) break;
      const m = Math.min(rest, Number(p.bestand));
      bewegungen.push({ ...base, lagerplatzId: p.lagerplatzId, menge: -m });
      rest -= m;
    }
    if (rest > 0) throw fehlt();
  }
  await buche(trx, bewegungen);
  return bewegungen.length;
}

/** BEL-031: the deal an offer's booking creates (sales, open, first contact), linked to the offer. */
async function dealAusAngebot(trx: Db, actor: TransitionActor, b: BelegRow): Promise<number> {
  const jetzt = nowIso();
  const { id } = await trx
    .insertInto('deals')
    .values({
      typ: 1,
      titel: `${typName(b.belegart)} ${b.belegnummer}${b.betreff ? ` – ${b.betreff}` : ''}`.slice(0, 200),
      chance: 50,
      status: 0,
      phase: 1,
      note: null,
      zustaendigerBenutzer: actor.id,
      investitionsdatumGeplant: null,
      investitionsdatumErreicht: null,
      investitionssummeGeplant: Number(b.betragNetto),
      investitionssummeErreicht: null,
      naechsterKontakt: null,
      frei01: null,
      frei02: null,
      ansprechpartnerId: null,
      adresseId: b.adresseId,
      angelegtAm: jetzt,
      geaendertAm: jetzt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('belege').set({ dealId: id }).where('id', '=', b.id).execute();
  return id;
}

// ───────────────────────────── cancel ─────────────────────────────

export interface StornoErgebnis {
  id: number;
  belegstatus: number;
  /** Reversing stock movements written. */
  bewegungen: number;
}

/** Cancels a booked document (see the module comment); one transaction, the caller's `trx`. */
export async function storniereBeleg(
  trx: Db,
  actor: TransitionActor,
  id: number,
  opts: { zeitpunkt?: string; grund?: string | null } = {},
): Promise<StornoErgebnis> {
  const b = await lockBeleg(trx, id);
  await assertMayChange(trx, actor, b);
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  if (b.storniertAm) throw conflict(`${name} ist bereits storniert`);
  if (!b.gebuchtAm) throw conflict(`${name} ist nicht gebucht; nur gebuchte Belege können storniert werden`);
  if (b.belegstatus !== BELEGSTATUS.gebucht)
    throw conflict(`${name} wurde bereits übernommen („${statusText(b.belegstatus)}“); bitte zuerst die Folgebelege stornieren`);

  // stock: every movement of the document is taken back, so its movements sum to zero per article, warehouse and place
  const summen = await trx
    .selectFrom('lagerbewegungen')
    .select(['artikelId', 'lagerId', 'lagerplatzId', 'feld', (eb) => eb.fn.sum<number>('menge').as('menge')])
    .where('belegId', '=', b.id)
    .groupBy(['artikelId', 'lagerId', 'lagerplatzId', 'feld'])
    .orderBy('artikelId')
    .orderBy('lagerId')
    .execute();
  const zurueck: Bewegung[] = summen
    .filter((s) => Number(s.menge) !== 0)
    .map((s) => ({
      artikelId: s.artikelId,
      lagerId: s.lagerId,
      lagerplatzId: s.lagerplatzId,
      feld: s.feld,
      menge: -Number(s.menge),
      art: BEWEGUNG_STORNO,
      text: `Storno ${name}`,
      belegId: b.id,
      benutzerId: actor.id,
    }));
  if (zurueck.length) await buche(trx, zurueck);

  const typ = belegtyp(b.belegart);
  if (typ === '04' || typ === '05') await cancelOpenItemsOfBeleg(trx, actor, b.id);
  await gibUebernahmeFrei(trx, actor, b.id, `Folgebeleg ${name} storniert`);
  await setStatus(trx, b, { belegstatus: BELEGSTATUS.erledigt, storniertAm: opts.zeitpunkt ?? nowIso() }, `${name} wurde inzwischen geändert; bitte neu laden`);
  await addHistory(trx, b.id, 'S', `${typName(b.belegart)} storniert${opts.grund?.trim() ? `: ${opts.grund.trim()}` : ''}`, actor, BELEGSTATUS.erledigt);
  invalidateCounts('belege');
  return { id: b.id, belegstatus: BELEGSTATUS.erledigt, bewegungen: zurueck.length };
}

/**
 * Gives back the quantities a document adopted from its source (its positions' `quellePositionId`): the source's
 * `mengeUebernommen` (and an order's `mengeGeliefert` for a delivery note) go down, and the source's status follows
 * (4/5/8 back to 3, 4 or its unbooked status). Called when a document made by a transform is cancelled — and by the
 * document service when such a document is deleted before it was booked — in that write's transaction.
 */
export async function gibUebernahmeFrei(trx: Db, actor: Actor, belegId: number, text: string): Promise<void> {
  const ziel = await trx.selectFrom('belege').select(['id', 'belegart', 'vorgaengerId']).where('id', '=', belegId).executeTakeFirst();
  const zeilen = await trx
    .selectFrom('belegPositionen')
    .select(['quellePositionId', 'menge'])
    .where('belegId', '=', belegId)
    .where('quellePositionId', 'is not', null)
    .execute();
  if (!ziel || !zeilen.length) return;
  const quellPositionen = await trx
    .selectFrom('belegPositionen')
    .select(['id', 'belegId'])
    .where(
      'id',
      'in',
      zeilen.map((z) => z.quellePositionId as number),
    )
    .execute();
  const quellen = [...new Set(quellPositionen.map((p) => p.belegId))];
  const lieferung = belegtyp(ziel.belegart) === '03';
  for (const z of zeilen) {
    const m = Number(z.menge);
    if (!m) continue;
    await trx
      .updateTable('belegPositionen')
      .set((eb) => ({
        mengeUebernommen: eb('mengeUebernommen', '-', m),
        ...(lieferung ? { mengeGeliefert: eb('mengeGeliefert', '-', m) } : {}),
      }))
      .where('id', '=', z.quellePositionId as number)
      .execute();
  }
  for (const q of quellen) {
    const quelle = await lockBeleg(trx, q);
    const status = await statusNachUebernahme(trx, quelle);
    if (status !== quelle.belegstatus) await trx.updateTable('belege').set({ belegstatus: status, geaendertAm: nowIso() }).where('id', '=', q).execute();
    await addHistory(trx, q, 'T', `${text}: übernommene Mengen freigegeben`, actor, status);
  }
}

/**
 * The status of a source from its adopted quantities: nothing open → 5 (8 if never booked); something adopted → 4;
 * nothing adopted → 3 when booked, else its unbooked status (2 if it was printed, else 1).
 */
async function statusNachUebernahme(trx: Db, b: BelegRow): Promise<number> {
  if (b.storniertAm) return b.belegstatus;
  const positionen = (await positionenOf(trx, b.id)).filter((p) => istArtikelzeile(p) && Number(p.menge) > 0);
  const uebernommen = positionen.reduce((s, p) => s + Number(p.mengeUebernommen), 0);
  const offen = positionen.some((p) => Number(p.mengeUebernommen) < Number(p.menge));
  if (uebernommen > 0 && !offen) return b.gebuchtAm ? BELEGSTATUS.uebernommen : BELEGSTATUS.uebernommenNichtGebucht;
  if (uebernommen > 0) return BELEGSTATUS.teilweiseUebernommen;
  if (b.gebuchtAm) return BELEGSTATUS.gebucht;
  const gedruckt = await trx.selectFrom('belegStatushistorie').select('id').where('belegId', '=', b.id).where('art', '=', 'D').executeTakeFirst();
  return gedruckt ? BELEGSTATUS.gedruckt : BELEGSTATUS.gespeichert;
}

// ───────────────────────────── transform ─────────────────────────────

export interface UmwandelnOptionen {
  /** A partial transform: the quantities (API units, pieces) per source position; without it everything still open. */
  positionen?: { positionId: number; menge: number }[];
  /** Internal (demo data): the new document's date; the API always makes it today. */
  belegdatum?: string;
}

/** Head columns that are the new document's own, not copied from the source. */
const NICHT_KOPIERT = [
  'id',
  'belegart',
  'belegnummer',
  'belegdatum',
  'belegstatus',
  'benutzerId',
  'vorgaengerId',
  'angelegtAm',
  'geaendertAm',
  'gebuchtAm',
  'storniertAm',
  'stornoVonId',
  'betragNetto',
  'mwstBetrag',
  'betragBrutto',
  'endbetragNetto',
  'rohertrag',
  'rabatt1Wert',
  'rabatt2Wert',
  'mwstAufteilung',
] as const satisfies readonly (keyof BelegRow)[];
/** Position columns that are the copy's own. */
const POSITION_NICHT_KOPIERT = [
  'id',
  'belegId',
  'menge',
  'mengeUebernommen',
  'mengeGeliefert',
  'quellePositionId',
] as const satisfies readonly (keyof PositionRow)[];

/** A copy of `row` without `keys`, typed as such: the compiler checks that the rest fits the table it is written to. */
function ohne<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Omit<T, K> {
  const rest: Partial<T> = {};
  for (const k of Object.keys(row) as (keyof T)[]) if (!(keys as readonly (keyof T)[]).includes(k)) rest[k] = row[k];
  return rest as Omit<T, K>;
}

/** Normalises the target type of the path: a belegtyp ('02') or a belegart ('0200'). */
export function zielBelegart(targetType: string): string {
  const t = targetType.trim();
  if (/^0[1-5]$/.test(t)) return `${t}00`;
  if (/^0[1-5]\d\d$/.test(t)) return t;
  throw badRequest('Bitte die Eingaben prüfen!', { targetType: [`Unbekannter Belegtyp: ${targetType}`] });
}

/** Transforms a document (see the module comment); answers the new document's id. One transaction, the caller's `trx`. */
export async function wandleBelegUm(trx: Db, actor: TransitionActor, id: number, targetType: string, opts: UmwandelnOptionen = {}): Promise<{ id: number }> {
  const zielart = zielBelegart(targetType);
  const b = await lockBeleg(trx, id);
  const von = belegtyp(b.belegart);
  const nach = belegtyp(zielart);
  // the allowed targets per source type are the contract's (BEL-029), the one list the web's transform dialog offers too
  if (!(UMWANDLUNGEN[von] ?? []).includes(zielart))
    throw unprocessable(
      `${typName(b.belegart)} kann nicht in ${typName(zielart)} umgewandelt werden (erlaubt: Angebot → Auftrag, Auftrag → Lieferschein oder Gutschrift, Lieferschein → Rechnung)`,
      {
        targetType: [`Nicht erlaubt: ${von} → ${nach}`],
      },
    );
  const artOk = await trx.selectFrom('belegarten').select('belegart').where('belegart', '=', zielart).executeTakeFirst();
  if (!artOk) throw badRequest('Bitte die Eingaben prüfen!', { targetType: [`Unbekannte Belegart: ${zielart}`] });
  await assertMayChange(trx, actor, b);
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  if (b.storniertAm) throw conflict(`${name} ist storniert und kann nicht umgewandelt werden`);
  if (![1, 2, 3, 4].includes(b.belegstatus)) throw conflict(`${name} kann im Status „${statusText(b.belegstatus)}“ nicht umgewandelt werden`);

  const positionen = await positionenOf(trx, b.id);
  const offenVon = (p: PositionRow) => Math.max(0, Number(p.menge) - Number(p.mengeUebernommen));
  // what is taken over, per source position (thousandths)
  const auswahl = new Map<number, number>();
  if (opts.positionen?.length) {
    const byId = new Map(positionen.map((p) => [p.id, p]));
    const fehler: Record<string, string[]> = {};
    for (const [i, w] of opts.positionen.entries()) {
      const p = byId.get(w.positionId);
      if (!p) {
        fehler[`positionen.${i}.positionId`] = [`Position ${w.positionId} gehört nicht zu ${name}`];
        continue;
      }
      if (auswahl.has(p.id)) {
        fehler[`positionen.${i}.positionId`] = [`Position ${p.position} ist doppelt angegeben`];
        continue;
      }
      if (!istArtikelzeile(p)) {
        auswahl.set(p.id, 0);
        continue;
      }
      const m = qty3.toDb(w.menge);
      if (!(m > 0)) fehler[`positionen.${i}.menge`] = ['Die Menge muss größer als 0 sein'];
      else if (m > offenVon(p)) fehler[`positionen.${i}.menge`] = [`Position ${p.position}: höchstens ${mengeText(offenVon(p))} offen`];
      else auswahl.set(p.id, m);
    }
    if (Object.keys(fehler).length) {
      const mengen = Object.keys(fehler).some((k) => k.endsWith('.menge'));
      throw mengen ? unprocessable('Die Mengen übersteigen die offenen Mengen oder sind ungültig', fehler) : badRequest('Bitte die Eingaben prüfen!', fehler);
    }
  } else {
    for (const p of positionen) {
      if (!istArtikelzeile(p)) auswahl.set(p.id, 0);
      else if (offenVon(p) > 0) auswahl.set(p.id, offenVon(p));
    }
  }
  const uebernommen = [...auswahl.entries()].filter(([pid, m]) => m > 0 || !istArtikelzeile(positionen.find((p) => p.id === pid) as PositionRow));
  if (![...auswahl.values()].some((m) => m > 0)) throw conflict(`${name} hat keine offenen Mengen mehr`);

  // the new document: number, owner and defaults from the document service, the head's terms copied from the source
  const neu = await createBeleg(trx, actor, {
    belegart: zielart,
    adresseId: b.adresseId,
    ...(b.dealId ? { dealId: b.dealId } : {}),
    ...(opts.belegdatum ? { belegdatum: opts.belegdatum } : {}),
  });
  const neuId = neu.id;
  const kopf: Updateable<BelegTable> = { ...ohne(b, NICHT_KOPIERT), vorgaengerId: b.id };
  // amounts on the head (freight, cash on delivery, insurance, discounts as an amount) go with the first document made
  // from the source; later partial ones carry only percentage discounts, so nothing is charged or granted twice
  if (positionen.some((p) => Number(p.mengeUebernommen) > 0)) {
    Object.assign(kopf, { frachtkosten: 0, nachnahme: 0, versicherung: 0 });
    if (kopf.rabatt1Betrag !== null) Object.assign(kopf, { rabatt1Betrag: null, rabatt1Text: null });
    if (kopf.rabatt2Betrag !== null) Object.assign(kopf, { rabatt2Betrag: null, rabatt2Text: null });
  }
  await trx.updateTable('belege').set(kopf).where('id', '=', neuId).execute();
  const zeilen = uebernommen.map(([pid, m]): Insertable<BelegPositionTable> => {
    const p = positionen.find((x) => x.id === pid) as PositionRow;
    return { ...ohne(p, POSITION_NICHT_KOPIERT), belegId: neuId, menge: istArtikelzeile(p) ? m : p.menge, quellePositionId: p.id };
  });
  // positions keep their order; text lines travel with them
  zeilen.sort((x, y) => Number(x.position) - Number(y.position));
  for (let i = 0; i < zeilen.length; i += 200) {
    await trx
      .insertInto('belegPositionen')
      .values(zeilen.slice(i, i + 200))
      .execute();
  }
  await recalcTotals(trx, neuId);

  const lieferung = nach === '03';
  for (const [pid, m] of auswahl) {
    if (!m) continue;
    await trx
      .updateTable('belegPositionen')
      .set((eb) => ({
        mengeUebernommen: eb('mengeUebernommen', '+', m),
        ...(lieferung ? { mengeGeliefert: eb('mengeGeliefert', '+', m) } : {}),
      }))
      .where('id', '=', pid)
      .execute();
  }
  const status = await statusNachUebernahme(trx, b);
  await setStatus(trx, b, { belegstatus: status }, `${name} wurde inzwischen geändert; bitte neu laden`);
  const neuNr = (await trx.selectFrom('belege').select('belegnummer').where('id', '=', neuId).executeTakeFirstOrThrow()).belegnummer;
  await addHistory(
    trx,
    b.id,
    'U',
    `${status === BELEGSTATUS.teilweiseUebernommen ? 'Teilweise übernommen' : 'Übernommen'} in ${typName(zielart)} ${neuNr}`,
    actor,
    status,
  );
  await addHistory(trx, neuId, 'U', `Übernommen aus ${name}`, actor);
  invalidateCounts('belege');
  return { id: neuId };
}
