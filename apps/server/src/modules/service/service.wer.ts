import type { PROJEKT_RECHTE } from '@vario/contract';
import type { Db } from '../../db/index';
import type { Actor } from '../../lib/locks';

/** Right of office users to plan and to reach every task (service planning / dispatch). */
export const DISPO_RECHT = 'SVC_DISPO' satisfies (typeof PROJEKT_RECHTE)[number];

/**
 * Who is acting in the field service: the user, their technician (RIGHT-006) and whether they reach every task.
 * Object level: a technician reaches only the tasks and planning items assigned to them (others answer 404); a user
 * without a technician id needs SVC_DISPO (a right the project adds: denied unless granted, `PROJEKT_RECHTE` of the
 * contract); administrators reach everything.
 */
export interface Wer extends Actor {
  technikerId: number | null;
  alle: boolean;
}

export async function werIst(db: Db, actor: Actor, may: (recht: string) => Promise<boolean>): Promise<Wer> {
  const t = await db.selectFrom('techniker').select('id').where('benutzerId', '=', actor.id).executeTakeFirst();
  const technikerId = t?.id ?? null;
  const alle = actor.istAdmin || (technikerId === null && (await may(DISPO_RECHT)));
  return { id: actor.id, name: actor.name, istAdmin: actor.istAdmin, technikerId, alle };
}
