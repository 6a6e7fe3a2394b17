import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './GlobalSearch.module.css';
import { MIN_TERM_LENGTH, SEARCH_DEBOUNCE_MS, type SearchGroupId } from './groups';
import type { SearchItem, SearchState } from './SearchResults';

// the result drawer's code (the seven list calls, the rows) loads when it first opens, not with the header
const SearchResults = lazy(() => import('./SearchResults').then((m) => ({ default: m.SearchResults })));

const EMPTY: SearchState = { items: [], total: 0, settled: false };

/**
 * The global search in the header (SRCH-001…013): Ctrl+F focuses the field, Enter leaves it (and opens the one hit, or
 * the option chosen with the arrow keys), Escape clears and closes, `?search=` prefills and focuses; the result drawer
 * shows while the search has the focus and the term has at least three characters, asked 750 ms after the last key.
 */
export function GlobalSearch() {
  const { t } = useTranslation(['search', 'app']);
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [focused, setFocused] = useState(false);
  const [filter, setFilter] = useState<SearchGroupId | 'all'>('all');
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<SearchState>(EMPTY);
  const input = useRef<HTMLInputElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const listboxId = useId();
  const trimmed = term.trim();
  const [debounced] = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const open = focused && trimmed.length >= MIN_TERM_LENGTH;
  const asked = debounced.length >= MIN_TERM_LENGTH ? debounced : '';

  // SRCH-005: a route's `search` parameter prefills the term and focuses the field
  const fromRoute = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).search });
  useEffect(() => {
    if (typeof fromRoute !== 'string' && typeof fromRoute !== 'number') return;
    setTerm(String(fromRoute));
    input.current?.focus();
  }, [fromRoute]);

  // SRCH-002: Ctrl+F focuses the field (instead of the browser's find)
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setActive(-1), [asked, filter]);
  const onResults = useCallback((s: SearchState) => setState(s), []);
  const shown = asked === state.term ? state : EMPTY;

  const go = (item: SearchItem) => {
    input.current?.blur();
    setFocused(false);
    void navigate({ to: item.to, replace: item.replace });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      // SRCH-004
      e.preventDefault();
      setTerm('');
      setFilter('all');
      input.current?.blur();
      setFocused(false);
    } else if (e.key === 'Enter') {
      // SRCH-003: Enter leaves the field; the chosen option, or the one hit of a settled search, opens
      e.preventDefault();
      const chosen = open ? (shown.items[active] ?? (shown.settled && shown.total === 1 ? shown.items[0] : undefined)) : undefined;
      if (chosen) go(chosen);
      else {
        input.current?.blur();
        setFocused(false);
      }
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && open && shown.items.length) {
      e.preventDefault();
      const n = shown.items.length;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: tracks the focus of the field and its drawer (focus-within), no interaction of its own
    <div
      ref={wrapper}
      className={classes.wrapper}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <TextInput
        ref={input}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search:placeholder')}
        aria-label={t('search:label')}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listboxId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          term ? (
            <CloseButton
              size="sm"
              aria-label={t('app:common.close')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setTerm('');
                input.current?.focus();
              }}
            />
          ) : null
        }
        radius="xl"
        className={classes.field}
        data-testid="global-search"
      />
      {open && (
        <Suspense fallback={null}>
          <SearchResults term={asked} listboxId={listboxId} filter={filter} onFilter={setFilter} active={active} onOpen={go} onResults={onResults} />
        </Suspense>
      )}
    </div>
  );
}
