import { Box, Group, Paper, Text, TextInput, useComputedColorScheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type EndpointName, endpoints } from '@vario/contract';
import {
  AllCommunityModule,
  type ColDef,
  colorSchemeDark,
  type GridApi,
  type IDatasource,
  ModuleRegistry,
  type SortChangedEvent,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type ReactNode, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryValue, request } from '@/lib/api/client';
import { handleApiError } from '@/lib/api/error-handler';
import { type GridPreset, useGridPreset } from './presets';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Rows fetched per server window when the list does not page (rowsPerPage 0). */
export const GRID_WINDOW = 100;
/** Text filters are debounced 300 ms (APP-114). */
export const SEARCH_DEBOUNCE_MS = 300;

const lightTheme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600, wrapperBorderRadius: 8, accentColor: '#228be6' });
const darkTheme = lightTheme.withPart(colorSchemeDark).withParams({ backgroundColor: '#242424', headerBackgroundColor: '#2e2e2e' });

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
  const fallback: GridPreset = { rowsPerPage: 0, sortBy: null, descending: false, ...props.defaultPreset };
  const { preset, ready, save } = useGridPreset(props.presetName, fallback);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [total, setTotal] = useState<number | null>(null);
  const apiRef = useRef<GridApi<T> | null>(null);
  const ep = endpoints[props.endpoint];
  const paramsKey = JSON.stringify(props.params ?? {});

  useImperativeHandle(props.handle, () => ({ refresh: () => apiRef.current?.purgeInfiniteCache() }), []);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: async (p) => {
        const sort = p.sortModel[0];
        const orderBy = sort ? `${sort.sort === 'desc' ? '-' : ''}${sort.colId}` : undefined;
        try {
          const res = await request<ListEnvelope<T>>(ep.method, ep.path, {
            params: {
              ...(JSON.parse(paramsKey) as Record<string, QueryValue>),
              limit: p.endRow - p.startRow,
              offset: p.startRow,
              orderBy,
              returnTotal: 'true',
              filter: props.filter,
              search: props.searchable === false ? undefined : debounced.trim() || undefined,
            },
          });
          const rows = res.data.result;
          const count = res.data.resultCount ?? (res.data.hasMoreData ? null : p.startRow + rows.length);
          setTotal(count);
          p.successCallback(rows, count ?? -1);
        } catch (e) {
          handleApiError(e);
          p.failCallback();
        }
      },
    }),
    [ep.method, ep.path, props.filter, debounced, paramsKey, props.searchable],
  );

  const onSortChanged = (e: SortChangedEvent<T>) => {
    const sort = e.api.getColumnState().find((c) => c.sort);
    save({ rowsPerPage: preset?.rowsPerPage ?? 0, sortBy: sort?.colId ?? null, descending: sort?.sort === 'desc' });
  };

  const blockSize = preset && preset.rowsPerPage > 0 ? preset.rowsPerPage : GRID_WINDOW;
  const initialSort = preset?.sortBy ? [{ colId: preset.sortBy, sort: preset.descending ? ('desc' as const) : ('asc' as const) }] : [];

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
        </Group>
      </Group>
      <Box h={props.height ?? 'calc(100dvh - 260px)'} mih={320} data-testid="data-grid">
        {ready && (
          <AgGridReact<T>
            theme={scheme === 'dark' ? darkTheme : lightTheme}
            rowModelType="infinite"
            datasource={datasource}
            cacheBlockSize={blockSize}
            maxBlocksInCache={20}
            columnDefs={props.columns}
            defaultColDef={{ sortable: true, resizable: true, flex: 1, minWidth: 120 }}
            initialState={{ sort: { sortModel: initialSort } }}
            onSortChanged={onSortChanged}
            onGridReady={(e) => {
              apiRef.current = e.api;
            }}
            onRowClicked={(e) => e.data && props.onRowClick?.(e.data)}
            getRowId={props.getRowId ? (p) => props.getRowId!(p.data) : undefined}
            localeText={{ loadingOoo: t('grid.loading'), noRowsToShow: t('grid.noRows') }}
            rowHeight={44}
            headerHeight={44}
          />
        )}
      </Box>
    </Paper>
  );
}
