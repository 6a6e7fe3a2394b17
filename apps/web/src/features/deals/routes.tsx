import { type AnyRoute, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { mountContext, type RouteMount } from '@/components/record-page/route-mount';

/** The deal route set on its own: /deals (list and phase board), /deals/$id/{masterdata,activities,customFields,saleDocuments}. */
export const DEALS_ON_THEIR_OWN = { basePath: '/deals', idParam: 'id' } as const satisfies RouteMount;

/** Where the deal routes hang: below an address the records are screens of their own at `recordPrefix` + basePath. */
export interface DealMount<B extends string = string, I extends string = string> extends RouteMount<B, I> {
  recordPrefix?: string;
  /** The documents tab (not below an address, DEAL-002). */
  documents?: boolean;
}

/**
 * The deal routes (DEAL-001): the list and the record with its tabs — on their own, or the list as an address's tab and
 * the records as screens of their own below the address (DEAL-002: `createDealRoutes(addressRecord, app, { basePath:
 * '/deals', idParam: 'dealId', recordPrefix: '/addresses/$id', documents: false, back })`, without the documents tab).
 */
export function createDealRoutes<L extends AnyRoute, R extends AnyRoute, const B extends string, const I extends string>(
  listParent: L,
  recordParent: R,
  mount: DealMount<B, I>,
) {
  const prefix = mount.recordPrefix ?? '';
  const list = createRoute({
    getParentRoute: () => listParent,
    path: mount.basePath,
    validateSearch: validateListSearch,
    beforeLoad: ({ location, params }) => {
      restoreKeptList({ location });
      return mountContext(mount, location.pathname.replace(/\/$/, ''), params as Record<string, string>);
    },
    component: lazyRouteComponent(() => import('./list/DealListPage'), 'DealListPage'),
  });
  const record = createRoute({
    getParentRoute: () => recordParent,
    path: `${prefix}${mount.basePath}/$${mount.idParam}` as `${B}/$${I}`,
    validateSearch: validateBackRouteSearch,
    beforeLoad: ({ params }) => mountContext(mount, `${prefix}${mount.basePath}`, params as Record<string, string>),
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
  // the activities: the shared component of tickets and deals (list, and one activity at activities/{activityId})
  const activities = createRoute({ getParentRoute: () => record, path: '/activities', component: Outlet });
  const activityList = createRoute({
    getParentRoute: () => activities,
    path: '/',
    component: lazyRouteComponent(() => import('./detail/ActivitiesTab'), 'ActivitiesTab'),
  });
  const activity = createRoute({
    getParentRoute: () => activities,
    path: '/$activityId',
    component: lazyRouteComponent(() => import('./detail/ActivitiesTab'), 'ActivityTab'),
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
  const withActivities = activities.addChildren([activityList, activity]);
  const tabs = mount.documents !== false ? [index, masterdata, withActivities, customFields, documents] : [index, masterdata, withActivities, customFields];
  return [list, record.addChildren(tabs)] as const;
}
