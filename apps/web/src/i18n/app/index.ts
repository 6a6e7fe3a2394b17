import de from './de.json';
import en from './en.json';
import fr from './fr.json';

export const appI18n = { de, en, fr };

declare module '../resources' {
  interface NamespaceTexts {
    app: typeof de;
  }
}
