import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import type { AppRoute } from '@/app/router';
import { validateBackRouteSearch } from '@/components/record-page/back-link';
import { AddressRecordPage } from './detail/AddressRecordPage';
import { MasterdataTab } from './detail/MasterdataTab';
import { AddressListPage } from './list/AddressListPage';
import { validateAddressListSearch } from './list/list-filter';
import { PersonDetail } from './persons/PersonDetail';
import { PersonsTab } from './persons/PersonsTab';
import { DashboardTab } from './reports/DashboardTab';

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
  const dashboard = createRoute({ getParentRoute: () => record, path: '/dashboard', component: DashboardTab });
  const masterdata = createRoute({ getParentRoute: () => record, path: '/masterdata', component: MasterdataTab });

  const persons = createRoute({ getParentRoute: () => record, path: '/persons', component: Outlet });
  const personList = createRoute({ getParentRoute: () => persons, path: '/', component: PersonsTab });
  const person = createRoute({ getParentRoute: () => persons, path: '/$personId', validateSearch: validateCreated, component: PersonDetail });

  return [list, record.addChildren([index, dashboard, masterdata, persons.addChildren([personList, person])])] as const;
}
