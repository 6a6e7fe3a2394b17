import { Box, Button, Center, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/save-blob';
import { PdfViewer } from './LazyPdfViewer';
import { PREVIEW_FRAME_HEIGHT, PREVIEW_READY_DELAY_MS, PREVIEW_WIDTH, type PreviewState, previewErrorMessage } from './preview-state';

export interface PdfPreviewDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Fetches the PDF (e.g. `() => fetchBlob('GET', '/verkauf/belege/:id/pdf', { id })` from lib/api/files); a rejection shows the server's errorMessage. */
  load: () => Promise<Blob>;
  /** Name of the downloaded file, e.g. `RE2026-00001.pdf`. */
  fileName: string;
  /** Dialog title; default "PDF-Vorschau". */
  title?: ReactNode;
  /**
   * The action dropdown some previews have (BEL-011), e.g. "send by e-mail"; each gets the loaded file. A sales
   * document's preview passes none: download only (BEL-012).
   */
  actions?: { label: string; onClick: (pdf: Blob) => void }[];
  /** Further buttons beside the download (e.g. "send by e-mail", issue 24 item 8), shown once the PDF is there. */
  extra?: ReactNode;
  /** Shown under the frame (e.g. the document's e-mail states). */
  footer?: ReactNode;
}

/**
 * PDF preview (BEL-010..017): a dialog 600 px wide with a frame 874 px high; loading, then ready 250 ms after the
 * PDF is drawn, or failed with the server's errorMessage or "Failed to get PDF document" (also for an empty file);
 * a download button only (no action dropdown, BEL-012). The frame carries `data-state` (loading | ready | failed).
 */
export function PdfPreviewDialog({ opened, onClose, load, fileName, title, actions, extra, footer }: PdfPreviewDialogProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const [blob, setBlob] = useState<Blob | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const readyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    setState({ status: 'loading' });
    setBlob(null);
    loadRef
      .current()
      .then((b) => {
        if (cancelled) return;
        if (!b || b.size === 0) setState({ status: 'failed', message: null });
        else setBlob(b);
      })
      .catch((e: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: previewErrorMessage(e) });
      });
    return () => {
      cancelled = true;
      if (readyTimer.current) clearTimeout(readyTimer.current);
      readyTimer.current = null;
    };
  }, [opened]);

  const onViewerLoad = () => {
    if (readyTimer.current) clearTimeout(readyTimer.current);
    readyTimer.current = setTimeout(() => {
      readyTimer.current = null;
      setState((s) => (s.status === 'loading' ? { status: 'ready' } : s));
    }, PREVIEW_READY_DELAY_MS);
  };
  const onViewerError = () => setState({ status: 'failed', message: null });

  const download = () => blob && saveBlob(blob, fileName);

  const failed = state.status === 'failed';
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('pdf.title')} size={PREVIEW_WIDTH} padding="sm" data-testid="pdf-preview">
      <Stack gap="sm">
        <Box
          data-testid="pdf-preview-frame"
          data-state={state.status}
          aria-busy={state.status === 'loading'}
          aria-label={t('pdf.frame', { name: fileName })}
          role="region"
          style={{
            height: PREVIEW_FRAME_HEIGHT,
            position: 'relative',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            overflow: 'hidden',
          }}
        >
          {blob && !failed && <PdfViewer data={blob} onLoad={onViewerLoad} onError={onViewerError} />}
          {state.status === 'loading' && (
            <Center pos="absolute" inset={0} bg="var(--mantine-color-body)">
              <Stack align="center" gap="xs">
                <Loader />
                <Text size="sm">{t('pdf.loading')}</Text>
              </Stack>
            </Center>
          )}
          {failed && (
            <Center pos="absolute" inset={0} p="md">
              <Text c="red" size="lg" fw={600} ta="center" role="alert" data-testid="pdf-preview-error">
                {state.message ?? t('pdf.failed')}
              </Text>
            </Center>
          )}
        </Box>
        {footer}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {actions && actions.length > 0 && (
            <Menu position="top-end">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={14} />} disabled={!blob || failed} data-testid="pdf-actions">
                  {t('common.actions')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {actions.map((a) => (
                  <Menu.Item key={a.label} onClick={() => blob && a.onClick(blob)}>
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {blob && !failed && extra}
          <Button leftSection={<IconDownload size={16} />} onClick={download} disabled={!blob || failed} data-testid="pdf-download">
            {t('pdf.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
