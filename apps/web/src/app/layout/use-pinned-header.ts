import { useEffect, useState } from 'react';

const SETTLE_MS = 400;

/**
 * Whether the phone's top bar shows: always within `fixedAt` px of the top, else while scrolling up (as Mantine's
 * useHeadroom). Unlike useHeadroom, whose window-scroll state changes on mount and on every scroll event and so renders
 * the whole frame again each time, this state changes only when the bar shows or hides.
 */
export function usePinnedHeader(fixedAt: number): boolean {
  const [pinned, setPinned] = useState(true);
  useEffect(() => {
    // a screen starts at the top: the first scroll event is compared with 0 (reading scrollY here would force a layout)
    let last = 0;
    // hiding the bar (and the record bar collapsing with it) shortens the page, and the browser moves the scroll
    // position up to match: that is no scrolling up by the user, so for a moment after hiding it does not show the bar
    let settleUntil = 0;
    const onScroll = () => {
      const y = window.scrollY;
      const prev = last;
      last = y;
      if (y <= fixedAt) setPinned(true);
      else if (y > prev) {
        setPinned(false);
        settleUntil = performance.now() + SETTLE_MS;
      } else if (y < prev && performance.now() > settleUntil) setPinned(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [fixedAt]);
  return pinned;
}
