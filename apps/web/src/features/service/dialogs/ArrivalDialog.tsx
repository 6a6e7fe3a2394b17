import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { sendServiceStep, stepDone } from '../api';
import { checkDistance, checkNotFuture } from '../rules';
import { StepRemarkField, StepTimeField } from '../ui/step-fields';
import { useStepForm } from '../ui/use-step-form';

/**
 * Arrival (SVC-061, SVC-048, SVC-062): time and distance in whole km ≥ 0; done → 'Status Vor-Ort gesetzt'. With
 * `bookedAt` (the booked arrival) it corrects that time instead (issue 19 item 14: same day, a reason, kept with its
 * history). A time after now is refused before sending, as the server refuses it.
 */
export function ArrivalDialog({ opened, onClose, planungId, bookedAt }: { opened: boolean; onClose: () => void; planungId: number; bookedAt?: string | null }) {
  const { t } = useTranslation('service');
  const correct = !!bookedAt;
  const day = bookedAt ? dayjs(bookedAt).format('YYYY-MM-DD') : dayjs().format('YYYY-MM-DD');
  const form = useStepForm(() => ({
    datum: (bookedAt ? dayjs(bookedAt) : dayjs()).format('HH:mm'),
    strecke: null as number | string | null,
    grund: '',
  }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => {
        const future = checkNotFuture(v.datum, day);
        const d = correct ? null : checkDistance(v.strecke);
        return { datum: !v.datum ? t('check.required') : future ? t(future) : undefined, strecke: d ? t(d) : undefined };
      },
      (v) =>
        correct
          ? sendServiceStep('ankunftKorrigieren', { planungId }, { datum: v.datum, tag: day, grund: v.grund.trim() || null })
          : sendServiceStep('ankunft', { planungId }, { datum: v.datum, strecke: v.strecke }),
      ['datum', 'strecke', 'grund'],
    );
    if (ok) {
      stepDone(ok, correct ? t('dialog.arrivalCorrected') : t('dialog.arrivalDone'), 'info');
      onClose();
    }
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={correct ? t('dialog.arrivalCorrectTitle') : t('dialog.arrivalTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
      submitLabel={correct ? t('action.correctArrival') : t('step.arrival')}
    >
      <StepTimeField form={form} name="datum" label={t('dialog.time')} />
      {correct ? (
        <StepRemarkField form={form} name="grund" label={t('dialog.correctionReason')} />
      ) : (
        <NumberTextInput
          label={t('dialog.distance')}
          required
          size="md"
          value={form.values.strecke}
          onChange={(v) => form.set('strecke', v)}
          error={form.errors.strecke}
          rightSection="km"
          data-autofocus
          data-testid="field-strecke"
        />
      )}
    </FormDialog>
  );
}
