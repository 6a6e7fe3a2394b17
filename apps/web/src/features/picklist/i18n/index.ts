import de from './de.json';
import en from './en.json';
import fr from './fr.json';

export const picklistI18n = { de, en, fr };

declare module '@/i18n/resources' {
  interface NamespaceTexts {
    picklist: typeof de;
  }
}
