import { expect, type Page, test } from '@playwright/test';
import { apiLogin, columnHeader, gridRows, openAs, setParameter } from './helpers';

const rowHeight = async (page: Page) => (await gridRows(page).first().boundingBox())?.height ?? 0;

test('[issue 9 item 13] compact density by default at 1440 px: 32 px rows and Ort, Straße, E-Mail visible without scrolling', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  await setParameter(request, token, 'density', 'auto');
  await openAs(page, request, 'admin', '/addresses');
  await expect(gridRows(page).first()).toBeVisible();
  expect(await rowHeight(page)).toBeLessThanOrEqual(33);
  const viewport = page.viewportSize()?.width ?? 0;
  for (const col of ['ort', 'strasse', 'email']) {
    const header = columnHeader(page, col);
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box && box.x + box.width <= viewport, `${col} inside the screen`).toBe(true);
  }
  // the setting switches to comfortable rows
  await setParameter(request, token, 'density', 'comfortable');
  await page.reload();
  await expect(gridRows(page).first()).toBeVisible();
  expect(await rowHeight(page)).toBeGreaterThanOrEqual(43);
  await setParameter(request, token, 'density', 'auto');
});

test('[issue 9 item 13] below 1280 px "auto" keeps comfortable rows', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const token = await apiLogin(request, 'admin');
  await setParameter(request, token, 'density', 'auto');
  await openAs(page, request, 'admin', '/addresses');
  await expect(gridRows(page).first()).toBeVisible();
  expect(await rowHeight(page)).toBeGreaterThanOrEqual(43);
});
