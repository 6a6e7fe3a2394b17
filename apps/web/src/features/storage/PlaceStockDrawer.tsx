import { Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubList } from '@/components/record-page/SubList';
import { formatDecimal } from '@/lib/format';
import { usePlaceStock } from './api';

/** The stock of one product on the storage places of a warehouse (LAG-006, LAG-007). */
export function PlaceStockDrawer(props: {
  opened: boolean;
  onClose: () => void;
  artikelId: number | null;
  lagerId: number | null;
  title: string;
  warehouse: string;
}) {
  const { t } = useTranslation(['storage', 'fields']);
  const places = usePlaceStock(props.opened ? props.artikelId : null, props.lagerId);
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="lg" title={t('placeStock')} data-testid="place-stock">
      <Stack gap="sm">
        <Text size="sm" fw={600} data-testid="place-stock-product">
          {props.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('warehouseLabel', { name: props.warehouse })}
        </Text>
        <SubList
          rows={places.data}
          loading={places.isLoading}
          rowKey={(r) => r.lagerplatzId}
          testId="place-stock-list"
          columns={[
            { key: 'location', label: t('fields:location'), render: (r) => r.location },
            { key: 'kistennummer', label: t('fields:kistennummer'), render: (r) => r.kistennummer ?? '' },
            { key: 'bestand', label: t('fields:bestand'), render: (r) => formatDecimal(r.bestand), align: 'right' },
            { key: 'reserviert', label: t('fields:reserviert'), render: (r) => formatDecimal(r.reserviert), align: 'right' },
            { key: 'blockiert', label: t('fields:blockiert'), render: (r) => formatDecimal(r.blockiert), align: 'right' },
          ]}
        />
      </Stack>
    </Drawer>
  );
}
