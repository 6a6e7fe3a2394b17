import { endpoints, MessageCode } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/locks';
import type { LoginLimit } from '../../lib/module';
import { route } from '../../lib/route';
import { actor, type SessionCache } from '../../plugins/auth';
import { hashPassword, verifyPassword } from './passwords';

export const SESSION_HOURS = 12;

const loginFailed = () => new ApiError(401, MessageCode.loginFailed, 'Benutzername oder Passwort falsch, bitte erneut versuchen');

export function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

export type { LoginLimit };

export function authRoutes(app: FastifyInstance, db: Db, sessions: SessionCache, limit: LoginLimit) {
  route(app, endpoints.loginCheck, async () => undefined);

  route(
    app,
    endpoints.login,
    async (req) => {
      const creds = parseBasic(req.headers.authorization);
      if (!creds) throw loginFailed();
      const user = await db
        .selectFrom('benutzer')
        .select(['id', 'passwortHash', 'gesperrt'])
        .where('anmeldename', '=', creds.user.trim().toLowerCase())
        .executeTakeFirst();
      const ok = await verifyPassword(user?.passwortHash, creds.password);
      if (!user || !ok) throw loginFailed();
      if (user.gesperrt) throw new ApiError(401, MessageCode.userBlocked, 'Der Benutzer ist gesperrt');
      const token = newToken();
      const gueltigBis = nowIso(SESSION_HOURS * 3_600_000);
      await db.deleteFrom('sitzungen').where('gueltigBis', '<', nowIso()).execute();
      await db
        .insertInto('sitzungen')
        .values({ benutzerId: user.id, tokenHash: sha256(token), erstelltAm: nowIso(), gueltigBis })
        .execute();
      return { result: { token, gueltigBis } };
    },
    {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: (req: { ip: string; headers: { authorization?: string } }) =>
          `${req.ip}|${parseBasic(req.headers.authorization)?.user.toLowerCase() ?? ''}`,
      },
    },
  );

  route(app, endpoints.logout, async (req) => {
    const { sitzungId } = actor(req);
    await db.deleteFrom('sitzungen').where('id', '=', sitzungId).execute();
    sessions.evict((e) => e.user.sitzungId === sitzungId);
    return undefined;
  });

  route(app, endpoints.passwort, async (req) => {
    const me = actor(req);
    const passwortHash = await hashPassword(req.body.neuesPasswort);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('benutzer').set({ passwortHash }).where('id', '=', me.id).execute();
      await trx.deleteFrom('sitzungen').where('benutzerId', '=', me.id).execute();
    });
    sessions.evict((e) => e.user.id === me.id);
    return undefined;
  });
}
