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
