import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconChevronLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { ZAHLUNG_STORNO, zahlungStornoEingabe } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { TextField } from '@/components/form/fields';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { TOAST } from '@/lib/api/error-handler';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { newId } from '@/lib/id';
import { hasRight } from '@/lib/rights';
import { reversePayment, usePayment, type Zahlung } from '../api';
import { methodKey } from '../level';

const stornoForm = eagerSchema(zahlungStornoEingabe);

/** A customer's payment can be reversed (not a reversal, a cash discount row or a cancellation's settlement). */
const reversible = (z: Zahlung) => !z.storniertDurchId && !z.stornoVonId && !z.zuZahlungId && z.zahlungPer !== ZAHLUNG_STORNO && z.zahlungPer !== 'Verrechnung';

/** "Reverse payment": the reason (required); the server books the counter-entry. One Idempotency-Key per opened dialog. */
function ReverseDialog(props: { opened: boolean; itemId: number; payment: Zahlung; onClose: () => void }) {
  const { t } = useTranslation('openItems');
  const key = useMemo(() => (props.opened ? newId() : ''), [props.opened]);
  return (
    <SchemaFormDialog
      opened={props.opened}
      onClose={props.onClose}
      title={t('payments.reverseTitle', { amount: formatCurrency(props.payment.zahlungsBetrag), date: formatDate(props.payment.zahlungsDatum) })}
      schema={stornoForm}
      defaultValues={{ grund: '' }}
      submitLabel={t('payments.reverseSubmit')}
      onSubmit={async (values) => {
        const res = await reversePayment(props.itemId, props.payment.id, values.grund, key);
        notifications.show({
          color: 'teal',
          autoClose: TOAST.success,
          message: t('payments.reversedDone', { amount: formatCurrency(Math.abs(res.offenerPosten.offenerBetrag)) }),
        });
        props.onClose();
      }}
    >
      <Text size="sm" c="dimmed">
        {t('payments.reverseHint')}
      </Text>
      <TextField name="grund" label={t('f.grund')} multiline rows={2} />
    </SchemaFormDialog>
  );
}

const numeric = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : null);

/**
 * /openItems/{id}/paymentHistory/{paymentId} (OP-002, OP-007): statement, payment method, amount, date and remark of
 * one payment, with who recorded it when. A recorded payment is not changed: it is reversed by a counter-entry
 * ("Reverse payment", with a reason), which the detail links both ways.
 */
export function PaymentDetail() {
  const { t } = useTranslation('openItems');
  const params = useParams({ strict: false }) as { id: string; paymentId: string };
  const id = numeric(params.id);
  const paymentId = numeric(params.paymentId);
  const payment = usePayment(id, paymentId);
  const z = payment.data;
  const notFound = paymentId === null || isNotFoundError(payment.error);
  const canWrite = hasRight(useMe().data, 'BEK_AENDERN');
  const [reversing, setReversing] = useState(false);

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
              <Group justify="space-between" mb="md" wrap="wrap">
                <Title order={2} size="h4" data-testid="sub-title">
                  {t('payments.titleOne', { amount: formatCurrency(z.zahlungsBetrag), date: formatDate(z.zahlungsDatum) })}
                </Title>
                {canWrite && id && reversible(z) && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconArrowBackUp size={14} />}
                    onClick={() => setReversing(true)}
                    data-testid="payment-reverse"
                  >
                    {t('payments.reverse')}
                  </Button>
                )}
              </Group>
              {z.storniertDurchId && (
                <Alert color="red" variant="light" mb="sm" data-testid="payment-reversed-by">
                  <Anchor component={Link} to={`/openItems/${params.id}/paymentHistory/${z.storniertDurchId}`} size="sm">
                    {t('payments.reversedBy')}
                  </Anchor>
                </Alert>
              )}
              {z.stornoVonId && (
                <Alert color="gray" variant="light" mb="sm" data-testid="payment-reversal-of">
                  <Anchor component={Link} to={`/openItems/${params.id}/paymentHistory/${z.stornoVonId}`} size="sm">
                    {t('payments.reversalOf')}
                  </Anchor>
                </Alert>
              )}
              {z.guthabenId && (
                <Alert color="blue" variant="light" mb="sm" data-testid="payment-credit">
                  <Anchor component={Link} to={`/openItems/${z.guthabenId}/masterdata`} size="sm">
                    {t('payments.creditLink')}
                  </Anchor>
                </Alert>
              )}
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
              {id && <ReverseDialog opened={reversing} itemId={id} payment={z} onClose={() => setReversing(false)} />}
            </>
          )}
        </Card>
      )}
    </Stack>
  );
}
