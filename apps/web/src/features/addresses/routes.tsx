import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/router';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { ActivitiesTab } from './activities/ActivitiesTab';
import { ActivityDetail } from './activities/ActivityDetail';
import { AdditionalAddressDetail } from './additional/AdditionalAddressDetail';
import { AdditionalAddressTab } from './additional/AdditionalAddressTab';
import { AddressRecordPage } from './detail/AddressRecordPage';
import { MasterdataTab } from './detail/MasterdataTab';
import { FileDetail } from './files/FileDetail';
import { FilesTab } from './files/FilesTab';
import { AddressListPage } from './list/AddressListPage';
import { validateAddressListSearch } from './list/list-filter';
import { PersonDetail } from './persons/PersonDetail';
import { PersonsTab } from './persons/PersonsTab';
import { PriceDetail } from './prices/PriceDetail';
import { PricesTab } from './prices/PricesTab';
import { BackordersTab } from './reports/BackordersTab';
import { HistoryTab } from './reports/HistoryTab';

const validateCreated = (s: Record<string, unknown>): { created?: boolean } => (s.created === true || s.created === 'true' ? { created: true } : {});

/** The address routes: the index, and the record with one child route per tab (ADR-001, ADR-005..010). */
export function createAddressRoutes(app: AppRoute) {
  const list = createRoute({ getParentRoute: () => app, path: '/addresses', validateSearch: validateAddressListSearch, component: AddressListPage });
  const record = createRoute({ getParentRoute: () => app, path: '/addresses/$id', validateSearch: validateBackRouteSearch, component: AddressRecordPage });
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
    component: lazyRouteComponent(() => import('./reports/DashboardTab'), 'DashboardTab'),
  });
  const masterdata = createRoute({ getParentRoute: () => record, path: '/masterdata', component: MasterdataTab });

  const persons = createRoute({ getParentRoute: () => record, path: '/persons', component: Outlet });
  const personList = createRoute({ getParentRoute: () => persons, path: '/', component: PersonsTab });
  const person = createRoute({ getParentRoute: () => persons, path: '/$personId', validateSearch: validateCreated, component: PersonDetail });

  const activities = createRoute({ getParentRoute: () => record, path: '/activities', component: Outlet });
  const activityList = createRoute({ getParentRoute: () => activities, path: '/', component: ActivitiesTab });
  const activity = createRoute({ getParentRoute: () => activities, path: '/$activityId', component: ActivityDetail });

  const additional = createRoute({ getParentRoute: () => record, path: '/additionalAddress', component: Outlet });
  const additionalList = createRoute({ getParentRoute: () => additional, path: '/', component: AdditionalAddressTab });
  const additionalOne = createRoute({ getParentRoute: () => additional, path: '/$subId', component: AdditionalAddressDetail });

  const prices = createRoute({ getParentRoute: () => record, path: '/customerSpecificPrices', component: Outlet });
  const priceList = createRoute({ getParentRoute: () => prices, path: '/', component: PricesTab });
  const price = createRoute({ getParentRoute: () => prices, path: '/$priceId', component: PriceDetail });

  const files = createRoute({ getParentRoute: () => record, path: '/files', component: Outlet });
  const fileList = createRoute({ getParentRoute: () => files, path: '/', component: FilesTab });
  const file = createRoute({ getParentRoute: () => files, path: '/$fileId', component: FileDetail });

  const history = createRoute({ getParentRoute: () => record, path: '/history', component: HistoryTab });
  const backorders = createRoute({ getParentRoute: () => record, path: '/backorders', component: BackordersTab });

  return [
    list,
    record.addChildren([
      index,
      dashboard,
      masterdata,
      activities.addChildren([activityList, activity]),
      persons.addChildren([personList, person]),
      additional.addChildren([additionalList, additionalOne]),
      prices.addChildren([priceList, price]),
      files.addChildren([fileList, file]),
      history,
      backorders,
    ]),
  ] as const;
}
