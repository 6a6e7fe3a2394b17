import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { assetListe } from '@vario/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useRouteMount } from '@/components/record-page/route-mount';
import { hasRight } from '@/lib/rights';
import { NoAssetRight } from '../NoAssetRight';

type AssetListe = z.infer<typeof assetListe>;

/** /assets: the index columns (ASS-002); without ASS_SEHEN the general no-data notice (RIGHT-013). */
export function AssetListPage() {
  const { t } = useTranslation(['assets', 'fields']);
  const navigate = useNavigate();
  // on its own at /assets, or mounted below another record
  const { listPath } = useRouteMount({ listPath: '/assets', idParam: 'id', back: null });
  const me = useMe().data;

  const columns = useMemo<ColDef<AssetListe>[]>(
    () => [
      { field: 'assetnummer', headerName: t('fields:assetnummer'), minWidth: 130, maxWidth: 180 },
      { field: 'bezeichnung', headerName: t('fields:bezeichnung'), minWidth: 220, flex: 2 },
      { field: 'seriennummer', headerName: t('fields:seriennummer'), minWidth: 150 },
      { field: 'imei', headerName: t('fields:imei'), minWidth: 160 },
      {
        field: 'istAktiv',
        headerName: t('fields:istAktiv'),
        minWidth: 100,
        maxWidth: 130,
        cellRenderer: textBadgeCell<AssetListe>(
          () => null,
          (a) => (a.istAktiv ? { label: t('common.yes'), color: 'green' } : { label: t('common.no'), color: 'gray' }),
        ),
      },
    ],
    [t],
  );

  if (me && !hasRight(me, 'ASS_SEHEN')) return <NoAssetRight />;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, 'ASS_AENDERN') && (
            <Button onClick={() => void navigate({ href: `${listPath}/new` })} leftSection={<IconPlus size={16} />} data-testid="asset-new">
              {t('new')}
            </Button>
          )
        }
      />
      <DataGrid<AssetListe>
        endpoint="assetsList"
        exportEndpoint="assetsExport"
        presetName="Assets"
        keepAlive
        columns={columns}
        defaultPreset={{ sortBy: 'assetnummer', descending: false }}
        getRowId={(a) => String(a.id)}
        onRowClick={(a) => void navigate({ href: `${listPath}/${a.id}/masterdata` })}
      />
    </>
  );
}
