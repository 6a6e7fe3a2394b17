import { defineModule } from '../../lib/module';
import { authRoutes } from './auth.routes';
import type { AuthTables } from './auth.tables';

declare module '../../db/types' {
  interface Database extends AuthTables {}
}

/** Login, logout, sessions and users (the demo logins are part of the foundation data, seed/foundation.ts). */
export const authModule = defineModule('auth', {
  routes: (api, ctx) => authRoutes(api, ctx.db, ctx.sessions, ctx.loginLimit),
});
