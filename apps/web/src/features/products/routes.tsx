import { createRoute, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/router';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { CustomFieldsTab } from './custom-fields/CustomFieldsTab';
import { MasterdataTab } from './detail/MasterdataTab';
import { ProductRecordPage } from './detail/ProductRecordPage';
import { ProductListPage } from './list/ProductListPage';
import { ServiceStorageTab } from './storage/ServiceStorageTab';
import { StorageTab } from './storage/StorageTab';

/** The product routes: the index, and the record with one child route per tab (ART-001). */
export function createProductRoutes(app: AppRoute) {
  const list = createRoute({ getParentRoute: () => app, path: '/products', component: ProductListPage });
  const record = createRoute({ getParentRoute: () => app, path: '/products/$id', validateSearch: validateBackRouteSearch, component: ProductRecordPage });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ params, search }) => {
      throw redirect({ to: '/products/$id/masterdata', params, search, replace: true });
    },
  });
  const masterdata = createRoute({ getParentRoute: () => record, path: '/masterdata', component: MasterdataTab });
  const customFields = createRoute({ getParentRoute: () => record, path: '/customFields', component: CustomFieldsTab });
  const storage = createRoute({ getParentRoute: () => record, path: '/storage', component: StorageTab });
  const serviceStorage = createRoute({ getParentRoute: () => record, path: '/serviceStorage', component: ServiceStorageTab });
  return [list, record.addChildren([index, masterdata, customFields, storage, serviceStorage])] as const;
}
