import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { validateStorageLocationSearch } from './location-search';

/** /storageLocationInformation and the service stores under /storages (LAG-001, LAG-010). */
export function createStorageRoutes(app: AppRoute) {
  const location = createRoute({
    getParentRoute: () => app,
    path: '/storageLocationInformation',
    validateSearch: validateStorageLocationSearch,
    component: lazyRouteComponent(() => import('./StorageLocationPage'), 'StorageLocationPage'),
  });
  const storages = createRoute({ getParentRoute: () => app, path: '/storages', component: Outlet });
  const ServiceStorePage = lazyRouteComponent(() => import('./ServiceStorePage'), 'ServiceStorePage');
  const index = createRoute({
    getParentRoute: () => storages,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/storages/serviceStorage', replace: true });
    },
  });
  const good = createRoute({ getParentRoute: () => storages, path: '/serviceStorage', component: () => <ServiceStorePage kind="serviceStorage" /> });
  const doa = createRoute({ getParentRoute: () => storages, path: '/serviceStorageDoa', component: () => <ServiceStorePage kind="serviceStorageDoa" /> });
  const faulty = createRoute({
    getParentRoute: () => storages,
    path: '/serviceStorageFaulty',
    component: () => <ServiceStorePage kind="serviceStorageFaulty" />,
  });
  return [location, storages.addChildren([index, good, doa, faulty])] as const;
}
