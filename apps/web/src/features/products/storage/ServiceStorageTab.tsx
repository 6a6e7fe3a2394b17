import { Alert, Stack } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { SubList } from '@/components/record-page/SubList';
import { SERVICE_STORES, serviceStoreId } from '@/features/storage/service-stores';
import { formatDecimal } from '@/lib/format';
import { useProductStock } from '../api';
import { hasServiceStorageTab } from '../detail/product-form';
import { useProductFromRoute } from '../use-product-id';

/** The serviceStorage tab (technicians, artikelart '1'): the product's stock in the user's three service stores (ART-007, LAG-011..013). */
export function ServiceStorageTab() {
  const { t } = useTranslation(['products', 'fields', 'storage']);
  const { id, product } = useProductFromRoute();
  const me = useMe().data;
  const base = useBasisdaten().data;
  const allowed = hasServiceStorageTab(product?.artikelart, !!me?.techniker);
  const stock = useProductStock(id ?? 0, !!id && allowed);
  if (product && me && !allowed) return <Navigate to="/products/$id/masterdata" params={{ id: String(id) }} replace />;

  const stores = SERVICE_STORES.map((s) => ({ ...s, lagerId: serviceStoreId(me?.techniker, s.kind) }));
  const rows = stores
    .filter((s) => s.lagerId)
    .map((s) => {
      const found = stock.data?.find((r) => r.lagerId === s.lagerId);
      const lager = base?.lager.find((l) => l.id === s.lagerId);
      return {
        kind: s.kind,
        name: lager ? `${lager.kurzbezeichnung} – ${lager.bezeichnung}` : String(s.lagerId),
        bestand: found?.bestand ?? 0,
        reserviert: found?.reserviert ?? 0,
        bestellt: found?.bestellt ?? 0,
        blockiert: found?.blockiert ?? 0,
      };
    });

  return (
    <Stack gap="md" data-testid="product-service-storage">
      {stores
        .filter((s) => !s.lagerId)
        .map((s) => (
          <Alert key={s.kind} color="yellow" variant="light" data-testid={`no-store-${s.kind}`}>
            {t(`storage:noStore.${s.kind}`)}
          </Alert>
        ))}
      <SubList
        title={t('tabs.serviceStorage')}
        rows={rows}
        loading={stock.isLoading}
        rowKey={(r) => r.kind}
        testId="service-stock"
        columns={[
          { key: 'kind', label: t('storage.store'), render: (r) => t(`storage:stores.${r.kind}`) },
          { key: 'name', label: t('fields:lager'), render: (r) => r.name, visibleFrom: 'sm' },
          { key: 'bestand', label: t('fields:bestand'), render: (r) => formatDecimal(r.bestand), align: 'right' },
          { key: 'reserviert', label: t('fields:reserviert'), render: (r) => formatDecimal(r.reserviert), align: 'right' },
          { key: 'bestellt', label: t('fields:bestellt'), render: (r) => formatDecimal(r.bestellt), align: 'right', visibleFrom: 'sm' },
          { key: 'blockiert', label: t('fields:blockiert'), render: (r) => formatDecimal(r.blockiert), align: 'right', visibleFrom: 'sm' },
        ]}
      />
    </Stack>
  );
}
