import { rechtGilt } from '@vario/contract';
import type { Db } from '../db/index';
import type { Actor } from './locks';

/** The rights listed for a user (recht → genehmigt); a right without a row is absent. */
export async function listedRights(db: Db, benutzerId: number): Promise<Map<string, boolean>> {
  const rows = await db.selectFrom('rechte').select(['recht', 'genehmigt']).where('benutzerId', '=', benutzerId).execute();
  return new Map(rows.map((r) => [r.recht, !!r.genehmigt]));
}

/** Where a request keeps the user's listed rights once read (the cached session), so that a burst reads them once. */
export interface RightsCache {
  rechte?: Map<string, boolean>;
}

/**
 * The one rights check (RIGHT-002..004, `rechtGilt` of the contract), used by the route hook and by services: an
 * administrator has every right; a listed right decides by `genehmigt`; an unlisted spec right is granted, an unlisted
 * project right (`PROJEKT_RECHTE`) denied. Pass the transaction inside a write; `cache` (the request's session) keeps
 * the user's rights for the session cache's life.
 */
export async function may(db: Db, actor: Actor, recht: string, cache?: RightsCache | null): Promise<boolean> {
  if (actor.istAdmin) return true;
  if (cache) {
    cache.rechte ??= await listedRights(db, actor.id);
    return rechtGilt(false, cache.rechte.get(recht), recht);
  }
  const row = await db.selectFrom('rechte').select('genehmigt').where('benutzerId', '=', actor.id).where('recht', '=', recht).executeTakeFirst();
  return rechtGilt(false, row ? !!row.genehmigt : undefined, recht);
}
