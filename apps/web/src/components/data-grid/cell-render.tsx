import { createElement, type ReactNode } from 'react';
import type { CellParts } from './cells';
import { type CellParams, type ColDef, columnId } from './columns';

declare module 'react' {
  interface CSSProperties {
    /** The badge colours of a text-and-badge cell (cells.css). */
    '--badge-bg'?: string;
    '--badge-color'?: string;
  }
}

/** A column's raw value of a row: its value getter, else its field. */
export function cellValue<T>(c: ColDef<T>, row: T | undefined): unknown {
  if (c.valueGetter) return c.valueGetter({ data: row, colDef: c });
  return row && c.field ? (row as Record<string, unknown>)[c.field] : undefined;
}

const params = <T,>(c: ColDef<T>, row: T | undefined): CellParams<T> => ({ data: row, value: cellValue(c, row), colDef: c });

/** A column's value of a row as text, through its value getter and formatter. */
export function cellText<T>(c: ColDef<T>, row: T): string {
  const value = cellValue(c, row);
  if (c.valueFormatter) return String(c.valueFormatter({ value, data: row, colDef: c }) ?? '');
  return value === null || value === undefined ? '' : String(value);
}

const partsOf = <T,>(c: ColDef<T>) => (c.cellRenderer as { parts?: CellParts<T> } | undefined)?.parts;

/** True when a column shows nothing for the row (no text, no badge); React renderers count as shown. */
export function isEmptyCell<T>(c: ColDef<T>, row: T): boolean {
  const parts = partsOf(c);
  if (parts) return !parts.text(row) && !parts.badge(row);
  if (c.cellRenderer) return false;
  return cellText(c, row).trim() === '';
}

/** A cell's own style (a column's `cellStyle`). */
export function cellStyleOf<T>(c: ColDef<T>, row: T | undefined) {
  return typeof c.cellStyle === 'function' ? (c.cellStyle(params(c, row)) ?? undefined) : c.cellStyle;
}

/** A cell's content: a text-and-badge cell by its parts, a React renderer as a component, else its text. */
export function Cell<T>({ col, row }: { col: ColDef<T>; row: T }): ReactNode {
  const parts = partsOf(col);
  if (parts) {
    const text = parts.text(row);
    const badge = parts.badge(row);
    return (
      <span className="vario-cell">
        {text && <span className="vario-cell-text">{text}</span>}
        {badge && (
          <span
            className="vario-cell-badge"
            style={{ '--badge-bg': `var(--mantine-color-${badge.color}-light)`, '--badge-color': `var(--mantine-color-${badge.color}-light-color)` }}
          >
            {badge.label}
          </span>
        )}
      </span>
    );
  }
  if (col.cellRenderer) return createElement(col.cellRenderer, params(col, row));
  return cellText(col, row);
}

export { columnId };
