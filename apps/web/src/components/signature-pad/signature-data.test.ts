import { describe, expect, it } from 'vitest';
import { deviceSize, pngBase64OfDataUrl, pngDataUrl } from './signature-data';

describe('signature data', () => {
  it('emits the PNG base64 without the data: prefix and refuses other types', () => {
    expect(pngBase64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(pngBase64OfDataUrl('data:image/jpeg;base64,/9j/')).toBeNull();
    expect(pngBase64OfDataUrl('data:,')).toBeNull();
    expect(pngDataUrl('iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('sizes the canvas in device pixels on high-DPI screens', () => {
    expect(deviceSize(300, 150, 2)).toEqual({ width: 600, height: 300, ratio: 2 });
    expect(deviceSize(300, 150, 0.5)).toEqual({ width: 300, height: 150, ratio: 1 });
    expect(deviceSize(0, 0, Number.NaN)).toEqual({ width: 1, height: 1, ratio: 1 });
  });
});
