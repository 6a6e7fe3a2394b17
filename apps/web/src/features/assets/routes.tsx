import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { mountContext, type RouteMount } from '@/components/record-page/route-mount';

/** The asset route set on its own: /assets, /assets/$id/{masterdata,files}. */
export const ASSETS_ON_THEIR_OWN = { basePath: '/assets', idParam: 'id' } as const satisfies RouteMount;

/**
 * The asset routes (ASS-001): the list, and the record with the tabs masterdata and files — below the app on their
 * own, or below another record (e.g. `createAssetRoutes(addressRecord, { basePath: '/assets', idParam: 'assetId',
 * back: { routeName: '/addresses/$id', params: { id: '$id' }, label } })`), with that mount's list path and back link.
 */
export function createAssetRoutes<P extends AnyRoute, const B extends string, const I extends string>(parent: P, mount: RouteMount<B, I>) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: mount.basePath,
    validateSearch: validateListSearch,
    beforeLoad: ({ location, params }) => {
      restoreKeptList({ location });
      return mountContext(mount, location.pathname.replace(/\/$/, ''), params as Record<string, string>);
    },
    component: lazyRouteComponent(() => import('./list/AssetListPage'), 'AssetListPage'),
  });
  const record = createRoute({
    getParentRoute: () => parent,
    path: `${mount.basePath}/$${mount.idParam}` as `${B}/$${I}`,
    validateSearch: validateBackRouteSearch,
    beforeLoad: ({ params }) => mountContext(mount, list.fullPath, params as Record<string, string>),
    component: lazyRouteComponent(() => import('./detail/AssetRecordPage'), 'AssetRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ location }) => {
      throw redirect({ href: `${location.pathname.replace(/\/$/, '')}/masterdata${location.searchStr}`, replace: true });
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
