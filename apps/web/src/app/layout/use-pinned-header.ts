import { useEffect, useState } from 'react';

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
    const onScroll = () => {
      const y = window.scrollY;
      const prev = last;
      last = y;
      if (y <= fixedAt || y < prev) setPinned(true);
      else if (y > prev) setPinned(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [fixedAt]);
  return pinned;
}
