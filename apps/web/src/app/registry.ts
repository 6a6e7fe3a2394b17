import { addressesArea } from '@/features/addresses/area';
import { assetsArea } from '@/features/assets/area';
import { homeArea } from '@/features/home/area';
import { openItemsArea } from '@/features/open-items/area';
import { productsArea } from '@/features/products/area';
import { saleDocumentsArea } from '@/features/sale-documents/area';
import { scannerArea } from '@/features/scanner/area';
import { serviceArea } from '@/features/service/area';
import { settingsArea } from '@/features/settings/area';
import { storageArea } from '@/features/storage/area';
import { systemArea } from '@/features/system/area';
import { type Area, registerAreas } from './areas';
import { authArea } from './auth/area';

/**
 * The areas of the app, one line each. Navigation (ordered by each entry's `order`), home tiles, the "new item" menu,
 * dashboard switches and reminder links are built from their entries (`app/areas.ts`); their routes are listed in
 * `app/router.tsx`, their namespaces in `i18n/namespaces.ts`.
 */
export const AREAS: readonly Area[] = [
  homeArea,
  addressesArea,
  productsArea,
  saleDocumentsArea,
  serviceArea,
  assetsArea,
  storageArea,
  scannerArea,
  settingsArea,
  systemArea,
  openItemsArea,
  authArea,
];

registerAreas(AREAS);
