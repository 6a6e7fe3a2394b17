import { Group } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput } from '@/components/form/DateTextInput';
import { sendServiceStep, stepDone } from '../api';
import { checkTimeRange } from '../rules';
import { StepRemarkField, StepTimeField } from '../ui/step-fields';
import { useStepForm } from '../ui/use-step-form';

/**
 * Service time (SVC-021, SVC-049, SVC-050): a day and from–to (HH:mm); to after from, and on the arrival's day not
 * before the arrival time (the message names it). The server checks the same.
 */
export function ServiceTimeDialog({
  opened,
  onClose,
  planungId,
  vorOrtDatum,
}: {
  opened: boolean;
  onClose: () => void;
  planungId: number;
  vorOrtDatum: string | null;
}) {
  const { t } = useTranslation('service');
  const initial = () => {
    const arrival = vorOrtDatum ? dayjs(vorOrtDatum) : null;
    const now = dayjs();
    const sameDay = arrival?.isSame(now, 'day');
    return {
      tag: now.format('YYYY-MM-DD') as string | null,
      von: sameDay && arrival ? arrival.format('HH:mm') : '',
      bis: now.format('HH:mm'),
      bemerkung: '',
    };
  };
  const form = useStepForm(initial);
  useEffect(() => {
    if (opened) form.reset(initial());
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => {
        const c = checkTimeRange(v.tag, v.von || null, v.bis || null, vorOrtDatum);
        return c ? { [c.field === 'datum' ? 'tag' : c.field]: t(c.key, { time: c.arrivalTime }) } : {};
      },
      (v) => sendServiceStep('serviceZeit', { planungId }, { tag: v.tag, von: v.von, bis: v.bis, bemerkung: v.bemerkung.trim() || null }),
      ['tag', 'von', 'bis', 'bemerkung'],
    );
    if (ok) {
      stepDone(ok, t('dialog.timeBooked'));
      onClose();
    }
  };
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('dialog.serviceTimeTitle')} onSubmit={() => void submit()} loading={form.loading}>
      <DateTextInput
        label={t('dialog.date')}
        required
        size="md"
        value={form.values.tag}
        onChange={(v) => form.set('tag', v)}
        error={form.errors.tag}
        data-testid="field-tag"
      />
      <Group grow gap="sm">
        <StepTimeField form={form} name="von" label={t('dialog.from')} />
        <StepTimeField form={form} name="bis" label={t('dialog.to')} />
      </Group>
      <StepRemarkField form={form} name="bemerkung" label={t('dialog.remark')} />
    </FormDialog>
  );
}
