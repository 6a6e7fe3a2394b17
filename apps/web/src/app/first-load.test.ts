import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const quotes = (s: string) => s.replaceAll('"', "'");

describe('index.html prepares the first screen while the scripts load', () => {
  it('lays out text in the font of the theme (so the fonts the first screen needs are ready)', () => {
    const warmup = /<div id="font-warmup"[^>]*style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(warmup).toContain('visibility: hidden');
    const family = /font-family: ([^;]*);/.exec(warmup)?.[1];
    expect(family && quotes(family)).toBe(quotes(theme.fontFamily ?? ''));
  });

  it('the hidden text is kept out of the accessibility tree and is removed once the app renders', () => {
    expect(html).toMatch(/<div id="font-warmup" aria-hidden="true"/);
    expect(readFileSync(new URL('../main.tsx', import.meta.url), 'utf8')).toContain("getElementById('font-warmup')?.remove()");
  });
});
