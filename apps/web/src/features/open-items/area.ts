import { IconReceiptEuro } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createOpenItemRoutes } from './routes';

/** Open items (OP-001): navigation position 130 under BEK_SEHEN; reminders of table OPV open the record (REM-008). */
export const openItemsArea: Area<ReturnType<typeof createOpenItemRoutes>> = {
  id: 'openItems',
  ns: 'openItems',
  routes: createOpenItemRoutes,
  entries: [
    {
      id: 'openItems',
      order: 130,
      label: 'openItems:title',
      icon: IconReceiptEuro,
      to: '/openItems',
      rights: ['BEK_SEHEN'],
      nav: true,
      tile: 'openItems:menu.tile',
    },
  ],
  reminder: { tabelle: 'OPV', detail: (id) => `/openItems/${id}` },
};
