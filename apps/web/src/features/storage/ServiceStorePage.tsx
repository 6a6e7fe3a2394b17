import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { StockGrid } from './StockGrid';
import { type ServiceStoreKind, serviceStoreId } from './service-stores';

/**
 * /storages/serviceStorage, …Doa, …Faulty: the stock of the current technician's store of that kind,
 * or the "no store assigned" notice of the kind (LAG-010..013).
 */
export function ServiceStorePage({ kind }: { kind: ServiceStoreKind }) {
  const { t } = useTranslation('storage');
  const me = useMe();
  const base = useBasisdaten().data;
  const lagerId = serviceStoreId(me.data?.techniker, kind);
  const store = base?.lager.find((l) => l.id === lagerId);

  return (
    <>
      <PageHeader title={t(`stores.${kind}`)} subtitle={store ? `${store.kurzbezeichnung} – ${store.bezeichnung}` : me.data?.techniker?.bezeichnung} />
      {me.isLoading ? null : lagerId ? (
        <StockGrid lagerId={lagerId} columns="service" height="calc(100dvh - 240px)" />
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="no-store-assigned">
          {t(`noStore.${kind}`)}
        </Alert>
      )}
    </>
  );
}
