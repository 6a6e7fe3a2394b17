/**
 * Draws the installable app's icons (PWA manifest, apple-touch-icon) from public/logo.svg in Debian's Chromium — no
 * download, no image library. Run after changing the logo: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed.
 * "any" icons show the logo edge to edge; the maskable one keeps it inside the 80 % safe zone on the logo's blue.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const pub = join(here, '..', 'public');
const args = JSON.parse(readFileSync(join(here, '..', '..', '..', 'e2e', 'chromium-args.json'), 'utf8'));
const svg = readFileSync(join(pub, 'logo.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.14 },
  { file: 'apple-touch-icon.png', size: 180, inset: 0.08 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
try {
  for (const { file, size, inset } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const pad = Math.round(size * inset);
    const bg = inset ? '#1c7ed6' : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;background:${bg};display:flex;align-items:center;justify-content:center">` +
        `<img src="${dataUrl}" style="width:${size - 2 * pad}px;height:${size - 2 * pad}px"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    await page.screenshot({ path: join(pub, 'icons', file), omitBackground: !inset });
    await page.close();
  }
} finally {
  await browser.close();
}
