import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { formatFileSize, UPLOAD_LIMIT_BYTES } from './file-size';

describe('file sizes', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('de');
  });
  it('one format on every screen: 640 B, not 0,63 KB; KB and MB with a decimal comma', () => {
    expect(formatFileSize(640)).toBe('640 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
  });
  it('the upload limit fits the server body limit after base64', () => {
    expect(Math.ceil((UPLOAD_LIMIT_BYTES * 4) / 3)).toBeLessThan(10 * 1024 * 1024);
  });
});
