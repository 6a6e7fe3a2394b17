import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

/**
 * The offline layer's texts (de/en/fr, texts.test.ts checks them like the area namespaces): their own namespace
 * `serviceOffline`, added when this lazily loaded code first runs — a namespace of i18n/namespaces.ts would put them
 * into every user's first load, and the area folders there are one level deep (features/<area>/i18n).
 */
export const OFFLINE_NS = 'serviceOffline';
export const OFFLINE_TEXTS = { de, en, fr };
export type OfflineKey = keyof typeof de;

for (const [lng, texts] of Object.entries(OFFLINE_TEXTS)) if (!i18n.hasResourceBundle(lng, OFFLINE_NS)) i18n.addResourceBundle(lng, OFFLINE_NS, texts);

/**
 * The one untyped call: this namespace is added at run time (see above), so it is none of the typed namespaces and
 * i18next's typed `t` cannot know its keys. `OfflineKey` (the German file's keys) types them for every caller instead.
 */
const translate = (inst: typeof i18n, key: OfflineKey, params?: Record<string, unknown>): string =>
  inst.t(key as never, { ns: OFFLINE_NS, ...params } as never) as unknown as string;

/** `t(key, params)` for the offline texts; re-renders on a language change like useTranslation. */
export function useOfflineT() {
  const { i18n: inst } = useTranslation();
  return (key: OfflineKey, params?: Record<string, unknown>): string => translate(inst, key, params);
}

export const offlineT = (key: OfflineKey, params?: Record<string, unknown>): string => translate(i18n, key, params);
