import { IconBarcode } from '@tabler/icons-react';
import type { Area } from '@/app/areas';
import { createScannerRoutes } from './routes';

export const scannerArea: Area<ReturnType<typeof createScannerRoutes>> = {
  id: 'scanner',
  ns: 'scanner',
  routes: createScannerRoutes,
  entries: [
    { id: 'scanner', order: 140, label: 'scanner:title', icon: IconBarcode, to: '/scanner', rights: ['ART_SEHEN'], nav: true, tile: 'scanner:menu.tile' },
  ],
};
