import { type AnyRoute, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';
import { mountContext, type RouteMount } from '@/components/record-page/route-mount';
import { validateTicketSearch } from './search';

/** A mount of the ticket routes; `recordPrefix` is the parent's path when the records hang below the app, `withDocuments` the saleDocuments tab. */
export interface TicketMount<B extends string = string, I extends string = string> extends RouteMount<B, I> {
  recordPrefix?: string;
  withDocuments?: boolean;
}

/** The ticket route set on its own: /tickets, /tickets/$id/{masterdata,activities,attachments,saleDocuments,subTickets} (TKT-001). */
export const TICKETS_ON_THEIR_OWN = { basePath: '/tickets', idParam: 'id', withDocuments: true } as const satisfies TicketMount;

/**
 * The ticket routes: the list below `listParent` and the record with its tabs below `recordParent` at
 * `recordPrefix + basePath/$idParam` — on their own (TKT-001), or the list as an address's tab and the record as a
 * screen of its own with the address as back link (TKT-002: without the saleDocuments tab).
 */
export function createTicketRoutes<L extends AnyRoute, R extends AnyRoute, const B extends string, const I extends string>(
  listParent: L,
  recordParent: R,
  mount: TicketMount<B, I>,
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
    component: lazyRouteComponent(() => import('./list/TicketListPage'), 'TicketListPage'),
  });
  const record = createRoute({
    getParentRoute: () => recordParent,
    path: `${prefix}${mount.basePath}/$${mount.idParam}` as `${B}/$${I}`,
    validateSearch: validateTicketSearch,
    beforeLoad: ({ params }) => mountContext(mount, `${prefix}${mount.basePath}`, params as Record<string, string>),
    component: lazyRouteComponent(() => import('./detail/TicketRecordPage'), 'TicketRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ location }) => {
      if (/\/new\/?$/.test(location.pathname)) return;
      throw redirect({ href: `${location.pathname.replace(/\/$/, '')}/masterdata${location.searchStr}`, replace: true });
    },
  });
  const tab = (path: string, load: () => Promise<Record<string, unknown>>, name: string) =>
    createRoute({ getParentRoute: () => record, path, component: lazyRouteComponent(load, name) });
  const masterdata = tab('/masterdata', () => import('./detail/MasterdataTab'), 'MasterdataTab');
  const activities = createRoute({ getParentRoute: () => record, path: '/activities', component: Outlet });
  const activityList = createRoute({
    getParentRoute: () => activities,
    path: '/',
    component: lazyRouteComponent(() => import('./tabs/ActivitiesTab'), 'ActivitiesTab'),
  });
  const activity = createRoute({
    getParentRoute: () => activities,
    path: '/$activityId',
    component: lazyRouteComponent(() => import('./tabs/ActivitiesTab'), 'ActivityTab'),
  });
  const attachments = tab('/attachments', () => import('./tabs/AttachmentsTab'), 'AttachmentsTab');
  const subTickets = tab('/subTickets', () => import('./tabs/SubTicketsTab'), 'SubTicketsTab');
  const documents = tab('/saleDocuments', () => import('./tabs/SaleDocumentsTab'), 'SaleDocumentsTab');
  const children = [index, masterdata, activities.addChildren([activityList, activity]), attachments, subTickets] as const;
  return [list, record.addChildren(mount.withDocuments ? [...children, documents] : children)] as const;
}
