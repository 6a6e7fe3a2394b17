import { belegartVon, BELEGSTATUS_WERTE as S } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/locks';
import { istArtikelzeile, type KopfRow, loadKopf, positionenOf } from './belege.core';
import { addHistory } from './belege.history';

/**
 * Adopted quantities (issue 11, BEL-T): a transform counts what it takes over on the source's positions
 * (`mengeUebernommen`; into a type that moves stock also `mengeGeliefert`, which the backorder report reads), and the
 * source's status follows from them. Used by the transform, by the cancellation of a document made by one and by the
 * deletion of such a document before it was booked — so it lives apart from both (no cycle between them).
 */

/** Into a type whose booking moves stock (delivery note, goods receipt) the adopted quantity is also the delivered one. */
export const zaehltGeliefert = (belegart: string) => (belegartVon(belegart)?.effekte.lager ?? 'keine') !== 'keine';

/**
 * The status of a source from its adopted quantities: nothing open → 5 (8 if never booked); something adopted → 4;
 * nothing adopted → 3 when booked, else its unbooked status (2 if it was printed, else 1).
 */
export async function statusNachUebernahme(trx: Db, b: KopfRow): Promise<number> {
  if (b.storniertAm) return b.belegstatus;
  const positionen = (await positionenOf(trx, b.id)).filter((p) => istArtikelzeile(p) && Number(p.menge) > 0);
  const uebernommen = positionen.reduce((s, p) => s + Number(p.mengeUebernommen), 0);
  const offen = positionen.some((p) => Number(p.mengeUebernommen) < Number(p.menge));
  if (uebernommen > 0 && !offen) return b.gebuchtAm ? S.uebernommen : S.uebernommenNichtGebucht;
  if (uebernommen > 0) return S.teilweiseUebernommen;
  if (b.gebuchtAm) return S.gebucht;
  const gedruckt = await trx.selectFrom('belegStatushistorie').select('id').where('belegId', '=', b.id).where('art', '=', 'D').executeTakeFirst();
  return gedruckt ? S.gedruckt : S.gespeichert;
}

/**
 * Gives back the quantities a document adopted from its source (its positions' `quellePositionId`): the source's
 * `mengeUebernommen` (and `mengeGeliefert` for a stock-moving type) go down, and the source's status follows
 * (4/5/8 back to 3, 4 or its unbooked status). Called in the cancelling or deleting write's transaction.
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
  const lieferung = zaehltGeliefert(ziel.belegart);
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
    const quelle = await loadKopf(trx, q, true);
    const status = await statusNachUebernahme(trx, quelle);
    if (status !== quelle.belegstatus) await trx.updateTable('belege').set({ belegstatus: status, geaendertAm: nowIso() }).where('id', '=', q).execute();
    await addHistory(trx, q, 'T', `${text}: übernommene Mengen freigegeben`, actor, status);
  }
}
