import type { ComponentType, CSSProperties, ReactNode } from 'react';

/** What a cell's formatter, getter, style and renderer are given: the row (undefined while its window loads) and its value. */
export interface CellParams<T> {
  data: T | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the value of a field of T, as the column's own formatter knows it
  value: any;
  colDef: ColDef<T>;
}

/** A column of the generic list (DataGrid): the options the lists use, named as before (a subset of AG Grid's `ColDef`). */
export interface ColDef<T = unknown> {
  /** The row's field shown and sorted by (the server's `orderBy` name unless `colId` says otherwise). */
  field?: string;
  /** The column's id: its sort key and its name in presets; defaults to `field`. */
  colId?: string;
  headerName?: string;
  headerTooltip?: string;
  /** Hidden until shown by the column chooser. */
  hide?: boolean;
  /** A fixed width in px (without `flex`). */
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** Share of the free width (default 1). */
  flex?: number;
  sortable?: boolean;
  resizable?: boolean;
  /** `rightAligned`: numbers and amounts. */
  type?: 'rightAligned';
  valueGetter?: (p: { data: T | undefined; colDef: ColDef<T> }) => unknown;
  valueFormatter?: (p: CellParams<T>) => string | null | undefined;
  /** A React component (or a text-and-badge cell of cells.ts) drawing the cell. */
  cellRenderer?: ComponentType<CellParams<T>> | ((p: CellParams<T>) => ReactNode);
  cellStyle?: CSSProperties | ((p: CellParams<T>) => CSSProperties | null | undefined);
  /** A code column's labels (cells.ts `codeColumn`): shown, exported and offered by the same map. */
  refData?: Record<string, string>;
}

/** The params of a React cell renderer (the name the features knew from AG Grid). */
export type ICellRendererParams<T> = CellParams<T>;

/** The list's defaults for every column (sortable, resizable, sharing the width, at least 120 px). */
export const DEFAULT_COLUMN = { sortable: true, resizable: true, minWidth: 120 } as const;

/** A column's id: `colId`, else its field. */
export const columnId = <T>(c: ColDef<T>): string | undefined => c.colId ?? c.field;

/** The column chooser's props (ColumnChooser and its lazily loaded menu, ColumnMenu). */
export interface ColumnChooserProps<T> {
  columns: readonly ColDef<T>[];
  /** Whether a column (by id) is shown now. */
  visible: (id: string) => boolean;
  onChange: (id: string, visible: boolean) => void;
}
