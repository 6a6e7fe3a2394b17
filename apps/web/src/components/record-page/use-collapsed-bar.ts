import { useMediaQuery, useWindowScroll } from '@mantine/hooks';

/** Scrolled further than this on a phone, the record bar shrinks to its title line. */
const COLLAPSE_AT = 48;

/**
 * On phones the record bar collapses to one line (title and actions) once the page is scrolled; back link, subtitle
 * and tabs come back at the top (issue 9 item 4: the bar took about 27 % of a 390 px screen).
 */
export function useCollapsedBar(): boolean {
  const phone = useMediaQuery('(max-width: 48em)', false);
  const [scroll] = useWindowScroll();
  return !!phone && scroll.y > COLLAPSE_AT;
}
