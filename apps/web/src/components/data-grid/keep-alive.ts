import type { GridApi } from 'ag-grid-community';

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

/** Remembers the list as it is now (called when it unmounts); another list's state is dropped (one at a time). */
export function keepList(key: string, search: string, api: GridApi | null) {
  if (!api || api.isDestroyed()) {
    kept = { key, search, firstRow: kept?.key === key ? kept.firstRow : 0 };
    return;
  }
  kept = { key, search, firstRow: Math.max(0, api.getFirstDisplayedRowIndex()) };
}

/** Test hook. */
export const forgetKeptList = () => {
  kept = null;
};
