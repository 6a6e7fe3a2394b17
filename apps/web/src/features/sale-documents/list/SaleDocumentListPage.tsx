import { Button, Group, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilePencil, IconFilePlus, IconFileText, IconRestore } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { BELEGARTEN } from '@vario/contract';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { codeColumn, textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { useRouteMount } from '@/components/record-page/route-mount';
import { formatCurrency, formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import type { SaleDocumentRow } from '../api';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, statusColor, useDocumentLabels } from '../labels';
import { NoDocumentRight } from '../NoDocumentRight';
import { AddressFilter } from './AddressFilter';
import { FilterChoice } from './FilterChoice';
import { chosenFilters, listParams, type SaleDocumentListSearch } from './list-filter';
import { OtherMatchesHint } from './OtherMatchesHint';

const money = { type: 'rightAligned', minWidth: 110, maxWidth: 150 } as const;
const PHONE_COLUMNS = ['belegnummer', 'adresseName', 'betragBrutto'];

/**
 * /saleDocument (BEL-001, BEL-037): documents by date, newest first; filters document type, status (1–6, 8, 9) and
 * address, by default offers and orders in status 1, 2, 3 (BEL-026, BEL-036). Below an address (its saleDocuments tab)
 * the address filter is that address and the list has no page title of its own.
 */
export function SaleDocumentListPage() {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const labels = useDocumentLabels();
  // The labels' functions are new on every render; the columns must not be (new column definitions make the grid rebuild
  // its columns and lay out again, on each render of the first load: the user, the preset, the total arriving).
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const navigate = useNavigate();
  const me = useMe().data;
  const mount = useRouteMount({ listPath: '/saleDocument', idParam: 'id', back: null });
  const mounted = mount.listPath !== '/saleDocument';
  const params = useParams({ strict: false }) as { id?: string };
  const parentAddress = mounted && params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const search = useSearch({ strict: false }) as SaleDocumentListSearch;
  const { types, statuses } = chosenFilters(search);
  const adresseId = parentAddress ?? search.address ?? null;
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const canCreate = hasRight(me, 'BEK_AENDERN');

  const setSearch = (next: SaleDocumentListSearch) => void navigate({ to: '.', search: next as never, replace: true });

  const columns = useMemo<ColDef<SaleDocumentRow>[]>(
    () =>
      (
        [
          { field: 'belegnummer', headerName: t('f.belegnummer'), minWidth: 140, maxWidth: 170 },
          {
            field: 'belegart',
            headerName: t('f.belegart'),
            minWidth: 110,
            maxWidth: 150,
            ...codeColumn<SaleDocumentRow>(
              Object.values(BELEGARTEN).map((d) => d.belegart),
              (c) => labelsRef.current.type(c),
            ),
          },
          { field: 'belegdatum', headerName: t('f.belegdatum'), minWidth: 150, maxWidth: 160, valueFormatter: (p) => formatDate(p.value) },
          {
            field: 'belegstatus',
            headerName: t('f.belegstatus'),
            minWidth: 130,
            maxWidth: 200,
            ...codeColumn<SaleDocumentRow>(DOCUMENT_STATUSES, (s) => labelsRef.current.status(Number(s))),
            cellRenderer: textBadgeCell<SaleDocumentRow>(
              () => null,
              (d) => ({ label: labelsRef.current.status(d.belegstatus), color: statusColor(d.belegstatus) }),
            ),
          },
          { field: 'adresseName', headerName: t('f.adresse'), minWidth: 180, flex: 2, hide: mounted, sortable: false },
          { field: 'betreff', headerName: t('f.betreff'), minWidth: 140 },
          // net after the document's discounts (and charges), the VAT on it and the gross: the server's totals
          { field: 'endbetragNetto', headerName: t('f.betragNetto'), ...money, valueFormatter: (p) => formatCurrency(p.value) },
          { field: 'mwstBetrag', headerName: t('f.mwstBetrag'), ...money, minWidth: 100, valueFormatter: (p) => formatCurrency(p.value) },
          { field: 'betragBrutto', headerName: t('f.betragBrutto'), ...money, valueFormatter: (p) => formatCurrency(p.value) },
        ] as ColDef<SaleDocumentRow>[]
      ).map((c) => (phone && !PHONE_COLUMNS.includes(c.field as string) ? { ...c, hide: true } : c)),
    // t changes with the language, and the labels with it
    [t, phone, mounted],
  );

  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoDocumentRight />;

  const newDoc = (type?: string) => {
    const q = [type ? `type=${type}` : null, !mounted && adresseId ? `id=${adresseId}` : null].filter(Boolean).join('&');
    void navigate({ href: `${mount.listPath}/new${q ? `?${q}` : ''}` });
  };
  const newButtons = canCreate && (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconFileText size={16} />}
        onClick={() => newDoc(BELEGARTEN.angebot.belegart)}
        data-testid="sale-document-new-offer"
      >
        {t('newOffer')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFilePencil size={16} />}
        onClick={() => newDoc(BELEGARTEN.auftrag.belegart)}
        data-testid="sale-document-new-assignment"
      >
        {t('newAssignment')}
      </Button>
      {/* every type a user creates directly (BEL-033), chosen on the new-document screen */}
      <Button variant="light" leftSection={<IconFilePlus size={16} />} onClick={() => newDoc()} data-testid="sale-document-new-other">
        {t('newDocument')}
      </Button>
    </Group>
  );
  const isDefault = search.types === undefined && search.status === undefined && !search.address;

  return (
    <>
      {mounted ? (
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          {newButtons}
        </Group>
      ) : (
        <PageHeader title={t('title')} subtitle={t('subtitle')} actions={newButtons} />
      )}
      {!mounted && (
        <OtherMatchesHint
          q={search.q}
          types={types}
          statuses={statuses}
          adresseId={adresseId}
          onShowAll={() => setSearch({ ...search, types: '', status: '' })}
        />
      )}
      <DataGrid<SaleDocumentRow>
        endpoint="belegeList"
        exportEndpoint="belegeExport"
        presetName={mounted ? 'SaleDocumentsOfAddress' : 'SaleDocuments'}
        keepAlive={!mounted}
        columns={columns}
        defaultPreset={{ sortBy: 'belegdatum', descending: true }}
        params={listParams(types, statuses, adresseId)}
        getRowId={(d) => String(d.id)}
        onRowClick={(d) => void navigate({ href: `${mount.listPath}/${d.id}/documentHead` })}
        height={mounted ? 'calc(100dvh - 380px)' : undefined}
        filters={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FilterChoice
              label={t('filter.types')}
              options={DOCUMENT_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
              value={types}
              onChange={(v) => setSearch({ ...search, types: v.join(',') })}
              testId="filter-types"
            />
            <FilterChoice
              label={t('filter.status')}
              options={DOCUMENT_STATUSES.map((v) => ({ value: String(v), label: `${v} · ${labels.status(v, true)}` }))}
              value={statuses}
              onChange={(v) => setSearch({ ...search, status: v.join(',') })}
              testId="filter-status"
            />
            {!mounted && (
              <AddressFilter
                aria-label={t('filter.address')}
                placeholder={t('filter.addressPlaceholder')}
                value={search.address ?? null}
                onChange={(id) => setSearch({ ...search, address: id ?? undefined })}
                w={{ base: '100%', xs: 260 }}
                data-testid="filter-address"
              />
            )}
            {!isDefault && !mounted && (
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconRestore size={16} />}
                onClick={() => setSearch(search.q ? { q: search.q } : {})}
                data-testid="filter-reset"
              >
                {t('filter.reset')}
              </Button>
            )}
          </Group>
        }
      />
    </>
  );
}
