import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { berlinTag } from '@vario/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataGridHandle } from '@/components/data-grid/DataGrid';
import { confirmDialog } from '@/components/dialogs/confirm';
import { handleApiError, TOAST } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { runDunning, useOpenItemSummary } from '../api';
import type { OpenItemListSearch, OpenItemState } from './list-filter';

/** The data of the open-item list: its filters in the URL, the summary by level and the dunning run. */
export function useOpenItemList() {
  const { t } = useTranslation('openItems');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as OpenItemListSearch;
  const grid = useRef<DataGridHandle>(null);
  const [running, setRunning] = useState(false);
  const summary = useOpenItemSummary();
  const today = berlinTag();
  const status: OpenItemState = search.status ?? 'open';
  const setSearch = (next: OpenItemListSearch) => void navigate({ to: '/openItems', search: next, replace: true });
  const open = (id: number) => void navigate({ to: '/openItems/$id/masterdata', params: { id: String(id) } });

  const dunning = async () => {
    if (!(await confirmDialog({ title: t('dunning.title'), message: t('dunning.confirm'), confirmLabel: t('dunning.start') }))) return;
    setRunning(true);
    try {
      const r = await runDunning();
      notifications.show({
        color: r.bereitsGelaufen ? 'blue' : 'teal',
        autoClose: r.bereitsGelaufen ? TOAST.info : TOAST.success,
        message: r.bereitsGelaufen
          ? t('dunning.already', { time: formatDateTime(r.gelaufenAm), user: r.benutzerName ?? '', count: r.erhoehtImLauf })
          : t('dunning.done', { count: r.erhoeht }),
      });
      grid.current?.refresh();
    } catch (e) {
      handleApiError(e);
    } finally {
      setRunning(false);
    }
  };

  return { search, setSearch, status, today, grid, running, dunning, summary: summary.data, open };
}
