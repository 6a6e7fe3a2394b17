import { IconTicket } from '@tabler/icons-react';
import type { AppRoute } from '@/app/app-route';
import type { Area } from '@/app/areas';
import { createTicketRoutes, TICKETS_ON_THEIR_OWN } from './routes';

const routes = (app: AppRoute) => createTicketRoutes(app, app, TICKETS_ON_THEIR_OWN);

/** Tickets (TKT-001): navigation and tile with TKT_ANSEHEN while the usage parameter tickets is on, "new ticket" with the address (APP-051), reminders (TKT). */
export const ticketsArea: Area<ReturnType<typeof routes>> = {
  id: 'tickets',
  ns: 'tickets',
  routes,
  entries: [
    {
      id: 'tickets',
      order: 120,
      label: 'tickets:title',
      icon: IconTicket,
      to: '/tickets',
      rights: ['TKT_ANSEHEN'],
      usage: 'tickets',
      nav: true,
      tile: 'tickets:menu.tile',
    },
  ],
  newItems: [{ id: 'ticket', order: 80, label: 'tickets:new', icon: IconTicket, href: '/tickets/new', rights: ['TKT_AENDERN'], addressParam: 'id' }],
  reminder: { tabelle: 'TKT', detail: (id) => `/tickets/${id}` },
};
