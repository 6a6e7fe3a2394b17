import { defineModule } from '../../lib/module';
import { lagerRoutes } from './lager.routes';
import type { LagerTables } from './lager.tables';

declare module '../../db/types' {
  interface Database extends LagerTables {}
}

/** Stores, storage places and stock movements (demo stock comes with the products, seed/artikel.ts). */
export const lagerModule = defineModule('lager', { routes: lagerRoutes });
