import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { handleApiError } from '@/lib/api/error-handler';
import type { WindowAnswer } from './CardListBody';
import { Cell, cellStyleOf, cellText } from './cell-render';
import { type ColDef, columnId, DEFAULT_COLUMN } from './columns';
import './grid.css';

/** Server windows kept while scrolling (older ones are fetched again when scrolled back to). */
const MAX_WINDOWS = 20;
/** Rows drawn beyond the visible ones (above and below). */
const OVERSCAN = 4;
/** px a column grows or shrinks per Shift+Arrow on its header. */
const RESIZE_STEP = 16;

export interface GridBodyHandle {
  /** Focuses the first row's first cell (arrow down from the quick search); false when there is no row. */
  focusFirstRow: () => boolean;
}

export interface GridBodyProps<T> {
  /** The columns shown, in the user's order. */
  columns: ColDef<T>[];
  /** Widths set by hand (px), by column id. */
  widths: Record<string, number>;
  onWidthChange: (id: string, width: number) => void;
  /** Moves a column before another one (drag and drop or Ctrl+Arrow on its header). */
  onMove: (id: string, before: number) => void;
  fetchWindow: (start: number, end: number, orderBy: string | undefined) => Promise<WindowAnswer<T>>;
  /** Changes whenever the rows change (search, filter, parameters): the list starts again from the top. */
  resetKey: string;
  blockSize: number;
  sortBy: string | null;
  descending: boolean;
  onSortChange: (sortBy: string | null, descending: boolean) => void;
  onRowClick?: (row: T) => void;
  rowHeight: number;
  headerHeight: number;
  recordTab?: boolean;
  /** Back from a record: the row to bring to the top once its window is loaded. */
  restoreRow: number;
  /** Reports the first row in view while scrolling (kept when the list is left). */
  onFirstRow: (index: number) => void;
  loadingText: string;
  noRowsText: string;
  handle?: React.Ref<GridBodyHandle>;
}

interface Pos {
  /** -1: the header row. */
  row: number;
  col: number;
}

/** The columns' widths in px: hand-set and fixed ones as they are, the others share the rest by `flex` within min and max. */
export function columnWidths<T>(cols: readonly ColDef<T>[], set: Record<string, number>, available: number): number[] {
  const min = (c: ColDef<T>) => c.minWidth ?? DEFAULT_COLUMN.minWidth;
  const clamp = (c: ColDef<T>, w: number) => Math.min(Math.max(w, min(c)), c.maxWidth ?? Number.POSITIVE_INFINITY);
  const out = cols.map((c) => {
    const own = set[columnId(c) ?? ''];
    if (own) return clamp(c, own);
    return c.width && c.flex === undefined ? clamp(c, c.width) : -1;
  });
  let free = out.flatMap((w, i) => (w < 0 ? [i] : []));
  let rest = available - out.reduce((n, w) => n + Math.max(w, 0), 0);
  const flex = (i: number) => cols[i]?.flex ?? 1;
  while (free.length) {
    const total = free.reduce((n, i) => n + flex(i), 0);
    const share = (i: number) => (rest * flex(i)) / total;
    const limited = free.filter((i) => clamp(cols[i] as ColDef<T>, share(i)) !== share(i));
    if (!limited.length) {
      for (const i of free) out[i] = Math.floor(share(i));
      break;
    }
    const shares = limited.map((i) => [i, clamp(cols[i] as ColDef<T>, share(i))] as const);
    for (const [i, w] of shares) {
      out[i] = w;
      rest -= w;
    }
    free = free.filter((i) => !limited.includes(i));
  }
  return out;
}

/**
 * The list's table on a desktop: an ARIA grid over server windows (limit/offset) with virtual scrolling
 * (@tanstack/react-virtual), server sort by the headers, widths by drag and by keyboard, columns moved by drag and
 * drop, and one keyboard model: arrows between cells, Home/End (with Ctrl: first/last row), PageUp/PageDown, Enter opens
 * the row or sorts by the header.
 */
export function GridBody<T>(props: GridBodyProps<T>) {
  const { fetchWindow, blockSize, sortBy, descending, columns } = props;
  const orderBy = sortBy ? `${descending ? '-' : ''}${sortBy}` : undefined;
  const scroller = useRef<HTMLDivElement>(null);
  const windows = useRef(new Map<number, T[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const [known, setKnown] = useState<{ count: number | null; end: number; hasMore: boolean; first: boolean }>({
    count: null,
    end: 0,
    hasMore: true,
    first: false,
  });
  const [failed, setFailed] = useState(false);
  const rowCount = known.first ? (known.count ?? known.end + (known.hasMore ? 1 : 0)) : 0;

  const load = useCallback(
    (block: number) => {
      if (windows.current.has(block) || pending.current.has(block)) return;
      const gen = generation.current;
      const start = block * blockSize;
      pending.current.add(block);
      fetchWindow(start, start + blockSize, orderBy).then(
        (answer) => {
          if (gen !== generation.current) return;
          pending.current.delete(block);
          windows.current.set(block, answer.rows);
          // the windows farthest from this one go first
          while (windows.current.size > MAX_WINDOWS) {
            const far = [...windows.current.keys()].sort((a, b) => Math.abs(b - block) - Math.abs(a - block))[0] ?? block;
            windows.current.delete(far);
          }
          setKnown((k) => ({
            count: answer.count,
            end: Math.max(block === 0 ? 0 : k.end, start + answer.rows.length),
            hasMore: answer.count === null ? answer.hasMore || (k.end > start + answer.rows.length && k.hasMore) : false,
            first: true,
          }));
          loaded();
        },
        (e) => {
          if (gen !== generation.current) return;
          pending.current.delete(block);
          handleApiError(e, { read: props.recordTab });
          setFailed(true);
        },
      );
    },
    [fetchWindow, blockSize, orderBy, props.recordTab],
  );

  const restore = useRef(props.restoreRow);
  // a new search, filter or sort starts from the top
  useEffect(() => {
    generation.current++;
    windows.current.clear();
    pending.current.clear();
    setKnown({ count: null, end: 0, hasMore: true, first: false });
    setFailed(false);
    if (restore.current === 0) scroller.current?.scrollTo({ top: 0 });
    load(0);
  }, [props.resetKey, load]);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => props.rowHeight,
    overscan: OVERSCAN,
    scrollPaddingStart: props.headerHeight,
    paddingStart: props.headerHeight,
  });
  useLayoutEffect(() => virtualizer.measure(), [props.rowHeight, props.headerHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();

  // the windows of the rows in view (and the overscan) are fetched
  const firstItem = items[0]?.index ?? 0;
  const lastItem = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (!known.first || rowCount === 0) return;
    for (let b = Math.floor(firstItem / blockSize); b <= Math.floor(lastItem / blockSize); b++) load(b);
  }, [firstItem, lastItem, known.first, rowCount, blockSize, load]);

  // back from a record: the row that was first in view is scrolled to the top (its window loads on the way)
  useEffect(() => {
    const row = restore.current;
    if (row <= 0 || !known.first) return;
    restore.current = 0;
    const target = known.count === null ? row : Math.min(row, known.count - 1);
    if (known.count === null && target >= rowCount) {
      setKnown((k) => ({ ...k, end: Math.max(k.end, target + 1) }));
    }
    requestAnimationFrame(() => virtualizer.scrollToIndex(target, { align: 'start' }));
  }, [known.first, known.count, rowCount, virtualizer]);

  const onScroll = () => {
    if (restore.current > 0) return;
    const top = scroller.current?.scrollTop ?? 0;
    props.onFirstRow(Math.max(0, Math.ceil(top / props.rowHeight - 0.01)));
  };

  // widths: the scroller's width is shared among the columns
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const [dragWidth, setDragWidth] = useState<{ id: string; width: number } | null>(null);
  const widthsSet = useMemo(() => (dragWidth ? { ...props.widths, [dragWidth.id]: dragWidth.width } : props.widths), [props.widths, dragWidth]);
  const widths = useMemo(() => columnWidths(columns, widthsSet, available), [columns, widthsSet, available]);
  const template = widths.map((w) => `${w}px`).join(' ');
  const totalWidth = widths.reduce((n, w) => n + w, 0);

  // the focused cell (one tab stop: the grid's active cell, the first header when none was chosen)
  const [pos, setPos] = useState<Pos>({ row: -1, col: 0 });
  /** Set by a keyboard move: the cell to focus once drawn (and, after a column moved, the column it must show). */
  const wantFocus = useRef<false | { colId?: string }>(false);
  const col = Math.min(pos.col, Math.max(columns.length - 1, 0));
  const row = Math.min(pos.row, rowCount - 1);
  const moveTo = (next: Pos, colId?: string) => {
    const r = Math.max(-1, Math.min(next.row, rowCount - 1));
    const c = Math.max(0, Math.min(next.col, columns.length - 1));
    wantFocus.current = { colId };
    if (r >= 0) virtualizer.scrollToIndex(r, { align: 'auto' });
    setPos({ row: r, col: c });
  };
  useEffect(() => {
    const want = wantFocus.current;
    if (!want) return;
    let tries = 0;
    let frame = 0;
    const focus = () => {
      const el = scroller.current?.querySelector<HTMLElement>(`[data-pos="${row}:${col}"]`);
      if (el && (!want.colId || el.dataset.colId === want.colId)) {
        wantFocus.current = false;
        el.focus({ preventScroll: row < 0 });
      } else if (tries++ < 10) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  });

  useImperativeHandle(
    props.handle,
    () => ({
      focusFirstRow: () => {
        if (rowCount === 0 || !windows.current.get(0)?.length) return false;
        moveTo({ row: 0, col: 0 });
        return true;
      },
    }),
    [rowCount, columns.length],
  );

  const rowAt = (index: number): T | undefined => windows.current.get(Math.floor(index / blockSize))?.[index % blockSize];

  const sortNext = (c: ColDef<T>) => {
    const id = columnId(c);
    if (!id || c.sortable === false) return;
    // ascending, descending, the list's own order
    if (sortBy !== id) props.onSortChange(id, false);
    else if (!descending) props.onSortChange(id, true);
    else props.onSortChange(null, false);
  };

  const resizeBy = (i: number, delta: number) => {
    const c = columns[i];
    const id = c && columnId(c);
    if (!c || !id || c.resizable === false) return;
    props.onWidthChange(id, Math.max(c.minWidth ?? DEFAULT_COLUMN.minWidth, Math.min((widths[i] ?? 0) + delta, c.maxWidth ?? Number.POSITIVE_INFINITY)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || !(e.target as HTMLElement).dataset.pos) return;
    const page = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 0) - props.headerHeight) / props.rowHeight) - 1);
    const ctrl = e.ctrlKey || e.metaKey;
    const header = row < 0;
    let next: Pos | null = null;
    switch (e.key) {
      case 'ArrowDown':
        next = { row: row + 1, col };
        break;
      case 'ArrowUp':
        next = { row: row - 1, col };
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const step = e.key === 'ArrowLeft' ? -1 : 1;
        if (header && e.shiftKey) {
          resizeBy(col, step * RESIZE_STEP);
          e.preventDefault();
          return;
        }
        if (header && ctrl) {
          const c = columns[col];
          const id = c && columnId(c);
          const to = col + step;
          if (id && to >= 0 && to < columns.length) {
            props.onMove(id, step < 0 ? to : to + 1);
            e.preventDefault();
            moveTo({ row, col: to }, id);
          }
          return;
        }
        next = { row, col: col + step };
        break;
      }
      case 'Home':
        next = ctrl ? { row: 0, col } : { row, col: 0 };
        break;
      case 'End':
        next = ctrl ? { row: rowCount - 1, col } : { row, col: columns.length - 1 };
        break;
      case 'PageDown':
        next = { row: Math.max(row, 0) + page, col };
        break;
      case 'PageUp':
        next = { row: Math.max(row - page, 0), col };
        break;
      case 'Enter':
      case ' ': {
        const c = columns[col];
        if (header && c) sortNext(c);
        else if (e.key === 'Enter') {
          const data = rowAt(row);
          if (data && props.onRowClick) props.onRowClick(data);
          else return;
        } else return;
        e.preventDefault();
        return;
      }
      default:
        return;
    }
    e.preventDefault();
    if (next) moveTo(next);
  };

  // widths by drag: the column's right edge follows the pointer, saved when released
  const startResize = (i: number, e: ReactPointerEvent<HTMLSpanElement>) => {
    const c = columns[i];
    const id = c && columnId(c);
    if (!c || !id) return;
    e.preventDefault();
    e.stopPropagation();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const x0 = e.clientX;
    const w0 = widths[i] ?? 0;
    const widthAt = (x: number) => Math.round(Math.max(c.minWidth ?? DEFAULT_COLUMN.minWidth, Math.min(w0 + x - x0, c.maxWidth ?? Number.POSITIVE_INFINITY)));
    const move = (m: PointerEvent) => setDragWidth({ id, width: widthAt(m.clientX) });
    const up = (u: PointerEvent) => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      setDragWidth(null);
      if (u.type === 'pointerup') props.onWidthChange(id, widthAt(u.clientX));
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  };

  const dragged = useRef<string | null>(null);
  const sortState = (c: ColDef<T>) => (c.sortable === false ? undefined : sortBy === columnId(c) ? (descending ? 'descending' : 'ascending') : 'none');

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtual grid over server windows (a <table> cannot hold absolute rows)
    <div
      role="grid"
      aria-rowcount={known.count === null ? -1 : known.count + 1}
      aria-colcount={columns.length}
      aria-busy={!known.first || undefined}
      className="vg"
      data-testid="grid-body"
      onKeyDown={onKeyDown}
    >
      <div ref={scroller} className="vg-scroller" onScroll={onScroll}>
        <div className="vg-canvas" style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
          {/* biome-ignore lint/a11y/useSemanticElements: see the grid */}
          <div role="rowgroup" className="vg-head" style={{ width: Math.max(totalWidth, available) }}>
            {/* biome-ignore lint/a11y/useSemanticElements: see the grid */}
            {/* biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are its tab stop, not its rows */}
            <div role="row" aria-rowindex={1} className="vg-row vg-header-row" style={{ gridTemplateColumns: template, height: props.headerHeight }}>
              {columns.map((c, i) => {
                const id = columnId(c) ?? String(i);
                const sort = sortState(c);
                return (
                  // biome-ignore lint/a11y/useSemanticElements: see the grid
                  // biome-ignore lint/a11y/useKeyWithClickEvents: Enter and Space sort by the header (the grid's onKeyDown)
                  <div
                    key={id}
                    role="columnheader"
                    aria-colindex={i + 1}
                    aria-sort={sort}
                    data-col-id={id}
                    data-pos={`-1:${i}`}
                    tabIndex={row === -1 && col === i ? 0 : -1}
                    title={c.headerTooltip}
                    className={`vg-cell vg-header-cell${c.type === 'rightAligned' ? ' vg-right' : ''}${c.sortable === false ? '' : ' vg-sortable'}`}
                    onFocus={() => (row !== -1 || col !== i) && setPos({ row: -1, col: i })}
                    onClick={() => sortNext(c)}
                    draggable
                    onDragStart={(e) => {
                      dragged.current = id;
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onDragOver={(e) => dragged.current && dragged.current !== id && e.preventDefault()}
                    onDrop={(e) => {
                      e.preventDefault();
                      const from = dragged.current;
                      dragged.current = null;
                      if (!from || from === id) return;
                      const box = e.currentTarget.getBoundingClientRect();
                      props.onMove(from, e.clientX > box.left + box.width / 2 ? i + 1 : i);
                    }}
                  >
                    <span className="vg-header-text">{c.headerName}</span>
                    {sort && sort !== 'none' && (
                      <span className="vg-sort" aria-hidden>
                        {sort === 'ascending' ? '▲' : '▼'}
                      </span>
                    )}
                    {c.resizable !== false && (
                      <span className="vg-resize" aria-hidden onPointerDown={(e) => startResize(i, e)} onClick={(e) => e.stopPropagation()} />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: see the grid */}
          <div role="rowgroup">
            {items.map((v) => {
              const data = rowAt(v.index);
              const focusedRow = row === v.index;
              return (
                // biome-ignore lint/a11y/useSemanticElements: see the grid
                // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a cell opens the row (the grid's onKeyDown)
                // biome-ignore lint/a11y/useFocusableInteractive: the grid's cells are its tab stop, not its rows
                <div
                  // keyed by position: a row's element (and the cell focused in it) stays when its data arrives; a key by
                  // id beside the placeholders' index keys let a row with id 199 take over the placeholder of index 199
                  key={v.index}
                  role="row"
                  aria-rowindex={v.index + 2}
                  aria-busy={data ? undefined : true}
                  data-row-index={v.index}
                  className={`vg-row vg-body-row${v.index % 2 ? ' vg-odd' : ''}${focusedRow ? ' vg-row-focus' : ''}${props.onRowClick ? ' vg-clickable' : ''}`}
                  style={{
                    gridTemplateColumns: template,
                    height: props.rowHeight,
                    transform: `translateY(${v.start}px)`,
                    width: Math.max(totalWidth, available),
                  }}
                  onClick={() => data && props.onRowClick?.(data)}
                >
                  {columns.map((c, i) => (
                    // biome-ignore lint/a11y/useSemanticElements: see the grid
                    <div
                      key={columnId(c) ?? i}
                      role="gridcell"
                      aria-colindex={i + 1}
                      data-col-id={columnId(c)}
                      data-pos={`${v.index}:${i}`}
                      tabIndex={focusedRow && col === i ? 0 : -1}
                      className={`vg-cell${c.type === 'rightAligned' ? ' vg-right' : ''}${focusedRow && col === i ? ' vg-cell-focus' : ''}`}
                      style={data ? cellStyleOf(c, data) : undefined}
                      onFocus={() => (row !== v.index || col !== i) && setPos({ row: v.index, col: i })}
                    >
                      {data && (c.cellRenderer ? <Cell col={c} row={data} /> : <span className="vg-text">{cellText(c, data)}</span>)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
        {(!known.first || failed || rowCount === 0) && (
          <div className="vg-overlay" style={{ top: props.headerHeight }}>
            {known.first || failed ? props.noRowsText : props.loadingText}
          </div>
        )}
      </div>
    </div>
  );
}
