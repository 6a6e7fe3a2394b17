import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { berlinTag, ZAHLUNG_PER, zahlungEingabe } from '@vario/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { eagerSchema } from '@/components/form/eager-schema';
import { CurrencyField, DateField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { TOAST } from '@/lib/api/error-handler';
import { ApiError, isApiError } from '@/lib/api/errors';
import { formatCurrency, formatDate, formatPercent } from '@/lib/format';
import { newId } from '@/lib/id';
import { type OffenerPosten, recordPayment } from '../api';
import { methodKey } from '../level';

/** The form schema of the dialog (validation and field meta data). */
const zahlungEingabeForm = eagerSchema(zahlungEingabe);

const FIELDS = Object.keys(zahlungEingabe.shape);

/**
 * The server refuses a payment beyond what is open (or a future date) as a business rule (422) naming the field: the
 * dialog shows it on that field like a validation error, not as a notice over the dialog.
 */
function onTheFields(e: unknown): unknown {
  if (!isApiError(e) || e.status !== 422) return e;
  const names = Object.keys(e.fieldErrors);
  if (names.length === 0 || !names.every((n) => FIELDS.includes(n))) return e;
  return new ApiError({ status: 400, body: e.body, method: e.method, path: e.path, headers: e.headers });
}

/**
 * The cash discount and overpayment hints under the amount: with "Skonto" switched on (only offered while the server
 * says the item has a discount left today, `skontoZahlbetrag`) the amount becomes the server's proposal (open less the
 * discount) and the term is named; switched off it goes back to what is open. Beyond what is open of an invoice the
 * surplus is named as the credit it becomes.
 */
function PaymentHints({ item, open }: { item: OffenerPosten; open: number }) {
  const { t } = useTranslation('openItems');
  const { setValue } = useFormContext();
  const skonto = useWatch({ name: 'skonto' }) as boolean | undefined;
  const betrag = useWatch({ name: 'zahlungsBetrag' }) as number | null | undefined;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (item.skontoZahlbetrag === null) return;
    setValue('zahlungsBetrag', skonto ? item.skontoZahlbetrag : open, { shouldDirty: true });
  }, [skonto]);
  // the server books the surplus of an invoice's payment as a credit (a credit note's payout cannot exceed it)
  const surplus = item.offenerBetrag > 0 && typeof betrag === 'number' && betrag > open;
  return (
    <>
      {item.skontoZahlbetrag !== null && (
        <>
          <SwitchField name="skonto" label={t('payments.skonto', { percent: formatPercent(item.skontoProzent), date: formatDate(item.skontoDatum) })} />
          {skonto && (
            <Text size="sm" data-testid="payment-skonto-hint">
              {t('payments.skontoHint', { pay: formatCurrency(item.skontoZahlbetrag), discount: formatCurrency(item.skontoBetrag) })}
            </Text>
          )}
        </>
      )}
      {surplus && !skonto && (
        <Text size="sm" c="blue" data-testid="payment-credit-hint">
          {t('payments.creditHint', { amount: formatCurrency(open) })}
        </Text>
      )}
    </>
  );
}

/**
 * "Record payment": the amount starts at what is open (of a credit note: what is to be paid out), typed in the
 * user's number format; date (today), method, statement and remark. The server refuses more than is open on the
 * amount field. One Idempotency-Key per opened dialog: a double click or a retry records the payment once.
 */
export function PaymentDialog(props: { item: OffenerPosten | null; onClose: (fresh?: OffenerPosten) => void }) {
  const { t } = useTranslation('openItems');
  const { item } = props;
  const opened = !!item;
  // a fresh key each time the dialog opens for an item
  const key = useMemo(() => (opened ? newId() : ''), [opened, item?.id]);
  const open = item ? Math.abs(item.offenerBetrag) : 0;

  return (
    <SchemaFormDialog
      opened={opened}
      onClose={() => props.onClose()}
      title={t('payments.new')}
      schema={zahlungEingabeForm}
      defaultValues={{ zahlungsBetrag: open, zahlungsDatum: berlinTag(), zahlungPer: 'Überweisung', auszug: null, bemerkung: null, skonto: false }}
      submitLabel={t('payments.submit')}
      onSubmit={async (values) => {
        if (!item) return;
        const res = await recordPayment(item.id, values, key).catch((e: unknown) => {
          throw onTheFields(e);
        });
        notifications.show({
          color: 'teal',
          autoClose: TOAST.success,
          message: [
            res.offenerPosten.abgeschlossen
              ? t('payments.completed')
              : t('payments.created', { amount: formatCurrency(Math.abs(res.offenerPosten.offenerBetrag)) }),
            ...(res.skonto ? [t('payments.skontoBooked', { amount: formatCurrency(res.skonto.zahlungsBetrag) })] : []),
            ...(res.guthaben ? [t('payments.creditBooked', { amount: formatCurrency(Math.abs(res.guthaben.offenerBetrag)) })] : []),
          ].join(' · '),
        });
        props.onClose(res.offenerPosten);
      }}
    >
      <Text size="sm" c="dimmed" data-testid="payment-open-amount">
        {item?.opvArt === 'GU' ? t('payments.toPayOut', { amount: formatCurrency(open) }) : t('payments.openAmount', { amount: formatCurrency(open) })}
      </Text>
      <CurrencyField name="zahlungsBetrag" label={t('f.zahlungsBetrag')} />
      {item && <PaymentHints item={item} open={open} />}
      <DateField name="zahlungsDatum" label={t('f.zahlungsDatum')} />
      <SelectField name="zahlungPer" label={t('f.zahlungPer')} keepOrder data={ZAHLUNG_PER.map((v) => ({ value: v, label: t(methodKey(v)) }))} />
      <TextField name="auszug" label={t('f.auszug')} />
      <TextField name="bemerkung" label={t('f.bemerkung')} multiline rows={2} />
    </SchemaFormDialog>
  );
}
