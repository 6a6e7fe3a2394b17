import { useEffect, useState } from 'react';
import { useMediaMatch } from '@/lib/media';

/** Scrolled further than this on a phone, the record bar shrinks to its title line. */
const COLLAPSE_AT = 48;

/**
 * On phones the record bar collapses to one line (title and actions) once the page is scrolled; back link, subtitle
 * and tabs come back at the top (issue 9 item 4: the bar took about 27 % of a 390 px screen). The state changes only
 * when the bar collapses or opens, not on every scroll event.
 */
export function useCollapsedBar(): boolean {
  const phone = useMediaMatch('(max-width: 48em)');
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!phone) return;
    const onScroll = () => setScrolled(window.scrollY > COLLAPSE_AT);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [phone]);
  return phone && scrolled;
}
