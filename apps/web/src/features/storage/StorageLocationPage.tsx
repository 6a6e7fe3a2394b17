import { Alert, Card, Group, Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { useStorageRegion } from '@/app/layout/use-storage-region';
import { PageHeader } from '@/components/PageHeader';
import { useWarehouse } from './api';
import type { StorageLocationSearch } from './location-search';
import { PlaceStockDrawer } from './PlaceStockDrawer';
import { StockGrid } from './StockGrid';
import type { StockRow } from './stock-columns';

/**
 * /storageLocationInformation: storage region (persisted per user, read-only without LAG_LGK_WECHSELN) and warehouse,
 * the warehouse's stock, and the storage-place stock of a row when the warehouse has places (LAG-001..009, LAG-014..015).
 */
export function StorageLocationPage() {
  const { t } = useTranslation('storage');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as StorageLocationSearch;
  const base = useBasisdaten().data;
  const { regions, region, readOnly, choose } = useStorageRegion();
  const [row, setRow] = useState<StockRow | null>(null);

  const warehouses = useMemo(() => (base?.lager ?? []).filter((l) => l.lagerkreisId === region?.id), [base, region]);
  const lagerId = search.lagerId && warehouses.some((w) => w.id === search.lagerId) ? search.lagerId : null;
  const warehouse = useWarehouse(lagerId).data;
  const setWarehouse = (id: number | null) => void navigate({ to: '/storageLocationInformation', search: id ? { lagerId: id } : {}, replace: true });

  return (
    <>
      <PageHeader title={t('locationTitle')} subtitle={t('locationSubtitle')} />
      <Card withBorder radius="md" mb="md" padding="md">
        <Group gap="md" align="flex-start" wrap="wrap">
          <Select
            label={t('region')}
            data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
            value={region ? String(region.id) : null}
            onChange={(v) => {
              if (!v) return;
              choose(Number(v));
              setWarehouse(null);
            }}
            readOnly={readOnly}
            variant={readOnly ? 'filled' : 'default'}
            description={readOnly ? t('account.storageRegionReadOnly') : undefined}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
            data-testid="storage-region"
          />
          <Select
            label={t('warehouse')}
            data={warehouses.map((w) => ({ value: String(w.id), label: `${w.kurzbezeichnung} – ${w.bezeichnung}` }))}
            value={lagerId ? String(lagerId) : null}
            onChange={(v) => setWarehouse(v ? Number(v) : null)}
            placeholder={t('chooseWarehouse')}
            required
            error={lagerId ? undefined : t('requiredField')}
            w={{ base: '100%', xs: 320 }}
            data-testid="storage-warehouse"
          />
        </Group>
      </Card>
      {lagerId ? (
        <StockGrid
          lagerId={lagerId}
          columns="full"
          onRowClick={(r) => {
            if (warehouse?.hatLagerplaetze ?? r.hatLagerplaetze) setRow(r);
          }}
          height="calc(100dvh - 380px)"
        />
      ) : (
        <Alert color="blue" variant="light" icon={<IconBuildingWarehouse size={18} />} data-testid="no-storage-selected">
          {t('noStorageSelected')}
        </Alert>
      )}
      <PlaceStockDrawer
        opened={!!row}
        onClose={() => setRow(null)}
        artikelId={row?.artikelId ?? null}
        lagerId={lagerId}
        title={row ? `${row.artikelNummer} · ${row.bezeichnung}` : ''}
        warehouse={warehouse ? `${warehouse.kurzbezeichnung} – ${warehouse.bezeichnung}` : ''}
      />
    </>
  );
}
