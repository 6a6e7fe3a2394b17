import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { FreieSqlParameter } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { FreeSqlFormDialog } from './FreeSqlFormDialog';

interface Row {
  id: number;
  name: string;
  parameter: FreieSqlParameter[];
}

/** The saved reports (STAT-018): by name, quick search; a row opens the report (STAT-019); administrators add reports. */
export function FreeSqlListPage() {
  const { t } = useTranslation('freeSql');
  const navigate = useNavigate();
  const path = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') });
  const isAdmin = !!useMe().data?.benutzer.istAdmin;
  const [adding, setAdding] = useState(false);
  const columns = useMemo<ColDef<Row>[]>(
    () => [
      { field: 'name', headerName: t('columns.name'), flex: 2, minWidth: 220 },
      {
        field: 'parameter',
        headerName: t('columns.parameter'),
        sortable: false,
        flex: 1,
        minWidth: 160,
        valueFormatter: (p) => ((p.value as FreieSqlParameter[] | undefined)?.map((x) => x.bezeichnung).join(', ') ?? '') || t('noParameters'),
      },
    ],
    [t],
  );
  const open = (id: number) => void navigate({ href: `${path}/${id}` });
  return (
    <>
      <PageHeader
        level={2}
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          isAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="free-sql-new">
              {t('new')}
            </Button>
          )
        }
      />
      <DataGrid<Row>
        endpoint="freieSqlList"
        presetName="FreeSqlList"
        columns={columns}
        defaultPreset={{ sortBy: 'name', descending: false }}
        searchable
        getRowId={(r) => String(r.id)}
        onRowClick={(r) => open(r.id)}
      />
      {adding && <FreeSqlFormDialog report={null} onClose={() => setAdding(false)} onSaved={(id) => open(id)} />}
    </>
  );
}
