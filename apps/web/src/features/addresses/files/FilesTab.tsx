import { ActionIcon, Button, FileInput, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { limitProps } from '@/components/form/text-limit';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatFileSize, tooLargeToUpload, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';
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
  const remove = async (d: AdressDatei) => {
    if (!(await confirmDialog({ message: t('files.removeConfirm', { name: d.dateiname }), danger: true, confirmLabel: t('common.delete') }))) return;
    try {
      await deleteFile(addressId, d.id);
      notifySuccess(t('notify.deleted'));
    } catch (e) {
      handleApiError(e);
    }
  };

  return (
    <>
      <SubList<AdressDatei>
        title={t('tabs.files')}
        testId="files-list"
        rows={files.data?.result}
        count={files.data?.resultCount}
        loading={files.isLoading}
        rowKey={(d) => d.id}
        onRowClick={(d) => void navigate({ to: '/addresses/$id/files/$fileId', params: { id: String(addressId), fileId: String(d.id) } })}
        actions={
          canEdit && (
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
          )
        }
        columns={[
          {
            key: 'name',
            label: f('dateiname'),
            render: (d) => (
              <Group gap={6} wrap="nowrap">
                <IconFile size={16} style={{ flexShrink: 0 }} />
                <Text size="sm" truncate>
                  {d.dateiname}
                </Text>
              </Group>
            ),
          },
          { key: 'betreff', label: f('betreff'), render: (d) => d.betreff ?? '', visibleFrom: 'sm' },
          { key: 'datum', label: f('datum'), render: (d) => formatDateTime(d.datum), width: 150 },
          { key: 'groesse', label: f('groesse'), render: (d) => formatBytes(d.groesse), align: 'right', width: 100, visibleFrom: 'md' },
          {
            key: 'actions',
            label: '',
            width: 90,
            align: 'right',
            render: (d) => (
              <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                <Tooltip label={t('files.download')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('files.download')}
                    onClick={() => void downloadFile(addressId, d).catch(handleApiError)}
                    data-testid="file-download"
                  >
                    <IconDownload size={16} />
                  </ActionIcon>
                </Tooltip>
                {canEdit && (
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => void remove(d)} data-testid="file-delete">
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
        ]}
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
