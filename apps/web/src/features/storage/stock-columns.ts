import type { ColDef } from '@/components/data-grid/columns';
import type { FieldName } from '@/i18n/field-label';
import { formatDate, formatDecimal } from '@/lib/format';

/** One row of a warehouse's stock (`/stammdaten/lager/{id}/bestaende`, ART-021). */
export interface StockRow {
  artikelId: number;
  artikelNummer: string;
  bezeichnung: string;
  lagerId: number;
  bestand: number;
  reserviert: number;
  bestellt: number;
  blockiert: number;
  verfuegbar: number;
  naechsteLieferung: string | null;
  hatLagerplaetze: boolean;
}

const qty = { type: 'rightAligned', minWidth: 110, maxWidth: 150, valueFormatter: (p: { value: number | null }) => formatDecimal(p.value) } as const;

/** Columns of a store's stock list: artikelNummer, bezeichnung, bestand, reserviert, bestellt, blockiert (LAG-012). */
export function stockColumns(f: (name: FieldName) => string, extra: 'full' | 'service'): ColDef<StockRow>[] {
  const cols: ColDef<StockRow>[] = [
    { field: 'artikelNummer', colId: 'artikelnummer', headerName: f('artikelNummer'), minWidth: 140, maxWidth: 200 },
    { field: 'bezeichnung', headerName: f('bezeichnung'), minWidth: 220, flex: 2 },
    { field: 'bestand', headerName: f('bestand'), ...qty },
    { field: 'reserviert', headerName: f('reserviert'), ...qty },
    { field: 'bestellt', headerName: f('bestellt'), ...qty },
    { field: 'blockiert', headerName: f('blockiert'), ...qty },
  ];
  if (extra === 'full') {
    cols.push(
      { field: 'verfuegbar', headerName: f('verfuegbar'), ...qty, sortable: false },
      {
        field: 'naechsteLieferung',
        headerName: f('naechsteLieferung'),
        minWidth: 130,
        maxWidth: 170,
        valueFormatter: (p) => formatDate(p.value),
      },
    );
  }
  return cols;
}
