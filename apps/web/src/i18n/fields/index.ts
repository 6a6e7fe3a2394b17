import de from './de.json';
import en from './en.json';
import fr from './fr.json';

export const fieldsI18n = { de, en, fr };

declare module '../resources' {
  interface NamespaceTexts {
    fields: typeof de;
  }
}
