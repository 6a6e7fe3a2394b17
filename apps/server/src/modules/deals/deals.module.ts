import { endpoints } from '@vario/contract';
import { defineModule } from '../../lib/module';
import { dealsRoutes } from './deals.routes';
import { dealsSeeder } from './deals.seed';
import type { DealsTables } from './deals.tables';

declare module '../../db/types' {
  interface Database extends DealsTables {}
}

/** Deals (spec 2, DEAL-*): list, record, phase board, won/lost, documents; a booked offer may also create one (BEL-031). */
export const dealsModule = defineModule('deals', {
  routes: dealsRoutes,
  locks: { DEALS: { table: 'deals', rights: endpoints.dealUpdate.rights } },
  reminders: ['DEALS'],
  seeders: [dealsSeeder],
});
