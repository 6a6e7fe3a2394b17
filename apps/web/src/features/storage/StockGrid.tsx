import { useMemo } from 'react';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { useFieldLabel } from '@/i18n/field-label';
import { type StockRow, stockColumns } from './stock-columns';

/**
 * The stock of one warehouse (`GET /lager/{id}/bestaende`) as a grid, by article number, with the user's saved preset
 * `ProductStocks`: the full columns on the storage-location page, the technician's columns on the service stores.
 */
export function StockGrid(props: { lagerId: number; columns: 'full' | 'service'; height: string; onRowClick?: (row: StockRow) => void }) {
  const f = useFieldLabel();
  const columns = useMemo(() => stockColumns(f, props.columns), [f, props.columns]);
  return (
    <DataGrid<StockRow>
      key={props.lagerId}
      endpoint="lagerBestaende"
      presetName="ProductStocks"
      params={{ id: props.lagerId }}
      columns={columns}
      defaultPreset={{ sortBy: 'artikelnummer', descending: false }}
      getRowId={(r) => String(r.artikelId)}
      onRowClick={props.onRowClick}
      height={props.height}
    />
  );
}
