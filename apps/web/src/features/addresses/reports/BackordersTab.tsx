import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { formatCurrency, formatDate, formatDecimal } from '@/lib/format';
import { useBackorders } from '../api-reports';
import { DocumentNumber } from '../document-link';
import { useAddressFromRoute } from '../use-address-id';

/** Open order lines of the address, no paging, oldest document first (ADR-072..075). */
export function BackordersTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const { id } = useAddressFromRoute();
  const rows = useBackorders(id ?? 0);
  const f = useFieldLabel();
  const total = (rows.data ?? []).reduce((s, r) => s + r.offenerBetrag, 0);
  const qty = (v: number, unit: string | null) => `${formatDecimal(v)}${unit ? ` ${unit}` : ''}`;
  type Row = NonNullable<typeof rows.data>[number];
  return (
    <SubList<Row>
      title={t('tabs.backorders')}
      testId="backorders-list"
      rows={rows.data}
      loading={rows.isLoading}
      rowKey={(r) => r.rowKey}
      columns={[
        { key: 'belegnr', label: f('belegnr'), render: (r) => <DocumentNumber belegId={r.belegid} nummer={r.belegnr} />, width: 160 },
        { key: 'belegdatum', label: f('belegdatum'), render: (r) => formatDate(r.belegdatum), width: 110 },
        { key: 'liefertermin', label: f('liefertermin'), render: (r) => formatDate(r.liefertermin), width: 110, visibleFrom: 'md' },
        { key: 'artikelnummer', label: f('artikelnummer'), render: (r) => r.artikelnummer ?? '', visibleFrom: 'sm' },
        { key: 'bezeichnung', label: f('bezeichnung'), render: (r) => r.bezeichnung },
        { key: 'menge', label: f('menge'), render: (r) => qty(r.menge, r.mengeneinheit), align: 'right', visibleFrom: 'lg' },
        { key: 'mengeGeliefert', label: f('mengeGeliefert'), render: (r) => qty(r.mengeGeliefert, r.mengeneinheit), align: 'right', visibleFrom: 'lg' },
        { key: 'offeneMenge', label: f('offeneMenge'), render: (r) => qty(r.offeneMenge, r.mengeneinheit), align: 'right' },
        { key: 'offenerBetrag', label: f('offenerBetrag'), render: (r) => formatCurrency(r.offenerBetrag), align: 'right' },
      ]}
      footer={
        (rows.data?.length ?? 0) > 0 && (
          <Group justify="flex-end" p="sm" gap="xs">
            <Text size="sm" c="dimmed">
              {t('backorders.total')}
            </Text>
            <Text size="sm" fw={700} data-testid="backorders-total">
              {formatCurrency(total)}
            </Text>
          </Group>
        )
      }
    />
  );
}
