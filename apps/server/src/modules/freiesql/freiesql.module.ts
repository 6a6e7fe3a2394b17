import { defineModule } from '../../lib/module';
import { freieSqlRoutes } from './freiesql.routes';
import type { FreieSqlTables } from './freiesql.tables';

declare module '../../db/types' {
  interface Database extends FreieSqlTables {}
}

/** Free SQL reports (STAT-016…023, RIGHT-033): saved read-only queries, their runs (each logged) and CSV export. */
export const freieSqlModule = defineModule('freiesql', { routes: freieSqlRoutes });
