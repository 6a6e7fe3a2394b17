import { defineModule } from '../../lib/module';
import { referenzRoutes } from './referenz.routes';
import { webappRoutes } from './webapp.routes';
import type { WebappTables } from './webapp.tables';

declare module '../../db/types' {
  interface Database extends WebappTables {}
}

/** The web app's own calls: the signed-in user, per-user parameters, reference lists. */
export const webappModule = defineModule('webapp', {
  routes(api, ctx) {
    webappRoutes(api, ctx);
    referenzRoutes(api, ctx);
  },
});
