import type { ColDef, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import './cells.css';

export interface CellBadge {
  label: string;
  /** A Mantine colour name (red, green, gray, …). */
  color: string;
}

/** What a text-and-badge cell shows, read by the phone's card list (which draws it without AG Grid). */
export interface CellParts<T> {
  text: (row: T) => string | null | undefined;
  badge: (row: T) => CellBadge | null;
}

/**
 * A cell of text with an optional badge, drawn as plain DOM: list screens show dozens of these at once, and a React
 * renderer per cell (a portal each) costs more than the whole row otherwise.
 */
export function textBadgeCell<T>(text: (row: T) => string | null | undefined, badge: (row: T) => CellBadge | null) {
  return class TextBadgeCell implements ICellRendererComp<T> {
    static readonly parts: CellParts<T> = { text, badge };
    private el = document.createElement('span');

    init(p: ICellRendererParams<T>) {
      this.el.className = 'vario-cell';
      this.render(p);
    }
    getGui() {
      return this.el;
    }
    refresh(p: ICellRendererParams<T>) {
      this.render(p);
      return true;
    }
    private render(p: ICellRendererParams<T>) {
      this.el.replaceChildren();
      if (!p.data) return;
      const value = text(p.data);
      if (value) {
        const t = document.createElement('span');
        t.className = 'vario-cell-text';
        t.textContent = value;
        this.el.append(t);
      }
      const b = badge(p.data);
      if (b) {
        const e = document.createElement('span');
        e.className = 'vario-cell-badge';
        e.style.setProperty('--badge-bg', `var(--mantine-color-${b.color}-light)`);
        e.style.setProperty('--badge-color', `var(--mantine-color-${b.color}-light-color)`);
        e.textContent = b.label;
        this.el.append(e);
      }
    }
  };
}

/**
 * A code column (status, kind, salutation …): every code the list can hold with the label the list shows for it — the
 * one place the grid (AG Grid's `refData` and the formatter), the phone's cards and the export (`shownColumns`) read
 * them from. A code without a label shows (and exports) as itself.
 */
export function codeColumn<T>(codes: readonly (string | number)[], label: (code: string) => string): Pick<ColDef<T>, 'refData' | 'valueFormatter'> {
  const refData: Record<string, string> = Object.fromEntries(codes.map((c) => [String(c), label(String(c))]));
  return {
    refData,
    valueFormatter: (p) => (p.value === null || p.value === undefined || p.value === '' ? '' : (refData[String(p.value)] ?? String(p.value))),
  };
}
