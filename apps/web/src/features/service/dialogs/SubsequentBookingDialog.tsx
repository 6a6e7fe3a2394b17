import { Group, Switch, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { type ModalSettings, modals } from '@mantine/modals';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput } from '@/components/form/DateTextInput';
import { limitProps } from '@/components/form/text-limit';
import { sendServiceStep, stepDone } from '../api';
import { atTime, isAfterToday } from '../rules';
import { useStepForm } from '../ui/use-step-form';

/** What a subsequent booking sends (the contract's `serviceAktionDaten.nachbuchung`). */
export type SubsequentBooking = {
  istAnmeldung: boolean;
  nachbuchungTimeStamp: string;
  kommentar: string | null;
};

/**
 * Subsequent booking (SVC-017, SVC-055): a missed log-on or log-off booked afterwards with its date and time; a day
 * after today is refused with an informational dialog.
 */
export function SubsequentBookingDialog({
  opened,
  onClose,
  send = (daten) => sendServiceStep('nachbuchung', {}, daten),
}: {
  opened: boolean;
  onClose: () => void;
  /** Where the booking goes: the field service's step (default), or time tracking's call that also applies it to the entries. */
  send?: (daten: SubsequentBooking) => Promise<unknown>;
}) {
  const { t } = useTranslation(['service', 'app']);
  const initial = () => ({ datum: dayjs().format('YYYY-MM-DD') as string | null, zeit: dayjs().format('HH:mm'), istAnmeldung: true, kommentar: '' });
  const form = useStepForm(initial);
  useEffect(() => {
    if (opened) form.reset(initial());
  }, [opened]);
  const submit = async () => {
    if (isAfterToday(form.values.datum)) {
      const info: ModalSettings & { 'data-testid': string } = {
        title: t('dialog.futureTitle'),
        centered: true,
        children: t('dialog.futureText'),
        'data-testid': 'subsequent-future',
      };
      modals.open(info);
      return;
    }
    const ok = await form.submit(
      (v) => ({ datum: v.datum ? undefined : t('check.required'), zeit: v.zeit ? undefined : t('check.required') }),
      (v) =>
        send({
          istAnmeldung: v.istAnmeldung,
          nachbuchungTimeStamp: dayjs(atTime(v.datum as string, v.zeit)).toISOString(),
          kommentar: v.kommentar.trim() || null,
        }),
      ['datum', 'zeit', 'kommentar', 'nachbuchungTimeStamp', 'istAnmeldung'],
    );
    if (ok) {
      stepDone(ok, t('dialog.subsequentSaved'));
      onClose();
    }
  };
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('dialog.subsequentTitle')} onSubmit={() => void submit()} loading={form.loading}>
      <Group grow gap="sm" align="flex-start">
        <DateTextInput
          label={t('dialog.date')}
          required
          size="md"
          value={form.values.datum}
          onChange={(v) => form.set('datum', v)}
          error={form.errors.datum ?? form.errors.nachbuchungTimeStamp}
          data-testid="field-datum"
        />
        <TimeInput
          label={t('dialog.time')}
          required
          size="md"
          value={form.values.zeit}
          onChange={(e) => form.set('zeit', e.currentTarget.value)}
          error={form.errors.zeit}
        />
      </Group>
      <Switch
        size="md"
        label={t('dialog.registration')}
        checked={form.values.istAnmeldung}
        onChange={(e) => form.set('istAnmeldung', e.currentTarget.checked)}
      />
      <Textarea
        label={t('dialog.comment')}
        value={form.values.kommentar}
        onChange={(e) => form.set('kommentar', e.currentTarget.value)}
        autosize
        minRows={2}
        {...limitProps(form.values.kommentar, 2000, { error: form.errors.kommentar })}
      />
    </FormDialog>
  );
}
