import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Mounts its children after the screen's own content: `idle` waits until the browser has nothing else to do (closed
 * drawers, dialogs, banners); `transition` renders them at once but interruptibly, so the screen's content is drawn
 * first (the frame around it).
 */
export function AfterFirstPaint({ children, when = 'idle' }: { children: ReactNode; when?: 'idle' | 'transition' }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (when === 'transition') {
      startTransition(() => setReady(true));
      return;
    }
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, [when]);
  return ready ? children : null;
}
