import {
  CellStyleModule,
  ColumnApiModule,
  GridStateModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowApiModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import 'ag-grid-community/styles/ag-grid.min.css';
import 'ag-grid-community/styles/ag-theme-quartz-no-font.min.css';
import 'ag-grid-community/styles/agGridQuartzFont.min.css';
import './grid-theme.css';

// Only the grid features the lists use (AllCommunityModule would add ~0.5 MB); in development the validation module
// names any feature used without its module.
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  ColumnApiModule,
  GridStateModule,
  LocaleModule,
  CellStyleModule,
  RowApiModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  ...(import.meta.env.DEV || import.meta.env.VITE_GRID_VALIDATION ? [ValidationModule] : []),
]);

/**
 * AG Grid with its modules and stylesheets: a chunk of its own (about 1.4 MB of script and 290 KB of CSS) that
 * DataGrid loads when a list is first shown, so pages without a list (login, home) do not load it.
 */
export function AgGridBody<T>(props: AgGridReactProps<T>) {
  return <AgGridReact<T> {...props} />;
}
