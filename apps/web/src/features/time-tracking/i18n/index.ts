import de from './de.json';
import en from './en.json';
import fr from './fr.json';

export const timeTrackingI18n = { de, en, fr };

declare module '@/i18n/resources' {
  interface NamespaceTexts {
    timeTracking: typeof de;
  }
}
