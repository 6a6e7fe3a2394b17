import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { restoreKeptList } from '@/components/data-grid/keep-alive';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { validateOpenItemListSearch } from './list/list-filter';

/**
 * The open-item routes (OP-001): the index, and the record with the tabs masterdata and paymentHistory (list,
 * {paymentId}); the dunning runs with their letters (/dunningRuns, /dunningRuns/{id}).
 */
export function createOpenItemRoutes(app: AppRoute) {
  const list = createRoute({
    getParentRoute: () => app,
    path: '/openItems',
    validateSearch: validateOpenItemListSearch,
    beforeLoad: restoreKeptList,
    component: lazyRouteComponent(() => import('./list/OpenItemListPage'), 'OpenItemListPage'),
  });
  const record = createRoute({
    getParentRoute: () => app,
    path: '/openItems/$id',
    validateSearch: validateBackRouteSearch,
    component: lazyRouteComponent(() => import('./detail/OpenItemRecordPage'), 'OpenItemRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ params, search }) => {
      throw redirect({ to: '/openItems/$id/masterdata', params, search, replace: true });
    },
  });
  const masterdata = createRoute({
    getParentRoute: () => record,
    path: '/masterdata',
    component: lazyRouteComponent(() => import('./detail/MasterdataTab'), 'MasterdataTab'),
  });
  const payments = createRoute({ getParentRoute: () => record, path: '/paymentHistory', component: Outlet });
  const paymentList = createRoute({
    getParentRoute: () => payments,
    path: '/',
    component: lazyRouteComponent(() => import('./payments/PaymentHistoryTab'), 'PaymentHistoryTab'),
  });
  const payment = createRoute({
    getParentRoute: () => payments,
    path: '/$paymentId',
    component: lazyRouteComponent(() => import('./payments/PaymentDetail'), 'PaymentDetail'),
  });
  const dunningRuns = createRoute({
    getParentRoute: () => app,
    path: '/dunningRuns',
    component: lazyRouteComponent(() => import('./dunning/DunningRunsPage'), 'DunningRunsPage'),
  });
  const dunningRun = createRoute({
    getParentRoute: () => app,
    path: '/dunningRuns/$id',
    component: lazyRouteComponent(() => import('./dunning/DunningRunsPage'), 'DunningRunsPage'),
  });
  return [list, record.addChildren([index, masterdata, payments.addChildren([paymentList, payment])]), dunningRuns, dunningRun] as const;
}
