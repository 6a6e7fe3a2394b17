import { endpoints, PICKLISTE_TABELLE } from '@vario/contract';
import { defineModule } from '../../lib/module';
import { picklistenRoutes } from './picklisten.routes';
import { picklistenSeeder } from './picklisten.seed';
import type { PicklistenTables } from './picklisten.tables';

declare module '../../db/types' {
  interface Database extends PicklistenTables {}
}

/** Digital picklists from booked orders, picked by scanning (issue 25 items 5–6). */
export const picklistenModule = defineModule('picklisten', {
  routes: picklistenRoutes,
  locks: { [PICKLISTE_TABELLE]: { table: 'picklisten', rights: endpoints.picklistenArtikel.rights } },
  seeders: [picklistenSeeder],
});
