import { Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '@/components/form/DateTextInput';
import { formatDate } from '@/lib/format';
import { sendServiceStep, stepDone } from '../api';
import { canRetainWithDate, SUSPEND_TIMES, suspendDays } from '../rules';
import { StepRemarkField } from '../ui/step-fields';
import { useStepForm } from '../ui/use-step-form';

/**
 * Suspend (SVC-026..029): retain the call with a new date and time — shortcuts tomorrow / the day after and 08:00 /
 * 10:00 — or without date and time. Retaining with a date needs both a date (DD.MM.YYYY) and a time.
 */
export function SuspendDialog({ opened, onClose, planungId, onDone }: { opened: boolean; onClose: () => void; planungId: number; onDone?: () => void }) {
  const { t } = useTranslation(['service', 'app']);
  const days = suspendDays();
  const form = useStepForm(() => ({ datum: null as string | null, uhrzeit: '', bemerkung: '' }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const withDate = canRetainWithDate(form.values.datum, form.values.uhrzeit);

  const send = async (dated: boolean) => {
    const ok = await form.submit(
      (v) => (dated && !canRetainWithDate(v.datum, v.uhrzeit) ? { datum: t('check.dateAndTime') } : {}),
      (v) =>
        sendServiceStep(
          'zurueckstellen',
          { planungId },
          dated ? { datum: v.datum, uhrzeit: v.uhrzeit, bemerkung: v.bemerkung.trim() || null } : { bemerkung: v.bemerkung.trim() || null },
        ),
      ['datum', 'uhrzeit', 'bemerkung'],
    );
    if (ok) {
      stepDone(ok, t('dialog.suspended'));
      onClose();
      onDone?.();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dialog.suspendTitle')} size="40rem" transitionProps={{ transition: 'slide-up', duration: 150 }}>
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('dialog.date')}
          </Text>
          <Group gap="xs">
            <Chip checked={form.values.datum === days.tomorrow} onChange={() => form.set('datum', days.tomorrow)} size="md" data-testid="suspend-tomorrow">
              {t('dialog.tomorrow')} ({formatDate(days.tomorrow)})
            </Chip>
            <Chip checked={form.values.datum === days.dayAfter} onChange={() => form.set('datum', days.dayAfter)} size="md" data-testid="suspend-dayafter">
              {t('dialog.dayAfter')} ({formatDate(days.dayAfter)})
            </Chip>
          </Group>
          <DateTextInput
            aria-label={t('dialog.date')}
            size="md"
            value={form.values.datum}
            onChange={(v) => form.set('datum', v)}
            error={form.errors.datum}
            data-testid="field-datum"
          />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('dialog.time')}
          </Text>
          <Group gap="xs">
            {SUSPEND_TIMES.map((time) => (
              <Chip key={time} checked={form.values.uhrzeit === time} onChange={() => form.set('uhrzeit', time)} size="md" data-testid={`suspend-${time}`}>
                {time}
              </Chip>
            ))}
          </Group>
          <TimeInput
            aria-label={t('dialog.time')}
            size="md"
            value={form.values.uhrzeit}
            onChange={(e) => form.set('uhrzeit', e.currentTarget.value)}
            error={form.errors.uhrzeit}
            data-testid="field-uhrzeit"
          />
        </Stack>
        <StepRemarkField form={form} name="bemerkung" label={t('dialog.remark')} />
        <Stack gap="xs">
          <Button size="md" onClick={() => void send(true)} disabled={!withDate} loading={form.loading} data-testid="suspend-with-date">
            {t('dialog.retainWithDate')}
          </Button>
          <Button size="md" variant="light" onClick={() => void send(false)} loading={form.loading} data-testid="suspend-without-date">
            {t('dialog.retainWithoutDate')}
          </Button>
          <Button size="md" variant="default" onClick={onClose} disabled={form.loading}>
            {t('app:common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
