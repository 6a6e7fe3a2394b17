import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/app-route';
import { restoreKeptList } from '@/components/data-grid/keep-alive';
import { prefetchGridPreset } from '@/components/data-grid/presets';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { parseRecordId } from '@/components/record-page/use-record-route';
import { createDealRoutes } from '@/features/deals/routes';
import { createSaleDocumentRoutes } from '@/features/sale-documents/routes';
import { createTicketRoutes } from '@/features/tickets/routes';
import { prefetchAddress } from './api';
import { prefetchDashboard } from './api-reports';
import { ADDRESS_LIST_PRESET, validateAddressListSearch } from './list/list-filter';

const validateCreated = (s: Record<string, unknown>): { created?: boolean } => (s.created === true || s.created === 'true' ? { created: true } : {});

/** The address routes: the index, and the record with one child route per tab (ADR-001, ADR-005..010). */
export function createAddressRoutes(app: AppRoute) {
  const list = createRoute({
    getParentRoute: () => app,
    path: '/addresses',
    validateSearch: validateAddressListSearch,
    beforeLoad: restoreKeptList,
    loader: () => prefetchGridPreset('Addresses', ADDRESS_LIST_PRESET),
    component: lazyRouteComponent(() => import('./list/AddressListPage'), 'AddressListPage'),
  });
  const record = createRoute({
    getParentRoute: () => app,
    path: '/addresses/$id',
    validateSearch: validateBackRouteSearch,
    loader: ({ params }) => prefetchAddress(parseRecordId(params.id).id),
    component: lazyRouteComponent(() => import('./detail/AddressRecordPage'), 'AddressRecordPage'),
  });
  const index = createRoute({
    getParentRoute: () => record,
    path: '/',
    beforeLoad: ({ params, search }) => {
      throw redirect({ to: params.id === 'new' ? '/addresses/$id/masterdata' : '/addresses/$id/dashboard', params, search, replace: true });
    },
  });
  const dashboard = createRoute({
    getParentRoute: () => record,
    path: '/dashboard',
    loader: ({ params }) => prefetchDashboard(parseRecordId(params.id).id),
    component: lazyRouteComponent(() => import('./reports/DashboardTab'), 'DashboardTab'),
  });
  const masterdata = createRoute({
    getParentRoute: () => record,
    path: '/masterdata',
    component: lazyRouteComponent(() => import('./detail/MasterdataTab'), 'MasterdataTab'),
  });

  const persons = createRoute({ getParentRoute: () => record, path: '/persons', component: Outlet });
  const personList = createRoute({
    getParentRoute: () => persons,
    path: '/',
    component: lazyRouteComponent(() => import('./persons/PersonsTab'), 'PersonsTab'),
  });
  const person = createRoute({
    getParentRoute: () => persons,
    path: '/$personId',
    validateSearch: validateCreated,
    component: lazyRouteComponent(() => import('./persons/PersonDetail'), 'PersonDetail'),
  });

  const activities = createRoute({ getParentRoute: () => record, path: '/activities', component: Outlet });
  const activityList = createRoute({
    getParentRoute: () => activities,
    path: '/',
    component: lazyRouteComponent(() => import('./activities/ActivitiesTab'), 'ActivitiesTab'),
  });
  const activity = createRoute({
    getParentRoute: () => activities,
    path: '/$activityId',
    component: lazyRouteComponent(() => import('./activities/ActivitiesTab'), 'ActivityDetail'),
  });

  const additional = createRoute({ getParentRoute: () => record, path: '/additionalAddress', component: Outlet });
  const additionalList = createRoute({
    getParentRoute: () => additional,
    path: '/',
    component: lazyRouteComponent(() => import('./additional/AdditionalAddressTab'), 'AdditionalAddressTab'),
  });
  const additionalOne = createRoute({
    getParentRoute: () => additional,
    path: '/$subId',
    component: lazyRouteComponent(() => import('./additional/AdditionalAddressDetail'), 'AdditionalAddressDetail'),
  });

  const prices = createRoute({ getParentRoute: () => record, path: '/customerSpecificPrices', component: Outlet });
  const priceList = createRoute({ getParentRoute: () => prices, path: '/', component: lazyRouteComponent(() => import('./prices/PricesTab'), 'PricesTab') });
  const price = createRoute({
    getParentRoute: () => prices,
    path: '/$priceId',
    component: lazyRouteComponent(() => import('./prices/PriceDetail'), 'PriceDetail'),
  });

  const files = createRoute({ getParentRoute: () => record, path: '/files', component: Outlet });
  const fileList = createRoute({ getParentRoute: () => files, path: '/', component: lazyRouteComponent(() => import('./files/FilesTab'), 'FilesTab') });
  const file = createRoute({ getParentRoute: () => files, path: '/$fileId', component: lazyRouteComponent(() => import('./files/FileDetail'), 'FileDetail') });

  const history = createRoute({
    getParentRoute: () => record,
    path: '/history',
    component: lazyRouteComponent(() => import('./reports/HistoryTab'), 'HistoryTab'),
  });
  const backorders = createRoute({
    getParentRoute: () => record,
    path: '/backorders',
    component: lazyRouteComponent(() => import('./reports/BackordersTab'), 'BackordersTab'),
  });

  // the sale-document route set as the address's saleDocuments tab; its records are screens of their own (BEL-002)
  const [documentList, documentRecord] = createSaleDocumentRoutes(record, app, {
    basePath: '/saleDocuments',
    idParam: 'documentId',
    recordPrefix: '/addresses/$id',
    back: { routeName: '/addresses/$id/saleDocuments', params: { id: '$id' }, label: 'Adresse' },
  });

  // the address's deals (DEAL-002): the list as a tab, the records as screens of their own without the documents tab
  const [dealList, dealRecord] = createDealRoutes(record, app, {
    basePath: '/deals',
    idParam: 'dealId',
    recordPrefix: '/addresses/$id',
    documents: false,
    back: { routeName: '/addresses/$id/deals', params: { id: '$id' }, label: 'Adresse' },
  });

  // the ticket route set as the address's tickets tab, its records screens of their own (TKT-002)
  const [ticketList, ticketRecord] = createTicketRoutes(record, app, {
    basePath: '/tickets',
    idParam: 'ticketId',
    recordPrefix: '/addresses/$id',
    back: { routeName: '/addresses/$id/tickets', params: { id: '$id' }, label: 'Adresse' },
  });

  return [
    list,
    documentRecord,
    dealRecord,
    ticketRecord,
    record.addChildren([
      index,
      dashboard,
      masterdata,
      activities.addChildren([activityList, activity]),
      persons.addChildren([personList, person]),
      additional.addChildren([additionalList, additionalOne]),
      prices.addChildren([priceList, price]),
      files.addChildren([fileList, file]),
      documentList,
      dealList,
      ticketList,
      history,
      backorders,
    ]),
  ] as const;
}
