import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';
import { prefetchGridPreset } from '@/components/data-grid/presets';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { PRODUCT_LIST_PRESET } from './list/list-preset';

/** The product routes: the index, and the record with one child route per tab (ART-001). */
export function createProductRoutes(app: AppRoute) {
  const list = createRoute({
    getParentRoute: () => app,
    path: '/products',
    validateSearch: validateListSearch,
    beforeLoad: restoreKeptList,
    loader: () => prefetchGridPreset('Products', PRODUCT_LIST_PRESET),
    component: lazyRouteComponent(() => import('./list/ProductListPage'), 'ProductListPage'),
  });
  const record = createRoute({
    getParentRoute: () => app,
    path: '/products/$id',
    validateSearch: validateBackRouteSearch,
    component: lazyRouteComponent(() => import('./detail/ProductRecordPage'), 'ProductRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ params, search }) => {
      throw redirect({ to: '/products/$id/masterdata', params, search, replace: true });
    },
  });
  const masterdata = createRoute({
    getParentRoute: () => record,
    path: '/masterdata',
    component: lazyRouteComponent(() => import('./detail/MasterdataTab'), 'MasterdataTab'),
  });
  const customFields = createRoute({
    getParentRoute: () => record,
    path: '/customFields',
    component: lazyRouteComponent(() => import('./custom-fields/CustomFieldsTab'), 'CustomFieldsTab'),
  });
  const storage = createRoute({
    getParentRoute: () => record,
    path: '/storage',
    component: lazyRouteComponent(() => import('./storage/StorageTab'), 'StorageTab'),
  });
  const serviceStorage = createRoute({
    getParentRoute: () => record,
    path: '/serviceStorage',
    component: lazyRouteComponent(() => import('./storage/ServiceStorageTab'), 'ServiceStorageTab'),
  });
  return [list, record.addChildren([index, masterdata, customFields, storage, serviceStorage])] as const;
}
