import { Button, Checkbox, Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AdresseListe } from '@vario/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { codeColumn, textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useReferenceLabels } from '@/i18n/reference';
import { useMediaMatch } from '@/lib/media';
import { hasRight } from '@/lib/rights';
import { ADDRESS_LIST_PRESET, type AddressListSearch, RELATIONS, type Relation, relationFilter } from './list-filter';

// minimum widths sum to ~1200 px: at 1440 px every index column up to E-Mail shows without scrolling (issue 9 item 13)
const num = { maxWidth: 150, minWidth: 90, type: 'rightAligned' } as const;
const PHONE_COLUMNS = ['adressnummer', 'name1', 'ort'];

/** /addresses: the index columns (ADR-002), relation filter (ADR-003), quick search, server windows (ADR-004). */
export function AddressListPage() {
  const { t } = useTranslation(['addresses', 'fields']);
  const ref = useReferenceLabels();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as AddressListSearch;
  const me = useMe().data;
  const relation: Relation = search.relation ?? 'all';
  const unblockedOnly = search.unblocked === true;
  // phones show number, name and place; the other index columns stay available by scrolling on wider screens
  const phone = useMediaMatch('(max-width: 48em)');

  const columns = useMemo<ColDef<AdresseListe>[]>(
    () =>
      (
        [
          { field: 'adressnummer', headerName: t('fields:adressnummer'), ...num },
          { field: 'kundennummer', headerName: t('fields:kundennummer'), ...num },
          { field: 'lieferantennummer', headerName: t('fields:lieferantennummer'), ...num },
          {
            field: 'anrede',
            headerName: t('fields:anrede'),
            maxWidth: 130,
            minWidth: 70,
            ...codeColumn<AdresseListe>(ref.salutationCodes, (c) => ref.salutation(c)),
          },
          {
            field: 'name1',
            headerName: t('fields:name1'),
            minWidth: 180,
            flex: 2,
            cellRenderer: textBadgeCell<AdresseListe>(
              (a) => a.name1,
              (a) => (a.gesperrt ? { label: t('blocked'), color: 'red' } : null),
            ),
          },
          { field: 'name2', headerName: t('fields:name2'), minWidth: 90 },
          { field: 'name3', headerName: t('fields:name3'), hide: true },
          {
            field: 'art',
            headerName: t('fields:art'),
            maxWidth: 150,
            minWidth: 100,
            ...codeColumn<AdresseListe>(['NATURAL', 'LEGAL'], (c) => t(`art.${c as 'NATURAL' | 'LEGAL'}`)),
          },
          { field: 'lkz', headerName: t('fields:lkz'), maxWidth: 90, minWidth: 60 },
          { field: 'plz', headerName: t('fields:plz'), maxWidth: 100, minWidth: 70 },
          { field: 'ort', headerName: t('fields:ort'), minWidth: 100 },
          { field: 'strasse', headerName: t('fields:strasse'), minWidth: 110 },
          { field: 'email', headerName: t('fields:email'), minWidth: 160 },
        ] as ColDef<AdresseListe>[]
      ).map((c) => (phone && !PHONE_COLUMNS.includes(c.field as string) ? { ...c, hide: true } : c)),
    [t, phone, ref],
  );

  const setSearch = (next: AddressListSearch) => void navigate({ to: '/addresses', search: next, replace: true });
  const setRelation = (v: string) => setSearch({ ...search, relation: v === 'all' ? undefined : (v as Relation) });
  const relations = RELATIONS.map((value) => ({ value, label: t(`relation.${value}`) }));

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, 'ADR_AENDERN') && (
            <Button
              onClick={() => void navigate({ to: '/addresses/$id', params: { id: 'new' } })}
              leftSection={<IconPlus size={16} />}
              data-testid="address-new"
            >
              {t('new')}
            </Button>
          )
        }
      />
      <DataGrid<AdresseListe>
        endpoint="adressenList"
        exportEndpoint="adressenExport"
        presetName="Addresses"
        keepAlive
        columns={columns}
        defaultPreset={ADDRESS_LIST_PRESET}
        filter={relationFilter(relation, unblockedOnly)}
        getRowId={(a) => String(a.id)}
        onRowClick={(a) => void navigate({ to: '/addresses/$id/dashboard', params: { id: String(a.id) } })}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={t('unblockedOnly')}
              checked={unblockedOnly}
              onChange={(e) => setSearch({ ...search, unblocked: e.currentTarget.checked || undefined })}
              data-testid="address-unblocked"
            />
            {phone ? (
              // a phone has no room for four segments ("Kunde und Liefe…"): a select shows each label whole
              <NativeSelect
                size="xs"
                aria-label={t('relationLabel')}
                value={relation}
                onChange={(e) => setRelation(e.currentTarget.value)}
                data={relations}
                data-testid="address-relation-select"
              />
            ) : (
              <SegmentedControl size="xs" value={relation} onChange={setRelation} data={relations} data-testid="address-relation" />
            )}
          </Group>
        }
      />
    </>
  );
}
