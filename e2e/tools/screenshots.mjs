// Screenshots of every screen, light and dark, 1440 px and 390 px: `node e2e/tools/screenshots.mjs <baseUrl> <outDir>`.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import args from '../chromium-args.json' with { type: 'json' };

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? '/tmp/screens';
const only = process.argv[4];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });

const res = await fetch(`${base}/vario-api/login`, { method: 'POST', headers: { Authorization: `Basic ${btoa('admin:admin')}` } });
const { result } = await res.json();
const token = result.token;
const screens = [
  ['login', '/auth/login', false],
  ['home', '/home', true],
  ['reminders', '/home#reminders', true],
  ['settings', '/settings', true],
  ['general', '/settings/general', true],
  ['navbar', '/settings/navbar', true],
  ['dashboard', '/settings/dashboard', true],
  ['statistics', '/statistics/dashboard', true],
  ['locks', '/system/locks', true],
  ['mail-settings', '/settings/mail', true],
  ['datev-settings', '/settings/datev', true],
  ['datev', '/datev', true],
  ['notfound', '/nothing-here', true],
  ['maintenance', '/error/503', true],
  ['addresses', '/addresses', true],
  ['address-new', '/addresses/new', true],
  ['address-dashboard', '/addresses/1/dashboard', true],
  ['address-masterdata', '/addresses/1/masterdata', true],
  ['address-persons', '/addresses/1/persons', true],
  ['address-person', '/addresses/1/persons/1', true],
  ['address-activities', '/addresses/1/activities', true],
  ['address-activity', '/addresses/1/activities/2', true],
  ['address-additional', '/addresses/1/additionalAddress', true],
  ['address-prices', '/addresses/1/customerSpecificPrices', true],
  ['address-price', '/addresses/1/customerSpecificPrices/2', true],
  ['address-files', '/addresses/1/files', true],
  ['address-history', '/addresses/1/history', true],
  ['address-backorders', '/addresses/1/backorders', true],
  ['incoming-invoices', '/incomingInvoiceVerification', true],
  ['incoming-invoice', '/incomingInvoiceVerification/1', true],
  ['deals', '/deals', true],
  ['deals-board', '/deals?view=board', true],
  ['deal-masterdata', '/deals/1/masterdata', true],
  ['deal-documents', '/deals/1/saleDocuments', true],
  ['address-deals', '/addresses/1/deals', true],
  ['products', '/products', true],
  ['product-new', '/products/new', true],
  ['product-masterdata', '/products/2/masterdata', true],
  ['product-customfields', '/products/2/customFields', true],
  ['product-storage', '/products/3/storage', true],
  ['storage-location', '/storageLocationInformation', true],
  ['storage-location-stock', '/storageLocationInformation?lagerId=1', true],
  ['service-storage', '/storages/serviceStorage', true],
  ['assets', '/assets', true],
  ['asset-masterdata', '/assets/1/masterdata', true],
  ['asset-files', '/assets/1/files', true],
  ['scanner', '/scanner', true],
  ['picklists', '/digitalPicklist', true],
  ['picklist', '/digitalPicklist/1?lagerId=2', true],
  ['time-tracking', '/time-tracking', true],
  ['sale-documents', '/saleDocument', true],
  ['sale-document-new', '/saleDocument/new?type=0100', true],
  ['sale-document-head', '/saleDocument/1/documentHead', true],
  ['sale-document-positions', '/saleDocument/1/positions', true],
  ['sale-document-positions-all', '/saleDocument/1/positions/all', true],
  ['sale-document-foot', '/saleDocument/1/documentFoot', true],
  ['sale-document-history', '/saleDocument/1/history', true],
  ['sale-document-signature', '/saleDocument/1/signature', true],
  ['address-sale-documents', '/addresses/1/saleDocuments', true],
];
for (const dark of [false, true]) {
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
    for (const [name, path, auth] of screens) {
      if (only && !only.split(',').includes(name)) continue;
      await page.goto(`${base}/auth/login`);
      await page.evaluate(
        ([t, a, d]) => {
          if (a) localStorage.setItem('vario.token', t);
          else localStorage.removeItem('vario.token');
          localStorage.setItem('vario.cookieBannerDismissed', '1');
          localStorage.setItem('mantine-color-scheme-value', d ? 'dark' : 'light');
        },
        [token, auth, dark],
      );
      await page.goto(`${base}${path.replace('#reminders', '')}`);
      await page.waitForTimeout(2600);
      if (path.endsWith('#reminders')) {
        await page.getByTestId('reminder-button').click();
        await page.waitForTimeout(800);
      }
      await page.screenshot({ path: `${out}/${name}-${w}-${dark ? 'dark' : 'light'}.png`, fullPage: false });
    }
    await ctx.close();
  }
}
await browser.close();
console.log('done', out);
