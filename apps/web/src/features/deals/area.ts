import { IconTargetArrow } from '@tabler/icons-react';
import type { AppRoute } from '@/app/app-route';
import type { Area } from '@/app/areas';
import { createDealRoutes, DEALS_ON_THEIR_OWN } from './routes';

const routes = (app: AppRoute) => createDealRoutes(app, app, DEALS_ON_THEIR_OWN);

/** Deals (DEAL-001): navigation position 110 under DEALS_SEHEN and the usage parameter deals; reminders of DEALS open the record (REM-008). */
export const dealsArea: Area<ReturnType<typeof routes>> = {
  id: 'deals',
  ns: 'deals',
  routes,
  entries: [
    {
      id: 'deals',
      order: 110,
      label: 'deals:title',
      icon: IconTargetArrow,
      to: '/deals',
      rights: ['DEALS_SEHEN'],
      usage: 'deals',
      nav: true,
      tile: 'deals:menu.tile',
    },
  ],
  newItems: [{ id: 'deal', order: 40, label: 'deals:new', icon: IconTargetArrow, href: '/deals?neu=1', rights: ['DEALS_AENDERN'], addressParam: 'adresseId' }],
  reminder: { tabelle: 'DEALS', detail: (id) => `/deals/${id}` },
};
