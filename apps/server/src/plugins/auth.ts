import { type Endpoint, MessageCode } from '@vario/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { endpointOf } from '../lib/endpoint-of';
import { ApiError, forbidden } from '../lib/errors';
import { type Actor, sha256 } from '../lib/locks';
import { may } from '../lib/rights';

export interface AuthUser extends Actor {
  kuerzel: string;
  typ: number;
  sitzungId: number;
}

interface CachedSession {
  user: AuthUser;
  gueltigBis: string;
  /** gueltigBis in epoch milliseconds. */
  bisMs: number;
  gesperrt: boolean;
  at: number;
  /** The /webapp/me answer, filled on first use within the entry's life. */
  me?: unknown;
  /** The user's listed rights (recht → genehmigt), filled on first use. */
  rechte?: Map<string, boolean>;
}

/**
 * Sessions resolved in the last `ttlMs` (default 2 s), so that a burst of calls costs one lookup.
 * Logout and password change evict at once on this instance; other instances see a revocation within `ttlMs`.
 */
export class SessionCache {
  readonly #map = new Map<string, CachedSession>();
  constructor(readonly ttlMs: number) {}

  get(hash: string): CachedSession | undefined {
    const hit = this.#map.get(hash);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.#map.delete(hash);
      return undefined;
    }
    return hit;
  }

  set(hash: string, entry: CachedSession) {
    if (this.ttlMs <= 0) return;
    if (this.#map.size >= 10_000) this.#map.clear();
    this.#map.set(hash, entry);
  }

  evict(pred: (e: CachedSession) => boolean) {
    for (const [k, v] of this.#map) if (pred(v)) this.#map.delete(k);
  }
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

/** `may` (lib/rights.ts) for the user of a request, with the rights kept in the request's cached session. */
export function hasRight(db: Db, req: FastifyRequest, recht: string): Promise<boolean> {
  return may(db, actor(req), recht, req.session);
}

async function lookupSession(db: Db, hash: string): Promise<CachedSession | undefined> {
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
    .where('sitzungen.tokenHash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const user = { id: row.id, name: row.name, kuerzel: row.kuerzel, typ: row.typ, istAdmin: row.istAdmin, sitzungId: row.sitzungId };
  return { user, gueltigBis: row.gueltigBis, bisMs: Date.parse(row.gueltigBis), gesperrt: row.gesperrt, at: Date.now() };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: CachedSession | null;
  }
}

/**
 * Authenticates every non-public route by its Bearer token, then checks the rights the route declares. A request whose
 * session and maintenance flag are cached and whose route needs no right check is decided without waiting on anything
 * (most calls of a signed-in user); the rest reads what is missing from the database.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  sessions: SessionCache,
  isMaintenance: () => Promise<boolean>,
  maintenanceCached: () => boolean | undefined = () => undefined,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('endpoint', null);

  const admit = (req: FastifyRequest, session: CachedSession | null, maintenance: boolean, e: Endpoint) => {
    if (!session || session.bisMs <= Date.now()) throw unauthorized();
    if (session.gesperrt) {
      // 424: the session exists but the account behind it was blocked — the client logs out.
      throw new ApiError(424, MessageCode.sessionInvalid, 'Der Benutzer wurde gesperrt');
    }
    const row = session.user;
    req.session = session;
    req.user = row;
    if (!row.istAdmin && maintenance) {
      throw new ApiError(503, MessageCode.maintenance, 'Das System wird gerade gewartet', { headers: { 'Retry-After': '60' } });
    }
    if (e.adminOnly && !row.istAdmin) throw forbidden('ADMIN');
  };

  const slow = async (req: FastifyRequest, e: Endpoint, hash: string) => {
    let session = sessions.get(hash);
    if (!session) {
      session = await lookupSession(db, hash);
      if (session) sessions.set(hash, session);
    }
    const maintenance = session && !session.user.istAdmin ? await isMaintenance() : false;
    admit(req, session ?? null, maintenance, e);
    for (const r of e.rights ?? []) {
      if (!(await hasRight(db, req, r))) throw forbidden(r);
    }
  };

  app.addHook('onRequest', (req, _reply, done) => {
    const e = endpointOf(req);
    if (!e || e.public) return done();
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m?.[1]) return done(unauthorized());
    const hash = sha256(m[1]);
    const session = sessions.get(hash);
    const maintenance = session?.user.istAdmin ? false : maintenanceCached();
    if (session && maintenance !== undefined && (!e.rights?.length || session.user.istAdmin)) {
      try {
        admit(req, session, maintenance, e);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    slow(req, e, hash).then(() => done(), done);
  });
}
