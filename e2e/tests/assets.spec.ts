import { expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { gradientPng } from '../fixtures/png';
import { apiLogin, gridRows, openAs } from './helpers';

interface Page50<T> {
  result: T[];
  resultCount?: number;
}

/** An asset of the seed without pictures (the first 12 have some). */
async function assetWithoutPictures(request: Parameters<typeof apiLogin>[0], token: string) {
  for (let id = 13; id < 60; id++) {
    const res = await getJson<Page50<{ id: number }>>(request, token, `/stammdaten/assets/${id}/bilder?limit=50&offset=0&orderBy=bildindex`);
    if (res.result.length === 0) return id;
  }
  throw new Error('no asset without pictures');
}

test('[ASS-006] [ASS-007] [ASS-008] [ASS-013] [ASS-014] an image is uploaded into the carousel, opens at 1600 px, is cached and deleted after confirmation; a text file is refused', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const id = await assetWithoutPictures(request, token);
  await openAs(page, request, 'admin', `/assets/${id}/files`);
  await expect(page.getByTestId('images-empty')).toBeVisible();
  await expect(page.getByTestId('asset-files')).toBeVisible();
  const upload = page.getByTestId('asset-images').locator('input[type=file]');
  await expect(upload).toHaveAttribute('accept', 'image/*');

  await upload.setInputFiles({ name: 'e2e-foto.png', mimeType: 'image/png', buffer: gradientPng(2000, 1500) });
  await expect(page.getByTestId('image-thumb')).toHaveCount(1);
  const thumb = page.getByTestId('image-thumb').locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  const images = await getJson<Page50<{ id: number }>>(request, token, `/stammdaten/assets/${id}/bilder?limit=50&offset=0&orderBy=bildindex`);
  const imageId = images.result[0]?.id;
  expect(await page.evaluate((k) => sessionStorage.getItem(k)?.slice(0, 22), `vario.assetThumb.${id}.${imageId}`)).toMatch(/^data:image\/(png|jpeg);base64/);

  await thumb.click();
  const popup = page.getByTestId('image-popup-img');
  await expect(popup).toBeVisible();
  await expect.poll(() => popup.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await page.keyboard.press('Escape');

  await upload.setInputFiles({ name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Bild') });
  await expect(page.getByTestId('image-upload-error')).toContainText('Nur Bilder');
  await expect(page.getByTestId('image-thumb')).toHaveCount(1);

  await page.getByTestId('image-remove').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('images-empty')).toBeVisible();
  expect(await page.evaluate((k) => sessionStorage.getItem(k), `vario.assetThumb.${id}.${imageId}`)).toBeNull();
});

test('[ASS-010] [ASS-011] the file list downloads a file and takes an upload', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const files = await getJson<Page50<{ id: number; dateiname: string }>>(request, token, '/stammdaten/assets/1/dateien?limit=50&offset=0');
  const file = files.result[0];
  if (!file) throw new Error('asset 1 has no file');
  await openAs(page, request, 'admin', '/assets/1/files');
  const list = page.getByTestId('asset-files');
  await expect(list.getByTestId('sub-row')).toHaveCount(files.result.length);
  const download = page.waitForEvent('download');
  await list.getByTestId('sub-row').filter({ hasText: file.dateiname }).getByTestId('file-download').click();
  expect((await download).suggestedFilename()).toBe(file.dateiname);
  await list.locator('input[type=file]').setInputFiles({ name: 'e2e-bericht.txt', mimeType: 'text/plain', buffer: Buffer.from('Prüfbericht') });
  await expect(list.getByTestId('sub-row')).toHaveCount(files.result.length + 1);
});

test('[ASS-001] [ASS-002] [ASS-005] the asset list opens the record with labels of s01–s06 from sfelder', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const labels = (await getJson<Page50<{ feld: string; bezeichnung: string }>>(request, token, '/stammdaten/assets/sfelder')).result;
  await openAs(page, request, 'buero', '/assets');
  for (const h of ['Assetnummer', 'Bezeichnung', 'Seriennummer', 'IMEI', 'Aktiv'])
    await expect(page.getByRole('columnheader', { name: h }).first()).toBeVisible();
  await gridRows(page).first().click();
  await expect(page).toHaveURL(/\/assets\/\d+\/masterdata$/);
  await expect(page.getByTestId('tab-masterdata')).toBeVisible();
  await expect(page.getByTestId('tab-files')).toBeVisible();
  for (const l of labels) await expect(page.getByText(l.bezeichnung, { exact: true })).toBeVisible();
  await expect(page.getByText('Garantiebeginn', { exact: true })).toBeVisible();
  await page.getByTestId('record-edit').click();
  await expect(page.getByTestId('record-remove')).toHaveCount(0);
  // leaving edit mode gives the record's lock back (later flows edit the same asset)
  await page.getByTestId('record-cancel').click();
  await expect(page.getByTestId('record-edit')).toBeVisible();
});

test('[RIGHT-013] without ASS_SEHEN the assets screen shows the general no-data notice', async ({ page, request }) => {
  await page.route('**/vario-api/webapp/me', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.result.rechte = [...body.result.rechte.filter((r: { recht: string }) => r.recht !== 'ASS_SEHEN'), { recht: 'ASS_SEHEN', genehmigt: false }];
    await route.fulfill({ response: res, json: body });
  });
  await openAs(page, request, 'buero', '/assets');
  await expect(page.getByTestId('assets-no-data')).toHaveText('Keine Daten vorhanden');
  await expect(page.getByTestId('nav-assets')).toHaveCount(0);
});
