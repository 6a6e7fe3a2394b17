import { belegartVon } from '@vario/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { unprocessable } from '../../lib/errors';
import { invalidateCounts } from '../../lib/list-query';
import type { Actor } from '../../lib/locks';
import { belegName, loadKopf, type PositionRow, positionenOf, recalcTotals, typName } from './belege.core';
import { addHistory } from './belege.history';
import { createBeleg } from './belege.service';
import type { BelegPositionTable, BelegTable } from './belege.tables';
import { NICHT_KOPIERT, ohne } from './belege.umwandeln';

/**
 * Duplicate a document (issue 20 item 12): a new document of the same type for the same address with the source's
 * head (terms, addresses, discounts, texts) and positions (quantities, prices as they stand), its own number from the
 * type's range, status 1, owned by the actor, not approved, not booked, no predecessor — the history of the copy says
 * where it came from (code C). The source is only read; any state of it may be copied. A type a user cannot create
 * (a cancellation document) is not copied (422), nor a document for a blocked address (422, createBeleg).
 */

/** Head columns the copy does not take over besides a transform's (`NICHT_KOPIERT`): approval is given anew. */
const KOPIE_NICHT_KOPIERT = [...NICHT_KOPIERT, 'freigabe'] as const satisfies readonly (keyof BelegTable)[];
/** Position columns that are the copy's own: its document, nothing taken over or delivered yet, no source line. */
const POSITION_NICHT_KOPIERT = ['id', 'belegId', 'mengeUebernommen', 'mengeGeliefert', 'quellePositionId'] as const satisfies readonly (keyof PositionRow)[];

export async function kopiereBeleg(trx: Db, actor: Actor, id: number, remark?: string): Promise<{ id: number }> {
  const b = await loadKopf(trx, id);
  if (!belegartVon(b.belegart)?.direktAnlegen) {
    const text = `${typName(b.belegart)} entsteht nur durch eine Stornierung und kann nicht kopiert werden`;
    throw unprocessable(text, { id: [text] });
  }
  const neu = await createBeleg(trx, actor, { belegart: b.belegart, adresseId: b.adresseId, ...(b.dealId ? { dealId: b.dealId } : {}) }, remark);
  const kopf: Updateable<BelegTable> = ohne(b, KOPIE_NICHT_KOPIERT);
  await trx.updateTable('belege').set(kopf).where('id', '=', neu.id).execute();
  const zeilen = (await positionenOf(trx, b.id)).map((p): Insertable<BelegPositionTable> => ({ ...ohne(p, POSITION_NICHT_KOPIERT), belegId: neu.id }));
  for (let i = 0; i < zeilen.length; i += 200) {
    await trx
      .insertInto('belegPositionen')
      .values(zeilen.slice(i, i + 200))
      .execute();
  }
  await recalcTotals(trx, neu.id);
  await addHistory(trx, neu.id, 'C', `Kopiert von ${belegName(b)}`, actor);
  invalidateCounts('belege', trx);
  return { id: neu.id };
}
