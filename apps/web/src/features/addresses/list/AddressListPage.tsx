import { Box, Button, Checkbox, Group, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AdresseListe } from '@vario/contract';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { textBadgeCell } from '@/components/data-grid/cells';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { hasRight } from '@/lib/rights';
import { type AddressListSearch, type Relation, relationFilter } from './list-filter';

const num = { maxWidth: 150, minWidth: 120, type: 'rightAligned' } as const;
const PHONE_COLUMNS = ['adressnummer', 'name1', 'ort'];

/** /addresses: the index columns (ADR-002), relation filter (ADR-003), quick search, server windows (ADR-004). */
export function AddressListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as AddressListSearch;
  const me = useMe().data;
  const relation: Relation = search.relation ?? 'all';
  const unblockedOnly = search.unblocked === true;
  // phones show number, name and place; the other index columns stay available by scrolling on wider screens
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;

  const columns = useMemo<ColDef<AdresseListe>[]>(
    () =>
      (
        [
          { field: 'adressnummer', headerName: t('addresses.fields.adressnummer'), ...num },
          { field: 'kundennummer', headerName: t('addresses.fields.kundennummer'), ...num },
          { field: 'lieferantennummer', headerName: t('addresses.fields.lieferantennummer'), ...num },
          { field: 'anrede', headerName: t('addresses.fields.anrede'), maxWidth: 130, minWidth: 100 },
          {
            field: 'name1',
            headerName: t('addresses.fields.name1'),
            minWidth: 240,
            flex: 2,
            cellRenderer: textBadgeCell<AdresseListe>(
              (a) => a.name1,
              (a) => (a.gesperrt ? { label: t('addresses.blocked'), color: 'red' } : null),
            ),
          },
          { field: 'name2', headerName: t('addresses.fields.name2') },
          { field: 'name3', headerName: t('addresses.fields.name3'), hide: true },
          {
            field: 'art',
            headerName: t('addresses.fields.art'),
            maxWidth: 150,
            valueFormatter: (p) => (p.value === 'NATURAL' ? t('addresses.art.NATURAL') : p.value === 'LEGAL' ? t('addresses.art.LEGAL') : (p.value ?? '')),
          },
          { field: 'lkz', headerName: t('addresses.fields.lkz'), maxWidth: 90, minWidth: 80 },
          { field: 'plz', headerName: t('addresses.fields.plz'), maxWidth: 100, minWidth: 90 },
          { field: 'ort', headerName: t('addresses.fields.ort') },
          { field: 'strasse', headerName: t('addresses.fields.strasse') },
          { field: 'email', headerName: t('addresses.fields.email'), minWidth: 200 },
        ] as ColDef<AdresseListe>[]
      ).map((c) => (phone && !PHONE_COLUMNS.includes(c.field as string) ? { ...c, hide: true } : c)),
    [t, phone],
  );

  const setSearch = (next: AddressListSearch) => void navigate({ to: '/addresses', search: next, replace: true });

  return (
    <>
      <PageHeader
        title={t('addresses.title')}
        subtitle={t('addresses.subtitle')}
        actions={
          hasRight(me, 'ADR_AENDERN') && (
            <Button
              onClick={() => void navigate({ to: '/addresses/$id', params: { id: 'new' } })}
              leftSection={<IconPlus size={16} />}
              data-testid="address-new"
            >
              {t('addresses.new')}
            </Button>
          )
        }
      />
      <DataGrid<AdresseListe>
        endpoint="adressenList"
        presetName="Addresses"
        columns={columns}
        defaultPreset={{ sortBy: 'name1', descending: false }}
        filter={relationFilter(relation, unblockedOnly)}
        getRowId={(a) => String(a.id)}
        onRowClick={(a) => void navigate({ to: '/addresses/$id/dashboard', params: { id: String(a.id) } })}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={t('addresses.unblockedOnly')}
              checked={unblockedOnly}
              onChange={(e) => setSearch({ ...search, unblocked: e.currentTarget.checked || undefined })}
              data-testid="address-unblocked"
            />
            <Box maw="100%" style={{ overflowX: 'auto' }}>
              <SegmentedControl
                size="xs"
                value={relation}
                onChange={(v) => setSearch({ ...search, relation: v === 'all' ? undefined : (v as Relation) })}
                data={[
                  { value: 'all', label: t('addresses.relation.all') },
                  { value: 'customer', label: t('addresses.relation.customer') },
                  { value: 'supplier', label: t('addresses.relation.supplier') },
                  { value: 'both', label: t('addresses.relation.both') },
                ]}
                data-testid="address-relation"
              />
            </Box>
          </Group>
        }
      />
    </>
  );
}
