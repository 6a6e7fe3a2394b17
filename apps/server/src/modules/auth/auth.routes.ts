import { endpoints, MessageCode } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError, badRequest } from '../../lib/errors';
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

/** The login name as the lookup and the throttle see it: surrounding white space (spaces, tabs …) dropped, lower case. */
export const normaliseLogin = (name: string) => name.trim().toLowerCase();

/**
 * Fixed-window counter per key (client address, user): `hit` answers the seconds to wait when the key has used up
 * its `max` attempts in the window, else 0.
 */
export class AttemptCounter {
  readonly #windows = new Map<string, { n: number; until: number }>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  hit(key: string): number {
    const now = Date.now();
    let w = this.#windows.get(key);
    if (!w || w.until <= now) {
      if (this.#windows.size >= 50_000) for (const [k, v] of this.#windows) if (v.until <= now) this.#windows.delete(k);
      w = { n: 0, until: now + this.windowMs };
      this.#windows.set(key, w);
    }
    w.n++;
    return w.n > this.max ? Math.max(1, Math.ceil((w.until - now) / 1000)) : 0;
  }
}

const tooMany = (seconds: number) =>
  new ApiError(429, MessageCode.tooManyRequests, 'Zu viele Anmeldeversuche, bitte später erneut versuchen', { headers: { 'Retry-After': String(seconds) } });

export function authRoutes(app: FastifyInstance, db: Db, sessions: SessionCache, limit: LoginLimit) {
  // every login attempt of a client address, whatever the name; and wrong current passwords per user on a change
  const perClient = new AttemptCounter(limit.perClient ?? limit.max * 3, limit.timeWindow);
  const passwordGuesses = new AttemptCounter(limit.max, limit.timeWindow);

  route(app, endpoints.loginCheck, async () => undefined);

  route(
    app,
    endpoints.login,
    async (req) => {
      const wait = perClient.hit(req.ip);
      if (wait) throw tooMany(wait);
      const creds = parseBasic(req.headers.authorization);
      if (!creds) throw loginFailed();
      const user = await db
        .selectFrom('benutzer')
        .select(['id', 'passwortHash', 'gesperrt'])
        .where('anmeldename', '=', normaliseLogin(creds.user))
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
          `${req.ip}|${normaliseLogin(parseBasic(req.headers.authorization)?.user ?? '')}`,
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
    const { altesPasswort, neuesPasswort } = req.body.data;
    const user = await db.selectFrom('benutzer').select(['anmeldename', 'passwortHash']).where('id', '=', me.id).executeTakeFirstOrThrow();
    const wait = passwordGuesses.hit(String(me.id));
    if (wait) throw tooMany(wait);
    if (!(await verifyPassword(user.passwortHash, altesPasswort))) {
      throw badRequest('Bitte die Eingaben prüfen!', { altesPasswort: ['Das bisherige Passwort ist nicht richtig'] });
    }
    if (neuesPasswort === altesPasswort) {
      throw badRequest('Bitte die Eingaben prüfen!', { neuesPasswort: ['Das neue Passwort muss sich vom bisherigen unterscheiden'] });
    }
    if (normaliseLogin(neuesPasswort) === user.anmeldename) {
      throw badRequest('Bitte die Eingaben prüfen!', { neuesPasswort: ['Das Passwort darf nicht der Anmeldename sein'] });
    }
    const passwortHash = await hashPassword(neuesPasswort);
    // every session of the user ends, and with them the user's record locks (sperren.sitzungId cascades)
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('benutzer').set({ passwortHash }).where('id', '=', me.id).execute();
      await trx.deleteFrom('sitzungen').where('benutzerId', '=', me.id).execute();
    });
    sessions.evict((e) => e.user.id === me.id);
    return undefined;
  });
}
