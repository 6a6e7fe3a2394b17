import { useId } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * The keys of a search dialog's hit list (issue 20 item 4): the search field keeps the focus, arrow down and up move
 * the active hit, Enter picks it — the first hit when none was moved to; Enter while the typed text is still being
 * searched (`pending`) picks the first hit of its answer. A combobox with a listbox to assistive technology
 * (aria-activedescendant).
 */
export function useListKeys(count: number, onPick: (index: number) => void, opts: { resetKey?: unknown; pending?: boolean } = {}) {
  const { resetKey, pending = false } = opts;
  const id = useId();
  const [active, setActive] = useState(0);
  const [queued, setQueued] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!queued || pending) return;
    setQueued(false);
    if (count > 0) pick.current(0);
  }, [queued, pending, count]);
  // new hits: the first is active again
  useEffect(() => setActive(0), [resetKey, count]);
  const optionId = (i: number) => `${id}-hit-${i}`;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && pending) {
      e.preventDefault();
      setQueued(true);
      return;
    }
    if (count === 0) return;
    const to = e.key === 'ArrowDown' ? (i: number) => Math.min(count - 1, i + 1) : e.key === 'ArrowUp' ? (i: number) => Math.max(0, i - 1) : null;
    if (to) {
      e.preventDefault();
      setActive((i) => {
        const next = to(i);
        document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
        return next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onPick(Math.min(active, count - 1));
    }
  };
  return {
    active,
    setActive,
    inputProps: {
      role: 'combobox',
      'aria-expanded': count > 0,
      'aria-controls': `${id}-hits`,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': count > 0 ? optionId(Math.min(active, count - 1)) : undefined,
      onKeyDown,
    },
    listProps: { id: `${id}-hits`, role: 'listbox' },
    optionProps: (i: number) => ({
      id: optionId(i),
      role: 'option',
      'aria-selected': i === active,
      'data-active': i === active || undefined,
      onMouseEnter: () => setActive(i),
    }),
  };
}
