import { ActionIcon, Box, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '@/lib/api/error-handler';
import classes from './CardListBody.module.css';
import { Cell, isEmptyCell as isEmpty } from './cell-render';
import { type ColDef, columnId } from './columns';

export interface WindowAnswer<T> {
  rows: T[];
  /** All rows of the list, when known. */
  count: number | null;
  hasMore: boolean;
}

export interface CardListBodyProps<T> {
  columns: ColDef<T>[];
  /** Fetches rows [start, end) in the given order (`-feld` descending). */
  fetchWindow: (start: number, end: number, orderBy: string | undefined) => Promise<WindowAnswer<T>>;
  /** A list inside a record's tab: its failed reads stay silent (HTTP-080). */
  recordTab?: boolean;
  /** Changes whenever the rows change (search, filter, parameters): the list starts again from the top. */
  resetKey: string;
  blockSize: number;
  sortBy: string | null;
  descending: boolean;
  onSortChange: (sortBy: string | null, descending: boolean) => void;
  onRowClick?: (row: T) => void;
  getRowId?: (row: T) => string;
  /** Back from a record: the row to bring into view once it is loaded. */
  restoreRow: number;
  /** Reports the first row in view while scrolling (kept when the list is left). */
  onFirstRow: (index: number) => void;
}

/** Cards drawn at first and added per step while scrolling: a phone draws a screenful, not a whole server window of 100. */
const CARD_STEP = 30;

const fieldOf = <T,>(c: ColDef<T>) => columnId(c);

/**
 * The list on a phone: one card per row (the first shown column as its title, the others below it), loaded in server
 * windows as the user scrolls, with the sort as a choice above it.
 */
export function CardListBody<T>(props: CardListBodyProps<T>) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[]>([]);
  const [state, setState] = useState<{ loading: boolean; hasMore: boolean }>({ loading: true, hasMore: true });
  // how many of the loaded rows are drawn; the next window is fetched once all of them are
  const [limit, setLimit] = useState(CARD_STEP);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const generation = useRef(0);
  const loaded = useRef(0);
  const restore = useRef(props.restoreRow);
  const orderBy = props.sortBy ? `${props.descending ? '-' : ''}${props.sortBy}` : undefined;
  const { fetchWindow, blockSize } = props;
  const shown = props.columns.filter((c) => !c.hide);
  const sortable = props.columns.filter((c) => c.sortable !== false && fieldOf(c) && c.headerName);

  const loadMore = useCallback(async () => {
    const gen = generation.current;
    const start = loaded.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = await fetchWindow(start, start + blockSize, orderBy);
      if (gen !== generation.current) return;
      loaded.current = start + answer.rows.length;
      setRows((r) => (start === 0 ? answer.rows : [...r, ...answer.rows]));
      setState({ loading: false, hasMore: answer.hasMore });
    } catch (e) {
      if (gen !== generation.current) return;
      handleApiError(e, { read: props.recordTab });
      setState({ loading: false, hasMore: false });
    }
  }, [fetchWindow, blockSize, orderBy, props.recordTab]);

  // a new search, filter or sort starts from the top
  useEffect(() => {
    generation.current++;
    loaded.current = 0;
    setRows([]);
    setLimit(CARD_STEP);
    setState({ loading: true, hasMore: true });
    scroller.current?.scrollTo({ top: 0 });
    void loadMore();
  }, [props.resetKey, loadMore]);

  // near the end of the drawn cards: the next loaded ones are drawn, or the next window loads
  const drawnAll = limit >= rows.length;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || state.loading || (drawnAll && !state.hasMore)) return;
    const next = () => (drawnAll ? void loadMore() : setLimit((l) => l + CARD_STEP));
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && next(), { root: scroller.current, rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [state, loadMore, drawnAll]);

  // back from a record: load up to the row that was first in view and show it at the top
  useEffect(() => {
    const target = restore.current;
    if (target <= 0 || state.loading) return;
    if (rows.length <= target && state.hasMore) {
      void loadMore();
      return;
    }
    if (limit <= target) {
      setLimit(target + CARD_STEP);
      return;
    }
    restore.current = 0;
    scroller.current?.querySelector<HTMLElement>(`[data-row-index="${Math.min(target, rows.length - 1)}"]`)?.scrollIntoView({ block: 'start' });
  }, [rows.length, state, loadMore, limit]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box || restore.current > 0) return;
    const top = box.getBoundingClientRect().top;
    const first = [...box.querySelectorAll<HTMLElement>('[data-row-index]')].find((c) => c.getBoundingClientRect().bottom > top + 1);
    if (first) props.onFirstRow(Number(first.dataset.rowIndex));
  };

  return (
    <Box className={classes.wrap}>
      {sortable.length > 0 && (
        <Group gap="xs" px="sm" pb="xs" wrap="nowrap">
          <NativeSelect
            size="xs"
            aria-label={t('grid.sortBy')}
            value={props.sortBy ?? ''}
            onChange={(e) => props.onSortChange(e.currentTarget.value || null, props.descending)}
            data={[{ value: '', label: t('grid.sortDefault') }, ...sortable.map((c) => ({ value: fieldOf(c) as string, label: c.headerName as string }))]}
            style={{ flex: 1 }}
            data-testid="grid-sort"
          />
          <ActionIcon
            variant="default"
            size="input-xs"
            aria-label={props.descending ? t('grid.descending') : t('grid.ascending')}
            onClick={() => props.onSortChange(props.sortBy, !props.descending)}
            disabled={!props.sortBy}
          >
            {props.descending ? <IconSortDescending size={16} /> : <IconSortAscending size={16} />}
          </ActionIcon>
        </Group>
      )}
      <div ref={scroller} className={classes.scroller} onScroll={onScroll} data-testid="grid-cards">
        <ul className={classes.list}>
          {rows.slice(0, limit).map((row, i) => {
            const [key, head, ...fields] = shown;
            const content = (
              <>
                <span className={classes.head}>
                  {key && !isEmpty(key, row) && (
                    <span className={classes.key}>
                      <Cell col={key} row={row} />
                    </span>
                  )}
                  {head && (
                    <span className={classes.title}>
                      <Cell col={head} row={row} />
                    </span>
                  )}
                </span>
                <span className={classes.fields}>
                  {fields
                    .filter((c) => !isEmpty(c, row))
                    .map((c) => (
                      <span key={fieldOf(c) ?? c.headerName} className={classes.field}>
                        <span className={classes.label}>{c.headerName}</span> <Cell col={c} row={row} />
                      </span>
                    ))}
                </span>
              </>
            );
            return (
              <li key={props.getRowId?.(row) ?? i} data-row-index={i} className={classes.item} data-testid="grid-card">
                {props.onRowClick ? (
                  // a plain button (Mantine's UnstyledButton costs a styles pass per card): reset in the CSS module
                  <button type="button" className={`mantine-focus-auto ${classes.card} ${classes.button}`} onClick={() => props.onRowClick?.(row)}>
                    {content}
                  </button>
                ) : (
                  <div className={classes.card}>{content}</div>
                )}
              </li>
            );
          })}
        </ul>
        {!state.loading && rows.length === 0 && (
          <Text c="dimmed" ta="center" p="lg">
            {t('grid.noRows')}
          </Text>
        )}
        {state.loading && (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('grid.loading')} />
          </Group>
        )}
        <div ref={sentinel} aria-hidden />
      </div>
    </Box>
  );
}
