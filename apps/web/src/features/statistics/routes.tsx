import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { createFreeSqlRoutes } from './free-sql/routes';

/** /statistics with its tabs (STAT-001): the index opens the dashboard; the free SQL tab adds its routes beside it. */
export function createStatisticsRoutes(app: AppRoute) {
  const page = createRoute({
    getParentRoute: () => app,
    path: '/statistics',
    component: lazyRouteComponent(() => import('./StatisticsPage'), 'StatisticsPage'),
  });
  const index = createRoute({
    getParentRoute: () => page,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/statistics/dashboard', replace: true });
    },
  });
  const dashboard = createRoute({
    getParentRoute: () => page,
    path: '/dashboard',
    component: lazyRouteComponent(() => import('./DashboardTab'), 'DashboardTab'),
  });
  // the freeSql tab (STAT-016…023): the reports' list and one report
  return [page.addChildren([index, dashboard, ...createFreeSqlRoutes(page, '/freeSql')])] as const;
}
