import { defineModule } from '../../lib/module';
import { belegeDokumenteRoutes } from './belege.dokumente.routes';
import { belegeRoutes } from './belege.routes';
import { belegeTransitionRoutes } from './belege.transitions.routes';

/** Sales documents: list, head and foot, positions, history (belege.routes.ts) and their transitions. */
export const belegeModule = defineModule('belege', (api, ctx) => {
  belegeRoutes(api, ctx);
  belegeDokumenteRoutes(api, ctx);
  belegeTransitionRoutes(api, ctx);
});
