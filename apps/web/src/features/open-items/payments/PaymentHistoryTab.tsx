import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SubList } from '@/components/record-page/SubList';
import { formatCurrency, formatDate } from '@/lib/format';
import { usePayments, type Zahlung } from '../api';
import { methodKey } from '../level';
import { usePay } from '../pay-context';
import { useOpenItemFromRoute } from '../use-open-item-id';

/** paymentHistory (OP-001, OP-002): the payments of the open item, oldest first, and "record payment". */
export function PaymentHistoryTab() {
  const { t } = useTranslation('openItems');
  const navigate = useNavigate();
  const { id, item } = useOpenItemFromRoute();
  const payments = usePayments(id);
  const { pay, canPay } = usePay();

  return (
    <SubList<Zahlung>
      title={t('tabs.paymentHistory')}
      testId="payments-list"
      rows={payments.data}
      loading={payments.isLoading}
      rowKey={(z) => z.id}
      rowState={(z) => (z.storniertDurchId ? 'reversed' : z.stornoVonId ? 'reversal' : undefined)}
      onRowClick={(z) => void navigate({ to: '/openItems/$id/paymentHistory/$paymentId', params: { id: String(id), paymentId: String(z.id) } })}
      actions={
        canPay && (
          <Button size="xs" leftSection={<IconCash size={14} />} onClick={pay} data-testid="payment-new">
            {t('payments.new')}
          </Button>
        )
      }
      footer={
        item && (
          <Text size="sm" ta="right" p="sm" data-testid="payments-total">
            {t('payments.total', { paid: formatCurrency(item.bisherGezahlt), open: formatCurrency(item.offenerBetrag) })}
          </Text>
        )
      }
      columns={[
        { key: 'zahlungsDatum', label: t('f.zahlungsDatum'), render: (z) => formatDate(z.zahlungsDatum), width: 120 },
        {
          key: 'zahlungsBetrag',
          label: t('f.zahlungsBetrag'),
          render: (z) => (
            <Text size="sm" td={z.storniertDurchId ? 'line-through' : undefined} c={z.storniertDurchId ? 'dimmed' : undefined}>
              {formatCurrency(z.zahlungsBetrag)}
            </Text>
          ),
          align: 'right',
          width: 140,
        },
        {
          key: 'zahlungPer',
          label: t('f.zahlungPer'),
          render: (z) => (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" td={z.storniertDurchId ? 'line-through' : undefined} c={z.storniertDurchId ? 'dimmed' : undefined}>
                {t(methodKey(z.zahlungPer))}
              </Text>
              {z.storniertDurchId && (
                <Badge size="xs" color="red" variant="light" data-testid="payment-reversed">
                  {t('payments.reversed')}
                </Badge>
              )}
              {z.guthabenId && (
                <Badge size="xs" color="blue" variant="light">
                  {t('payments.withCredit')}
                </Badge>
              )}
            </Group>
          ),
          width: 200,
        },
        { key: 'auszug', label: t('f.auszug'), render: (z) => z.auszug ?? '', visibleFrom: 'sm' },
        {
          key: 'bemerkung',
          label: t('f.bemerkung'),
          render: (z) => (
            <Text size="sm" lineClamp={1}>
              {z.bemerkung ?? ''}
            </Text>
          ),
          visibleFrom: 'md',
        },
        { key: 'benutzer', label: t('f.benutzer'), render: (z) => z.benutzerName ?? '', visibleFrom: 'lg', width: 160 },
      ]}
    />
  );
}
