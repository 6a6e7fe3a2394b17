import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { restoreKeptList, validateListSearch } from '@/components/data-grid/keep-alive';

/** /incomingInvoiceVerification (ERV-001) and one invoice with its check document, checklist, share, reject and pass on. */
export function createIncomingInvoiceRoutes(app: AppRoute) {
  const list = createRoute({
    getParentRoute: () => app,
    path: '/incomingInvoiceVerification',
    validateSearch: validateListSearch,
    beforeLoad: restoreKeptList,
    component: lazyRouteComponent(() => import('./list/IncomingInvoiceListPage'), 'IncomingInvoiceListPage'),
  });
  const record = createRoute({
    getParentRoute: () => app,
    path: '/incomingInvoiceVerification/$id',
    component: lazyRouteComponent(() => import('./detail/IncomingInvoicePage'), 'IncomingInvoicePage'),
  });
  return [list, record] as const;
}
