import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withGrid } from '@/components/data-grid/load-grid';

/** Where the free SQL screens hang on their own until the statistics page mounts them as its freeSql tab. */
export const FREE_SQL_PATH = '/statistics/free-sql';

/**
 * The free SQL routes (spec 2 §2: tab freeSql with list and {id}): the list at `basePath`, a report at `basePath/$id`.
 * `parent` is the signed-in frame, or the statistics page when it mounts them as its tab.
 */
export function createFreeSqlRoutes<P extends AnyRoute, const B extends string = typeof FREE_SQL_PATH>(parent: P, basePath: B = FREE_SQL_PATH as B) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: basePath,
    component: lazyRouteComponent(() => withGrid(import('./FreeSqlListPage')), 'FreeSqlListPage'),
  });
  const report = createRoute({
    getParentRoute: () => parent,
    path: `${basePath}/$id` as `${B}/$id`,
    component: lazyRouteComponent(() => import('./FreeSqlReportPage'), 'FreeSqlReportPage'),
  });
  return [list, report] as const;
}
