import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';
import { withGrid } from '@/components/data-grid/load-grid';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { mountContext, type RouteMount } from '@/components/record-page/route-mount';

/** The deal route set on its own: /deals (list and phase board), /deals/$id/{masterdata,customFields,saleDocuments}. */
export const DEALS_ON_THEIR_OWN = { basePath: '/deals', idParam: 'id' } as const satisfies RouteMount;

/**
 * The deal routes (DEAL-001): the list and the record with its tabs — on their own, or below an address (DEAL-002:
 * `createDealRoutes(addressRecord, { basePath: '/deals', idParam: 'dealId', back }, { documents: false })`, without the
 * documents tab). The activities tab joins when the shared activities component lands.
 */
export function createDealRoutes<P extends AnyRoute, const B extends string, const I extends string>(
  parent: P,
  mount: RouteMount<B, I>,
  opts: { documents: boolean } = { documents: true },
) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: mount.basePath,
    validateSearch: validateListSearch,
    beforeLoad: ({ location, params }) => {
      restoreKeptList({ location });
      return mountContext(mount, location.pathname.replace(/\/$/, ''), params as Record<string, string>);
    },
    component: lazyRouteComponent(() => withGrid(import('./list/DealListPage')), 'DealListPage'),
  });
  const record = createRoute({
    getParentRoute: () => parent,
    path: `${mount.basePath}/$${mount.idParam}` as `${B}/$${I}`,
    validateSearch: validateBackRouteSearch,
    beforeLoad: ({ params }) => mountContext(mount, list.fullPath, params as Record<string, string>),
    component: lazyRouteComponent(() => import('./detail/DealRecordPage'), 'DealRecordPage'),
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
  const customFields = createRoute({
    getParentRoute: () => record,
    path: '/customFields',
    component: lazyRouteComponent(() => import('./detail/CustomFieldsTab'), 'CustomFieldsTab'),
  });
  const documents = createRoute({
    getParentRoute: () => record,
    path: '/saleDocuments',
    component: lazyRouteComponent(() => import('./detail/SaleDocumentsTab'), 'SaleDocumentsTab'),
  });
  const tabs = opts.documents ? [index, masterdata, customFields, documents] : [index, masterdata, customFields];
  return [list, record.addChildren(tabs)] as const;
}
