import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/** The free SQL routes below the statistics page (its freeSql tab): the list at `basePath`, a report at `basePath/$id`. */
export function createFreeSqlRoutes<P extends AnyRoute, const B extends string>(parent: P, basePath: B) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: basePath,
    component: lazyRouteComponent(() => import('./FreeSqlListPage'), 'FreeSqlListPage'),
  });
  const report = createRoute({
    getParentRoute: () => parent,
    path: `${basePath}/$id` as `${B}/$id`,
    component: lazyRouteComponent(() => import('./FreeSqlReportPage'), 'FreeSqlReportPage'),
  });
  return [list, report] as const;
}
