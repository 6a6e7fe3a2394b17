import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconLockOpen, IconRefresh } from '@tabler/icons-react';
import type { sperre } from '@vario/contract';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ColDef, ICellRendererParams } from '@/components/data-grid/columns';
import { DataGrid, type DataGridHandle } from '@/components/data-grid/DataGrid';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { useReleaseLock } from './api';

type Sperre = z.infer<typeof sperre>;

/** The locks page: every live record lock, with release (APP-018). */
export function LocksPage() {
  const { t } = useTranslation('system');
  const grid = useRef<DataGridHandle>(null);
  const release = useReleaseLock();

  const columns = useMemo<ColDef<Sperre>[]>(() => {
    const onRelease = async (s: Sperre) => {
      const ok = await confirmDialog({
        title: t('releaseTitle'),
        message: t('releaseText', { user: s.benutzerName, table: s.tabelle, id: s.datensatzId }),
        confirmLabel: t('release'),
      });
      if (!ok) return;
      release.mutate(s.id, {
        onSuccess: () => {
          notifySuccess(t('released'));
          grid.current?.refresh();
        },
      });
    };
    return [
      { field: 'tabelle', headerName: t('table'), maxWidth: 160 },
      { field: 'datensatzId', headerName: t('record'), maxWidth: 160 },
      { field: 'benutzerName', headerName: t('user') },
      { field: 'erstelltAm', headerName: t('createdAt'), valueFormatter: (p) => formatDateTime(p.value) },
      { field: 'gueltigBis', headerName: t('validUntil'), valueFormatter: (p) => formatDateTime(p.value) },
      {
        colId: 'actions',
        headerName: '',
        sortable: false,
        maxWidth: 150,
        minWidth: 130,
        cellRenderer: (p: ICellRendererParams<Sperre>) =>
          p.data ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconLockOpen size={14} />}
              onClick={() => p.data && void onRelease(p.data)}
              data-testid="lock-release"
            >
              {t('release')}
            </Button>
          ) : null,
      },
    ];
  }, [t, release.mutate]);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <DataGrid<Sperre>
        endpoint="sperrenList"
        presetName="Locks"
        columns={columns}
        defaultPreset={{ sortBy: 'gueltigBis', descending: false }}
        handle={grid}
        getRowId={(s) => String(s.id)}
        searchable={false}
        toolbar={
          <Tooltip label={t('common.refresh')}>
            <ActionIcon variant="default" onClick={() => grid.current?.refresh()} aria-label={t('common.refresh')}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        }
      />
    </>
  );
}
