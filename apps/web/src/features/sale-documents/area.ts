import { IconFileInvoice, IconFilePencil, IconFileText } from '@tabler/icons-react';
import type { AppRoute } from '@/app/app-route';
import type { Area } from '@/app/areas';
import { createSaleDocumentRoutes, SALE_DOCUMENTS_ON_THEIR_OWN } from './routes';

const routes = (app: AppRoute) => createSaleDocumentRoutes(app, app, SALE_DOCUMENTS_ON_THEIR_OWN);

/** Sales documents (BEL-001): navigation position 50, "new item" offer and assignment under BEK_AENDERN (APP-047, APP-048). */
export const saleDocumentsArea: Area<ReturnType<typeof routes>> = {
  id: 'saleDocuments',
  ns: 'saleDocuments',
  routes,
  entries: [
    {
      id: 'saleDocuments',
      order: 50,
      label: 'saleDocuments:title',
      icon: IconFileInvoice,
      to: '/saleDocument',
      rights: ['BEK_SEHEN'],
      nav: true,
      tile: 'saleDocuments:menu.tile',
    },
  ],
  newItems: [
    {
      id: 'offer',
      order: 20,
      label: 'saleDocuments:newItem.offer',
      icon: IconFileText,
      href: '/saleDocument/new?type=0100',
      rights: ['BEK_AENDERN'],
      addressParam: 'id',
    },
    {
      id: 'assignment',
      order: 21,
      label: 'saleDocuments:newItem.assignment',
      icon: IconFilePencil,
      href: '/saleDocument/new?type=0200',
      rights: ['BEK_AENDERN'],
      addressParam: 'id',
    },
  ],
  // a reminder made on a document's screens (also under the spec's route name saleDocuments) belongs to it (REM-009)
  reminder: { tabelle: 'BEK', detail: (id) => `/saleDocument/${id}`, groups: ['saleDocument', 'saleDocuments'] },
};
