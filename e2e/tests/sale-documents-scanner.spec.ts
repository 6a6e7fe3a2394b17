import { expect, test } from '@playwright/test';
import { getJson, products } from '../fixtures/api';
import { writeBarcodeY4m } from '../fixtures/barcode-video';
import { apiLogin, bearer, openAs } from './helpers';

/** Runs in the scanner project: the fake camera plays the barcode video this test writes first (as scanner.spec.ts). */
test('/saleDocument/{id}/scanner adds the scanned article as a position', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const product = (await products(request, token, 'artikelart=1,gesperrt=false', 20)).find((p) => p.ean?.length === 13);
  if (!product?.ean) throw new Error('no seeded product with an EAN-13');
  const address = await request.post('/vario-api/stammdaten/adressen', {
    headers: bearer(token),
    data: { data: { name1: `E2E Scan ${Date.now()}`, istKunde: true }, ProtokollBemerkung: 'E2E Scanner' },
  });
  expect(address.status()).toBe(201);
  const adresseId = (await address.json()).result.id as number;
  const created = await request.post('/vario-api/verkauf/belege', {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: { data: { belegart: '0100', adresseId } },
  });
  expect(created.status()).toBe(201);
  const docId = (await created.json()).result.id as number;

  writeBarcodeY4m(product.ean);
  await openAs(page, request, 'admin', `/saleDocument/${docId}/positions`);
  await page.getByTestId('positions-scan').click();
  await expect(page).toHaveURL(new RegExp(`/saleDocument/${docId}/scanner$`));
  await expect(page.getByTestId('scanner-added-line').first()).toContainText(product.artikelnummer, { timeout: 20_000 });
  const lines = await getJson<{ result: { artikelId: number | null; menge: number }[] }>(request, token, `/verkauf/belege/${docId}/positionen`);
  expect(lines.result[0]?.artikelId).toBe(product.id);
  expect(lines.result[0]?.menge).toBe(1);
  // the same code seen on the next frames is not added again
  await page.waitForTimeout(1500);
  expect((await getJson<{ result: unknown[] }>(request, token, `/verkauf/belege/${docId}/positionen`)).result).toHaveLength(1);
  await page.getByTestId('scanner-done').click();
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByTestId('line-row').first()).toContainText(product.artikelnummer);
});
