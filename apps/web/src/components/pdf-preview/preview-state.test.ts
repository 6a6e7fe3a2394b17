import { describe, expect, it } from 'vitest';
import { clampPage, PREVIEW_FRAME_HEIGHT, PREVIEW_READY_DELAY_MS, PREVIEW_WIDTH, previewErrorMessage, swipeDirection } from './preview-state';

describe('PDF preview', () => {
  it('is 600 px wide with a frame 874 px high, ready 250 ms after load', () => {
    expect([PREVIEW_WIDTH, PREVIEW_FRAME_HEIGHT, PREVIEW_READY_DELAY_MS]).toEqual([600, 874, 250]);
  });

  it("a failure shows the server's errorMessage, otherwise none (the dialog's default text)", () => {
    expect(previewErrorMessage({ serverMessage: 'Beleg wurde nicht gefunden' })).toBe('Beleg wurde nicht gefunden');
    expect(previewErrorMessage({ serverMessage: '  ' })).toBeNull();
    expect(previewErrorMessage(new Error('network'))).toBeNull();
    expect(previewErrorMessage(null)).toBeNull();
  });

  it('a swipe left moves to the next page, right to the previous; short or vertical moves are none', () => {
    expect(swipeDirection(-80, 10)).toBe('next');
    expect(swipeDirection(80, -10)).toBe('previous');
    expect(swipeDirection(-30, 0)).toBeNull();
    expect(swipeDirection(-80, 120)).toBeNull();
  });

  it('keeps the page within the document', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(5, 0)).toBe(1);
  });
});
