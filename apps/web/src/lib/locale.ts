import i18next from 'i18next';

/** The languages whose numbers and dates the app reads and writes. */
export type FormatLanguage = 'de' | 'en' | 'fr';

/** The Intl locale of each language (en writes dates as the US does: 12/31/2026). */
export const INTL_LOCALE: Record<FormatLanguage, string> = { de: 'de-DE', en: 'en-US', fr: 'fr-FR' };

/** How each language writes a date, as a dayjs/Mantine format, and as the placeholder a user reads. */
export const DATE_FORMAT: Record<FormatLanguage, { format: string; placeholder: string; example: string }> = {
  de: { format: 'DD.MM.YYYY', placeholder: 'TT.MM.JJJJ', example: '31.12.2026' },
  en: { format: 'MM/DD/YYYY', placeholder: 'MM/DD/YYYY', example: '12/31/2026' },
  fr: { format: 'DD/MM/YYYY', placeholder: 'JJ/MM/AAAA', example: '31/12/2026' },
};

/** The user's language (i18next's), German when unknown or not yet initialised. */
export function currentLanguage(): FormatLanguage {
  const lng = (i18next.resolvedLanguage ?? i18next.language ?? 'de').slice(0, 2);
  return lng === 'en' || lng === 'fr' ? lng : 'de';
}
