import { useEffect } from 'react';

export const APP_NAME = 'vario';

/** "Adresse 10158 · vario": the parts that are set, then the app's name (WCAG 2.4.2, one title per route). */
export const documentTitle = (...parts: readonly (string | null | undefined | false)[]) => [...parts.filter(Boolean), APP_NAME].join(' · ');

/** Sets the document title while the screen is shown; nothing to set (still loading) keeps the current one. */
export function useDocumentTitle(...parts: readonly (string | null | undefined | false)[]) {
  const title = parts.some(Boolean) ? documentTitle(...parts) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
