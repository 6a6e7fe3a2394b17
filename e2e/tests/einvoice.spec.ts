import { type APIRequestContext, expect, test } from '@playwright/test';
import { products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * Issue 24 on screen: a booked invoice offers its e-invoices as downloads (XRechnung UBL and CII, ZUGFeRD) and its
 * print preview shows the ZUGFeRD PDF; an administrator keeps the seller data the e-invoices carry.
 */

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const res = await request.post(`${API}${path}`, {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: data === undefined ? {} : { data, ProtokollBemerkung: 'E2E E-Rechnung' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { result: T };
}

test('a booked invoice downloads as XRechnung and shows its ZUGFeRD PDF in the print preview', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const address = (
    await post<{ id: number }>(request, token, '/stammdaten/adressen', {
      name1: `E2E E-Rechnung ${Date.now()}`,
      istKunde: true,
      strasse: 'Rathausplatz 1',
      plz: '24103',
      ort: 'Kiel',
      erechnungEmail: 'rechnung@example.de',
      erechnungFormat: 'xrechnung-ubl',
      leitwegId: '04011000-1234512345-06',
      oeffentlich: true,
    })
  ).result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = (await post<{ id: number; belegnummer: string }>(request, token, '/verkauf/belege', { belegart: '0400', adresseId: address.id })).result;
  await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 2 });
  await post(request, token, `/verkauf/belege/${doc.id}/buchen`);

  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/documentHead`);
  const download = page.waitForEvent('download');
  await page.getByTestId('record-action-einvoice-xrechnung-ubl').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${doc.belegnummer}-ubl.xml`);
  const xml = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(xml as Buffer[]).toString('utf8');
  expect(text).toContain('<ubl:Invoice');
  expect(text).toContain('<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>');

  const zugferd = page.waitForResponse((r) => r.url().includes(`/verkauf/belege/${doc.id}/erechnung?format=zugferd`) && r.ok());
  await page.getByTestId('record-action-print').click();
  await zugferd;
  await expect(page.locator('[data-state="ready"]')).toBeVisible({ timeout: 20_000 });
});

test('an administrator keeps the seller data; a wrong IBAN is refused at its field', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/settings/seller');
  const name = page.getByTestId('seller-kontaktName');
  await expect(name).toBeEnabled();
  const neu = `Rechnungsstelle ${Date.now()}`;
  await name.fill(neu);
  await page.getByTestId('seller-iban').fill('DE00 1234');
  await page.getByTestId('seller-save').click();
  await expect(page.getByText('Keine gültige IBAN')).toBeVisible();
  await page.getByTestId('seller-iban').fill('DE68 2105 0170 0012 3456 78');
  const saved = page.waitForResponse((r) => r.url().endsWith('/system/verkaeufer') && r.request().method() === 'PUT' && r.ok());
  await page.getByTestId('seller-save').click();
  await saved;
  await page.reload();
  await expect(page.getByTestId('seller-kontaktName')).toHaveValue(neu);
});
