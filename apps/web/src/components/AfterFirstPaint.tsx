import { type ReactNode, useEffect, useState } from 'react';

/**
 * Mounts its children once the browser is idle after the first screen is drawn: closed drawers, dialogs and banners
 * then do not delay the screen the user came for.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
