import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { sendServiceStep, stepDone } from '../api';
import { checkNotFuture } from '../rules';
import { StepTimeField } from '../ui/step-fields';
import { useStepForm } from '../ui/use-step-form';

/** Travel start (SVC-059, SVC-060): the time HH:mm, now by default; done → the info notice 'Reisebeginn gestartet' (3 s). */
export function TravelStartDialog({ opened, onClose, planungId }: { opened: boolean; onClose: () => void; planungId: number }) {
  const { t } = useTranslation('service');
  const form = useStepForm(() => ({ datum: dayjs().format('HH:mm') }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => {
        const future = checkNotFuture(v.datum);
        return { datum: !v.datum ? t('check.required') : future ? t(future) : undefined };
      },
      (v) => sendServiceStep('reisebeginn', { planungId }, { datum: v.datum }),
      ['datum'],
    );
    if (ok) {
      stepDone(ok, t('dialog.travelStartDone'), 'info');
      onClose();
    }
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('dialog.travelStartTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
      submitLabel={t('step.travelStart')}
    >
      <StepTimeField form={form} name="datum" label={t('dialog.time')} />
    </FormDialog>
  );
}
