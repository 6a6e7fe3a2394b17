import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import { qty3 } from '../../lib/codecs';
import { badRequest, unprocessable } from '../../lib/errors';
import { formatMenge } from '../../lib/format-de';
import { invalidateCounts } from '../../lib/list-query';
import type { Mengen } from './lager.tables';

/** Fields of the article row that carry totals over every warehouse. */
const ARTIKEL_SUMMEN = new Set<keyof Mengen>(['bestand', 'reserviert', 'blockiert']);

export interface Bewegung {
  artikelId: number;
  lagerId: number;
  lagerplatzId?: number | null;
  feld: keyof Mengen;
  /** Signed change in thousandths. */
  menge: number;
  art: string;
  text?: string | null;
  belegId?: number | null;
  benutzerId?: number | null;
}

/**
 * Serialises every stock change of the given articles: on PostgreSQL the article rows are locked (`for update`, in id
 * order so that two transfers in opposite directions cannot deadlock) until the caller's transaction ends; SQLite's
 * write transactions are serial already. Whatever reads a stock figure it then changes (inventory counts) calls this
 * first, so the figure cannot change underneath it.
 */
export async function sperreBestand(trx: Db, artikelIds: number[]) {
  if (dialectOf(trx) !== 'postgres' || artikelIds.length === 0) return;
  const ids = [...new Set(artikelIds)].sort((a, b) => a - b);
  await trx.selectFrom('artikel').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * The one way stock changes: every booking (arrivals, issues, transfers, delivery notes, material, returns) writes
 * its movements here. Each movement is journalled and added to the warehouse row, the storage-place row and the
 * article totals in the caller's transaction, so every figure equals the sum of its movements.
 * Physical stock (`bestand`) may not fall below zero (422).
 */
export async function buche(trx: Db, bewegungen: Bewegung[]): Promise<number[]> {
  const ids: number[] = [];
  const zeitpunkt = nowIso();
  await sperreBestand(
    trx,
    bewegungen.map((b) => b.artikelId),
  );
  for (const b of bewegungen) {
    const lager = await trx.selectFrom('lager').select(['id', 'hatLagerplaetze']).where('id', '=', b.lagerId).executeTakeFirst();
    if (!lager) throw badRequest('Bitte die Eingaben prüfen!', { lagerId: [`Unbekanntes Lager: ${b.lagerId}`] });
    const artikel = await trx.selectFrom('artikel').select(['id', 'artikelart']).where('id', '=', b.artikelId).executeTakeFirst();
    if (!artikel) throw badRequest('Bitte die Eingaben prüfen!', { artikelId: [`Unbekannter Artikel: ${b.artikelId}`] });
    if (artikel.artikelart !== '1') throw unprocessable('Nur Lagerartikel (Artikelart 1) führen Bestand', { artikelId: ['Kein Lagerartikel'] });
    const platz = b.lagerplatzId ?? null;
    if (lager.hatLagerplaetze && platz === null)
      throw badRequest('Bitte die Eingaben prüfen!', { lagerplatzId: ['Das Lager führt Lagerplätze: bitte einen Lagerplatz wählen'] });
    if (!lager.hatLagerplaetze && platz !== null) throw badRequest('Bitte die Eingaben prüfen!', { lagerplatzId: ['Das Lager führt keine Lagerplätze'] });
    if (platz !== null) {
      const p = await trx.selectFrom('lagerplaetze').select('id').where('id', '=', platz).where('lagerId', '=', b.lagerId).executeTakeFirst();
      if (!p) throw badRequest('Bitte die Eingaben prüfen!', { lagerplatzId: [`Unbekannter Lagerplatz: ${platz}`] });
    }
    const { id } = await trx
      .insertInto('lagerbewegungen')
      .values({
        artikelId: b.artikelId,
        lagerId: b.lagerId,
        lagerplatzId: platz,
        feld: b.feld,
        menge: b.menge,
        art: b.art,
        text: b.text ?? null,
        belegId: b.belegId ?? null,
        benutzerId: b.benutzerId ?? null,
        zeitpunkt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await trx
      .insertInto('bestaende')
      .values({ artikelId: b.artikelId, lagerId: b.lagerId })
      .onConflict((oc) => oc.columns(['artikelId', 'lagerId']).doNothing())
      .execute();
    await trx
      .updateTable('bestaende')
      .set((eb) => ({ [b.feld]: eb(b.feld, '+', b.menge) }))
      .where('artikelId', '=', b.artikelId)
      .where('lagerId', '=', b.lagerId)
      .execute();
    if (platz !== null) {
      await trx
        .insertInto('lagerplatzBestaende')
        .values({ artikelId: b.artikelId, lagerplatzId: platz })
        .onConflict((oc) => oc.columns(['artikelId', 'lagerplatzId']).doNothing())
        .execute();
      await trx
        .updateTable('lagerplatzBestaende')
        .set((eb) => ({ [b.feld]: eb(b.feld, '+', b.menge) }))
        .where('artikelId', '=', b.artikelId)
        .where('lagerplatzId', '=', platz)
        .execute();
    }
    if (ARTIKEL_SUMMEN.has(b.feld)) {
      const feld = b.feld as 'bestand' | 'reserviert' | 'blockiert';
      await trx
        .updateTable('artikel')
        .set((eb) => ({ [feld]: eb(feld, '+', b.menge) }))
        .where('id', '=', b.artikelId)
        .execute();
    }
    if (b.feld === 'bestand' && b.menge < 0) {
      const rest = await trx
        .selectFrom('bestaende')
        .select('bestand')
        .where('artikelId', '=', b.artikelId)
        .where('lagerId', '=', b.lagerId)
        .executeTakeFirstOrThrow();
      const restPlatz =
        platz === null
          ? null
          : await trx
              .selectFrom('lagerplatzBestaende')
              .select('bestand')
              .where('artikelId', '=', b.artikelId)
              .where('lagerplatzId', '=', platz)
              .executeTakeFirstOrThrow();
      if (Number(rest.bestand) < 0 || (restPlatz && Number(restPlatz.bestand) < 0)) {
        // one sentence with what is there (issue 9 item 5): the stock before this booking, at the place when one is named
        const before = Math.min(Number(rest.bestand), restPlatz ? Number(restPlatz.bestand) : Number.POSITIVE_INFINITY) - b.menge;
        const available = formatMenge(Math.max(0, before));
        const message = `Nicht genügend Bestand: verfügbar sind ${available}`;
        throw unprocessable(message, { menge: [message] });
      }
    }
  }
  invalidateCounts('bestaende', trx);
  invalidateCounts('artikel', trx);
  return ids;
}

/** The stock of an article in one warehouse, in thousandths: physical (`bestand`) and available (less reserved and blocked). */
export interface LagerBestand {
  lagerId: number;
  kurzbezeichnung: string;
  bezeichnung: string;
  bestand: number;
  verfuegbar: number;
}

/**
 * The stock per warehouse of several articles in one query (a picker's page, a position's warehouse choice): every
 * warehouse row with stock, reserved or blocked quantities, the most available first. Articles without any are absent.
 */
export async function bestaendeJeArtikel(trx: Db, artikelIds: readonly number[]): Promise<Map<number, LagerBestand[]>> {
  const out = new Map<number, LagerBestand[]>();
  const ids = [...new Set(artikelIds)];
  if (!ids.length) return out;
  const rows = await trx
    .selectFrom('bestaende as b')
    .innerJoin('lager as l', 'l.id', 'b.lagerId')
    .select(['b.artikelId', 'b.lagerId', 'l.kurzbezeichnung', 'l.bezeichnung', 'b.bestand', 'b.reserviert', 'b.blockiert'])
    .where('b.artikelId', 'in', ids)
    .where((eb) => eb.or([eb('b.bestand', '!=', 0), eb('b.reserviert', '!=', 0), eb('b.blockiert', '!=', 0)]))
    .execute();
  for (const r of rows) {
    const list = out.get(r.artikelId) ?? [];
    const bestand = Number(r.bestand);
    list.push({
      lagerId: r.lagerId,
      kurzbezeichnung: r.kurzbezeichnung,
      bezeichnung: r.bezeichnung,
      bestand,
      verfuegbar: bestand - Number(r.reserviert) - Number(r.blockiert),
    });
    out.set(r.artikelId, list);
  }
  for (const list of out.values()) list.sort((x, y) => y.verfuegbar - x.verfuegbar || x.lagerId - y.lagerId);
  return out;
}

/**
 * The warehouse goods leave from when nothing else names one: the main storage region's outgoing warehouse, else the
 * first warehouse; null when there is none.
 */
export async function standardLager(trx: Db): Promise<number | null> {
  const kreis = await trx
    .selectFrom('lagerkreise')
    .select('ausgangLagerId')
    .where('istHauptlagerkreis', '=', true)
    .where('ausgangLagerId', 'is not', null)
    .executeTakeFirst();
  if (kreis?.ausgangLagerId) return kreis.ausgangLagerId;
  const first = await trx.selectFrom('lager').select('id').orderBy('id').executeTakeFirst();
  return first?.id ?? null;
}

/** Warehouses that hold returned parts, not goods to sell: the technicians' DOA and faulty-parts stores. */
export async function ruecklaufLager(trx: Db): Promise<Set<number>> {
  const rows = await trx.selectFrom('techniker').select(['doateileLagerId', 'defektteileLagerId']).execute();
  return new Set(rows.flatMap((r) => [r.doateileLagerId, r.defektteileLagerId]).filter((x): x is number => x !== null));
}

/** A manual booking as the API takes it (quantity in pieces). */
export interface Buchung {
  art: 'ZUGANG' | 'ABGANG' | 'UMBUCHUNG' | 'INVENTUR';
  artikelId: number;
  lagerId: number;
  lagerplatzId?: number | null;
  nachLagerId?: number;
  nachLagerplatzId?: number | null;
  menge: number;
  text?: string | null;
}

/**
 * Books an arrival, issue, transfer (both legs) or inventory count (the difference to the booked quantity) in the
 * caller's transaction and answers the movements written.
 */
export async function bucheManuell(trx: Db, benutzerId: number, b: Buchung) {
  const menge = qty3.toDb(b.menge);
  const base = { artikelId: b.artikelId, feld: 'bestand' as const, art: b.art, text: b.text ?? null, benutzerId };
  const moves: Bewegung[] = [];
  if (b.art === 'ZUGANG') moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge });
  if (b.art === 'ABGANG') moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge: -menge });
  if (b.art === 'UMBUCHUNG') {
    if (b.nachLagerId === undefined) throw badRequest('Bitte die Eingaben prüfen!', { nachLagerId: ['Bitte einen Wert eingeben'] });
    moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge: -menge });
    moves.push({ ...base, lagerId: b.nachLagerId, lagerplatzId: b.nachLagerplatzId, menge });
  }
  if (b.art === 'INVENTUR') {
    const platz = b.lagerplatzId ?? null;
    // the counted difference is taken against the stock as it is under the article's lock (no concurrent count in between)
    await sperreBestand(trx, [b.artikelId]);
    const current =
      platz === null
        ? await trx.selectFrom('bestaende').select('bestand').where('artikelId', '=', b.artikelId).where('lagerId', '=', b.lagerId).executeTakeFirst()
        : await trx
            .selectFrom('lagerplatzBestaende')
            .select('bestand')
            .where('artikelId', '=', b.artikelId)
            .where('lagerplatzId', '=', platz)
            .executeTakeFirst();
    const diff = menge - Number(current?.bestand ?? 0);
    if (diff !== 0) moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: platz, menge: diff });
  }
  const ids = await buche(trx, moves);
  const rows = ids.length ? await trx.selectFrom('lagerbewegungen').selectAll().where('id', 'in', ids).orderBy('id').execute() : [];
  return rows.map(bewegungOut);
}

/** A journal row in API units. */
export const bewegungOut = <R extends { menge: number }>(r: R): R => ({ ...r, menge: qty3.fromDb(r.menge) });
