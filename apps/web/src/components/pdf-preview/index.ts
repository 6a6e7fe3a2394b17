// pdf.js is never imported from here directly: PdfViewer is the lazy wrapper (pdf.js and its worker load on first use).
export { PdfViewer } from './LazyPdfViewer';
export { PdfPreviewDialog, type PdfPreviewDialogProps } from './PdfPreviewDialog';
export type { PdfViewerProps } from './PdfViewer';
export { PDF_SCALE, PREVIEW_FRAME_HEIGHT, PREVIEW_READY_DELAY_MS, PREVIEW_WIDTH, previewErrorMessage } from './preview-state';
