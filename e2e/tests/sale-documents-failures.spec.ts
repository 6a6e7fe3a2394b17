import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * A book, cancel or transform the server refuses (the document was changed meanwhile by someone else): the dialog shows
 * the server's own sentence, large and red — for each of the three steps.
 */

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const body = data === undefined ? undefined : { data, ProtokollBemerkung: 'E2E Fehlschlag' };
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() }, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { result: T };
}

/** An offer with one line of a service article for a fresh customer. */
async function offer(request: APIRequestContext, token: string, tag: string) {
  const address = (await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Fehlschlag ${tag} ${Date.now()}`, istKunde: true })).result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = (await post<{ id: number }>(request, token, '/verkauf/belege', { belegart: '0100', adresseId: address.id })).result;
  await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 2 });
  return doc.id;
}

/** Confirms the open dialog and checks the refusal: the server's message, in large red text. */
async function expectRefusalShown(page: Page, path: RegExp) {
  const answer = page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await page.getByTestId('transition-confirm').click();
  const res = await answer;
  expect(res.status()).toBeGreaterThanOrEqual(400);
  const serverText = ((await res.json()) as { errors: { services: { message: string }[] } }).errors.services[0]?.message;
  expect(serverText).toBeTruthy();
  const message = page.getByTestId('transition-error-message');
  await expect(message).toHaveText(serverText as string);
  const style = await message.evaluate((el) => {
    const s = getComputedStyle(el);
    return { size: Number.parseFloat(s.fontSize), color: s.color };
  });
  // large: above the body text's 14 px (Mantine "lg" is 18 px)
  expect(style.size).toBeGreaterThanOrEqual(18);
  const [r, g, b] = (style.color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  expect(r, style.color).toBeGreaterThan(180);
  expect(Math.max(g, b), style.color).toBeLessThan(r / 2);
}

test('[BEL-044] a refused book, cancel or transform shows the server’s message in large red text', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');

  // book: booked meanwhile through the API
  const toBook = await offer(request, token, 'Buchen');
  await openAs(page, request, 'admin', `/saleDocument/${toBook}/documentHead`);
  await page.getByTestId('record-action-book').click();
  await post(request, token, `/verkauf/belege/${toBook}/buchen`, {});
  await expectRefusalShown(page, /\/buchen$/);

  // cancel: cancelled meanwhile through the API
  const toCancel = await offer(request, token, 'Storno');
  await post(request, token, `/verkauf/belege/${toCancel}/buchen`, {});
  await page.goto(`/saleDocument/${toCancel}/documentHead`);
  await page.getByTestId('record-action-cancel').click();
  await post(request, token, `/verkauf/belege/${toCancel}/stornieren`, {});
  await expectRefusalShown(page, /\/stornieren$/);

  // transform: cancelled meanwhile through the API, so it can no longer become an order
  const toTransform = await offer(request, token, 'Umwandeln');
  await post(request, token, `/verkauf/belege/${toTransform}/buchen`, {});
  await page.goto(`/saleDocument/${toTransform}/documentHead`);
  await page.getByTestId('record-action-transform').click();
  await expect(page.getByTestId('transform-target-0200')).toBeChecked();
  await post(request, token, `/verkauf/belege/${toTransform}/stornieren`, {});
  await expectRefusalShown(page, /\/umwandeln\/0200$/);
});
