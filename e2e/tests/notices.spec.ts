import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/** Issue 20 items 5 and 11 on a phone: one notice that names the field and its limit, gone once the entry is fixed. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const API = '/vario-api';

async function created<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` }, data: { data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).result as T;
}

const notices = (page: Page) => page.locator('.mantine-Notification-root');
const redNotices = (page: Page) => page.locator('.mantine-Notification-root[data-notice="validation"], .mantine-Notification-root[data-notice="error"]');

test('an invalid document position: exactly one notice, the field marked with its label, the limit named; fixed, the notice goes', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const address = await created<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Hinweise ${Date.now()}`, istKunde: true });
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = await created<{ id: number }>(request, token, '/verkauf/belege', { belegart: '0100', adresseId: address.id });
  await created(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 3 });
  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/positions`);
  await page.getByTestId('line-edit').first().click();
  const qty = page.getByTestId('position-qty');
  const editor = page.getByTestId('positions-editor');

  // letters: "enter a number", said on the field and once in the notice however often it is sent
  await qty.fill('abc');
  for (let i = 0; i < 4; i++) await page.getByTestId('positions-save').click();
  await expect(editor.getByText('Bitte eine Zahl eingeben')).toBeVisible();
  await expect(qty).toHaveAttribute('aria-invalid', 'true');
  await expect(notices(page)).toHaveCount(1);
  await expect(notices(page)).toContainText('Menge: Bitte eine Zahl eingeben');

  // corrected: the field's error and the notice go at once
  await qty.fill('4');
  await expect(notices(page)).toHaveCount(0);
  await expect(qty).not.toHaveAttribute('aria-invalid', 'true');

  // above the server's maximum: the limit is named, by the field's label, never the API name
  await qty.fill('2000000000');
  const refused = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/positionen/'));
  await page.getByTestId('positions-save').click();
  expect((await refused).status()).toBe(400);
  await page.getByTestId('positions-save').click();
  await expect(editor.getByText('Bitte einen Wert bis 1.000.000.000 eingeben')).toBeVisible();
  await expect(notices(page)).toHaveCount(1);
  await expect(notices(page)).toContainText('Menge: Bitte einen Wert bis 1.000.000.000 eingeben');
  await expect(notices(page)).not.toContainText('menge');
  await expect(redNotices(page)).toHaveCount(1);

  // fixed and saved: no error notice is left
  await qty.fill('5');
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/positionen/'));
  await page.getByTestId('positions-save').click();
  expect((await saved).status()).toBe(200);
  await expect(editor).toHaveCount(0);
  await expect(redNotices(page)).toHaveCount(0);
});

test('300 characters pasted into a name: refused with the limit, nothing cut; fixed, the notice goes and "Gespeichert" stands alone', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const address = await created<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Einfügen ${Date.now()}`, istKunde: true });
  await openAs(page, request, 'admin', `/addresses/${address.id}/masterdata`);
  await page.getByTestId('record-edit').click();
  const name = page.getByTestId('field-name1');
  const pasted = 'Sehr lange Firmenbezeichnung '.repeat(11).slice(0, 300);
  await name.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(pasted);
  // nothing is lost: all 300 characters stay, the counter and the field error name the limit
  await expect(name).toHaveValue(pasted);
  await expect(page.getByTestId('counter-name1')).toHaveText('300 / 120');
  await expect(page.getByText('Höchstens 120 Zeichen (jetzt 300)')).toBeVisible();
  // saving is refused before anything is sent: one notice, however often it is tried
  for (let i = 0; i < 3; i++) await page.getByTestId('record-save').click();
  await expect(notices(page)).toHaveCount(1);
  await expect(notices(page)).toContainText('Bitte Eingaben prüfen!');
  await expect(page.getByRole('dialog', { name: 'Änderungsbemerkung' })).toHaveCount(0);

  // fixed: the notice goes; saved: "Gespeichert" is the only notice
  await name.fill('E2E Kurz GmbH');
  await expect(notices(page)).toHaveCount(0);
  await page.getByTestId('record-save').click();
  await page.getByTestId('remark-input').fill('Name gekürzt');
  await page.getByTestId('remark-ok').click();
  await expect(notices(page)).toHaveCount(1);
  await expect(notices(page)).toHaveText(/Gespeichert/);
  const stored = await (await request.get(`${API}/stammdaten/adressen/${address.id}`, { headers: bearer(token) })).json();
  expect(stored.result.name1).toBe('E2E Kurz GmbH');
});

test('a new address asks no change remark; a German postcode of letters is refused on the field', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses/new');
  await page.getByTestId('field-name1').fill(`E2E Neu ${Date.now()} GmbH`);
  await page.getByTestId('field-plz').fill('ABCDE');
  await page.getByTestId('record-save').click();
  await expect(page.getByText('Bitte eine PLZ mit 5 Ziffern eingeben')).toBeVisible();
  await page.getByTestId('field-plz').fill('30159');
  const post = page.waitForResponse((r) => r.request().method() === 'POST' && /\/stammdaten\/adressen$/.test(new URL(r.url()).pathname));
  await page.getByTestId('record-save').click();
  const res = await post;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON().ProtokollBemerkung).toBeUndefined();
  await expect(page.getByTestId('remark-input')).toHaveCount(0);
  await expect(page.getByTestId('record-edit')).toBeVisible();
});
