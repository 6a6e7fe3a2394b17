import { addressesI18n } from '@/features/addresses/i18n';
import { assetsI18n } from '@/features/assets/i18n';
import { homeI18n } from '@/features/home/i18n';
import { productsI18n } from '@/features/products/i18n';
import { remindersI18n } from '@/features/reminders/i18n';
import { scannerI18n } from '@/features/scanner/i18n';
import { settingsI18n } from '@/features/settings/i18n';
import { storageI18n } from '@/features/storage/i18n';
import { systemI18n } from '@/features/system/i18n';
import { appI18n } from './app';
import { fieldsI18n } from './fields';

/**
 * The namespaces, one line each: `app` (shared words, layout, errors; the default and fallback namespace, so its keys
 * need no prefix), `fields` (labels by API field name, `fields:name1`) and one per area (`features/<area>/i18n`).
 */
export const NAMESPACES = {
  app: appI18n,
  fields: fieldsI18n,
  home: homeI18n,
  addresses: addressesI18n,
  products: productsI18n,
  assets: assetsI18n,
  storage: storageI18n,
  scanner: scannerI18n,
  reminders: remindersI18n,
  settings: settingsI18n,
  system: systemI18n,
};

export type Namespace = keyof typeof NAMESPACES;
export type NamespaceResources = { [N in Namespace]: (typeof NAMESPACES)[N]['de'] };
/** Every namespace, the shared one first: `useTranslation(ALL_NAMESPACES)` translates keys of any area (`ns:key`). */
export const ALL_NAMESPACES = Object.keys(NAMESPACES) as ['app', ...Namespace[]];

export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** i18next's resources: language → namespace → texts. */
export const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(NAMESPACES).map(([ns, texts]) => [ns, texts[lng]]))]),
) as Record<Language, NamespaceResources>;
