import { type AnyRoute, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { restoreKeptList } from '@/components/data-grid/keep-alive';
import { mountContext, type RouteMount } from '@/components/record-page/route-mount';
import { validateSaleDocumentListSearch } from './list/list-filter';
import { validateSaleDocumentSearch } from './search';

export { validateSaleDocumentSearch } from './search';

/** A mount of the route set; `recordPrefix` is the parent's path when the records hang below the app (not inside the parent's page). */
export interface SaleDocumentMount<B extends string = string, I extends string = string> extends RouteMount<B, I> {
  recordPrefix?: string;
}

/** The route set on its own (BEL-001): /saleDocument, /saleDocument/{id}/{tab}. */
export const SALE_DOCUMENTS_ON_THEIR_OWN = { basePath: '/saleDocument', idParam: 'id' } as const satisfies SaleDocumentMount;

/**
 * The sale-document routes (BEL-003..005): the list, and the record with the tabs documentHead, positions (list,
 * {positionId}, all), documentFoot, history, signature and the scanner. The list hangs below `listParent` (below an
 * address it is that address's tab); the record below `recordParent` at `recordPrefix + basePath/$idParam`, so a
 * document opened from an address's tab is a screen of its own with the address as back link (BEL-002, BEL-007).
 */
export function createSaleDocumentRoutes<L extends AnyRoute, R extends AnyRoute, const B extends string, const I extends string>(
  listParent: L,
  recordParent: R,
  mount: SaleDocumentMount<B, I>,
) {
  const prefix = mount.recordPrefix ?? '';
  const list = createRoute({
    getParentRoute: () => listParent,
    path: mount.basePath,
    validateSearch: validateSaleDocumentListSearch,
    beforeLoad: ({ location, params }) => {
      restoreKeptList({ location });
      return mountContext(mount, location.pathname.replace(/\/$/, ''), params as Record<string, string>);
    },
    component: lazyRouteComponent(() => import('./list/SaleDocumentListPage'), 'SaleDocumentListPage'),
  });
  const record = createRoute({
    getParentRoute: () => recordParent,
    path: `${prefix}${mount.basePath}/$${mount.idParam}` as `${B}/$${I}`,
    validateSearch: validateSaleDocumentSearch,
    beforeLoad: ({ params }) => mountContext(mount, `${prefix}${mount.basePath}`, params as Record<string, string>),
    component: lazyRouteComponent(() => import('./detail/SaleDocumentRecordPage'), 'SaleDocumentRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ location }) => {
      throw redirect({ href: `${location.pathname.replace(/\/$/, '')}/documentHead${location.searchStr}`, replace: true });
    },
  });
  const head = createRoute({
    getParentRoute: () => record,
    path: '/documentHead',
    component: lazyRouteComponent(() => import('./detail/HeadTab'), 'HeadTab'),
  });
  const positions = createRoute({ getParentRoute: () => record, path: '/positions', component: Outlet });
  const positionList = createRoute({
    getParentRoute: () => positions,
    path: '/',
    component: lazyRouteComponent(() => import('./positions/PositionsTab'), 'PositionsTab'),
  });
  const positionAll = createRoute({
    getParentRoute: () => positions,
    path: '/all',
    component: lazyRouteComponent(() => import('./positions/AllPositions'), 'AllPositions'),
  });
  const position = createRoute({
    getParentRoute: () => positions,
    path: '/$positionId',
    component: lazyRouteComponent(() => import('./positions/PositionDetail'), 'PositionDetail'),
  });
  const foot = createRoute({
    getParentRoute: () => record,
    path: '/documentFoot',
    component: lazyRouteComponent(() => import('./detail/FootTab'), 'FootTab'),
  });
  const history = createRoute({
    getParentRoute: () => record,
    path: '/history',
    component: lazyRouteComponent(() => import('./detail/HistoryTab'), 'HistoryTab'),
  });
  const signature = createRoute({
    getParentRoute: () => record,
    path: '/signature',
    component: lazyRouteComponent(() => import('./detail/SignatureTab'), 'SignatureTab'),
  });
  const scanner = createRoute({
    getParentRoute: () => record,
    path: '/scanner',
    component: lazyRouteComponent(() => import('./scanner/DocumentScanner'), 'DocumentScanner'),
  });
  return [list, record.addChildren([index, head, positions.addChildren([positionList, positionAll, position]), foot, history, signature, scanner])] as const;
}
