import { belegartVon } from '@vario/contract';
import type { Db } from '../../db/index';
import type { Actor } from '../../lib/locks';
import { bestaendeJeArtikel, ruecklaufLager, standardLager } from '../lager/lager.service';

/**
 * The warehouse of a new article line of a sales document (issue 19 item 12): the user's default warehouse
 * (benutzer.vorgabeLagerId, else the main storage region's outgoing warehouse) when the article has the quantity
 * available there; otherwise the warehouse that has it available (the most first); when none has enough, the default
 * warehouse if it has any, else the warehouse with the most available. The technicians' DOA and faulty-parts stores
 * are never chosen. Lines that carry no stock (not a stock article, purchase documents, which book into the
 * warehouse the user names) get none: null.
 */
export async function vorgabeLager(
  trx: Db,
  actor: Actor,
  belegart: string,
  artikel: { id: number; artikelart: string },
  /** Thousandths. */
  menge: number,
): Promise<{ lagId: number; lagerNr: string } | null> {
  if (belegartVon(belegart)?.seite !== 'verkauf' || artikel.artikelart !== '1') return null;
  const benutzer = await trx.selectFrom('benutzer').select('vorgabeLagerId').where('id', '=', actor.id).executeTakeFirst();
  const vorgabe = benutzer?.vorgabeLagerId ?? (await standardLager(trx));
  const ausgeschlossen = await ruecklaufLager(trx);
  const bestaende = ((await bestaendeJeArtikel(trx, [artikel.id])).get(artikel.id) ?? []).filter((b) => !ausgeschlossen.has(b.lagerId));
  const dort = bestaende.find((b) => b.lagerId === vorgabe)?.verfuegbar ?? 0;
  // the list is sorted by available quantity, the most first
  const meiste = bestaende[0];
  const lagId =
    vorgabe !== null && dort >= menge
      ? vorgabe
      : meiste && meiste.verfuegbar >= menge
        ? meiste.lagerId
        : vorgabe !== null && dort > 0
          ? vorgabe
          : meiste && meiste.verfuegbar > 0
            ? meiste.lagerId
            : vorgabe;
  if (lagId === null) return null;
  const l = await trx.selectFrom('lager').select('kurzbezeichnung').where('id', '=', lagId).executeTakeFirst();
  return l ? { lagId, lagerNr: l.kurzbezeichnung } : null;
}
