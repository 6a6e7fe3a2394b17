import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../plugins/auth';
import type { Ctx } from './resource';

/** Limit of login attempts per client and user. */
export interface LoginLimit {
  /** Login attempts per client address and (normalised) user name in `timeWindow`. */
  max: number;
  timeWindow: number;
  /** Login attempts per client address across all names in `timeWindow` (default 3 × max). */
  perClient?: number;
}

/** What the app hands every module: the database, its dialect, cached parameters, the session cache and options. */
export interface AppContext extends Ctx {
  sessions: SessionCache;
  loginLimit: LoginLimit;
}

/**
 * An area of the API: registers its routes inside the API prefix. Each `modules/<area>/<area>.module.ts` exports one;
 * `app.ts` lists them, one line each. The area's tables live beside it in `<area>.tables.ts` (merged in db/types.ts).
 */
export interface AppModule {
  name: string;
  register(api: FastifyInstance, ctx: AppContext): void;
}

export const defineModule = (name: string, register: AppModule['register']): AppModule => ({ name, register });
