import { useCallback, useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList | null>();
/** One MediaQueryList per query for the whole app: reading `matches` of a kept list costs nothing, while Mantine's
 * `useMediaQuery(…, { getInitialValueInEffect: false })` asks `matchMedia` anew on every render. */
const listOf = (query: string) => {
  let list = lists.get(query);
  if (list === undefined) {
    list = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
    lists.set(query, list);
  }
  return list;
};

/** Whether a media query matches, right from the first render (no second render after an effect) and kept current. */
export function useMediaMatch(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
