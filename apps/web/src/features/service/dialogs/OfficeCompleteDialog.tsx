import { Alert, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { api } from '@/lib/api/client';
import { notifySuccess } from '@/lib/api/error-handler';
import { queryClient } from '@/lib/query-client';
import { serviceKeys } from '../api';
import { checkRemark } from '../rules';
import { useStepForm } from '../ui/use-step-form';

/**
 * The office's completion without the customer's signature (issue 19 item 18, SVC_DISPO): the reason is required; the
 * server sets the completion date, renders the report stating it and locks the task. An office call, sent online.
 */
export function OfficeCompleteDialog({ opened, onClose, auftragId }: { opened: boolean; onClose: () => void; auftragId: number }) {
  const { t } = useTranslation('service');
  const form = useStepForm(() => ({ grund: '' }));
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const submit = async () => {
    const ok = await form.submit(
      (v) => ({ grund: checkRemark(v.grund) ? t('check.reasonRequired') : undefined }),
      async (v) => {
        await api('serviceAbschlussOhneUnterschrift', { params: { id: auftragId }, body: { data: { grund: v.grund.trim() } } });
        await queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      },
      ['grund'],
    );
    if (ok) {
      notifySuccess(t('dialog.withoutSignatureDone'));
      onClose();
    }
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('dialog.withoutSignatureTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
      submitLabel={t('action.completeWithoutSignature')}
    >
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('dialog.withoutSignatureText')}
      </Alert>
      <Textarea
        label={t('dialog.reason')}
        required
        value={form.values.grund}
        onChange={(e) => form.set('grund', e.currentTarget.value)}
        error={form.errors.grund}
        autosize
        minRows={3}
        maxLength={2000}
        data-autofocus
        data-testid="field-grund"
      />
    </FormDialog>
  );
}
