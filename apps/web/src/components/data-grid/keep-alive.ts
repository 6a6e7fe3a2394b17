import { redirect } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a list showed when it was left: its quick search, the first row in view, and where it was (path and URL search). */
export interface KeptList {
  key: string;
  search: string;
  firstRow: number;
  /** The list's path and its URL search as left (`?types=…&q=…`, or ''), restored when the list is opened without one. */
  at?: { path: string; searchStr: string };
}

/** The one list kept alive (APP-067): coming back from a record restores its window, scroll position and search. */
let kept: KeptList | null = null;

/** The kept state of the list `key`, if it was the last one left. */
export const keptList = (key: string): KeptList | null => (kept?.key === key ? kept : null);

/** Remembers the list as it was last seen (called when it unmounts; the grid itself is gone by then); another list's
 * state is dropped (one at a time). */
export function keepList(key: string, search: string, firstRow: number, at?: KeptList['at']) {
  kept = { key, search, firstRow: Math.max(0, firstRow), at };
}

const bare = (path: string) => path.replace(/\/$/, '');

/**
 * `beforeLoad` of a list route kept alive (APP-067): opened without a URL search — by its record's back link or the
 * navigation — while it is the list kept, it opens as it was left: its filters, quick search (and so its window and
 * scroll position, which DataGrid restores). A URL search of its own (a shared link, the browser's back) is taken as it is.
 */
export function restoreKeptList({ location }: { location: { pathname: string; searchStr: string } }) {
  const at = kept?.at;
  if (location.searchStr || !at?.searchStr || bare(at.path) !== bare(location.pathname)) return;
  throw redirect({ href: `${at.path}${at.searchStr}`, replace: true });
}

/** Forgets the kept list (the list shown is not kept while it is shown; tests). */
export const forgetKeptList = () => {
  kept = null;
};

/** The search of a list route kept alive: its quick search `q` (back button and shared links keep it). */
export interface ListSearch {
  q?: string;
}

/** Reads `q` from a list route's search: a non-blank text (or a number the router parsed), else nothing. */
export const listSearchQ = (q: unknown): string | undefined => (typeof q === 'string' && q.trim() ? q : typeof q === 'number' ? String(q) : undefined);

/** `validateSearch` of a list route kept alive. */
export const validateListSearch = (s: Record<string, unknown>): ListSearch => ({ q: listSearchQ(s.q) });

/**
 * A card list of a page that scrolls as a whole (the field service's /planning and /tasks) kept alive (APP-067): left
 * for a record, it remembers the page's scroll position (as the one list kept); opened again — by the record's back
 * link, the navigation or the browser's back — it scrolls there once its cards (`ready`, e.g. the cached rows) are shown.
 */
export function useKeptScroll(key: string, ready: boolean) {
  const [kept] = useState(() => keptList(key));
  const y = useRef(kept?.firstRow ?? 0);
  const pending = useRef(!!kept && kept.firstRow > 0);
  useEffect(() => {
    forgetKeptList();
    const onScroll = () => {
      if (!pending.current) y.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      keepList(key, '', y.current);
    };
  }, [key]);
  useLayoutEffect(() => {
    if (!ready || !pending.current) return;
    // after the router's own scroll handling of the navigation (it puts a new entry at the top)
    const frame = requestAnimationFrame(() => {
      pending.current = false;
      window.scrollTo({ top: y.current, behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready]);
}
