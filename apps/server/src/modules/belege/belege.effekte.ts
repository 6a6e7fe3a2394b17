import { type Belegart, MessageCode } from '@vario/contract';
import type { Db } from '../../db/index';
import { UMSATZ_ARTEN, umsatzNachfuehren } from '../../db/umsatz';
import { nowIso } from '../../lib/clock';
import { ApiError, badRequest, unprocessable } from '../../lib/errors';
import { formatMenge } from '../../lib/format-de';
import { type Bewegung, buche, sperreBestand, standardLager } from '../lager/lager.service';
import { openItemForInvoice, settleOpenItemsOfBeleg } from '../offeneposten/offeneposten.service';
import { type BelegActor, istArtikelzeile, type KopfRow, type PositionRow, typName } from './belege.core';

/**
 * The effects of booking and cancelling a document, looked up by its descriptor's `effekte` (issue 18 §1): one small
 * table of effect kinds — stock (`lager: 'aus' | 'ein'`), open item (`offenerPosten: ±1`), deal question
 * (`dealFrage`) — each with what booking does and what cancelling takes back. The transitions run the effects the
 * descriptor names, in this order, and never branch on a type code.
 */

/** Stock movement kinds written by documents. */
export const BEWEGUNG_LIEFERSCHEIN = 'LIEFERSCHEIN';
export const BEWEGUNG_WARENEINGANG = 'WARENEINGANG';
export const BEWEGUNG_STORNO = 'STORNO';

export interface EffektKontext {
  trx: Db;
  actor: BelegActor;
  b: KopfRow;
  d: Belegart;
  positionen: PositionRow[];
  /** Booking an offer: the user's answer to the deal question and the system parameter (BEL-030/031). */
  dealAnlegen?: boolean;
  dealParameter?: string | null;
  /** A cancellation document: the descriptor of the document it cancels (its open item mirrors that one's). */
  stornoVon?: Belegart;
  /** Cancelling: the number of the cancellation document that settles the open item, if one was made. */
  stornoNummer?: string;
}
/** What a booking effect reports. */
export interface EffektErgebnis {
  bewegungen?: number;
  offenerPostenId?: number;
  dealId?: number;
}
interface Effekt {
  /** Whether the descriptor asks for it. */
  gilt(d: Belegart): boolean;
  buchen(k: EffektKontext): Promise<EffektErgebnis>;
  stornieren(k: EffektKontext): Promise<EffektErgebnis>;
}

/** A parameter counts as set when it holds anything but empty, '0', 'N' or 'false'. */
export const parameterGesetzt = (wert: string | null | undefined) => !!wert && !['0', 'n', 'nein', 'false'].includes(wert.trim().toLowerCase());

/**
 * The stock effect of booking (`lager: 'aus'`, a delivery note): each article line of a stock article (artikelart 1) leaves its warehouse (the
 * position's `lagId`, else — positions of documents made before positions carried one — the default outgoing
 * warehouse); in a warehouse with storage places it is taken from the places with the most stock first. Checked
 * before anything is written, under the articles' row locks: a shortage is a 422 naming article (number and name),
 * warehouse and the quantities required and available, as a field error on each position concerned
 * (`positionen.<id>.menge`). `lager: 'ein'` (a goods receipt) books the lines into their warehouse instead.
 */
async function lagerBuchen(trx: Db, actor: BelegActor, b: KopfRow, positionen: PositionRow[], richtung: 'aus' | 'ein'): Promise<number> {
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
  if (lagerStandard === null) throw unprocessable(`Es ist kein Lager angelegt; ${typName(b.belegart)} ${b.belegnummer} kann nicht gebucht werden`);
  // what leaves which warehouse, per article (several lines of one article add up)
  const bedarf = new Map<string, { artikelId: number; lagerId: number; menge: number; positionen: number[]; positionIds: number[] }>();
  for (const p of zeilen) {
    const artikelId = artikelIdOf(p);
    const a = artikelId === null ? undefined : artikel.get(artikelId);
    if (a?.artikelart !== '1') continue; // only stock articles carry stock
    const lagerId = p.lagId ?? lagerStandard;
    const key = `${a.id}:${lagerId}`;
    const e = bedarf.get(key) ?? { artikelId: a.id, lagerId, menge: 0, positionen: [], positionIds: [] };
    e.menge += Number(p.menge);
    e.positionen.push(p.position);
    e.positionIds.push(p.id);
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
    if (!l || !a)
      throw badRequest(
        'Bitte die Eingaben prüfen!',
        Object.fromEntries(e.positionIds.map((id) => [`positionen.${id}.lagId`, [`Unbekanntes Lager: ${e.lagerId}`]])),
      );
    if (richtung === 'ein') {
      // a receipt books into the warehouse (one with storage places refuses without a place: lager.service `buche`)
      bewegungen.push({
        artikelId: e.artikelId,
        lagerId: e.lagerId,
        feld: 'bestand',
        art: BEWEGUNG_WARENEINGANG,
        text: `${typName(b.belegart)} ${b.belegnummer}, Pos. ${e.positionen.join(', ')}`,
        belegId: b.id,
        benutzerId: actor.id,
        menge: e.menge,
      });
      continue;
    }
    const text = `${typName(b.belegart)} ${b.belegnummer}, Pos. ${e.positionen.join(', ')}`;
    const base = {
      artikelId: e.artikelId,
      lagerId: e.lagerId,
      feld: 'bestand' as const,
      art: richtung === 'aus' ? BEWEGUNG_LIEFERSCHEIN : BEWEGUNG_WARENEINGANG,
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
      const message = `Nicht genügend Bestand für ${a.artikelnummer} ${a.bezeichnung} im Lager ${l.kurzbezeichnung}: verfügbar sind ${formatMenge(verfuegbar)}, benötigt ${formatMenge(e.menge)}`;
      return new ApiError(422, MessageCode.unprocessable, message, {
        fieldErrors: Object.fromEntries(e.positionIds.map((id) => [`positionen.${id}.menge`, [message]])),
        messageParameters: [a.artikelnummer, formatMenge(verfuegbar), formatMenge(e.menge), l.kurzbezeichnung],
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
async function dealAusAngebot(trx: Db, actor: BelegActor, b: KopfRow): Promise<number> {
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

/** Takes back every stock movement of the document, so its movements sum to zero per article, warehouse and place. */
async function lagerZurueck({ trx, actor, b }: EffektKontext): Promise<EffektErgebnis> {
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
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
  return { bewegungen: zurueck.length };
}

/** The effect kinds, in the order they run. */
const EFFEKTE: readonly Effekt[] = [
  {
    gilt: (d) => d.effekte.lager !== 'keine',
    buchen: async (k) => ({ bewegungen: await lagerBuchen(k.trx, k.actor, k.b, k.positionen, k.d.effekte.lager === 'ein' ? 'ein' : 'aus') }),
    stornieren: lagerZurueck,
  },
  {
    gilt: (d) => d.effekte.offenerPosten !== 0,
    // the head's totals are the server's (recalculated with every position write); the sign is the descriptor's
    buchen: async ({ trx, actor, b, d, stornoVon }) => {
      const brutto = Number(b.betragBrutto);
      // a cancellation document holds the original's amounts negated; its item takes back the original's item
      const betrag = stornoVon ? stornoVon.effekte.offenerPosten * brutto : d.effekte.offenerPosten < 0 ? -Math.abs(brutto) : brutto;
      const offenerPostenId = await openItemForInvoice(trx, actor, {
        id: b.id,
        belegnummer: b.belegnummer,
        belegart: b.belegart,
        adresseId: b.adresseId,
        belegdatum: b.belegdatum,
        betragBrutto: betrag,
        zahlart: b.zahlart,
      });
      return { offenerPostenId };
    },
    // settled, never deleted (GoBD); `stornoNummer`: the cancellation document that settles it
    stornieren: async ({ trx, actor, b, stornoNummer }) => {
      await settleOpenItemsOfBeleg(trx, actor, b.id, stornoNummer ? `Storno durch ${stornoNummer}` : `Storno des Belegs ${b.belegnummer}`);
      return {};
    },
  },
  {
    gilt: (d) => d.effekte.dealFrage,
    buchen: async (k) => (k.dealAnlegen && parameterGesetzt(k.dealParameter) && !k.b.dealId ? { dealId: await dealAusAngebot(k.trx, k.actor, k.b) } : {}),
    // the deal stays: it is the customer's, not the document's
    stornieren: async () => ({}),
  },
  {
    // turnover (db/umsatz.ts): the aggregate of the statistics follows in the same transaction; a document cancelled
    // by a cancellation document stays counted (the cancellation document, booked, nets it out), one cancelled in
    // place is taken out
    gilt: (d) => UMSATZ_ARTEN.includes(d.belegart),
    buchen: async ({ trx, b }) => {
      await umsatzNachfuehren(trx, b.id, 1);
      return {};
    },
    stornieren: async ({ trx, b, stornoNummer }) => {
      if (!stornoNummer) await umsatzNachfuehren(trx, b.id, -1);
      return {};
    },
  },
];

/** Runs the booking effects of the document's descriptor; answers their sum. */
export async function buchungsEffekte(k: EffektKontext): Promise<{ bewegungen: number; offenerPostenId: number | null; dealId: number | null }> {
  const out = { bewegungen: 0, offenerPostenId: null as number | null, dealId: null as number | null };
  for (const e of EFFEKTE.filter((x) => x.gilt(k.d))) {
    const r = await e.buchen(k);
    out.bewegungen += r.bewegungen ?? 0;
    if (r.offenerPostenId !== undefined) out.offenerPostenId = r.offenerPostenId;
    if (r.dealId !== undefined) out.dealId = r.dealId;
  }
  return out;
}

/** Takes back the effects of the document's descriptor (cancellation); answers the stock movements written. */
export async function stornoEffekte(k: EffektKontext): Promise<number> {
  let bewegungen = 0;
  for (const e of EFFEKTE.filter((x) => x.gilt(k.d))) bewegungen += (await e.stornieren(k)).bewegungen ?? 0;
  return bewegungen;
}
