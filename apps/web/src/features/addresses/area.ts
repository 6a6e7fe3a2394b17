import { IconAddressBook } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createAddressRoutes } from './routes';

export const addressesArea: Area<ReturnType<typeof createAddressRoutes>> = {
  id: 'addresses',
  ns: 'addresses',
  routes: createAddressRoutes,
  entries: [
    {
      id: 'addresses',
      order: 20,
      label: 'addresses:title',
      icon: IconAddressBook,
      to: '/addresses',
      rights: ['ADR_SEHEN'],
      nav: true,
      tile: 'addresses:menu.tile',
    },
  ],
  newItems: [{ id: 'address', order: 10, label: 'addresses:new', icon: IconAddressBook, href: '/addresses/new', rights: ['ADR_AENDERN'] }],
  reminder: { tabelle: 'ADR', detail: (id) => `/addresses/${id}` },
};
