import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import 'dayjs/locale/fr';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ALL_NAMESPACES, LANGUAGES, type Language, resources } from './resources';

export { LANGUAGES, type Language } from './resources';

const LANGUAGE_KEY = 'vario.language';

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : 'de';

/** de is the default, en the fallback (APP-002, APP-003). */
i18n.use(initReactI18next).init({
  resources,
  ns: ALL_NAMESPACES,
  defaultNS: 'app',
  fallbackNS: 'app',
  lng: initial,
  fallbackLng: 'en',
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
