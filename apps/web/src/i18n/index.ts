import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import 'dayjs/locale/fr';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ALL_NAMESPACES, GERMAN, LANGUAGES, type Language, loadTexts } from './resources';

export { LANGUAGES, type Language } from './resources';

const LANGUAGE_KEY = 'vario.language';

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : 'de';

/** English and French texts are fetched by i18next when the language is first used (German comes with the app). */
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, done) =>
    void loadTexts(lng, ns).then(
      (texts) => done(null, texts),
      (e: Error) => done(e, false),
    ),
};

/**
 * de is the default, en the fallback (APP-002, APP-003): German is complete (i18n.test.ts), so it needs no fallback and
 * English is not fetched for German users. Resolves when the starting language's texts are there.
 */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { de: GERMAN },
    partialBundledLanguages: true,
    ns: ALL_NAMESPACES,
    defaultNS: 'app',
    fallbackNS: 'app',
    lng: initial,
    fallbackLng: { de: [], default: ['en'] },
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
dayjs.locale(initial);

export function setLanguage(lng: Language) {
  localStorage.setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
  dayjs.locale(lng);
  return i18n.changeLanguage(lng);
}

export { i18n };
