import { Group, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput } from '@/components/form/DateTextInput';
import { notifySuccess } from '@/lib/api/error-handler';
import { sendServiceStep } from '../api';
import { checkTimeRange } from '../rules';
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
      notifySuccess(t('dialog.timeBooked'));
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
        <TimeInput
          label={t('dialog.from')}
          required
          size="md"
          value={form.values.von}
          onChange={(e) => form.set('von', e.currentTarget.value)}
          error={form.errors.von}
          data-testid="field-von"
        />
        <TimeInput
          label={t('dialog.to')}
          required
          size="md"
          value={form.values.bis}
          onChange={(e) => form.set('bis', e.currentTarget.value)}
          error={form.errors.bis}
          data-testid="field-bis"
        />
      </Group>
      <Textarea
        label={t('dialog.remark')}
        value={form.values.bemerkung}
        onChange={(e) => form.set('bemerkung', e.currentTarget.value)}
        error={form.errors.bemerkung}
        autosize
        minRows={2}
        maxLength={2000}
      />
    </FormDialog>
  );
}
