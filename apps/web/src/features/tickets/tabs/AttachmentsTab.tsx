import { ActionIcon, Button, FileButton, Group } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { ticketGeschlossen } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifyFailed, notifySuccess } from '@/lib/api/error-handler';
import { formatFileSize, tooLargeToUpload, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { downloadAttachment, useAttachments, useDeleteAttachment, useUploadAttachment } from '../api';
import { useTicketFromRoute } from '../use-ticket';

/** The ticket's attachments (TKT-007, TKT-023): upload (base64, the server checks the type by the bytes), download (TKT-024), delete. */
export function AttachmentsTab() {
  const { id, ticket } = useTicketFromRoute();
  const may = hasRight(useMe().data, 'TKT_AENDERN');
  return id && ticket ? <Attachments ticketId={id} canEdit={may && !ticketGeschlossen(ticket.status)} /> : null;
}

function Attachments({ ticketId, canEdit }: { ticketId: number; canEdit: boolean }) {
  const { t } = useTranslation('tickets');
  const f = useFieldLabel();
  const files = useAttachments(ticketId);
  const upload = useUploadAttachment(ticketId);
  const remove = useDeleteAttachment(ticketId);

  const onFile = async (file: File | null) => {
    if (!file) return;
    if (tooLargeToUpload(file)) return notifyFailed(t('errors.uploadTooLarge', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) }));
    await upload.mutateAsync(file);
    notifySuccess(t('attachments.uploaded'));
  };
  const onDelete = async (fileId: number, name: string) => {
    if (!(await confirmDialog({ message: t('attachments.removeConfirm', { name }), confirmLabel: t('common.delete'), danger: true }))) return;
    await remove.mutateAsync(fileId);
    notifySuccess(t('notify.deleted'));
  };

  return (
    <SubList
      title={t('attachments.title')}
      rows={files.data}
      loading={files.isLoading}
      rowKey={(r) => r.id}
      testId="ticket-attachments"
      actions={
        canEdit && (
          <FileButton onChange={(file) => void onFile(file)}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                title={t('errors.uploadLimit', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) })}
                data-testid="attachment-upload"
              >
                {t('attachments.upload')}
              </Button>
            )}
          </FileButton>
        )
      }
      columns={[
        { key: 'dateiname', label: f('dateiname'), render: (r) => r.dateiname },
        { key: 'betreff', label: f('betreff'), render: (r) => r.betreff ?? '', visibleFrom: 'sm' },
        { key: 'datum', label: f('datum'), render: (r) => formatDateTime(r.datum), visibleFrom: 'sm' },
        { key: 'groesse', label: f('groesse'), render: (r) => formatFileSize(r.groesse), align: 'right', visibleFrom: 'md' },
        {
          key: 'actions',
          label: '',
          align: 'right',
          width: 90,
          render: (r) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                onClick={() => void downloadAttachment(r.id, r.dateiname).catch(handleApiError)}
                aria-label={t('attachments.download')}
                data-testid="attachment-download"
              >
                <IconDownload size={16} />
              </ActionIcon>
              {canEdit && (
                <ActionIcon variant="subtle" color="red" onClick={() => void onDelete(r.id, r.dateiname)} aria-label={t('common.delete')}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
