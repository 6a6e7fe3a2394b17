import { ActionIcon, Button, FileButton, Group, Pagination } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifyFailed, notifySuccess } from '@/lib/api/error-handler';
import { formatFileSize, tooLargeToUpload, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';
import { ASSET_PAGE_SIZE, downloadAssetFile, useAssetFiles, useDeleteAssetFile, useUploadAssetFile } from '../api';

/** The files of an asset, 50 per page, with download (binary) and upload (ASS-010..012). */
export function FileList({ assetId, canEdit }: { assetId: number; canEdit: boolean }) {
  const { t } = useTranslation('assets');
  const f = useFieldLabel();
  const [page, setPage] = useState(0);
  const files = useAssetFiles(assetId, page);
  const upload = useUploadAssetFile(assetId);
  const remove = useDeleteAssetFile(assetId);
  const total = files.data?.resultCount ?? files.data?.result.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / ASSET_PAGE_SIZE));

  const onFile = async (file: File | null) => {
    if (!file) return;
    // the limit is said before the request, not as an HTTP 413 after it
    if (tooLargeToUpload(file)) return notifyFailed(t('errors.uploadTooLarge', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) }));
    await upload.mutateAsync(file);
    notifySuccess(t('files.uploaded'));
  };
  const onDelete = async (id: number, name: string) => {
    if (!(await confirmDialog({ message: t('files.removeConfirm', { name }), confirmLabel: t('common.delete'), danger: true }))) return;
    await remove.mutateAsync(id);
    notifySuccess(t('notify.deleted'));
  };

  return (
    <SubList
      title={t('files.title')}
      rows={files.data?.result}
      count={total}
      loading={files.isLoading}
      rowKey={(r) => r.id}
      testId="asset-files"
      actions={
        canEdit && (
          <FileButton onChange={(f) => void onFile(f)}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
                title={t('errors.uploadLimit', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) })}
                data-testid="file-upload"
              >
                {t('files.upload')}
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
                onClick={() => void downloadAssetFile(assetId, r.id, r.dateiname).catch(handleApiError)}
                aria-label={t('files.download')}
                data-testid="file-download"
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
      footer={
        pages > 1 && (
          <Group justify="center" p="sm">
            <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" />
          </Group>
        )
      }
    />
  );
}
