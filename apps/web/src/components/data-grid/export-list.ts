import endpoints from 'virtual:api-routes';
import type { EndpointName } from '@vario/contract';
import { type QueryValue, request } from '@/lib/api/client';
import { saveBlob } from '@/lib/save-blob';
import type { ColDef } from './columns';

/** One column of an export: the list field, the header the user sees and, for a code column, its codes' labels. */
export interface ExportColumn {
  field: string;
  label: string;
  /** Code → the label the list shows for it (the column's `refData`, see cells.ts `codeColumn`). */
  values?: Readonly<Record<string, string>>;
}

/** A comma list of the export's query: `\,` and `\\` stand for a comma and a backslash (the list filter's grammar). */
export const commaList = (items: readonly string[]) => items.map((s) => s.replace(/[\\,]/g, (c) => `\\${c}`)).join(',');

/**
 * The columns the user sees, in the user's order (on a desktop as moved, hidden and shown by the column chooser; on a
 * phone's card list the columns not hidden). Columns without a list field are left out.
 * A code column (status, kind, …) carries the labels it shows for its codes (its `refData`): the file says "gebucht"
 * where the list says "gebucht", never the stored 3.
 */
export function shownColumns<T>(shown: readonly ColDef<T>[]): ExportColumn[] {
  return shown
    .filter((c) => typeof c.field === 'string' && c.field)
    .map((c) => ({ field: c.field as string, label: c.headerName ?? (c.field as string), ...(c.refData ? { values: c.refData } : {}) }));
}

/** The query of an export's columns: their fields and headers as comma lists, the code columns' labels as JSON. */
export function exportColumnParams(columns: readonly ExportColumn[]): Record<string, string> {
  const coded = columns.filter((c) => c.values);
  return {
    columns: commaList(columns.map((c) => c.field)),
    labels: commaList(columns.map((c) => c.label)),
    ...(coded.length ? { values: JSON.stringify(Object.fromEntries(coded.map((c) => [c.field, c.values]))) } : {}),
  };
}

/** The file name of a download, from its Content-Disposition (the UTF-8 name first). */
export function downloadName(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a list's export (`GET <list>/export`, a CSV for Excel): the list's own query (filter, order, search,
 * further parameters) and the columns shown, with their headers. The server streams every row; an error answers the
 * error object like every call.
 */
export async function downloadExport(endpoint: EndpointName, query: Record<string, QueryValue>, columns: readonly ExportColumn[]): Promise<void> {
  const ep = endpoints[endpoint];
  const params = { ...query, format: 'csv', ...exportColumnParams(columns) };
  const res = await request<ArrayBuffer>(ep.method, ep.path, { params, headers: { Accept: 'text/csv' } });
  const type = res.headers.get('Content-Type') ?? 'text/csv';
  saveBlob(new Blob([res.data], { type }), downloadName(res.headers.get('Content-Disposition'), 'export.csv'));
}
