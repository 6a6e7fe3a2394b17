import { Alert, Button, Group, SegmentedControl } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import type { dealListe } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useRouteMount } from '@/components/record-page/route-mount';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDateTime, formatPercent } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { DealBoard } from '../board/DealBoard';
import { DealAddDialog } from '../DealAddDialog';
import { useDealsOn } from '../use-deal';

type DealListe = z.infer<typeof dealListe>;
const STATUS_COLOR = { 0: 'blue', 1: 'green', 2: 'gray' } as Record<number, string>;

/** /deals (DEAL-001, DEAL-011) and the address's deals tab (DEAL-002): the list, or beside it the phase board. */
export function DealListPage() {
  const { t } = useTranslation(['deals', 'fields']);
  const navigate = useNavigate();
  const { listPath } = useRouteMount({ listPath: '/deals', idParam: 'id', back: null });
  const me = useMe().data;
  const on = useDealsOn();
  const params = useParams({ strict: false }) as { id?: string };
  // below an address (/addresses/$id/deals) the list shows that address's deals and a new one is for it
  const adresseId = listPath.startsWith('/addresses/') && params.id ? Number(params.id) : undefined;
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const [view, setView] = useState<'list' | 'board'>(search.view === 'board' ? 'board' : 'list');
  const given = Number(search.adresseId);
  const [adding, setAdding] = useState(search.neu === 1 || search.neu === '1');
  const filter = adresseId ? `adresseId=${adresseId}` : undefined;

  const columns = useMemo<ColDef<DealListe>[]>(
    () => [
      { field: 'id', headerName: t('f.id'), minWidth: 90, maxWidth: 110 },
      { field: 'titel', headerName: t('f.titel'), minWidth: 220, flex: 2 },
      { field: 'adresseName', headerName: t('f.adresseName'), minWidth: 180, flex: 1, sortable: false },
      { field: 'kundennr', headerName: t('f.kundennr'), minWidth: 110, maxWidth: 140, sortable: false },
      { field: 'phase', headerName: t('f.phase'), minWidth: 140, valueFormatter: (p) => (p.value ? t(`phase.${p.value}` as 'phase.1') : '') },
      {
        field: 'status',
        headerName: t('f.status'),
        minWidth: 110,
        maxWidth: 140,
        cellRenderer: textBadgeCell<DealListe>(
          () => null,
          (d) => ({ label: t(`status.${d.status}` as 'status.0'), color: STATUS_COLOR[d.status] ?? 'gray' }),
        ),
      },
      { field: 'chance', headerName: t('f.chance'), minWidth: 100, maxWidth: 130, type: 'rightAligned', valueFormatter: (p) => formatPercent(p.value) },
      {
        field: 'investitionssummeGeplant',
        headerName: t('f.investitionssummeGeplant'),
        minWidth: 150,
        type: 'rightAligned',
        valueFormatter: (p) => formatCurrency(p.value),
      },
      { field: 'naechsterKontakt', headerName: t('f.naechsterKontakt'), minWidth: 150, valueFormatter: (p) => (p.value ? formatDateTime(p.value) : '') },
    ],
    [t],
  );

  const actions = (
    <Group gap="sm">
      <SegmentedControl
        aria-label={t('view.label')}
        value={view}
        onChange={(v) => setView(v as 'list' | 'board')}
        data={[
          { value: 'list', label: t('view.list') },
          { value: 'board', label: t('view.board') },
        ]}
        data-testid="deals-view"
      />
      {hasRight(me, 'DEALS_AENDERN') && (
        <Button onClick={() => setAdding(true)} leftSection={<IconPlus size={16} />} data-testid="deal-new">
          {t('new')}
        </Button>
      )}
    </Group>
  );

  if (me && (!hasRight(me, 'DEALS_SEHEN') || !on)) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="deals-no-data">
          {on ? t('common.noData') : t('off')}
        </Alert>
      </>
    );
  }
  return (
    <>
      {adresseId ? (
        // the address's tab: the address's record page has the screen's heading
        <Group justify="space-between" mb="sm">
          <SectionTitle size="h5">{t('title')}</SectionTitle>
          {actions}
        </Group>
      ) : (
        <PageHeader title={t('title')} subtitle={t('subtitle')} actions={actions} />
      )}
      {view === 'board' ? (
        <DealBoard filter={filter} recordPath={listPath} />
      ) : (
        <DataGrid<DealListe>
          endpoint="dealsList"
          exportEndpoint="dealsExport"
          presetName={adresseId ? 'AdresseDeals' : 'Deals'}
          keepAlive={!adresseId}
          filter={filter}
          columns={columns}
          defaultPreset={{ sortBy: 'id', descending: true }}
          getRowId={(d) => String(d.id)}
          onRowClick={(d) => void navigate({ href: `${listPath}/${d.id}/masterdata` })}
        />
      )}
      <DealAddDialog
        opened={adding}
        onClose={() => setAdding(false)}
        adresseId={adresseId ?? (Number.isInteger(given) && given > 0 ? given : undefined)}
        recordPath={listPath}
      />
    </>
  );
}
