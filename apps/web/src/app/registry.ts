import { addressesArea } from '@/features/addresses/area';
import { assetsArea } from '@/features/assets/area';
import { dealsArea } from '@/features/deals/area';
import { homeArea } from '@/features/home/area';
import { incomingInvoicesArea } from '@/features/incoming-invoices/area';
import { openItemsArea } from '@/features/open-items/area';
import { outboxArea } from '@/features/outbox/area';
import { picklistArea } from '@/features/picklist/area';
import { productsArea } from '@/features/products/area';
import { saleDocumentsArea } from '@/features/sale-documents/area';
import { scannerArea } from '@/features/scanner/area';
import { serviceArea } from '@/features/service/area';
import { settingsArea } from '@/features/settings/area';
import { statisticsArea } from '@/features/statistics/area';
import { freeSqlArea } from '@/features/statistics/free-sql/area';
import { storageArea } from '@/features/storage/area';
import { systemArea } from '@/features/system/area';
import { ticketsArea } from '@/features/tickets/area';
import { timeTrackingArea } from '@/features/time-tracking/area';
import { type Area, registerAreas } from './areas';
import { authArea } from './auth/area';

/**
 * The areas of the app, one line each. The router hangs each area's routes below the signed-in frame (`app/router.tsx`,
 * in this order); navigation (ordered by each entry's `order`), home tiles, the "new item" menu, dashboard switches,
 * reminder links and the record a new reminder belongs to are built from their entries (`app/areas.ts`). Their i18n
 * namespaces are found by file (`features/<area>/i18n/index.ts`). `as const`: the router keeps each area's route types.
 */
export const AREAS = [
  homeArea,
  addressesArea,
  productsArea,
  incomingInvoicesArea,
  saleDocumentsArea,
  serviceArea,
  assetsArea,
  dealsArea,
  ticketsArea,
  storageArea,
  scannerArea,
  picklistArea,
  timeTrackingArea,
  settingsArea,
  systemArea,
  openItemsArea,
  freeSqlArea,
  outboxArea,
  statisticsArea,
  authArea,
] as const satisfies readonly Area[];

registerAreas(AREAS);
