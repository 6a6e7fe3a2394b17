import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { ARTIKELARTEN, type artikelListe } from '@vario/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { codeColumn, textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { formatCurrency, formatDate, formatDecimal } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { PRODUCT_LIST_PRESET } from './list-preset';

type ArtikelListe = z.infer<typeof artikelListe>;

const num = { type: 'rightAligned', minWidth: 110, maxWidth: 150 } as const;

/** /products: the index columns (ART-002) over server windows, quick search over number, name, EAN and manufacturer. */
export function ProductListPage() {
  const { t } = useTranslation(['products', 'fields']);
  const navigate = useNavigate();
  const me = useMe().data;

  const columns = useMemo<ColDef<ArtikelListe>[]>(() => {
    const artikelarten: Record<string, string> = t('artikelart', { returnObjects: true });
    return [
      {
        field: 'artikelart',
        headerName: t('fields:artikelart'),
        minWidth: 110,
        maxWidth: 160,
        ...codeColumn<ArtikelListe>(ARTIKELARTEN, (c) => artikelarten[c] ?? c),
      },
      { field: 'artikelnummer', headerName: t('fields.artikelnummer'), minWidth: 130, maxWidth: 180 },
      {
        field: 'bezeichnung',
        headerName: t('fields:bezeichnung'),
        minWidth: 220,
        flex: 2,
        cellRenderer: textBadgeCell<ArtikelListe>(
          (a) => a.bezeichnung,
          (a) => (a.gesperrt ? { label: t('blocked'), color: 'red' } : null),
        ),
      },
      { field: 'vknetto', headerName: t('fields:vknetto'), ...num, valueFormatter: (p) => formatCurrency(p.value) },
      { field: 'vkbrutto', headerName: t('fields:vkbrutto'), ...num, valueFormatter: (p) => formatCurrency(p.value) },
      { field: 'bestand', headerName: t('fields:bestand'), ...num, valueFormatter: (p) => formatDecimal(p.value) },
      { field: 'verfuegbar', headerName: t('fields:verfuegbar'), ...num, valueFormatter: (p) => formatDecimal(p.value) },
      {
        field: 'naechsteLieferung',
        headerName: t('fields:naechsteLieferung'),
        minWidth: 130,
        maxWidth: 170,
        valueFormatter: (p) => formatDate(p.value),
      },
    ];
  }, [t]);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, 'ART_AENDERN') && (
            <Button
              onClick={() => void navigate({ to: '/products/$id', params: { id: 'new' } })}
              leftSection={<IconPlus size={16} />}
              data-testid="product-new"
            >
              {t('new')}
            </Button>
          )
        }
      />
      <DataGrid<ArtikelListe>
        endpoint="artikelList"
        exportEndpoint="artikelExport"
        presetName="Products"
        keepAlive
        columns={columns}
        defaultPreset={PRODUCT_LIST_PRESET}
        getRowId={(a) => String(a.id)}
        onRowClick={(a) => void navigate({ to: '/products/$id/masterdata', params: { id: String(a.id) } })}
      />
    </>
  );
}
