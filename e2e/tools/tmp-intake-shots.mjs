import { chromium } from '@playwright/test';
import args from '../chromium-args.json' with { type: 'json' };
const base = 'http://127.0.0.1:47311';
const out = '/tmp/intake-shot';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const res = await fetch(`${base}/vario-api/login`, { method: 'POST', headers: { Authorization: `Basic ${btoa('admin:admin')}` } });
const token = (await res.json()).result.token;
for (const dark of [false, true]) {
  await fetch(`${base}/vario-api/webapp/parameter/darkmode`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ data: { wert: String(dark) } }) });
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'de-DE', colorScheme: dark ? 'dark' : 'light' });
    const page = await ctx.newPage();
    await page.goto(`${base}/auth/login`);
    await page.evaluate(([t, d]) => { localStorage.setItem('vario.token', t); localStorage.setItem('vario.cookieBannerDismissed', '1'); localStorage.setItem('mantine-color-scheme-value', d ? 'dark' : 'light'); }, [token, dark]);
    const tag = `${w}-${dark ? 'dark' : 'light'}`;
    await page.goto(`${base}/incomingInvoiceVerification/2`);
    await page.waitForTimeout(2600);
    await page.getByTestId('einvoice-view').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/record-view-${tag}.png`, fullPage: false });
    await page.goto(`${base}/incomingInvoiceVerification`);
    await page.waitForTimeout(2600);
    await page.getByTestId('einvoice-upload').click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'notiz.xml', mimeType: 'application/xml', buffer: Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>') });
    await page.getByTestId('form-dialog-save').click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/upload-${tag}.png`, fullPage: false });
    await ctx.close();
  }
}
await browser.close();
console.log('done');
