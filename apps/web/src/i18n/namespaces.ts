import { addressesI18n } from '@/features/addresses/i18n';
import { assetsI18n } from '@/features/assets/i18n';
import { homeI18n } from '@/features/home/i18n';
import { openItemsI18n } from '@/features/open-items/i18n';
import { productsI18n } from '@/features/products/i18n';
import { remindersI18n } from '@/features/reminders/i18n';
import { saleDocumentsI18n } from '@/features/sale-documents/i18n';
import { scannerI18n } from '@/features/scanner/i18n';
import { serviceI18n } from '@/features/service/i18n';
import { settingsI18n } from '@/features/settings/i18n';
import { storageI18n } from '@/features/storage/i18n';
import { systemI18n } from '@/features/system/i18n';
import { appI18n } from './app';
import { fieldsI18n } from './fields';

/**
 * The namespaces with all their texts, one line each: `app` (shared words, layout, errors; the default and fallback namespace, so its keys
 * need no prefix), `fields` (labels by API field name, `fields:name1`) and one per area (`features/<area>/i18n`).
 */
export const NAMESPACES = {
  app: appI18n,
  fields: fieldsI18n,
  home: homeI18n,
  addresses: addressesI18n,
  products: productsI18n,
  saleDocuments: saleDocumentsI18n,
  service: serviceI18n,
  assets: assetsI18n,
  storage: storageI18n,
  scanner: scannerI18n,
  reminders: remindersI18n,
  settings: settingsI18n,
  system: systemI18n,
  openItems: openItemsI18n,
};
