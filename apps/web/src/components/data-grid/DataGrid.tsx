import endpoints from 'virtual:api-routes';
import { Box, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { EndpointName } from '@vario/contract';
import { type ReactNode, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryValue, request } from '@/lib/api/client';
import { useGridRowHeight } from '@/lib/density';
import { useMediaMatch } from '@/lib/media';
import { CardListBody } from './CardListBody';
import { ColumnChooser } from './ColumnChooser';
import { type ColDef, columnId } from './columns';
import { ExportButton } from './ExportButton';
import { shownColumns } from './export-list';
import { GridBody, type GridBodyHandle } from './GridBody';
import { forgetKeptList, keepList, keptList } from './keep-alive';
import { PHONE_QUERY } from './load-grid';
import { type ColumnLayout, type GridPreset, presetFallback, useGridPreset } from './presets';

/** Rows fetched per server window when the list does not page (rowsPerPage 0). */
export const GRID_WINDOW = 100;
/** Text filters are debounced 300 ms (APP-114). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface DataGridHandle {
  refresh: () => void;
}

export interface DataGridProps<T> {
  /** A list endpoint of the contract (`{ result, resultCount?, hasMoreData }`). */
  endpoint: EndpointName;
  /** Preset name: saved as `/webapp/parameter/presets<presetName>`. */
  presetName: string;
  columns: ColDef<T>[];
  defaultPreset?: Partial<GridPreset>;
  /** A fixed filter in the list grammar (`feld=wert,…`). */
  filter?: string;
  /** Path placeholders of nested lists (`:id`) and further query parameters of the endpoint (e.g. report filters). */
  params?: Record<string, QueryValue>;
  searchable?: boolean;
  onRowClick?: (row: T) => void;
  toolbar?: ReactNode;
  /** Filter inputs shown beside the quick search. */
  filters?: ReactNode;
  height?: string | number;
  handle?: React.Ref<DataGridHandle>;
  getRowId?: (row: T) => string;
  /** A list screen of its own (APP-067): the quick search lives in the URL (`q`), and coming back from a record restores
   * the search, the window and the scroll position; the sort is the user's preset. */
  keepAlive?: boolean;
  /** Row height in px (default the density's); a phone layout with two-line rows sets more. */
  rowHeight?: number;
  /** A list inside a record's tab: its failed reads stay silent, as every tab's (HTTP-080). */
  recordTab?: boolean;
  /**
   * The list's export endpoint (`GET <list>/export`): shows "Exportieren", which downloads every row of the current
   * filter, search and sort as a CSV file with the columns shown, in the user's order.
   */
  exportEndpoint?: EndpointName;
}

interface ListEnvelope<T> {
  result: T[];
  resultCount?: number;
  hasMoreData: boolean;
}

/** The visible columns in the user's order: the saved order first (unknown ids left out), new columns where defined. */
export function arrangeColumns<T>(columns: readonly ColDef<T>[], layout: ColumnLayout | undefined): ColDef<T>[] {
  const shown = columns.filter((c) => {
    const id = columnId(c);
    const own = id ? layout?.visible?.[id] : undefined;
    return own ?? !c.hide;
  });
  const order = layout?.order ?? [];
  const rank = (c: ColDef<T>) => {
    const at = order.indexOf(columnId(c) ?? '');
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  // a stable sort: columns the saved order does not know keep their place after the known ones
  return shown
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map((x) => x.c);
}

/** The generic list: server windows (limit/offset) in a virtual grid (cards on a phone), server sort, quick search, per-user presets. */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { t } = useTranslation();
  // compact rows (~32 px) by default from 1280 px, per the user's density setting (issue 9 item 13)
  const rowHeight = useGridRowHeight();
  const fallback = presetFallback(props.defaultPreset);
  const { preset, ready, save } = useGridPreset(props.presetName, fallback);
  const phone = useMediaMatch(PHONE_QUERY);
  const [resetCount, setResetCount] = useState(0);
  const navigate = useNavigate();
  const router = useRouter();
  const listPath = useRef(router.state.location.pathname);
  const urlSearch = (useSearch({ strict: false }) as { q?: unknown }).q;
  const keepKey = `${props.presetName}|${props.endpoint}|${JSON.stringify(props.params ?? {})}|${props.filter ?? ''}`;
  const [kept] = useState(() => (props.keepAlive ? keptList(keepKey) : null));
  const [search, setSearch] = useState(() => (props.keepAlive && typeof urlSearch === 'string' ? urlSearch : (kept?.search ?? '')));
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const searchRef = useRef(search);
  searchRef.current = search;
  const [total, setTotal] = useState<number | null>(null);
  const gridRef = useRef<GridBodyHandle>(null);
  const ep = endpoints[props.endpoint];
  const paramsKey = JSON.stringify(props.params ?? {});

  useImperativeHandle(props.handle, () => ({ refresh: () => setResetCount((k) => k + 1) }), []);

  // the quick search goes into the URL (back button, shared links), replacing the entry
  const keepAlive = !!props.keepAlive;
  useEffect(() => {
    if (!keepAlive) return;
    const q = debounced.trim() || undefined;
    if (q === (typeof urlSearch === 'string' ? urlSearch : undefined)) return;
    // a search typed just before a row was opened stays with the list, never follows the user to the record's URL
    if (router.state.location.pathname !== listPath.current) return;
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, q }), replace: true });
  }, [keepAlive, debounced, urlSearch, navigate, router]);
  // leaving the list remembers where it was: its key (filters), search, first row in view and URL; while it is shown
  // nothing is kept (one list at a time; its own filter changes, a reset to the default filter included, stay as made)
  const firstRow = useRef(kept?.firstRow ?? 0);
  const location = useLocation();
  const at = useRef({ path: location.pathname, searchStr: location.searchStr });
  if (location.pathname === at.current.path) at.current = { path: location.pathname, searchStr: location.searchStr };
  const keepKeyRef = useRef(keepKey);
  keepKeyRef.current = keepKey;
  useEffect(() => {
    if (!keepAlive) return;
    forgetKeptList();
    return () => keepList(keepKeyRef.current, searchRef.current, firstRow.current, at.current);
  }, [keepAlive]);
  const restoreRow = useRef(kept?.firstRow ?? 0);

  const windowParams = (startRow: number, endRow: number, orderBy: string | undefined): Record<string, QueryValue> => ({
    ...(JSON.parse(paramsKey) as Record<string, QueryValue>),
    limit: endRow - startRow,
    offset: startRow,
    orderBy,
    returnTotal: 'true',
    filter: props.filter,
    search: props.searchable === false ? undefined : debounced.trim() || undefined,
  });
  const blockSize = preset && preset.rowsPerPage > 0 ? preset.rowsPerPage : GRID_WINDOW;
  const sortKey = preset?.sortBy ? `${preset.descending ? '-' : ''}${preset.sortBy}` : '';

  // The first window is asked for as soon as the preset is known, before the grid or the cards are drawn; their first
  // fetch takes that answer when it asks for the same window.
  const early = useRef<{ key: string; res: ReturnType<typeof request<ListEnvelope<T>>> } | null | undefined>(undefined);
  if (early.current === undefined && ready) {
    const params = windowParams(0, blockSize, sortKey || undefined);
    const res = request<ListEnvelope<T>>(ep.method, ep.path, { params });
    res.catch(() => undefined);
    early.current = { key: JSON.stringify(params), res };
  }

  // the grid and the phone's card list ask for the same windows (and take the early first one)
  const fetchWindow = useCallback(
    async (start: number, end: number, orderBy: string | undefined) => {
      const params = windowParams(start, end, orderBy);
      const pre = early.current;
      early.current = null;
      const res = await (pre?.key === JSON.stringify(params) ? pre.res : request<ListEnvelope<T>>(ep.method, ep.path, { params }));
      const rows = res.data.result;
      const count = res.data.resultCount ?? (res.data.hasMoreData ? null : start + rows.length);
      setTotal(count);
      return { rows, count, hasMore: res.data.hasMoreData };
    },
    [ep.method, ep.path, props.filter, debounced, paramsKey, props.searchable],
  );

  // the user's columns: order, chooser and widths live in the preset
  const layout = preset?.columns;
  const shown = useMemo(() => arrangeColumns(props.columns, layout), [props.columns, layout]);
  const savePreset = (change: Partial<GridPreset>) => save({ ...fallback, ...preset, ...change });
  const saveLayout = (change: ColumnLayout) => savePreset({ columns: { ...layout, ...change } });
  const setVisible = (id: string, visible: boolean) => saveLayout({ visible: { ...layout?.visible, [id]: visible } });
  const moveColumn = (id: string, before: number) => {
    const ids = shown.map((c) => columnId(c) ?? '');
    const from = ids.indexOf(id);
    if (from < 0) return;
    const next = [...ids];
    next.splice(from, 1);
    next.splice(before > from ? before - 1 : before, 0, id);
    // hidden columns keep their saved place after the shown ones
    const rest = (layout?.order ?? props.columns.map((c) => columnId(c) ?? '')).filter((x) => x && !next.includes(x));
    saveLayout({ order: [...next, ...rest] });
  };
  const widths = useMemo(() => layout?.widths ?? {}, [layout]);

  /** The export's query: the list's filter, search and the sort shown, without a window. */
  const exportQuery = () => {
    const { limit: _l, offset: _o, returnTotal: _r, ...query } = windowParams(0, 0, sortKey || undefined);
    return query;
  };

  const bodyRef = useRef<HTMLDivElement>(null);
  /** Arrow down from the quick search goes to the first row (the grid's first cell, or the phone's first card). */
  const focusFirstRow = () => {
    if (gridRef.current?.focusFirstRow()) return true;
    const card = bodyRef.current?.querySelector<HTMLElement>('[data-testid="grid-card"] button');
    card?.focus();
    return !!card;
  };

  const onSortChange = (sortBy: string | null, descending: boolean) => savePreset({ sortBy, descending });
  const onFirstRow = (i: number) => {
    restoreRow.current = 0;
    firstRow.current = i;
  };
  const resetKey = `${resetCount}|${paramsKey}|${props.filter ?? ''}|${debounced}`;

  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" p="sm" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: '1 1 auto' }}>
          {props.searchable !== false && (
            <TextInput
              placeholder={t('grid.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown' && !e.nativeEvent.isComposing && focusFirstRow()) e.preventDefault();
              }}
              w={{ base: '100%', xs: 280 }}
              aria-label={t('grid.search')}
              data-testid="grid-search"
            />
          )}
          {props.filters}
        </Group>
        <Group gap="sm">
          {total !== null && (
            <Text size="sm" c="dimmed" data-testid="grid-total">
              {t('grid.rows', { count: total })}
            </Text>
          )}
          {props.toolbar}
          {props.exportEndpoint && (
            <ExportButton
              endpoint={props.exportEndpoint}
              query={exportQuery}
              columns={() => shownColumns(phone ? props.columns.filter((c) => !c.hide) : shown)}
            />
          )}
          {!phone && <ColumnChooser columns={props.columns} visible={(id) => shown.some((c) => columnId(c) === id)} onChange={setVisible} />}
        </Group>
      </Group>
      <Box ref={bodyRef} h={props.height ?? 'calc(100dvh - 260px)'} mih={320} data-testid="data-grid">
        {ready && phone && (
          <CardListBody<T>
            columns={props.columns}
            fetchWindow={fetchWindow}
            recordTab={props.recordTab}
            resetKey={resetKey}
            blockSize={blockSize}
            sortBy={preset?.sortBy ?? null}
            descending={!!preset?.descending}
            onSortChange={onSortChange}
            onRowClick={props.onRowClick}
            getRowId={props.getRowId}
            restoreRow={restoreRow.current}
            onFirstRow={onFirstRow}
          />
        )}
        {ready && !phone && (
          <GridBody<T>
            handle={gridRef}
            columns={shown}
            widths={widths}
            onWidthChange={(id, w) => saveLayout({ widths: { ...layout?.widths, [id]: w } })}
            onMove={moveColumn}
            fetchWindow={fetchWindow}
            resetKey={resetKey}
            blockSize={blockSize}
            sortBy={preset?.sortBy ?? null}
            descending={!!preset?.descending}
            onSortChange={onSortChange}
            onRowClick={props.onRowClick}
            rowHeight={props.rowHeight ?? rowHeight}
            headerHeight={rowHeight + 4}
            recordTab={props.recordTab}
            restoreRow={restoreRow.current}
            onFirstRow={onFirstRow}
            loadingText={t('grid.loading')}
            noRowsText={t('grid.noRows')}
          />
        )}
      </Box>
    </Paper>
  );
}
