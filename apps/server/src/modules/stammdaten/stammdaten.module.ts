import { defineModule } from '../../lib/module';
import { stammdatenRoutes } from './stammdaten.routes';
import type { StammdatenTables } from './stammdaten.tables';

declare module '../../db/types' {
  interface Database extends StammdatenTables {}
}

/** Reference data (countries, payment kinds, delivery terms …; filled by seed/foundation.ts). */
export const stammdatenModule = defineModule('stammdaten', { routes: stammdatenRoutes });
