import { ticketGeschlossen } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { FileSubList } from '@/components/files/FileSubList';
import { hasRight } from '@/lib/rights';
import { downloadAttachment, useAttachments, useDeleteAttachment, useUploadAttachment } from '../api';
import { useTicketFromRoute } from '../use-ticket';

/** The ticket's attachments (TKT-007, TKT-023): upload (a form; the server checks the type by the bytes), download (TKT-024), delete. */
export function AttachmentsTab() {
  const { id, ticket } = useTicketFromRoute();
  const may = hasRight(useMe().data, 'TKT_AENDERN');
  return id && ticket ? <Attachments ticketId={id} canEdit={may && !ticketGeschlossen(ticket.status)} /> : null;
}

function Attachments({ ticketId, canEdit }: { ticketId: number; canEdit: boolean }) {
  const { t } = useTranslation('tickets');
  const files = useAttachments(ticketId);
  const upload = useUploadAttachment(ticketId);
  const remove = useDeleteAttachment(ticketId);
  return (
    <FileSubList
      title={t('attachments.title')}
      testId="ticket-attachments"
      rows={files.data}
      loading={files.isLoading}
      canEdit={canEdit}
      texts={{
        upload: t('attachments.upload'),
        uploaded: t('attachments.uploaded'),
        download: t('attachments.download'),
        removeConfirm: (name) => t('attachments.removeConfirm', { name }),
      }}
      upload={(file) => upload.mutateAsync(file)}
      uploading={upload.isPending}
      remove={(r) => remove.mutateAsync(r.id)}
      download={(r) => downloadAttachment(r.id, r.dateiname)}
    />
  );
}
