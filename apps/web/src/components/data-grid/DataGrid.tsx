import endpoints from 'virtual:api-routes';
import { Box, Group, Paper, Text, TextInput, useComputedColorScheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { EndpointName } from '@vario/contract';
import type {
  CellKeyDownEvent,
  ColDef,
  FullWidthCellKeyDownEvent,
  GridApi,
  GridState,
  IDatasource,
  RowClickedEvent,
  SortChangedEvent,
  ViewportChangedEvent,
} from 'ag-grid-community';
import type { AgGridReactProps } from 'ag-grid-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryValue, request } from '@/lib/api/client';
import { handleApiError } from '@/lib/api/error-handler';
import { useGridRowHeight } from '@/lib/density';
import { useMediaMatch } from '@/lib/media';
import { CardListBody } from './CardListBody';
import { ColumnChooser } from './ColumnChooser';
import { ExportButton } from './ExportButton';
import { shownColumns } from './export-list';
import { forgetKeptList, keepList, keptList } from './keep-alive';
import { loadedGrid, loadGrid, PHONE_QUERY } from './load-grid';
import { type GridPreset, presetFallback, useGridPreset } from './presets';

/** AG Grid (script and stylesheets) loads with the first list shown, not with the app (load-grid.ts). */
const LazyGridBody = lazy(() => loadGrid().then((body) => ({ default: body as ComponentType<AgGridReactProps> })));

/** Rows fetched per server window when the list does not page (rowsPerPage 0). */
export const GRID_WINDOW = 100;
/** Text filters are debounced 300 ms (APP-114). */
export const SEARCH_DEBOUNCE_MS = 300;

const DEFAULT_COL_DEF: ColDef = { sortable: true, resizable: true, flex: 1, minWidth: 120 };

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

/** The generic list: AG Grid's infinite row model over server windows (limit/offset), server sort, quick search, per-user presets. */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  // compact rows (~32 px) by default from 1280 px, per the user's density setting (issue 9 item 13)
  const rowHeight = useGridRowHeight();
  const fallback = presetFallback(props.defaultPreset);
  const { preset, ready, save } = useGridPreset(props.presetName, fallback);
  const [AgGridBody] = useState(() => (loadedGrid() as ComponentType<AgGridReactProps> | undefined) ?? LazyGridBody);
  // AG Grid is built (a ~100 ms task on a desktop) in a task of its own once the screen's first frame is drawn, not inside
  // its first commit: the page shows at once, the two long tasks stay apart, and the grid's measurements find the page
  // laid out already instead of forcing that layout themselves. Its first window is already being asked for (below).
  const [gridBuilt, setGridBuilt] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setGridBuilt(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  // phones get a card per row instead of AG Grid (which is then not loaded at all)
  const phone = useMediaMatch(PHONE_QUERY);
  const [cardsKey, setCardsKey] = useState(0);
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
  const apiRef = useRef<GridApi<T> | null>(null);
  const ep = endpoints[props.endpoint];
  const paramsKey = JSON.stringify(props.params ?? {});

  useImperativeHandle(
    props.handle,
    () => ({
      refresh: () => {
        apiRef.current?.purgeInfiniteCache();
        setCardsKey((k) => k + 1);
      },
    }),
    [],
  );

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
  const onViewportChanged = (e: ViewportChangedEvent<T>) => {
    // the first row in view, kept while the list is shown (the grid is destroyed before the list's cleanup runs)
    if (restoreRow.current === 0 && e.firstRow >= 0) firstRow.current = e.firstRow;
  };

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

  // The first window is asked for as soon as the preset is known, while the grid is still being built; the grid's
  // first getRows takes that answer when it asks for the same window.
  const early = useRef<{ key: string; res: ReturnType<typeof request<ListEnvelope<T>>> } | null | undefined>(undefined);
  if (early.current === undefined && ready) {
    const params = windowParams(0, blockSize, sortKey || undefined);
    const res = request<ListEnvelope<T>>(ep.method, ep.path, { params });
    res.catch(() => undefined);
    early.current = { key: JSON.stringify(params), res };
  }

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: async (p) => {
        const sort = p.sortModel[0];
        const orderBy = sort ? `${sort.sort === 'desc' ? '-' : ''}${sort.colId}` : undefined;
        const params = windowParams(p.startRow, p.endRow, orderBy);
        const pre = early.current;
        early.current = null;
        try {
          const res = await (pre?.key === JSON.stringify(params) ? pre.res : request<ListEnvelope<T>>(ep.method, ep.path, { params }));
          const rows = res.data.result;
          const count = res.data.resultCount ?? (res.data.hasMoreData ? null : p.startRow + rows.length);
          setTotal(count);
          p.successCallback(rows, count ?? -1);
          // back from a record: scroll to the row that was first in view (its window loads on the way)
          const row = restoreRow.current;
          if (row > 0 && p.startRow === 0) {
            restoreRow.current = 0;
            setTimeout(() => apiRef.current?.ensureIndexVisible(count === null ? row : Math.min(row, count - 1), 'top'));
          }
        } catch (e) {
          handleApiError(e, { read: props.recordTab });
          p.failCallback();
        }
      },
    }),
    [ep.method, ep.path, props.filter, debounced, paramsKey, props.searchable],
  );

  // the phone's card list asks for the same windows (and takes the early first one)
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

  /** The export's query: the list's filter, search and the sort shown (the grid's, else the preset's), without a window. */
  const exportQuery = () => {
    const sort = apiRef.current?.getColumnState().find((c) => c.sort);
    const orderBy = sort ? `${sort.sort === 'desc' ? '-' : ''}${sort.colId}` : sortKey || undefined;
    const { limit: _l, offset: _o, returnTotal: _r, ...query } = windowParams(0, 0, orderBy);
    return query;
  };

  const onRowClicked = useMemo(() => (e: RowClickedEvent<T>) => e.data && rowClick.current?.(e.data), []);
  // Enter on the focused row opens it, as a click does (issue 20 item 4)
  const onCellKeyDown = useMemo(
    () => (e: CellKeyDownEvent<T> | FullWidthCellKeyDownEvent<T>) => {
      const key = e.event as KeyboardEvent | null | undefined;
      if (key?.key !== 'Enter' || key.defaultPrevented || !e.data || !rowClick.current) return;
      key.preventDefault();
      rowClick.current(e.data);
    },
    [],
  );
  const bodyRef = useRef<HTMLDivElement>(null);
  /** Arrow down from the quick search goes to the first row (the grid's cell, or the phone's first card). */
  const focusFirstRow = () => {
    const grid = apiRef.current;
    const col = grid?.getAllDisplayedColumns()[0];
    if (grid && col && grid.getDisplayedRowCount() > 0) {
      grid.ensureIndexVisible(0);
      grid.setFocusedCell(0, col);
      return true;
    }
    const card = bodyRef.current?.querySelector<HTMLElement>('[data-testid="grid-card"] button');
    card?.focus();
    return !!card;
  };

  const onSortChanged = (e: SortChangedEvent<T>) => {
    const sort = e.api.getColumnState().find((c) => c.sort);
    // the grid also reports the sort it started with; only a change is saved
    if ((sort?.colId ?? null) === (preset?.sortBy ?? null) && (sort?.sort === 'desc') === !!preset?.descending) return;
    save({ rowsPerPage: preset?.rowsPerPage ?? 0, sortBy: sort?.colId ?? null, descending: sort?.sort === 'desc' });
  };

  // Every object handed to AG Grid keeps its identity across renders: a new defaultColDef or localeText makes the grid
  // rebuild its columns (and force a layout) on each re-render, e.g. when the total arrives.
  const initialState = useMemo<GridState>(
    () => ({
      // partial: the state names only the sort; hidden columns of the column definitions stay hidden
      partialColumnState: true,
      sort: { sortModel: sortKey ? [{ colId: sortKey.replace(/^-/, ''), sort: sortKey.startsWith('-') ? 'desc' : 'asc' }] : [] },
    }),
    [sortKey],
  );
  const localeText = useMemo(() => ({ loadingOoo: t('grid.loading'), noRowsToShow: t('grid.noRows') }), [t]);
  const rowClick = useRef(props.onRowClick);
  rowClick.current = props.onRowClick;
  const rowId = useRef(props.getRowId);
  rowId.current = props.getRowId;
  const getRowId = useMemo(() => (props.getRowId ? (p: { data: T }) => rowId.current!(p.data) : undefined), [!!props.getRowId]);

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
            <ExportButton endpoint={props.exportEndpoint} query={exportQuery} columns={() => shownColumns(phone ? null : apiRef.current, props.columns)} />
          )}
          {!phone && <ColumnChooser columns={props.columns} api={() => apiRef.current} />}
        </Group>
      </Group>
      <Box
        ref={bodyRef}
        h={props.height ?? 'calc(100dvh - 260px)'}
        mih={320}
        data-testid="data-grid"
        className={phone ? undefined : scheme === 'dark' ? 'ag-theme-quartz-dark vario-grid' : 'ag-theme-quartz vario-grid'}
      >
        {ready && phone && (
          <CardListBody<T>
            columns={props.columns}
            fetchWindow={fetchWindow}
            recordTab={props.recordTab}
            resetKey={`${cardsKey}|${paramsKey}|${props.filter ?? ''}|${debounced}`}
            blockSize={blockSize}
            sortBy={preset?.sortBy ?? null}
            descending={!!preset?.descending}
            onSortChange={(sortBy, descending) => save({ rowsPerPage: preset?.rowsPerPage ?? 0, sortBy, descending })}
            onRowClick={props.onRowClick}
            getRowId={props.getRowId}
            restoreRow={restoreRow.current}
            onFirstRow={(i) => {
              restoreRow.current = 0;
              firstRow.current = i;
            }}
          />
        )}
        {ready && !phone && gridBuilt && (
          <Suspense fallback={null}>
            <AgGridBody
              theme="legacy"
              rowModelType="infinite"
              datasource={datasource}
              cacheBlockSize={blockSize}
              maxBlocksInCache={20}
              columnDefs={props.columns}
              defaultColDef={DEFAULT_COL_DEF}
              initialState={initialState}
              onSortChanged={onSortChanged}
              onViewportChanged={onViewportChanged}
              onGridReady={(e) => {
                apiRef.current = e.api;
              }}
              onRowClicked={onRowClicked}
              onCellKeyDown={onCellKeyDown}
              getRowId={getRowId}
              localeText={localeText}
              rowHeight={props.rowHeight ?? rowHeight}
              // A window shows ~15 rows plus this small buffer. The grid draws its rows in animation frames (its
              // default): the first rows paint as early as before (p95 401 ms at 1M addresses) and the work is split
              // into short tasks instead of one that blocks input (Lighthouse desktop /addresses: TBT 207 → 170 ms).
              rowBuffer={4}
              animateRows={false}
              headerHeight={rowHeight + 4}
            />
          </Suspense>
        )}
      </Box>
    </Paper>
  );
}
