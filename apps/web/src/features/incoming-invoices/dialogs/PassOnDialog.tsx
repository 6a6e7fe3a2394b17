import { Select, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { useReminderUsers } from '@/features/reminders/api';

/** Pass on (ERV-019/020): the target user is required, chosen from the filtered user list (not blocked, id > 0). */
export function PassOnDialog({
  opened,
  onClose,
  saving,
  onPassOn,
}: {
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  onPassOn: (v: { anBenutzerId: number; bemerkung?: string }) => void;
}) {
  const { t } = useTranslation('incomingInvoices');
  const users = useReminderUsers();
  const [user, setUser] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  useEffect(() => {
    if (opened) {
      setUser(null);
      setRemark('');
    }
  }, [opened]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('passOn.title')}
      ready={!!user}
      loading={saving}
      submitLabel={t('passOn.submit')}
      onSubmit={() => user && onPassOn({ anBenutzerId: Number(user), ...(remark.trim() ? { bemerkung: remark } : {}) })}
    >
      <Select
        label={t('passOn.user')}
        required
        searchable
        data={users.map((u) => ({ value: String(u.id), label: `${u.kuerzel} – ${u.name}` }))}
        value={user}
        onChange={setUser}
        comboboxProps={{ withinPortal: true }}
        data-testid="pass-on-user"
      />
      <Textarea
        label={t('passOn.remark')}
        autosize
        minRows={2}
        maxLength={2000}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
        data-testid="pass-on-remark"
      />
    </FormDialog>
  );
}
