import { defineModule } from '../../lib/module';
import { referenzRoutes } from './referenz.routes';
import { webappRoutes } from './webapp.routes';

export const webappModule = defineModule('webapp', (api, ctx) => {
  webappRoutes(api, ctx);
  referenzRoutes(api, ctx);
});
