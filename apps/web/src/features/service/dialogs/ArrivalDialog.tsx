import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { sendServiceStep, stepDone } from '../api';
import { checkDistance } from '../rules';
import { StepTimeField } from '../ui/step-fields';
import { useStepForm } from '../ui/use-step-form';

/** Arrival (SVC-061, SVC-048, SVC-062): time and distance in whole km ≥ 0; done → 'Status Vor-Ort gesetzt'. */
export function ArrivalDialog({ opened, onClose, planungId }: { opened: boolean; onClose: () => void; planungId: number }) {
  const { t } = useTranslation('service');
  const form = useStepForm(() => ({ datum: dayjs().format('HH:mm'), strecke: null as number | string | null }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => {
        const d = checkDistance(v.strecke);
        return { datum: v.datum ? undefined : t('check.required'), strecke: d ? t(d) : undefined };
      },
      (v) => sendServiceStep('ankunft', { planungId }, { datum: v.datum, strecke: v.strecke }),
      ['datum', 'strecke'],
    );
    if (ok) {
      stepDone(ok, t('dialog.arrivalDone'), 'info');
      onClose();
    }
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('dialog.arrivalTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
      submitLabel={t('step.arrival')}
    >
      <StepTimeField form={form} name="datum" label={t('dialog.time')} />
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
    </FormDialog>
  );
}
