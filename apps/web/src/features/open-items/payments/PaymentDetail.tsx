import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { usePayment } from '../api';
import { methodKey } from '../level';

const numeric = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : null);

/**
 * /openItems/{id}/paymentHistory/{paymentId} (OP-002, OP-007): statement, payment method, amount, date and remark of
 * one payment, with who recorded it when. A recorded payment is not changed (a wrong one is corrected by booking).
 */
export function PaymentDetail() {
  const { t } = useTranslation('openItems');
  const params = useParams({ strict: false }) as { id: string; paymentId: string };
  const id = numeric(params.id);
  const paymentId = numeric(params.paymentId);
  const payment = usePayment(id, paymentId);
  const z = payment.data;
  const notFound = paymentId === null || isNotFoundError(payment.error);

  return (
    <Stack gap="sm">
      <Anchor
        component={Link}
        to={`/openItems/${params.id}/paymentHistory`}
        size="sm"
        c="dimmed"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
        data-testid="sub-back"
      >
        <IconChevronLeft size={14} />
        {t('payments.backToList')}
      </Anchor>
      {notFound ? (
        <Alert color="gray" data-testid="sub-not-found">
          {t('payments.notFound')}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="md" data-testid="payment-detail">
          {payment.isLoading || !z ? (
            <Skeleton h={24} w={220} />
          ) : (
            <>
              <Title order={2} size="h4" mb="md" data-testid="sub-title">
                {t('payments.titleOne', { amount: formatCurrency(z.zahlungsBetrag), date: formatDate(z.zahlungsDatum) })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('f.auszug')} value={z.auszug ?? ''} readOnly variant="filled" data-testid="field-auszug" />
                <TextInput label={t('f.zahlungPer')} value={t(methodKey(z.zahlungPer))} readOnly variant="filled" data-testid="field-zahlungPer" />
                <TextInput
                  label={t('f.zahlungsBetrag')}
                  value={formatCurrency(z.zahlungsBetrag)}
                  readOnly
                  variant="filled"
                  data-testid="field-zahlungsBetrag"
                />
                <TextInput label={t('f.zahlungsDatum')} value={formatDate(z.zahlungsDatum)} readOnly variant="filled" data-testid="field-zahlungsDatum" />
              </SimpleGrid>
              <Textarea
                label={t('f.bemerkung')}
                value={z.bemerkung ?? ''}
                readOnly
                variant="filled"
                autosize
                minRows={2}
                mt="sm"
                data-testid="field-bemerkung"
              />
              <Group gap="lg" mt="sm" justify="flex-end">
                <Text size="xs" c="dimmed">
                  {t('payments.recordedBy', { user: z.benutzerName ?? '', date: formatDateTime(z.angelegtAm) })}
                </Text>
              </Group>
            </>
          )}
        </Card>
      )}
    </Stack>
  );
}
