import { IconDatabaseSearch } from '@tabler/icons-react';
import type { AppRoute } from '@/app/app-route';
import type { Area } from '@/app/areas';
import { createFreeSqlRoutes, FREE_SQL_PATH } from './routes';

const routes = (app: AppRoute) => createFreeSqlRoutes(app);

/**
 * Free SQL reports (STAT-016…023) on their own route until the statistics page mounts them as its freeSql tab; the
 * navigation entry only with AUS_FREIESQL (RIGHT-033), right after statistics (170).
 */
export const freeSqlArea: Area<ReturnType<typeof routes>> = {
  id: 'freeSql',
  ns: 'freeSql',
  routes,
  entries: [{ id: 'freeSql', order: 171, label: 'freeSql:nav', icon: IconDatabaseSearch, to: FREE_SQL_PATH, rights: ['AUS_FREIESQL'], nav: true }],
};
