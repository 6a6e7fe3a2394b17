import { Button, Checkbox, Group, Select, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { serviceKalendereintrag } from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirmDialog } from '@/components/dialogs/confirm';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput, isIsoDate } from '@/components/form/DateTextInput';
import { limitProps } from '@/components/form/text-limit';
import { handleApiError } from '@/lib/api/error-handler';
import { sendServiceStep, stepDone, useCalendarTypes } from '../api';
import { calendarDefaults, halfDaysShown, normalizeHalfDays } from '../rules';
import { useStepForm } from '../ui/use-step-form';

export type CalendarEntry = z.infer<typeof serviceKalendereintrag>;

/**
 * Calendar entry (SVC-018, SVC-056..058): type 1 and today by default; the half-day choices only for a single day;
 * start ≠ end books both half days.
 */
export function CalendarEntryDialog({ opened, onClose, entry, day }: { opened: boolean; onClose: () => void; entry?: CalendarEntry | null; day?: string }) {
  const { t } = useTranslation(['service', 'app']);
  const types = useCalendarTypes().data ?? [];
  const [deleting, setDeleting] = useState(false);
  const initial = () => {
    const d = calendarDefaults();
    return entry
      ? {
          kalTypId: entry.KAL_TYP_ID,
          startDatum: entry.StartDatum,
          endeDatum: entry.EndeDatum,
          vormittags: entry.Vormittags,
          nachmittags: entry.Nachmittags,
          kommentar: entry.Kommentar ?? '',
        }
      : { ...d, startDatum: day ?? d.startDatum, endeDatum: day ?? d.endeDatum };
  };
  const form = useStepForm<{
    kalTypId: number;
    startDatum: string | null;
    endeDatum: string | null;
    vormittags: boolean;
    nachmittags: boolean;
    kommentar: string;
  }>(initial);
  useEffect(() => {
    if (opened) form.reset(initial());
  }, [opened, entry?.id]);
  const v = form.values;
  const single = halfDaysShown(v.startDatum, v.endeDatum);

  const submit = async () => {
    const ok = await form.submit(
      (x) => {
        const out: Record<string, string | undefined> = {};
        if (!isIsoDate(x.startDatum)) out.StartDatum = t('check.required');
        if (!isIsoDate(x.endeDatum)) out.EndeDatum = t('check.required');
        else if (isIsoDate(x.startDatum) && x.endeDatum < x.startDatum) out.EndeDatum = t('check.fromBeforeTo');
        if (!out.StartDatum && !out.EndeDatum && x.startDatum === x.endeDatum && !x.vormittags && !x.nachmittags) out.Vormittags = t('check.required');
        return out;
      },
      (x) => {
        const n = normalizeHalfDays({
          startDatum: x.startDatum as string,
          endeDatum: x.endeDatum as string,
          vormittags: x.vormittags,
          nachmittags: x.nachmittags,
        });
        const data = {
          KAL_TYP_ID: x.kalTypId,
          StartDatum: n.startDatum,
          EndeDatum: n.endeDatum,
          Vormittags: n.vormittags,
          Nachmittags: n.nachmittags,
          Kommentar: x.kommentar.trim() || null,
        };
        return entry ? sendServiceStep('kalenderAendern', { eintragId: entry.id }, data) : sendServiceStep('kalenderNeu', {}, data);
      },
      ['KAL_TYP_ID', 'StartDatum', 'EndeDatum', 'Vormittags', 'Nachmittags', 'Kommentar'],
    );
    if (ok) {
      stepDone(ok, t('calendar.entrySaved'));
      onClose();
    }
  };

  const remove = async () => {
    if (!entry || !(await confirmDialog({ message: t('calendar.deleteConfirm'), confirmLabel: t('app:common.delete'), danger: true }))) return;
    setDeleting(true);
    try {
      stepDone(await sendServiceStep('kalenderLoeschen', { eintragId: entry.id }, {}), t('calendar.entryDeleted'));
      onClose();
    } catch (e) {
      handleApiError(e, { action: 'delete' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <FormDialog opened={opened} onClose={onClose} title={t('calendar.entryTitle')} onSubmit={() => void submit()} loading={form.loading || deleting}>
      <Select
        label={t('calendar.type')}
        required
        size="md"
        allowDeselect={false}
        data={(types.length ? types : [{ id: 1, bezeichnung: '1' }]).map((k) => ({ value: String(k.id), label: k.bezeichnung }))}
        value={String(v.kalTypId)}
        onChange={(x) => form.set('kalTypId', Number(x ?? 1))}
        error={form.errors.KAL_TYP_ID}
        comboboxProps={{ withinPortal: true }}
        data-testid="field-KAL_TYP_ID"
      />
      <Group grow gap="sm" align="flex-start">
        <DateTextInput
          label={t('calendar.start')}
          required
          size="md"
          value={v.startDatum}
          onChange={(x) => {
            // moving the start past the end moves the end along
            form.set('startDatum', x);
            if (isIsoDate(x) && isIsoDate(v.endeDatum) && v.endeDatum < x) form.set('endeDatum', x);
          }}
          error={form.errors.StartDatum}
          data-testid="field-StartDatum"
        />
        <DateTextInput
          label={t('calendar.end')}
          required
          size="md"
          value={v.endeDatum}
          onChange={(x) => form.set('endeDatum', x)}
          error={form.errors.EndeDatum}
          data-testid="field-EndeDatum"
        />
      </Group>
      {single && (
        <Group gap="lg" data-testid="half-days">
          <Checkbox
            size="md"
            label={t('calendar.morning')}
            checked={v.vormittags}
            onChange={(e) => form.set('vormittags', e.currentTarget.checked)}
            error={form.errors.Vormittags}
            data-testid="field-Vormittags"
          />
          <Checkbox
            size="md"
            label={t('calendar.afternoon')}
            checked={v.nachmittags}
            onChange={(e) => form.set('nachmittags', e.currentTarget.checked)}
            error={form.errors.Nachmittags}
            data-testid="field-Nachmittags"
          />
        </Group>
      )}
      <Textarea
        label={t('calendar.comment')}
        value={v.kommentar}
        onChange={(e) => form.set('kommentar', e.currentTarget.value)}
        autosize
        minRows={2}
        {...limitProps(v.kommentar, 2000, { error: form.errors.Kommentar })}
      />
      {entry && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void remove()}
            loading={deleting}
            data-testid="calendar-entry-delete"
          >
            {t('app:common.delete')}
          </Button>
        </Group>
      )}
    </FormDialog>
  );
}
