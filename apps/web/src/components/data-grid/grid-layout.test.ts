import { describe, expect, it } from 'vitest';
import type { ColDef } from './columns';
import { arrangeColumns } from './DataGrid';
import { columnWidths } from './GridBody';

type Row = { a: string; b: string; c: string; d: string };

describe('the grid’s columns', () => {
  it('share the free width by flex within their minimum and maximum; widths set by hand stay as set', () => {
    const cols: ColDef<Row>[] = [{ field: 'a', maxWidth: 150 }, { field: 'b', flex: 2 }, { field: 'c' }, { field: 'd', width: 90 }];
    // 1000 px: d fixed at 120 (the default minimum); a would get 220 and is held at 150; b and c share the rest 2:1
    expect(columnWidths(cols, {}, 1000)).toEqual([150, 486, 243, 120]);
    expect(columnWidths(cols, { b: 300 }, 1000)).toEqual([150, 300, 430, 120]);
    // too narrow: every column keeps its minimum (the grid scrolls sideways)
    expect(columnWidths(cols, {}, 200)).toEqual([120, 120, 120, 120]);
  });

  it('are shown in the saved order, hidden and shown as the preset says, new columns where defined', () => {
    const cols: ColDef<Row>[] = [{ field: 'a' }, { field: 'b', hide: true }, { field: 'c' }, { field: 'd' }];
    const ids = (layout: Parameters<typeof arrangeColumns>[1]) => arrangeColumns(cols, layout).map((c) => c.field);
    expect(ids(undefined)).toEqual(['a', 'c', 'd']);
    expect(ids({ order: ['d', 'a'], visible: { b: true, c: false } })).toEqual(['d', 'a', 'b']);
  });
});
