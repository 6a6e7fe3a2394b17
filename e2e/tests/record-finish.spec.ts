import { expect, type Page, test } from '@playwright/test';
import { apiLogin, bearer, columnHeader, firstRowInView, gridCell, gridRow, gridRows, openAs, waitForStart } from './helpers';

/** Requests whose path carries "NaN" (an id parsed from a non-number). */
const nanRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('NaN')) seen.push(r.url());
  });
  return seen;
};

test('[issue 9 item 6] record routes without a record show the not-found notice in the layout with a way back, and request no /NaN', async ({
  page,
  request,
}) => {
  const nan = nanRequests(page);
  await openAs(page, request, 'admin', '/addresses/999999');
  await expect(page.getByTestId('record-not-found')).toBeVisible();
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.getByTestId('record-not-found-back').click();
  await expect(page).toHaveURL(/\/addresses$/);

  for (const path of ['/assets/abc', '/assets/999999/masterdata', '/products/abc', '/products/999999', '/addresses/abc/persons']) {
    await page.goto(path);
    await expect(page.getByTestId('record-not-found'), path).toBeVisible();
    await expect(page.getByTestId('record-edit'), path).toHaveCount(0);
  }
  await expect(page.getByTestId('record-back')).toHaveAttribute('href', '/addresses');
  // a sub-record of an existing address with an id that is no number or does not exist: the notice, no empty form
  const token = await apiLogin(request, 'admin');
  const address = (await (await request.get('/vario-api/stammdaten/adressen?limit=1', { headers: bearer(token) })).json()).result[0];
  for (const sub of ['persons', 'activities', 'additionalAddress', 'files', 'customerSpecificPrices']) {
    for (const bad of ['abc', '999999']) {
      await page.goto(`/addresses/${address.id}/${sub}/${bad}`);
      await expect(page.getByTestId('sub-not-found'), `${sub}/${bad}`).toBeVisible();
      await expect(page.getByTestId('sub-title'), `${sub}/${bad}`).toHaveCount(0);
    }
  }
  expect(nan).toEqual([]);
});

test('[HTTP-075] [HTTP-080] deleting a record shows "Gelöscht" and no "not found" notice after it', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const res = await request.post('/vario-api/stammdaten/assets', {
    headers: bearer(token),
    data: { data: { assetnummer: `E2E-DEL-${Date.now()}`, bezeichnung: 'Wird gelöscht' } },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()).result as { id: number };
  await openAs(page, request, 'admin', `/assets/${id}/masterdata`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('record-remove').click();
  await page.getByTestId('confirm-ok').click();
  // exact: the asset's own name "Wird gelöscht" is no notice
  await expect(page.getByText('Gelöscht', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/assets$/);
  await page.waitForTimeout(1000);
  await expect(page.getByText('Datensatz wurde nicht gefunden')).toHaveCount(0);
  await expect(page.getByText('Fehler', { exact: true })).toHaveCount(0);
});

test('[APP-004] [issue 9 item 4] on a phone the record bar is opaque, collapses to one line on scroll and the top bar hides', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, 'admin', '/addresses/1/masterdata');
  const bar = page.getByTestId('record-bar');
  await expect(page.getByTestId('record-title')).not.toHaveText('');
  const before = (await bar.boundingBox())?.height ?? 0;
  expect(before).toBeGreaterThan(100);
  await page.mouse.wheel(0, 400);
  await expect(bar).toHaveAttribute('data-collapsed');
  await expect.poll(async () => (await bar.boundingBox())?.height ?? 999).toBeLessThan(70);
  // the top bar hides: the bar is pinned to the top of the screen
  await expect.poll(async () => Math.round((await bar.boundingBox())?.y ?? 999)).toBe(0);
  const bg = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).not.toMatch(/rgba\(.*, 0\)|transparent/);
  await page.mouse.wheel(0, -2000);
  await expect(bar).not.toHaveAttribute('data-collapsed');
  await expect(page.getByTestId('record-tabs')).toBeVisible();
});

test('[issue 9 item 10] the empty login form names each missing field', async ({ page }) => {
  await page.goto('/auth/login');
  await waitForStart(page);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Bitte einen Wert eingeben')).toHaveCount(2);
  await page.getByTestId('login-user').fill('admin');
  await expect(page.getByText('Bitte einen Wert eingeben')).toHaveCount(1);
});

test('[APP-067] back from a record restores the list: quick search (kept in the URL), sort and scroll position', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses');
  const grid = page.getByTestId('data-grid');
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByTestId('grid-search').fill('e');
  await expect(page).toHaveURL(/[?&]q=e\b/);
  await expect(columnHeader(page, 'name1')).toHaveAttribute('aria-sort', 'ascending');
  const box = await grid.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 200, (box?.y ?? 0) + 200);
  await page.mouse.wheel(0, 1800);
  // the first row fully below the header (row heights follow the density setting)
  const firstInView = () => firstRowInView(page);
  await expect.poll(firstInView).toBeGreaterThan(20);
  const index = await firstInView();
  const row = gridCell(gridRow(page, index + 2), 'name1');
  await expect(row).toBeInViewport();
  const name = (await row.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await row.click();
  await expect(page.getByTestId('record-title')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('grid-search')).toHaveValue('e');
  await expect(page).toHaveURL(/[?&]q=e\b/);
  await expect(columnHeader(page, 'name1')).toHaveAttribute('aria-sort', 'ascending');
  const back = gridCell(gridRow(page, index + 2), 'name1');
  await expect(back).toBeInViewport();
  await expect(back).toHaveText(name);
  await expect(gridRow(page, 0)).not.toBeInViewport();
});

test('[APP-067] the product list is kept alive too: its quick search stays in the URL and comes back with the rows', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/products');
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByTestId('grid-search').fill('pumpe');
  await expect(page).toHaveURL(/[?&]q=pumpe\b/);
  const first = gridCell(gridRow(page, 0), 'artikelnummer');
  await expect(first).toBeVisible();
  const number = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page.getByTestId('record-title')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('grid-search')).toHaveValue('pumpe');
  await expect(gridCell(gridRow(page, 0), 'artikelnummer')).toHaveText(number);
  // a shared link with the search opens the list searched
  await page.goto('/products?q=pumpe');
  await expect(page.getByTestId('grid-search')).toHaveValue('pumpe');
});

test('[issue 9 item 9] at 390 px the customer/supplier filter shows whole labels and does not overflow', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, 'admin', '/addresses');
  const select = page.getByTestId('address-relation-select');
  await expect(select).toBeVisible();
  await select.selectOption('both');
  await expect(page).toHaveURL(/relation=both/);
  const box = await select.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[issue 9 item 10] an asset names its customer, not "Adresse 433 öffnen"', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const list = await request.get('/vario-api/stammdaten/assets?limit=100&offset=0', { headers: bearer(token) });
  const asset = ((await list.json()).result as { id: number; adresseId: number | null }[]).find((a) => a.adresseId);
  expect(asset).toBeTruthy();
  const address = await (await request.get(`/vario-api/stammdaten/adressen/${asset?.adresseId}`, { headers: bearer(token) })).json();
  await openAs(page, request, 'admin', `/assets/${asset?.id}/masterdata`);
  await expect(page.getByTestId('asset-address')).toHaveText(`${address.result.name1} (${address.result.adressnummer})`);
});

test('[ADR-019] [issue 9 item 10] an address without turnover shows a short note instead of empty charts', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const res = await request.post('/vario-api/stammdaten/adressen', {
    headers: bearer(token),
    data: { data: { name1: `E2E ohne Umsatz ${Date.now()}` }, ProtokollBemerkung: 'e2e' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()).result as { id: number };
  await openAs(page, request, 'admin', `/addresses/${id}/dashboard`);
  await expect(page.getByTestId('no-turnover')).toHaveCount(3);
  await expect(page.locator('.uplot')).toHaveCount(0);
});

test('[ADR-019] [ADR-022] the turnover dashboard draws its three charts (uPlot) with the values under the cursor', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const year = new Date().getFullYear();
  // an address with turnover in this year's months (the seeded invoices)
  let id = 0;
  for (let candidate = 1; candidate <= 30 && !id; candidate++) {
    const res = await request.get(`/vario-api/auswertungen/umsatzstatistik/daten?adresseId=${candidate}`, { headers: bearer(token) });
    if (!res.ok()) continue;
    const answer = (await res.json()) as { daten: { datensaetze: { jahr: number; summe: number }[] }[] };
    const rows = answer.daten.flatMap((d) => d.datensaetze);
    if (rows.some((r) => r.jahr === year && r.summe > 0)) id = candidate;
  }
  expect(id).toBeGreaterThan(0);
  await openAs(page, request, 'admin', `/addresses/${id}/dashboard`);
  await expect(page.getByTestId('address-dashboard')).toBeVisible();
  // this year's quarters and the comparison have turnover here; the fiscal-year months may start after it
  await expect(page.getByTestId('turnover-comparison').locator('canvas')).toBeVisible();
  await expect(page.locator('.uplot canvas')).toHaveCount(3 - (await page.getByTestId('no-turnover').count()));
  const chart = page.getByTestId('turnover-comparison');
  await expect(chart.locator('.u-legend')).toContainText(String(year - 1));
  // hovering a month shows its amounts in the legend, formatted as money
  const box = await chart.locator('.u-over').boundingBox();
  expect(box).toBeTruthy();
  for (let x = 0.02; x < 1; x += 0.083) {
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) * x, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    if (/[1-9][\d.]*,\d\d\s€/.test((await chart.locator('.u-legend').textContent()) ?? '')) break;
  }
  await expect(chart.locator('.u-legend')).toContainText(/[1-9][\d.]*,\d\d\s€/);
  await expect(chart.locator('.u-legend')).toContainText('Monat');
});

test('[ADR-076] [issue 9 item 9] at 390 px each history line is a card with article, quantity and total in view', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, 'admin', '/addresses/1/history');
  const card = page.getByTestId('history-card').first();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  await expect(card).toContainText('€');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[issue 8 item 6] every call index.html starts early is taken by the app, none is asked twice (address record and list)', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const id = (
    (await (await request.get('/vario-api/stammdaten/adressen?limit=1&orderBy=name1', { headers: bearer(token) })).json()) as { result: { id: number }[] }
  ).result[0]?.id;
  expect(id).toBeGreaterThan(0);
  for (const path of [`/addresses/${id}`, '/addresses']) {
    const asked = new Map<string, number>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/vario-api/') && r.method() === 'GET') asked.set(u.pathname + u.search, (asked.get(u.pathname + u.search) ?? 0) + 1);
    });
    await openAs(page, request, 'admin', path);
    await expect(path === '/addresses' ? gridRows(page).first() : page.getByTestId('record-bar')).toBeVisible();
    const left = await page.evaluate(() => Object.keys((window as { __varioEarly?: { calls: Record<string, unknown> } }).__varioEarly?.calls ?? {}));
    expect(left, `early calls the app did not take on ${path}`).toEqual([]);
    const twice = [...asked].filter(([, n]) => n > 1).map(([u]) => u);
    expect(twice, `asked more than once on ${path}`).toEqual([]);
    page.removeAllListeners('request');
  }
});
