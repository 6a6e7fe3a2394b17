import { useNavigate, useSearch } from '@tanstack/react-router';
import { berlinTag } from '@vario/contract';
import { useRef } from 'react';
import type { DataGridHandle } from '@/components/data-grid/DataGrid';
import { useOpenItemSummary } from '../api';
import type { OpenItemListSearch, OpenItemState } from './list-filter';

/** The data of the open-item list: its filters in the URL and the summary by level (the dunning run: DunningPreviewDialog). */
export function useOpenItemList() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as OpenItemListSearch;
  const grid = useRef<DataGridHandle>(null);
  const summary = useOpenItemSummary();
  const today = berlinTag();
  const status: OpenItemState = search.status ?? 'open';
  const setSearch = (next: OpenItemListSearch) => void navigate({ to: '/openItems', search: next, replace: true });
  const open = (id: number) => void navigate({ to: '/openItems/$id/masterdata', params: { id: String(id) } });

  return { search, setSearch, status, today, grid, summary: summary.data, open };
}
