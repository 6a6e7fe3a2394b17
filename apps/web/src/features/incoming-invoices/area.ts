import { IconFileInvoice } from '@tabler/icons-react';
import { ERV_RECHTE } from '@vario/contract';
import type { Area } from '@/app/areas';
import { createIncomingInvoiceRoutes } from './routes';

/** Incoming-invoice verification (ERV-001): navigation position 40 under ERV_SEHEN (a project right: denied unless granted). */
export const incomingInvoicesArea: Area<ReturnType<typeof createIncomingInvoiceRoutes>> = {
  id: 'incomingInvoices',
  ns: 'incomingInvoices',
  routes: createIncomingInvoiceRoutes,
  entries: [
    {
      id: 'incomingInvoiceVerification',
      order: 40,
      label: 'incomingInvoices:title',
      icon: IconFileInvoice,
      to: '/incomingInvoiceVerification',
      rights: [ERV_RECHTE.SEHEN],
      nav: true,
      tile: 'incomingInvoices:menu.tile',
    },
  ],
};
