import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { commaList, downloadName, shownColumns } from './export-list';

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
    expect(shownColumns(null, cols)).toEqual([
      { field: 'name1', label: 'Name' },
      { field: 'ort', label: 'ort' },
    ]);
  });
});
