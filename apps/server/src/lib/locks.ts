import { createHash, randomBytes } from 'node:crypto';
import { MessageCode } from '@vario/contract';
import type { Db } from '../db/index';
import type { Database } from '../db/types';
import { nowIso } from './clock';
import { ApiError, badRequest, forbidden, notFound, unprocessable } from './errors';

export const LOCK_MINUTES = 30;
/** Live locks one user may hold at once. */
export const MAX_LOCKS = 50;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
/** What `newToken` makes: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface Actor {
  id: number;
  name: string;
  istAdmin: boolean;
}

/** The session taking a lock: the lock belongs to it and ends with it at the latest. */
export interface LockSession extends Actor {
  sitzungId: number;
  /** The session's own end (ISO); the lock's `gueltigBis` never goes past it. */
  sitzungBis: string;
}

/**
 * A record kind that can be locked: the table, the rights needed to change a record of it (the same as its change
 * endpoint declares) and, for records with an owner, the owner column (only the owner or an administrator may lock
 * them; for anyone else the record does not exist). Each module declares its own, keyed by the table code (as in the
 * change log): `locks` in `modules/<area>/<area>.module.ts`; the app hands the collected map to `takeLock`.
 */
export interface LockTable {
  table: keyof Database;
  rights: readonly string[];
  owner?: 'benutzerId';
}

/** 423 naming the holder and, when known, the end of the lock (ISO) as second parameter (issue 9 item 10). */
function lockedBy(name: string, until?: string) {
  return new ApiError(423, MessageCode.locked, `Der Datensatz wird gerade von ${name} bearbeitet`, { messageParameters: until ? [name, until] : [name] });
}

async function currentLock(db: Db, tabelle: string, datensatzId: number) {
  return db
    .selectFrom('sperren')
    .innerJoin('benutzer', 'benutzer.id', 'sperren.benutzerId')
    .select(['sperren.id', 'sperren.benutzerId', 'sperren.tokenHash', 'sperren.gueltigBis', 'benutzer.name as benutzerName'])
    .where('sperren.tabelle', '=', tabelle)
    .where('sperren.datensatzId', '=', datensatzId)
    .where('sperren.gueltigBis', '>', nowIso())
    .executeTakeFirst();
}

/** The rights, existence and owner a lock needs (403 naming the right, 400 for an unknown code, 404). */
async function assertLockable(
  db: Db,
  who: Actor,
  tabelle: string,
  datensatzId: number,
  may: (right: string) => Promise<boolean>,
  lockTables: Readonly<Record<string, LockTable>>,
) {
  const target = Object.hasOwn(lockTables, tabelle) ? lockTables[tabelle] : undefined;
  if (!target) throw badRequest('Bitte die Eingaben prüfen!', { tabelle: [`Unbekanntes Tabellenkürzel: ${tabelle}`] });
  for (const right of target.rights) if (!(await may(right))) throw forbidden(right);
  // biome-ignore lint/suspicious/noExplicitAny: table named by the lock code
  let q = (db as any).selectFrom(target.table).select('id').where('id', '=', datensatzId);
  if (target.owner && !who.istAdmin) q = q.where(target.owner, '=', who.id);
  if (!(await q.executeTakeFirst())) throw notFound('Datensatz');
}

/**
 * Takes (or renews) the lock of one record for the session's user, by one statement on both databases:
 * `insert … on conflict (tabelle, datensatzId) do update … where the lock has expired or is the user's own … returning`.
 * Of two sessions racing for a free record exactly one row results; the loser's statement returns nothing and it
 * answers 423 naming the holder. The same user taking it again (renewal, or from another session) gets a new token,
 * and the old token stops working. The lock lasts 30 minutes, never past the session's end, and goes with the session.
 * `lockTables`: the record kinds the modules declare (`registry.lockTables`).
 */
export async function takeLock(
  db: Db,
  who: LockSession,
  tabelle: string,
  datensatzId: number,
  may: (right: string) => Promise<boolean>,
  lockTables: Readonly<Record<string, LockTable>>,
) {
  await assertLockable(db, who, tabelle, datensatzId, may, lockTables);
  const now = nowIso();
  const held = await db
    .selectFrom('sperren')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('benutzerId', '=', who.id)
    .where('gueltigBis', '>', now)
    .where((eb) => eb.not(eb.and([eb('tabelle', '=', tabelle), eb('datensatzId', '=', datensatzId)])))
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= MAX_LOCKS) {
    throw unprocessable(`Sie halten bereits ${MAX_LOCKS} Sperren; bitte zuerst andere Datensätze freigeben`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const token = newToken();
    const lockEnd = new Date(Math.min(Date.now() + LOCK_MINUTES * 60_000, Date.parse(who.sitzungBis))).toISOString();
    const row = {
      tabelle,
      datensatzId,
      benutzerId: who.id,
      sitzungId: who.sitzungId,
      tokenHash: sha256(token),
      erstelltAm: nowIso(),
      gueltigBis: lockEnd,
    };
    const taken = await db
      .insertInto('sperren')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['tabelle', 'datensatzId'])
          .doUpdateSet((eb) => ({
            benutzerId: eb.ref('excluded.benutzerId'),
            sitzungId: eb.ref('excluded.sitzungId'),
            tokenHash: eb.ref('excluded.tokenHash'),
            erstelltAm: eb.ref('excluded.erstelltAm'),
            gueltigBis: eb.ref('excluded.gueltigBis'),
          }))
          .where((eb) => eb.or([eb('sperren.gueltigBis', '<=', row.erstelltAm), eb('sperren.benutzerId', '=', who.id)])),
      )
      .returning('id')
      .executeTakeFirst();
    if (taken)
      return { id: taken.id, tabelle, datensatzId, benutzerId: who.id, benutzerName: who.name, erstelltAm: row.erstelltAm, gueltigBis: row.gueltigBis, token };
    const holder = await currentLock(db, tabelle, datensatzId);
    if (holder) throw lockedBy(holder.benutzerName, holder.gueltigBis);
    // the holder's lock ran out between the two statements: try again
  }
  throw lockedBy('?');
}

/**
 * A change or delete may go ahead unless another user holds a live lock on the record (423 naming the holder).
 * A sent lock token (`X-Lock-Token`) must have a token's shape (else 400 on the header) and be the token of the live
 * lock the actor holds on exactly this record (else 423: expired, released, taken over by another session, or another
 * record's token). Without a token the change goes ahead when nobody else holds the record.
 */
export async function assertWritable(db: Db, actor: Actor, tabelle: string, datensatzId: number, lockToken?: string) {
  const held = await currentLock(db, tabelle, datensatzId);
  if (held && held.benutzerId !== actor.id) throw lockedBy(held.benutzerName, held.gueltigBis);
  if (lockToken === undefined) return;
  if (!TOKEN_SHAPE.test(lockToken)) throw badRequest('Ungültiges Sperr-Token', { 'X-Lock-Token': ['Ungültiges Sperr-Token'] });
  if (!held || held.tokenHash !== sha256(lockToken)) {
    throw new ApiError(423, MessageCode.locked, 'Die Sperre ist abgelaufen oder gehört nicht zu diesem Datensatz; bitte den Datensatz neu laden', {
      messageParameters: [actor.name],
    });
  }
}
