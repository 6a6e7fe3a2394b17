import { Button, FileInput, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { FileSubList } from '@/components/files/FileSubList';
import { limitProps } from '@/components/form/text-limit';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatFileSize, tooLargeToUpload, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { hasRight } from '@/lib/rights';
import { type AdressDatei, deleteFile, downloadFile, uploadFile, useFiles } from '../api-files';
import { useAddressFromRoute } from '../use-address-id';

/** The one file-size format (lib/file-size). */
export const formatBytes = formatFileSize;

/** Files of the address without e-mails (ADR-069), with upload, download and delete. */
export function FilesTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const { id } = useAddressFromRoute();
  const addressId = id ?? 0;
  const files = useFiles(addressId);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState(false);
  const f = useFieldLabel();

  const submit = async () => {
    if (!file || tooLargeToUpload(file)) return;
    setBusy(true);
    try {
      await uploadFile(addressId, file, subject.trim() || null);
      notifySuccess(t('files.uploaded'));
      setOpen(false);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FileSubList<AdressDatei>
        title={t('tabs.files')}
        testId="files-list"
        rows={files.data?.result}
        count={files.data?.resultCount}
        loading={files.isLoading}
        canEdit={canEdit}
        texts={{
          upload: t('files.upload'),
          uploaded: t('files.uploaded'),
          download: t('files.download'),
          removeConfirm: (name) => t('files.removeConfirm', { name }),
        }}
        // the address asks for a subject beside the file: its upload is a dialog
        uploadButton={
          <Button
            size="xs"
            leftSection={<IconUpload size={14} />}
            onClick={() => {
              setFile(null);
              setSubject('');
              setOpen(true);
            }}
            data-testid="file-upload"
          >
            {t('files.upload')}
          </Button>
        }
        remove={(d) => deleteFile(addressId, d.id)}
        download={(d) => downloadFile(addressId, d)}
        onRowClick={(d) => void navigate({ to: '/addresses/$id/files/$fileId', params: { id: String(addressId), fileId: String(d.id) } })}
      />
      <FormDialog
        opened={open}
        onClose={() => setOpen(false)}
        onSubmit={() => void submit()}
        ready={!!file}
        loading={busy}
        title={t('files.upload')}
        submitLabel={t('files.upload')}
      >
        <FileInput
          label={f('dateiname')}
          value={file}
          onChange={setFile}
          required
          clearable
          description={t('errors.uploadLimit', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) })}
          error={file && tooLargeToUpload(file) ? t('errors.uploadTooLarge', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) }) : null}
          data-testid="file-input"
        />
        <TextInput label={t('files.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} {...limitProps(subject, 255)} />
      </FormDialog>
    </>
  );
}
