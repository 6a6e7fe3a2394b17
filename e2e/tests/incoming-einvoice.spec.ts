import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * Issue 25 item 4 on screen: an XRechnung and a ZUGFeRD PDF (made by the project's own outgoing side from booked
 * invoices) are uploaded on /incomingInvoiceVerification; the purchase invoice opens filled, with the readable view of
 * the e-invoice. A file that is no e-invoice shows its refusal in the dialog.
 */

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const res = await request.post(`${API}${path}`, {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: data === undefined ? {} : { data, ProtokollBemerkung: 'E2E E-Rechnung Eingang' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { result: T };
}

/** A booked invoice of a public customer and its e-invoice in the format. */
async function einvoice(request: APIRequestContext, token: string, format: 'xrechnung-ubl' | 'zugferd') {
  const address = (
    await post<{ id: number }>(request, token, '/stammdaten/adressen', {
      name1: `E2E Eingang ${Date.now()}`,
      istKunde: true,
      strasse: 'Rathausplatz 1',
      plz: '24103',
      ort: 'Kiel',
      erechnungEmail: 'rechnung@example.de',
      leitwegId: '04011000-1234512345-06',
      oeffentlich: true,
    })
  ).result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = (await post<{ id: number; belegnummer: string }>(request, token, '/verkauf/belege', { belegart: '0400', adresseId: address.id })).result;
  await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 3 });
  await post(request, token, `/verkauf/belege/${doc.id}/buchen`);
  const res = await request.get(`${API}/verkauf/belege/${doc.id}/erechnung?format=${format}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return { nummer: doc.belegnummer, artikel: article.bezeichnung, bytes: Buffer.from(await res.body()) };
}

async function axe(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
  expect.soft(bad, name).toEqual([]);
}

/** Uploads through the dialog; a supplier not found yet is created from the seller data; the record opens. */
async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('einvoice-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await dialog.getByTestId('form-dialog-save').click();
  // the official rules run on the server where Java is present (seconds per file)
  const opened = page.waitForURL(/\/incomingInvoiceVerification\/\d+$/, { timeout: 90_000 });
  const missing = dialog.getByTestId('einvoice-supplier-missing');
  await Promise.race([opened, missing.waitFor({ timeout: 90_000 })]);
  if (await missing.isVisible()) {
    await dialog.getByTestId('einvoice-create-supplier').click();
    await opened;
  }
}

test('an XRechnung and a ZUGFeRD PDF are uploaded and open as filled purchase invoices with the e-invoice view; axe passes', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request, 'admin');
  const xr = await einvoice(request, token, 'xrechnung-ubl');
  const zf = await einvoice(request, token, 'zugferd');
  await openAs(page, request, 'admin', '/incomingInvoiceVerification');
  await expect(page.getByTestId('einvoice-upload')).toBeVisible();

  await upload(page, `${xr.nummer}.xml`, 'application/xml', xr.bytes);
  await expect(page.locator('h1')).toHaveText(xr.nummer);
  await expect(page.getByTestId('field-bskbelegnr')).toHaveValue(xr.nummer);
  await expect(page.getByTestId('field-zarzahlungsart')).toHaveValue('SEPA-Überweisung');
  await expect(page.getByTestId('field-bskbetragBrutto')).not.toHaveValue('');
  const view = page.getByTestId('einvoice-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('einvoice-lines')).toContainText(xr.artikel);
  await expect(view.getByTestId('einvoice-seller')).toContainText('USt-IdNr.');
  await expect(view.getByTestId('einvoice-vat')).toContainText('19');
  await expect(view).toContainText('XRechnung UBL');
  await axe(page, 'record with e-invoice view');

  await openAs(page, request, 'admin', '/incomingInvoiceVerification');
  await expect(page.getByTestId('einvoice-upload')).toBeVisible();
  await upload(page, `${zf.nummer}.pdf`, 'application/pdf', zf.bytes);
  await expect(page.locator('h1')).toHaveText(zf.nummer);
  await expect(page.getByTestId('einvoice-view')).toContainText('ZUGFeRD / Factur-X');
  await expect(page.getByTestId('einvoice-lines')).toContainText(zf.artikel);
  // the check document is the PDF as received
  await page.getByTestId('erv-pdf').click();
  await expect(page.locator('[data-state="ready"]')).toBeVisible({ timeout: 20_000 });
});

test('a file that is no e-invoice is refused in the dialog with a readable reason', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/incomingInvoiceVerification');
  await page.getByTestId('einvoice-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notiz.xml', mimeType: 'application/xml', buffer: Buffer.from('<order><id>1</id></order>') });
  await dialog.getByTestId('form-dialog-save').click();
  const errors = dialog.getByTestId('einvoice-errors');
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('weder eine CII-Rechnung');
  await axe(page, 'upload dialog with errors');
});
