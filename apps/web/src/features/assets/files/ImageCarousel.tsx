import { ActionIcon, Alert, Box, Button, Card, Center, FileButton, Group, Image, Loader, Modal, Pagination, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { SectionTitle } from '@/components/SectionTitle';
import { errorMessage, handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { ASSET_PAGE_SIZE, useAssetImagePopup, useAssetImages, useDeleteAssetImage, useUploadAssetImage } from '../api';
import { thumbCache } from './thumb-cache';

const THUMB = 160;

/**
 * The image carousel of an asset: 400×400 thumbnails (from the session cache when there) 50 per page, a click opens the
 * 1600×1600 popup; upload accepts images only, delete asks first (ASS-006..009, ASS-012..014).
 */
export function ImageCarousel({ assetId, canEdit }: { assetId: number; canEdit: boolean }) {
  const { t } = useTranslation('assets');
  const [page, setPage] = useState(0);
  const [popup, setPopup] = useState<{ id: number; dateiname: string } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const images = useAssetImages(assetId, page);
  const upload = useUploadAssetImage(assetId);
  const remove = useDeleteAssetImage(assetId);
  const strip = useRef<HTMLDivElement>(null);
  const rows = images.data?.result ?? [];
  const total = images.data?.resultCount ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / ASSET_PAGE_SIZE));

  const onFile = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('images.uploaded'));
    } catch (e) {
      if (isApiError(e) && e.status === 400) setUploadError(e.fieldErrors.daten?.join(' ') ?? errorMessage(e));
      else handleApiError(e);
    }
  };
  const onDelete = async (id: number, dateiname: string) => {
    const ok = await confirmDialog({ message: t('images.removeConfirm', { name: dateiname }), confirmLabel: t('common.delete'), danger: true });
    if (!ok) return;
    await remove.mutateAsync(id);
    notifySuccess(t('notify.deleted'));
  };
  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * (THUMB + 12) * 3, behavior: 'smooth' });

  return (
    <Card withBorder radius="md" padding="md" data-testid="asset-images">
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="xs">
          <SectionTitle size="h5">{t('images.title')}</SectionTitle>
          <Text size="sm" c="dimmed" data-testid="image-count">
            {t('grid.rows', { count: total })}
          </Text>
        </Group>
        {canEdit && (
          <FileButton onChange={(f) => void onFile(f)} accept="image/*">
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconPhotoPlus size={14} />} loading={upload.isPending} data-testid="image-upload">
                {t('images.upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {uploadError && (
        <Alert color="red" variant="light" mb="sm" withCloseButton onClose={() => setUploadError(null)} data-testid="image-upload-error">
          {uploadError}
        </Alert>
      )}
      {images.isLoading ? (
        <Center h={THUMB}>
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Center h={80}>
          <Text size="sm" c="dimmed" data-testid="images-empty">
            {t('common.noData')}
          </Text>
        </Center>
      ) : (
        <Group gap={4} wrap="nowrap" align="center">
          <ActionIcon variant="subtle" onClick={() => scroll(-1)} aria-label={t('images.previous')} visibleFrom="xs">
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ScrollArea viewportRef={strip} type="auto" offsetScrollbars style={{ flex: 1 }}>
            <Group gap={12} wrap="nowrap" py={4}>
              {rows.map((b) => (
                <Box key={b.id} pos="relative" style={{ flex: `0 0 ${THUMB}px` }} data-testid="image-thumb">
                  <Tooltip label={b.dateiname} openDelay={400}>
                    <Image
                      src={thumbCache.get(assetId, b.id) ?? `data:${b.mimeType};base64,${b.gfx}`}
                      alt={b.dateiname}
                      w={THUMB}
                      h={THUMB}
                      fit="cover"
                      radius="sm"
                      style={{ cursor: 'zoom-in' }}
                      onClick={() => setPopup({ id: b.id, dateiname: b.dateiname })}
                    />
                  </Tooltip>
                  {canEdit && (
                    <ActionIcon
                      pos="absolute"
                      top={6}
                      right={6}
                      color="red"
                      variant="filled"
                      size="sm"
                      onClick={() => void onDelete(b.id, b.dateiname)}
                      aria-label={t('images.remove')}
                      data-testid="image-remove"
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  )}
                </Box>
              ))}
            </Group>
          </ScrollArea>
          <ActionIcon variant="subtle" onClick={() => scroll(1)} aria-label={t('images.next')} visibleFrom="xs">
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" />
        </Group>
      )}
      <ImagePopup assetId={assetId} image={popup} onClose={() => setPopup(null)} />
    </Card>
  );
}

/** The 1600×1600 image in a dialog (ASS-013). */
function ImagePopup({ assetId, image, onClose }: { assetId: number; image: { id: number; dateiname: string } | null; onClose: () => void }) {
  const full = useAssetImagePopup(assetId, image?.id ?? null);
  return (
    <Modal opened={!!image} onClose={onClose} title={image?.dateiname} size="min(92vw, 1000px)" centered data-testid="image-popup">
      {full.data ? (
        <Image src={`data:${full.data.mimeType};base64,${full.data.gfx}`} alt={full.data.dateiname} fit="contain" mah="78vh" data-testid="image-popup-img" />
      ) : (
        <Center h={300}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
