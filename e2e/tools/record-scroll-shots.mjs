// Every record screen scrolled by 400 px, light and dark, 1440 px and 390 px (issue 9 item 4: the pinned record bar must
// stay opaque with nothing showing through): `node e2e/tools/record-scroll-shots.mjs <baseUrl> <outDir> [names]`.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import args from '../chromium-args.json' with { type: 'json' };

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? '/tmp/record-shots';
const only = process.argv[4];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const res = await fetch(`${base}/vario-api/login`, { method: 'POST', headers: { Authorization: `Basic ${btoa('admin:admin')}` } });
const { token } = (await res.json()).result;
const screens = [
  ['address-dashboard', '/addresses/1/dashboard'],
  ['address-masterdata', '/addresses/1/masterdata'],
  ['address-person', '/addresses/1/persons/1'],
  ['address-activity', '/addresses/1/activities/2'],
  ['address-price', '/addresses/1/customerSpecificPrices/2'],
  ['address-history', '/addresses/1/history'],
  ['product-masterdata', '/products/2/masterdata'],
  ['product-customfields', '/products/2/customFields'],
  ['product-storage', '/products/3/storage'],
  ['asset-masterdata', '/assets/1/masterdata'],
  ['asset-files', '/assets/1/files'],
  ['address-persons', '/addresses/1/persons'],
  ['address-activities', '/addresses/1/activities'],
  ['address-additional', '/addresses/1/additionalAddress'],
  ['address-prices', '/addresses/1/customerSpecificPrices'],
  ['address-files', '/addresses/1/files'],
  ['settings', '/settings'],
  ['settings-general', '/settings/general'],
  ['settings-navbar', '/settings/navbar'],
  ['settings-dashboard', '/settings/dashboard'],
];
const modes = process.env.SHOTS_MODES ? process.env.SHOTS_MODES.split(',').map((m) => m === 'dark') : [false, true];
for (const dark of modes) {
  // the app takes its colour scheme from the user's parameter
  await fetch(`${base}/vario-api/webapp/parameter/darkmode`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { wert: String(dark) } }),
  });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'de-DE', colorScheme: dark ? 'dark' : 'light' });
    const page = await ctx.newPage();
    await page.goto(`${base}/auth/login`);
    await page.evaluate(
      ([t, d]) => {
        localStorage.setItem('vario.token', t);
        localStorage.setItem('vario.cookieBannerDismissed', '1');
        localStorage.setItem('mantine-color-scheme-value', d ? 'dark' : 'light');
      },
      [token, dark],
    );
    for (const [name, path] of screens) {
      if (only && !only.split(',').includes(name)) continue;
      await page.goto(`${base}${path}`);
      await page.waitForTimeout(2200);
      await page.mouse.move(w / 2, h / 2);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${out}/${name}-${w}-${dark ? 'dark' : 'light'}.png` });
    }
    await ctx.close();
  }
}
await browser.close();
console.log('done', out);
