import { expect, test } from '@playwright/test';
import CHROMIUM_ARGS from '../chromium-args.json' with { type: 'json' };
import { getJson } from '../fixtures/api';
import { apiLogin } from './helpers';

/**
 * An office serves the app as plain http under a LAN name (`http://server:8080`): not a secure context, so the browser
 * has no `crypto.randomUUID` (issue 19 item 2). Chromium maps the name to 127.0.0.1, so the traffic stays on loopback.
 */
const LAN = 'vario-lan';
test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LAN} 127.0.0.1`] } });

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('on a LAN name without a secure context the payment dialog opens and every request carries an id (lib/id.ts fallback)', async ({
  page,
  request,
  baseURL,
}) => {
  const lan = new URL(baseURL ?? 'http://127.0.0.1:8080');
  lan.hostname = LAN;
  const origin = lan.origin;
  const token = await apiLogin(request, 'buero');
  const item = (await getJson<{ result: { id: number }[] }>(request, token, '/finanzen/offeneposten?limit=1&filter=abgeschlossen=false,offenerBetrag>0'))
    .result[0];
  if (!item) throw new Error('no open item in the demo data');

  await page.goto(`${origin}/auth/login`);
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID, typeof crypto.getRandomValues])).toEqual([
    false,
    'undefined',
    'function',
  ]);
  await page.evaluate((t) => {
    localStorage.setItem('vario.token', t);
    localStorage.setItem('vario.cookieBannerDismissed', '1');
  }, token);

  // the app's client sends a request id with every call (the GETs index.html starts early have none)
  const ids: string[] = [];
  page.on('request', (r) => {
    const id = r.headers()['x-request-id'];
    if (r.url().startsWith(`${origin}/vario-api/`) && id) ids.push(id);
  });
  await page.goto(`${origin}/openItems/${item.id}/paymentHistory`);
  await page.getByTestId('payment-new').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('field-zahlungsBetrag')).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(V4);
  expect(new Set(ids).size).toBe(ids.length);
});

test('on a LAN name the new-document page renders and creates the document with a v4 Idempotency-Key', async ({ page, request, baseURL }) => {
  const lan = new URL(baseURL ?? 'http://127.0.0.1:8080');
  lan.hostname = LAN;
  const origin = lan.origin;
  const token = await apiLogin(request, 'buero');
  const kunde = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/adressen?limit=1&filter=istKunde=true,gesperrt=false')).result[0];
  if (!kunde) throw new Error('no customer in the demo data');

  await page.goto(`${origin}/auth/login`);
  await page.evaluate((t) => {
    localStorage.setItem('vario.token', t);
    localStorage.setItem('vario.cookieBannerDismissed', '1');
  }, token);
  await page.goto(`${origin}/saleDocument/new?id=${kunde.id}&type=0100`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Angebot');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/vario-api/verkauf/belege');
  await page.getByTestId('new-doc-create').click();
  const res = await created;
  expect(res.status()).toBe(201);
  expect(res.request().headers()['idempotency-key']).toMatch(V4);
  await expect(page).toHaveURL(/\/saleDocument\/\d+\/positions$/);
});
