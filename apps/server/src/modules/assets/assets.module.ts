import { endpoints } from '@vario/contract';
import { defineModule } from '../../lib/module';
import { assetsRoutes } from './assets.routes';
import type { AssetsTables } from './assets.tables';

declare module '../../db/types' {
  interface Database extends AssetsTables {}
}

/** Assets (the customers' devices) with their files; their demo data comes with the products' (seed/artikel.ts). */
export const assetsModule = defineModule('assets', {
  routes: assetsRoutes,
  locks: {
    ASS: { table: 'assets', rights: endpoints.assetUpdate.rights },
    ASD: { table: 'assetDateien', rights: endpoints.assetDateiDelete.rights },
  },
});
