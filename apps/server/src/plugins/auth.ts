import { MessageCode } from '@vario/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { nowIso } from '../lib/clock';
import { ApiError, forbidden } from '../lib/errors';
import { type Actor, sha256 } from '../lib/locks';

export interface AuthUser extends Actor {
  kuerzel: string;
  typ: number;
  sitzungId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const unauthorized = (message = 'Nicht angemeldet oder Sitzung abgelaufen') => new ApiError(401, MessageCode.unauthorized, message);

/** The user of the current request; routes that are not public always have one. */
export function actor(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export async function loadRights(db: Db, benutzerId: number) {
  return db.selectFrom('rechte').select(['recht', 'genehmigt']).where('benutzerId', '=', benutzerId).orderBy('recht').execute();
}

/** RIGHT-002..004: administrators have every right; a listed right decides by `genehmigt`; an unlisted right is granted. */
export async function hasRight(db: Db, user: AuthUser, recht: string): Promise<boolean> {
  if (user.istAdmin) return true;
  const row = await db.selectFrom('rechte').select('genehmigt').where('benutzerId', '=', user.id).where('recht', '=', recht).executeTakeFirst();
  return row ? row.genehmigt : true;
}

/** Authenticates every non-public route by its Bearer token, then checks the rights the route declares. */
export function registerAuth(app: FastifyInstance, db: Db, isMaintenance: () => Promise<boolean>) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const e = req.routeOptions.config.endpoint;
    if (!e || e.public) return;
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m?.[1]) throw unauthorized();
    const row = await db
      .selectFrom('sitzungen')
      .innerJoin('benutzer', 'benutzer.id', 'sitzungen.benutzerId')
      .select([
        'sitzungen.id as sitzungId',
        'sitzungen.gueltigBis',
        'benutzer.id',
        'benutzer.name',
        'benutzer.kuerzel',
        'benutzer.typ',
        'benutzer.istAdmin',
        'benutzer.gesperrt',
      ])
      .where('sitzungen.tokenHash', '=', sha256(m[1]))
      .executeTakeFirst();
    if (!row || row.gueltigBis <= nowIso()) throw unauthorized();
    if (row.gesperrt) {
      // 424: the session exists but the account behind it was blocked — the client logs out.
      throw new ApiError(424, MessageCode.sessionInvalid, 'Der Benutzer wurde gesperrt');
    }
    req.user = { id: row.id, name: row.name, kuerzel: row.kuerzel, typ: row.typ, istAdmin: row.istAdmin, sitzungId: row.sitzungId };
    if (!row.istAdmin && (await isMaintenance())) {
      throw new ApiError(503, MessageCode.maintenance, 'Das System wird gerade gewartet', { headers: { 'Retry-After': '60' } });
    }
    if (e.adminOnly && !row.istAdmin) throw forbidden('ADMIN');
    for (const r of e.rights ?? []) {
      if (!(await hasRight(db, req.user, r))) throw forbidden(r);
    }
  });
}
