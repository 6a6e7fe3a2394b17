import { ActionIcon, Button, FileButton, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifyFailed, notifySuccess } from '@/lib/api/error-handler';
import { formatFileSize, tooLargeToUpload, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { formatDateTime } from '@/lib/format';

/** A stored file as every file list shows it (address files, asset files, ticket attachments). */
export interface FileRow {
  id: number;
  dateiname: string;
  betreff?: string | null;
  datum: string;
  groesse: number;
}

export interface FileSubListProps<R extends FileRow> {
  title: string;
  testId: string;
  rows: R[] | undefined;
  count?: number;
  loading: boolean;
  /** Upload and delete are offered only with this (the record's change right, and the record not read-only). */
  canEdit: boolean;
  /** The list's own words, from its area's namespace. */
  texts: { upload: string; uploaded: string; download: string; removeConfirm: (name: string) => string };
  /** Uploads one picked file; without it, `uploadButton` is the way in (a dialog that asks more, say). */
  upload?: (file: File) => Promise<unknown>;
  uploading?: boolean;
  uploadButton?: ReactNode;
  remove: (row: R) => Promise<unknown>;
  download: (row: R) => Promise<unknown>;
  onRowClick?: (row: R) => void;
  footer?: ReactNode;
}

/**
 * The one file list of a record: name, subject, date and size, download, and — with the right — upload (the size
 * limit said before the request, not as an HTTP 413 after it) and delete after a confirmation. The server checks each
 * file's type by its bytes; its refusal comes back through the one error handler.
 */
export function FileSubList<R extends FileRow>(p: FileSubListProps<R>) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const limit = formatFileSize(UPLOAD_LIMIT_BYTES);

  const onFile = async (file: File | null) => {
    if (!file || !p.upload) return;
    if (tooLargeToUpload(file)) return notifyFailed(t('errors.uploadTooLarge', { limit }));
    try {
      await p.upload(file);
      notifySuccess(p.texts.uploaded);
    } catch (e) {
      handleApiError(e);
    }
  };
  const onDelete = async (row: R) => {
    if (!(await confirmDialog({ message: p.texts.removeConfirm(row.dateiname), confirmLabel: t('common.delete'), danger: true }))) return;
    try {
      await p.remove(row);
      notifySuccess(t('notify.deleted'));
    } catch (e) {
      handleApiError(e);
    }
  };

  const uploadButton =
    p.uploadButton ??
    (p.upload && (
      <FileButton onChange={(file) => void onFile(file)}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            loading={p.uploading}
            title={t('errors.uploadLimit', { limit })}
            data-testid="file-upload"
          >
            {p.texts.upload}
          </Button>
        )}
      </FileButton>
    ));

  return (
    <SubList<R>
      title={p.title}
      testId={p.testId}
      rows={p.rows}
      count={p.count}
      loading={p.loading}
      rowKey={(r) => r.id}
      onRowClick={p.onRowClick}
      actions={p.canEdit && uploadButton}
      footer={p.footer}
      columns={[
        {
          key: 'dateiname',
          label: f('dateiname'),
          render: (r) => (
            <Group gap={6} wrap="nowrap">
              <IconFile size={16} style={{ flexShrink: 0 }} aria-hidden />
              <Text size="sm" truncate>
                {r.dateiname}
              </Text>
            </Group>
          ),
        },
        { key: 'betreff', label: f('betreff'), render: (r) => r.betreff ?? '', visibleFrom: 'sm' },
        { key: 'datum', label: f('datum'), render: (r) => formatDateTime(r.datum), width: 150 },
        { key: 'groesse', label: f('groesse'), render: (r) => formatFileSize(r.groesse), align: 'right', width: 100, visibleFrom: 'md' },
        {
          key: 'actions',
          label: '',
          align: 'right',
          width: 90,
          render: (r) => (
            <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
              <Tooltip label={p.texts.download}>
                <ActionIcon variant="subtle" aria-label={p.texts.download} onClick={() => void p.download(r).catch(handleApiError)} data-testid="file-download">
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              {p.canEdit && (
                <Tooltip label={t('common.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={() => void onDelete(r)} data-testid="file-delete">
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
