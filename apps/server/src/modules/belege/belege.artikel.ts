import type { Db } from '../../db/index';
import { money4 } from '../../lib/codecs';
import { badRequest, forbidden, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { may } from '../../lib/rights';
import type { KopfRow } from './belege.core';
import { bestimmePreis, ladePreisDaten, manuellerPreis } from './belege.preise';

/** What a position reads of its article, warehouse and customer: the article, its texts for the customer, its price. */

export interface ArtikelRow {
  id: number;
  artikelnummer: string;
  bezeichnung: string;
  artikeltext: string | null;
  mengeneinheit: string | null;
  vknetto: number;
  mwstsatz: number;
  ek: number | null;
  gewicht: number | null;
  staffel: string | null;
  gesperrt: boolean;
  /** '1' stock article (carries stock per warehouse). */
  artikelart: string;
}

/** The article of a line by id or number; unknown → 400 on the field given, blocked → 422. */
export async function ladeArtikel(trx: Db, d: { artikelId?: number; artikelnummer?: string }): Promise<ArtikelRow> {
  let q = trx
    .selectFrom('artikel')
    .select([
      'id',
      'artikelnummer',
      'bezeichnung',
      'artikeltext',
      'mengeneinheit',
      'vknetto',
      'mwstsatz',
      'ek',
      'gewicht',
      'staffel',
      'gesperrt',
      'artikelart',
    ]);
  q = d.artikelId !== undefined ? q.where('id', '=', d.artikelId) : q.where('artikelnummer', '=', d.artikelnummer ?? '');
  const a = (await q.executeTakeFirst()) as ArtikelRow | undefined;
  if (!a) {
    const feld = d.artikelId !== undefined ? 'artikelId' : 'artikelnummer';
    const message = d.artikelId !== undefined ? `Den Artikel mit der Id ${d.artikelId} gibt es nicht` : `Den Artikel „${d.artikelnummer}" gibt es nicht`;
    throw badRequest(message, { [feld]: [message] });
  }
  if (a.gesperrt) throw unprocessable(`Der Artikel ${a.artikelnummer} ist gesperrt`, { artikelnummer: [`Der Artikel ${a.artikelnummer} ist gesperrt`] });
  return a;
}

export async function pruefeLager(trx: Db, lagId: number | null | undefined): Promise<string | null> {
  if (lagId === undefined || lagId === null) return null;
  const l = await trx.selectFrom('lager').select('kurzbezeichnung').where('id', '=', lagId).executeTakeFirst();
  if (!l) throw badRequest('Dieses Lager gibt es nicht', { lagId: ['Dieses Lager gibt es nicht'] });
  return l.kurzbezeichnung;
}

export async function pruefeEkRecht(trx: Db, actor: Actor, ek: unknown) {
  if (ek !== undefined && !(await may(trx, actor, 'ART_EK'))) throw forbidden('ART_EK');
}

/**
 * The texts of an article line: the customer's own designation and text when the address's customer price says to
 * use them (abweichendeTexteNutzen), else the article's.
 */
export async function kundenTexte(trx: Db, adresseId: number, artikel: ArtikelRow): Promise<{ bezeichnung: string; beschreibung: string | null }> {
  const k = await trx
    .selectFrom('kundensonderpreise')
    .select(['abweichendeTexteNutzen', 'abweichendeArtikelbezeichnung', 'abweichenderArtikeltext'])
    .where('adresseId', '=', adresseId)
    .where('artikelnummer', '=', artikel.artikelnummer)
    .executeTakeFirst();
  if (!k?.abweichendeTexteNutzen) return { bezeichnung: artikel.bezeichnung, beschreibung: artikel.artikeltext };
  return { bezeichnung: k.abweichendeArtikelbezeichnung?.trim() || artikel.bezeichnung, beschreibung: k.abweichenderArtikeltext ?? artikel.artikeltext };
}

/** Price of an article line: by hand (MANUELL) or determined for the document's address and date. */
export async function preisFuer(trx: Db, kopf: KopfRow, artikel: ArtikelRow, menge: number, handpreis: number | undefined) {
  if (handpreis !== undefined) {
    const einzelpreis = money4.toDb(handpreis);
    return { einzelpreis, rabatt1: 0, rabatt2: 0, manuell: true, herkunft: manuellerPreis(einzelpreis, menge, kopf.belegdatum, artikel.vknetto) };
  }
  const e = bestimmePreis(await ladePreisDaten(trx, kopf.adresseId, artikel), Math.abs(menge), kopf.belegdatum);
  return { ...e, manuell: false };
}
