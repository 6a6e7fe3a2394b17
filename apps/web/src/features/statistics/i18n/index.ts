import de from './de.json';
import en from './en.json';
import fr from './fr.json';

export const statisticsI18n = { de, en, fr };

declare module '@/i18n/resources' {
  interface NamespaceTexts {
    statistics: typeof de;
  }
}
