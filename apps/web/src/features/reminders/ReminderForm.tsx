import { Select, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useRouterState } from '@tanstack/react-router';
import type { Erinnerung } from '@vario/contract';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { notifySuccess } from '@/lib/api/error-handler';
import { useReminderUsers, useSaveReminder } from './api';
import { reminderSource } from './source';

const DEFAULT_OFFSET_MINUTES = 15;
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Create or edit a reminder: default now + 15 min, addressee from the filtered user list by kuerzel (REM-014, REM-015, REM-019, REM-020). */
export function ReminderForm({ opened, reminder, onClose }: { opened: boolean; reminder: Erinnerung | null; onClose: () => void }) {
  const { t } = useTranslation('reminders');
  const me = useMe().data;
  const users = useReminderUsers();
  const save = useSaveReminder();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [bemerkung, setBemerkung] = useState('');
  const [datum, setDatum] = useState<string | null>(null);
  const [benutzerId, setBenutzerId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setBemerkung(reminder?.bemerkung ?? '');
    setDatum(dayjs(reminder?.erinnerungDatum ?? dayjs().add(DEFAULT_OFFSET_MINUTES, 'minute')).format(PICKER_FORMAT));
    setBenutzerId(String(reminder?.benutzerId ?? me?.benutzer.id ?? ''));
    setTouched(false);
  }, [opened, reminder, me]);

  const missingText = bemerkung.trim() === '';
  const ready = !missingText && !!datum && !!benutzerId;
  const submit = () => {
    setTouched(true);
    if (!ready) return;
    save.mutate(
      {
        id: reminder?.id,
        bemerkung: bemerkung.trim(),
        erinnerungDatum: dayjs(datum).format(),
        benutzerId: Number(benutzerId),
        // a new reminder made while a record is open is linked to it (REM-009)
        ...(reminder ? {} : (reminderSource(pathname) ?? {})),
      },
      {
        onSuccess: (res) => {
          notifySuccess(res.created ? t('notify.created') : t('notify.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog opened={opened} onClose={onClose} onSubmit={submit} loading={save.isPending} title={reminder ? t('edit') : t('new')}>
      <Textarea
        label={t('remark')}
        placeholder={t('remarkPlaceholder')}
        description={t('enterHint')}
        value={bemerkung}
        onChange={(e) => setBemerkung(e.currentTarget.value)}
        error={touched && missingText ? t('errors.required') : undefined}
        autosize
        minRows={3}
        maxRows={8}
        required
        data-autofocus
        data-testid="reminder-remark"
      />
      <DateTimePicker
        label={t('date')}
        value={datum}
        onChange={setDatum}
        valueFormat="DD.MM.YYYY HH:mm"
        required
        popoverProps={{ withinPortal: true, zIndex: 3500 }}
        data-testid="reminder-date"
      />
      <Select
        label={t('addressee')}
        value={benutzerId}
        onChange={setBenutzerId}
        data={users.map((u) => ({ value: String(u.id), label: `${u.kuerzel} – ${u.name}` }))}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true, zIndex: 3500 }}
        required
        data-testid="reminder-user"
      />
    </FormDialog>
  );
}
