import { Alert, Anchor, Button, Card, Center, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconDownload, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SectionTitle } from '@/components/SectionTitle';
import { useFieldLabel } from '@/i18n/field-label';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { saveBlob } from '@/lib/save-blob';
import { deleteFile, useFile } from '../api-files';
import { numericParam } from '../use-address-id';
import { formatBytes } from './FilesTab';

const base64ToBlob = (b64: string, type: string) => {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
};

/** /addresses/{id}/files/{fileId}: the file with its content from result.daten (ADR-070), download and delete. */
export function FileDetail() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id: string; fileId: string };
  const addressId = Number(params.id);
  const fileId = numericParam(params.fileId);
  const file = useFile(addressId, fileId);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const [busy, setBusy] = useState(false);
  const d = file.data;
  const f = useFieldLabel();
  const isImage = d?.mimeType.startsWith('image/');
  const isText = d && (d.mimeType.startsWith('text/') || d.mimeType === 'application/json');

  const remove = async () => {
    if (!d || !(await confirmDialog({ message: t('files.removeConfirm', { name: d.dateiname }), danger: true, confirmLabel: t('common.delete') }))) return;
    setBusy(true);
    try {
      await deleteFile(addressId, d.id);
      notifySuccess(t('notify.deleted'));
      void navigate({ to: '/addresses/$id/files', params: { id: String(addressId) } });
    } catch (e) {
      handleApiError(e);
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Anchor component={Link} to={`/addresses/${addressId}/files`} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
        <IconChevronLeft size={14} />
        {t('files.backToList')}
      </Anchor>
      {fileId === null || isNotFoundError(file.error) ? (
        <Alert color="gray" data-testid="sub-not-found">
          {t('record.notFound')}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" mb="md" wrap="wrap">
            {d ? (
              <SectionTitle size="h4" style={{ wordBreak: 'break-all' }} data-testid="sub-title">
                {d.dateiname}
              </SectionTitle>
            ) : (
              <Skeleton h={24} w={220} />
            )}
            {d && (
              <Group gap="xs">
                {canEdit && (
                  <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove()} loading={busy}>
                    {t('common.delete')}
                  </Button>
                )}
                <Button
                  leftSection={<IconDownload size={16} />}
                  onClick={() => saveBlob(base64ToBlob(d.daten, d.mimeType), d.dateiname)}
                  disabled={busy}
                  data-testid="file-detail-download"
                >
                  {t('files.download')}
                </Button>
              </Group>
            )}
          </Group>
          {d && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
              {[
                [f('betreff'), d.betreff ?? '–'],
                [f('datum'), formatDateTime(d.datum)],
                [f('groesse'), formatBytes(d.groesse)],
                [f('mimeType'), d.mimeType],
              ].map(([label, value]) => (
                <Stack key={label} gap={0}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm">{value}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          )}
          {d && (
            <Card withBorder radius="sm" padding="sm" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))">
              <Text size="xs" c="dimmed" mb={6}>
                {t('files.preview')}
              </Text>
              {isImage ? (
                <Image src={`data:${d.mimeType};base64,${d.daten}`} alt={d.dateiname} mah={480} fit="contain" />
              ) : isText ? (
                <Text component="pre" size="xs" style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}>
                  {new TextDecoder().decode(Uint8Array.from(atob(d.daten), (c) => c.charCodeAt(0))).slice(0, 20_000)}
                </Text>
              ) : (
                <Center h={80}>
                  <Text size="sm" c="dimmed">
                    {t('files.noPreview')}
                  </Text>
                </Center>
              )}
            </Card>
          )}
        </Card>
      )}
    </Stack>
  );
}
