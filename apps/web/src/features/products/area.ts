import { IconPackage } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createProductRoutes } from './routes';

export const productsArea: Area<ReturnType<typeof createProductRoutes>> = {
  id: 'products',
  ns: 'products',
  routes: createProductRoutes,
  entries: [
    { id: 'products', order: 30, label: 'products:title', icon: IconPackage, to: '/products', rights: ['ART_SEHEN'], nav: true, tile: 'products:menu.tile' },
  ],
  newItems: [{ id: 'product', order: 15, label: 'products:new', icon: IconPackage, href: '/products/new', rights: ['ART_AENDERN'] }],
  reminder: { tabelle: 'ART', detail: (id) => `/products/${id}` },
};
