import type { ColDef } from './columns';
import './cells.css';

export interface CellBadge {
  label: string;
  /** A Mantine colour name (red, green, gray, …). */
  color: string;
}

/** What a text-and-badge cell shows, read by the grid and the phone's card list (cell-render.tsx `Cell`). */
export interface CellParts<T> {
  text: (row: T) => string | null | undefined;
  badge: (row: T) => CellBadge | null;
}

/**
 * A cell of text with an optional badge: a column's `cellRenderer` that carries its parts; the grid and the cards draw
 * it as two plain spans (cell-render.tsx), the export reads its text.
 */
export function textBadgeCell<T>(
  text: (row: T) => string | null | undefined,
  badge: (row: T) => CellBadge | null,
): NonNullable<ColDef<T>['cellRenderer']> & { parts: CellParts<T> } {
  // drawn by `Cell` from its parts; the function itself is never called
  return Object.assign(() => null, { parts: { text, badge } });
}

/**
 * A code column (status, kind, salutation …): every code the list can hold with the label the list shows for it — the
 * one place the grid (`refData` and the formatter), the phone's cards and the export (`shownColumns`) read them from.
 * A code without a label shows (and exports) as itself.
 */
export function codeColumn<T>(codes: readonly (string | number)[], label: (code: string) => string): Pick<ColDef<T>, 'refData' | 'valueFormatter'> {
  const refData: Record<string, string> = Object.fromEntries(codes.map((c) => [String(c), label(String(c))]));
  return {
    refData,
    valueFormatter: (p) => (p.value === null || p.value === undefined || p.value === '' ? '' : (refData[String(p.value)] ?? String(p.value))),
  };
}
