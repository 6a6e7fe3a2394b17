import { Group, Pagination } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSubList } from '@/components/files/FileSubList';
import { ASSET_PAGE_SIZE, downloadAssetFile, useAssetFiles, useDeleteAssetFile, useUploadAssetFile } from '../api';

/** The files of an asset, 50 per page, with download (binary) and upload (ASS-010..012). */
export function FileList({ assetId, canEdit }: { assetId: number; canEdit: boolean }) {
  const { t } = useTranslation('assets');
  const [page, setPage] = useState(0);
  const files = useAssetFiles(assetId, page);
  const upload = useUploadAssetFile(assetId);
  const remove = useDeleteAssetFile(assetId);
  const total = files.data?.resultCount ?? files.data?.result.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / ASSET_PAGE_SIZE));
  return (
    <FileSubList
      title={t('files.title')}
      testId="asset-files"
      rows={files.data?.result}
      count={total}
      loading={files.isLoading}
      canEdit={canEdit}
      texts={{
        upload: t('files.upload'),
        uploaded: t('files.uploaded'),
        download: t('files.download'),
        removeConfirm: (name) => t('files.removeConfirm', { name }),
      }}
      upload={(file) => upload.mutateAsync(file)}
      uploading={upload.isPending}
      remove={(r) => remove.mutateAsync(r.id)}
      download={(r) => downloadAssetFile(assetId, r.id, r.dateiname)}
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
