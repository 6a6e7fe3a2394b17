import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconArrowAutofitWidth, IconChevronLeft, IconChevronRight, IconZoomIn } from '@tabler/icons-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampPage, PDF_SCALE, swipeDirection } from './preview-state';

// The pdf.js worker is a file of its own, emitted by Vite; this module is only ever imported lazily (PdfPreviewDialog).
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** The PDF file. */
  data: Blob | ArrayBuffer | Uint8Array;
  /** pdf.js scale of the rendered page (default 1.5, BEL-016); the page is drawn at this scale times the screen's pixel ratio and fitted to the width. */
  scale?: number;
  /** Called once, when the first page has been drawn, with the page count. */
  onLoad?: (pages: number) => void;
  /** Called when the file cannot be read or drawn. */
  onError?: (error: unknown) => void;
  /** Height of the viewer (CSS), default 100%. */
  height?: number | string;
}

async function bytesOf(data: PdfViewerProps['data']): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data.slice();
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  return new Uint8Array(await data.arrayBuffer());
}

/** One page at a time (BEL-016), buttons and swipe left/right for next/previous (BEL-017), "Seite x von y". */
export function PdfViewer({ data, scale = PDF_SCALE, onLoad, onError, height = '100%' }: PdfViewerProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  /** Fitted to the frame's width (default), or at its own size at the scale (scrolls both ways). */
  const [fit, setFit] = useState(true);
  const [cssSize, setCssSize] = useState<{ w: number; h: number } | null>(null);
  const loadedRef = useRef(false);
  const callbacks = useRef({ onLoad, onError });
  callbacks.current = { onLoad, onError };
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let task: ReturnType<typeof getDocument> | null = null;
    loadedRef.current = false;
    setDoc(null);
    setPage(1);
    bytesOf(data)
      .then((bytes) => {
        if (cancelled) return;
        task = getDocument({ data: bytes, isEvalSupported: false });
        return task.promise.then((d) => {
          if (!cancelled) setDoc(d);
        });
      })
      .catch((e: unknown) => {
        if (!cancelled) callbacks.current.onError?.(e);
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    let cancelled = false;
    let render: RenderTask | null = null;
    doc
      .getPage(clampPage(page, doc.numPages))
      .then((p) => {
        if (cancelled) return;
        const viewport = p.getViewport({ scale });
        const ratio = Math.max(1, window.devicePixelRatio || 1);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
        setCssSize({ w: viewport.width, h: viewport.height });
        render = p.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        return render.promise.then(() => {
          if (cancelled || loadedRef.current) return;
          loadedRef.current = true;
          callbacks.current.onLoad?.(doc.numPages);
        });
      })
      .catch((e: unknown) => {
        if (cancelled || (e as { name?: string })?.name === 'RenderingCancelledException') return;
        callbacks.current.onError?.(e);
      });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page, scale]);

  const pages = doc?.numPages ?? 0;
  const go = (to: number) => setPage(clampPage(to, pages));

  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId || pages < 2 || !fit) return;
    const dir = swipeDirection(e.clientX - s.x, e.clientY - s.y);
    if (dir === 'next') go(page + 1);
    if (dir === 'previous') go(page - 1);
  };

  return (
    <Box style={{ height, display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid="pdf-viewer" data-page={page} data-pages={pages}>
      <Box
        // keyboard: the page area scrolls with the arrow keys up/down and turns pages with left/right
        tabIndex={0}
        role="region"
        aria-label={t('pdf.title')}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' && page < pages) go(page + 1);
          else if (e.key === 'ArrowLeft' && page > 1) go(page - 1);
          else return;
          e.preventDefault();
        }}
        style={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          touchAction: fit ? 'pan-y pinch-zoom' : 'pan-x pan-y pinch-zoom',
          background: 'var(--mantine-color-gray-light)',
        }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('pdf.pageOf', { page, pages: pages || 1 })}
          style={
            fit || !cssSize
              ? { display: 'block', width: '100%', height: 'auto', background: '#fff' }
              : { display: 'block', width: cssSize.w, height: cssSize.h, maxWidth: 'none', background: '#fff' }
          }
        />
      </Box>
      <Group justify="center" gap="xs" py={6}>
        <ActionIcon variant="subtle" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('pdf.previous')} data-testid="pdf-previous">
          <IconChevronLeft size={20} />
        </ActionIcon>
        <Text size="sm" aria-live="polite" data-testid="pdf-page">
          {pages ? t('pdf.pageOf', { page, pages }) : '\u00a0'}
        </Text>
        <ActionIcon variant="subtle" onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t('pdf.next')} data-testid="pdf-next">
          <IconChevronRight size={20} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          onClick={() => setFit((f) => !f)}
          aria-pressed={!fit}
          aria-label={fit ? t('pdf.actualSize') : t('pdf.fitWidth')}
          title={fit ? t('pdf.actualSize') : t('pdf.fitWidth')}
          data-testid="pdf-zoom"
        >
          {fit ? <IconZoomIn size={20} /> : <IconArrowAutofitWidth size={20} />}
        </ActionIcon>
      </Group>
    </Box>
  );
}

export default PdfViewer;
