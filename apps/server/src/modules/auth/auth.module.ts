import { defineModule } from '../../lib/module';
import { authRoutes } from './auth.routes';

export const authModule = defineModule('auth', (api, ctx) => authRoutes(api, ctx.db, ctx.sessions, ctx.loginLimit));
