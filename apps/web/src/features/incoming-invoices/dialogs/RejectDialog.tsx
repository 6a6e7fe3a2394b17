import { Textarea } from '@mantine/core';
import { ervBemerkungGefuellt } from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';

/** Reject (ERV-018): the remark is required; the reject button is disabled while it is empty. */
export function RejectDialog({
  opened,
  onClose,
  saving,
  onReject,
}: {
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  onReject: (remark: string) => void;
}) {
  const { t } = useTranslation('incomingInvoices');
  const [remark, setRemark] = useState('');
  useEffect(() => {
    if (opened) setRemark('');
  }, [opened]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('reject.title')}
      ready={ervBemerkungGefuellt(remark)}
      loading={saving}
      submitLabel={t('reject.submit')}
      onSubmit={() => onReject(remark)}
    >
      <Textarea
        label={t('reject.remark')}
        description={t('reject.remarkHint')}
        required
        autosize
        minRows={3}
        maxLength={2000}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
        data-testid="reject-remark"
      />
    </FormDialog>
  );
}
