import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/components/data-grid/DataGrid';

/** Entries offered per search. */
export const PICKER_LIMIT = 20;

/**
 * The search state of a record picker: the typed text, debounced, runs `fetch(term)` (the server's quick search);
 * the chosen record stays among the rows when a later search no longer finds it.
 */
export function usePickerSearch<T>(
  key: (term: string) => QueryKey,
  fetch: (term: string | undefined) => Promise<T[]>,
  same: (a: T, b: T) => boolean,
  /** Text already typed (e.g. into a stand-in the picker replaces). */
  initialSearch = '',
) {
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<T | null>(null);
  const term = debounced.trim();
  const hits = useQuery({ queryKey: key(term), queryFn: () => fetch(term || undefined), placeholderData: keepPreviousData, staleTime: 30_000 });
  const rows = useMemo(() => {
    const list = hits.data ?? [];
    return selected && !list.some((a) => same(a, selected)) ? [selected, ...list] : list;
  }, [hits.data, selected, same]);
  // the typed text has not been asked for yet, or its answer is on the way
  const pending = hits.isFetching || search.trim() !== term;
  return { search, setSearch, selected, setSelected, rows, fetching: hits.isFetching, pending };
}
