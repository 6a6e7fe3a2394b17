import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getJson, products } from '../fixtures/api';
import { apiLogin, bearer, openAs, setParameter } from './helpers';

/**
 * Issue 23 items 4–6 on screen: the statistics dashboard shows a newly booked invoice, its charts switch to a table
 * (their text alternative), hidden product groups stay hidden, birthdays carry their relative label, and the screen
 * passes axe in light and dark.
 */

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const body = data === undefined ? undefined : { data, ProtokollBemerkung: 'E2E Statistik' };
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() }, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { result: T };
}

/** "12.345,67 €" → 12345.67. */
const euro = (text: string | null) => Number((text ?? '').replace(/[^\d,-]/g, '').replace(',', '.'));

/** The company's turnover of the current calendar year as the API answers it. */
async function turnoverThisYear(request: APIRequestContext, token: string) {
  const year = new Date().getFullYear();
  const rows = (await getJson<{ daten: { datensaetze: { jahr: number; summe: number }[] }[] }>(request, token, '/auswertungen/umsatz/daten')).daten[0]!
    .datensaetze;
  return rows.filter((r) => r.jahr === year).reduce((s, r) => s + r.summe, 0);
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

test('the dashboard shows a newly booked invoice in the year comparison', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  await openAs(page, request, 'admin', '/statistics');
  await expect(page).toHaveURL(/\/statistics\/dashboard$/);
  await settled(page);
  const total = page.getByTestId('stat-comparison-total');
  const before = euro(await total.textContent());
  expect(before).toBeCloseTo(await turnoverThisYear(request, token), 2);

  const address = (await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Statistik ${Date.now()}`, istKunde: true })).result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = (await post<{ id: number }>(request, token, '/verkauf/belege', { belegart: '0400', adresseId: address.id })).result;
  await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 3 });
  await post(request, token, `/verkauf/belege/${doc.id}/buchen`, {});
  const net = (await getJson<{ result: { betragNetto: number } }>(request, token, `/verkauf/belege/${doc.id}`)).result.betragNetto;
  expect(net).toBeGreaterThan(0);

  await page.reload();
  await settled(page);
  await expect.poll(async () => euro(await total.textContent())).toBeCloseTo(before + net, 2);
});

test('a chart switches to a table of the same figures and back', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/statistics/dashboard');
  await settled(page);
  const card = page.getByTestId('stat-chart');
  await expect(card.locator('.turnover-chart canvas')).toHaveCount(1);
  await card.getByText('Tabelle', { exact: true }).click();
  const table = page.getByTestId('stat-chart-months-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(12);
  // the table's sum is the card's total
  const cells = await table.locator('tbody td').allTextContents();
  expect(cells.reduce((s, c) => s + euro(c), 0)).toBeCloseTo(euro(await page.getByTestId('stat-chart-total').textContent()), 2);
  await card.getByText('Diagramm', { exact: true }).click();
  await expect(card.locator('.turnover-chart canvas')).toHaveCount(1);
});

test('a product group hidden in the legend stays hidden after a reload', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  await setParameter(request, token, 'presetsTurnOverGroupChart', '[]');
  await openAs(page, request, 'buero', '/statistics/dashboard');
  await settled(page);
  const legend = page.getByTestId('stat-groups-chart').locator('.u-legend .u-series');
  // the first legend entry is the month; the groups follow
  await expect(legend.nth(1)).toBeVisible();
  const name = (await legend.nth(1).locator('.u-label').textContent()) ?? '';
  const saved = page.waitForResponse((r) => r.url().includes('/webapp/parameter/presetsTurnOverGroupChart') && r.request().method() === 'POST');
  await legend.nth(1).click();
  await saved;
  await expect(legend.nth(1)).toHaveClass(/u-off/);
  await page.reload();
  await settled(page);
  await expect(page.getByTestId('stat-groups-chart').locator('.u-legend .u-series').nth(1)).toHaveClass(/u-off/);
  const wert = (await getJson<{ result: { wert: string } }>(request, token, '/webapp/parameter/presetsTurnOverGroupChart')).result.wert;
  expect(JSON.parse(wert)).toEqual([name]);
  await setParameter(request, token, 'presetsTurnOverGroupChart', '[]');
});

test('a birthday today is listed with the label "heute"; the widgets show on /home too', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  const birth = `${Number(today.slice(0, 4)) - 40}${today.slice(4)}`;
  const address = (await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Geburtstag ${Date.now()}`, istKunde: true })).result;
  const name = `Geburtstagskind${Date.now()}`;
  await post(request, token, `/stammdaten/adressen/${address.id}/ansprechpartner`, { name, vorname: 'Greta', anrede: 'Frau', geburtstag: birth });
  await openAs(page, request, 'admin', '/home');
  await settled(page);
  const row = page.getByTestId('stat-birthday').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('stat-birthday-label')).toHaveText('heute');
  await expect(page.getByTestId('widget-statOpenItems')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious violation on the statistics dashboard (${scheme})`, async ({ page, request }) => {
    const token = await apiLogin(request, 'admin');
    await setParameter(request, token, 'darkmode', scheme === 'dark' ? 'true' : 'false');
    try {
      await openAs(page, request, 'admin', '/statistics/dashboard');
      await settled(page);
      await page.getByTestId('stat-comparison').getByText('Tabelle', { exact: true }).click();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
      expect(bad).toEqual([]);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(/^Übersicht · Statistik · vario$/);
    } finally {
      await setParameter(request, token, 'darkmode', 'false');
    }
  });
}
