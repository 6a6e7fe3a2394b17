import { describe, expect, it } from 'vitest';
import { codeColumn } from './cells';
import type { ColDef } from './columns';
import { commaList, downloadName, exportColumnParams, shownColumns } from './export-list';

describe('list export (client side)', () => {
  it('writes the columns and labels as comma lists, commas and backslashes escaped', () => {
    expect(commaList(['Name, Firma', 'a\\b', 'Ort'])).toBe('Name\\, Firma,a\\\\b,Ort');
  });

  it('takes the UTF-8 file name of the answer before the ASCII one', () => {
    expect(downloadName(`attachment; filename="Offene_Posten.csv"; filename*=UTF-8''Offene%20Posten%C3%BC.csv`, 'x.csv')).toBe('Offene Postenü.csv');
    expect(downloadName('attachment; filename="Adressen_2026-01-02.csv"', 'x.csv')).toBe('Adressen_2026-01-02.csv');
    expect(downloadName(null, 'x.csv')).toBe('x.csv');
  });

  it('without a grid (phone) exports the columns not hidden, in their order, with their headers', () => {
    const cols: ColDef<{ name1: string; name3: string; ort: string }>[] = [
      { field: 'name1', headerName: 'Name' },
      { field: 'name3', headerName: 'Name 3', hide: true },
      { headerName: 'ohne Feld' },
      { field: 'ort' },
    ];
    expect(shownColumns(cols.filter((c) => !c.hide))).toEqual([
      { field: 'name1', label: 'Name' },
      { field: 'ort', label: 'ort' },
    ]);
  });

  it('a code column shows and exports the label of its code, one map for both; a code without a label stays itself', () => {
    type Row = { belegstatus: number; name: string };
    const status = codeColumn<Row>([1, 3], (c) => ({ '1': 'gespeichert', '3': 'gebucht' })[c] ?? c);
    const cols: ColDef<Row>[] = [
      { field: 'belegstatus', headerName: 'Status', ...status },
      { field: 'name', headerName: 'Name, Firma' },
    ];
    const format = status.valueFormatter as (p: { value: unknown }) => string;
    expect([format({ value: 3 }), format({ value: 1 }), format({ value: 7 }), format({ value: null })]).toEqual(['gebucht', 'gespeichert', '7', '']);
    const shown = shownColumns(cols);
    expect(shown).toEqual([
      { field: 'belegstatus', label: 'Status', values: { '1': 'gespeichert', '3': 'gebucht' } },
      { field: 'name', label: 'Name, Firma' },
    ]);
    expect(exportColumnParams(shown)).toEqual({
      columns: 'belegstatus,name',
      labels: 'Status,Name\\, Firma',
      values: '{"belegstatus":{"1":"gespeichert","3":"gebucht"}}',
    });
    // without code columns no values are sent
    expect(exportColumnParams([{ field: 'name', label: 'Name' }])).toEqual({ columns: 'name', labels: 'Name' });
  });
});
