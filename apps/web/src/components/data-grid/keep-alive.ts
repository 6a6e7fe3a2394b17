/** What a list showed when it was left: its quick search and the first row in view. */
export interface KeptList {
  key: string;
  search: string;
  firstRow: number;
}

/** The one list kept alive (APP-067): coming back from a record restores its window, scroll position and search. */
let kept: KeptList | null = null;

/** The kept state of the list `key`, if it was the last one left. */
export const keptList = (key: string): KeptList | null => (kept?.key === key ? kept : null);

/** Remembers the list as it was last seen (called when it unmounts; the grid itself is gone by then); another list's
 * state is dropped (one at a time). */
export function keepList(key: string, search: string, firstRow: number) {
  kept = { key, search, firstRow: Math.max(0, firstRow) };
}

/** Test hook. */
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
