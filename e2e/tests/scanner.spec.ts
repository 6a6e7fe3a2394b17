import { expect, test } from '@playwright/test';
import { products } from '../fixtures/api';
import { writeBarcodeY4m } from '../fixtures/barcode-video';
import { apiLogin, bearer, openAs } from './helpers';

test('[SCAN-001] [SCAN-002] [SCAN-003] [SCAN-004] the fake camera shows an EAN-13 and the scanner opens its product', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const product = (await products(request, token, 'artikelart=1', 5)).find((p) => p.ean?.length === 13);
  if (!product?.ean) throw new Error('no seeded product with an EAN-13');
  writeBarcodeY4m(product.ean);
  await openAs(page, request, 'buero', '/scanner');
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/masterdata$`), { timeout: 20_000 });
  await expect(page.getByTestId('record-title')).toHaveText(product.bezeichnung);
});

test('[SCAN-005] [SCAN-006] without camera permission typed codes: found by article number, "article (EAN) not found", "format ambiguous"', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const [product] = await products(request, token, 'artikelart=3', 1);
  if (!product) throw new Error('seed lacks products');
  const ean = `49${String(Date.now()).slice(-10)}`;
  const created: number[] = [];
  for (const n of [1, 2]) {
    const res = await request.post('/vario-api/stammdaten/artikel', {
      headers: bearer(token),
      data: { data: { artikelnummer: `SCAN-${ean}-${n}`, artikelart: '2', bezeichnung: `Scan-Dublette ${n}`, ean } },
    });
    expect(res.status()).toBe(201);
    created.push((await res.json()).result.id);
  }
  // the camera permission is denied: the typed entry remains
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await openAs(page, request, 'admin', '/scanner');
  await expect(page.getByTestId('scanner-no-camera')).toContainText('verweigert');
  const input = page.getByTestId('scanner-input');
  await input.fill('0000000000000');
  await page.getByTestId('scanner-search').click();
  await expect(page.getByTestId('scanner-notFound')).toContainText('Artikel (EAN) nicht gefunden');
  await input.fill(ean);
  await page.getByTestId('scanner-search').click();
  await expect(page.getByTestId('scanner-ambiguous')).toContainText('Format nicht eindeutig');
  await input.fill(product.artikelnummer);
  await page.getByTestId('scanner-search').click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/masterdata$`));
  for (const id of created) await request.delete(`/vario-api/stammdaten/artikel/${id}`, { headers: bearer(token) });
});
