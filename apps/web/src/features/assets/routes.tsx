import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { AssetListPage } from './list/AssetListPage';

/** The asset routes: the index, and the record with the tabs masterdata and files (ASS-001). */
export function createAssetRoutes(app: AppRoute) {
  const list = createRoute({
    getParentRoute: () => app,
    path: '/assets',
    // list screens load with the app: they are where most work starts (record screens load with their route)
    component: AssetListPage,
  });
  const record = createRoute({
    getParentRoute: () => app,
    path: '/assets/$id',
    validateSearch: validateBackRouteSearch,
    component: lazyRouteComponent(() => import('./detail/AssetRecordPage'), 'AssetRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ params, search }) => {
      throw redirect({ to: '/assets/$id/masterdata', params, search, replace: true });
    },
  });
  const masterdata = createRoute({
    getParentRoute: () => record,
    path: '/masterdata',
    component: lazyRouteComponent(() => import('./detail/MasterdataTab'), 'MasterdataTab'),
  });
  const files = createRoute({ getParentRoute: () => record, path: '/files', component: lazyRouteComponent(() => import('./files/FilesTab'), 'FilesTab') });
  return [list, record.addChildren([index, masterdata, files])] as const;
}
