import { createHash, randomBytes } from 'node:crypto';
import { MessageCode } from '@vario/contract';
import type { Db } from '../db/index';
import { nowIso } from './clock';
import { ApiError } from './errors';

export const LOCK_MINUTES = 30;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export interface Actor {
  id: number;
  name: string;
  istAdmin: boolean;
}

function lockedBy(name: string) {
  return new ApiError(423, MessageCode.locked, `Der Datensatz wird gerade von ${name} bearbeitet`, { messageParameters: [name] });
}

async function currentLock(db: Db, tabelle: string, datensatzId: number) {
  return db
    .selectFrom('sperren')
    .innerJoin('benutzer', 'benutzer.id', 'sperren.benutzerId')
    .select(['sperren.id', 'sperren.benutzerId', 'sperren.gueltigBis', 'benutzer.name as benutzerName'])
    .where('sperren.tabelle', '=', tabelle)
    .where('sperren.datensatzId', '=', datensatzId)
    .where('sperren.gueltigBis', '>', nowIso())
    .executeTakeFirst();
}

/** Takes (or renews) the lock of one record for `actor`; 423 naming the holder when another user has it. */
export async function takeLock(db: Db, actor: Actor, tabelle: string, datensatzId: number) {
  return db.transaction().execute(async (trx) => {
    const held = await currentLock(trx, tabelle, datensatzId);
    if (held && held.benutzerId !== actor.id) throw lockedBy(held.benutzerName);
    await trx.deleteFrom('sperren').where('tabelle', '=', tabelle).where('datensatzId', '=', datensatzId).execute();
    const token = newToken();
    const row = {
      tabelle,
      datensatzId,
      benutzerId: actor.id,
      tokenHash: sha256(token),
      erstelltAm: nowIso(),
      gueltigBis: nowIso(LOCK_MINUTES * 60_000),
    };
    const { id } = await trx.insertInto('sperren').values(row).returning('id').executeTakeFirstOrThrow();
    return { id, tabelle, datensatzId, benutzerId: actor.id, benutzerName: actor.name, erstelltAm: row.erstelltAm, gueltigBis: row.gueltigBis, token };
  });
}

/**
 * A change or delete may go ahead unless another user holds a live lock on the record (423).
 * A lock token that is sent must belong to a live lock of this record and user.
 */
export async function assertWritable(db: Db, actor: Actor, tabelle: string, datensatzId: number, lockToken?: string) {
  const held = await currentLock(db, tabelle, datensatzId);
  if (held && held.benutzerId !== actor.id) throw lockedBy(held.benutzerName);
  if (lockToken && !held) {
    throw new ApiError(423, MessageCode.locked, 'Die Sperre ist abgelaufen; bitte den Datensatz neu laden', { messageParameters: [actor.name] });
  }
}
