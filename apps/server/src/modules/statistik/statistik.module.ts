import type { UmsatzTables } from '../../db/umsatz';
import { defineModule } from '../../lib/module';
import { statistikRoutes } from './statistik.routes';
import { statistikSeeder } from './statistik.seed';

declare module '../../db/types' {
  interface Database extends UmsatzTables {}
}

/** The statistics dashboard, birthdays and computed queries (issue 23 items 4–6, 9); the turnover aggregate's rebuild after the demo data. */
export const statistikModule = defineModule('statistik', {
  routes: statistikRoutes,
  seeders: [statistikSeeder],
});
