/** The PDF preview's fixed measures (BEL-010, BEL-013, BEL-016; spec 2 §9, 3 §9). */
export const PREVIEW_WIDTH = 600;
export const PREVIEW_FRAME_HEIGHT = 874;
export const PREVIEW_READY_DELAY_MS = 250;
export const PDF_SCALE = 1.5;
/** A horizontal move of at least this many CSS pixels (and more sideways than up or down) is a swipe. */
export const SWIPE_THRESHOLD = 50;

export type PreviewState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string | null };

/**
 * The text a failed preview shows (BEL-014): the server's errorMessage of an API error, else null — the dialog then
 * shows the translated "Failed to get PDF document".
 */
export function previewErrorMessage(error: unknown): string | null {
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The page a swipe leads to: left (negative dx) → next page, right → previous (BEL-017); null when it is no swipe. */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD): 'next' | 'previous' | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}

/** A page number kept within 1…pages. */
export function clampPage(page: number, pages: number): number {
  if (pages < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pages);
}
