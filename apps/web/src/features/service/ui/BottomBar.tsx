import type { ReactNode } from 'react';
import classes from './service.module.css';

/**
 * The primary action of a field-service screen at the bottom edge, where the thumb reaches it on a phone held in one
 * hand; a spacer keeps the content's last lines above it.
 */
export function BottomBar({ children }: { children: ReactNode }) {
  return (
    <>
      <div className={classes.bottomSpacer} />
      <div className={classes.bottomBar} data-testid="service-bottom-bar">
        <div className={classes.bottomInner}>{children}</div>
      </div>
    </>
  );
}
