import { expect, type Page, test } from '@playwright/test';
import { openAs } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('[APP-067] on a phone a list is cards loaded in windows — no grid — with search, sort, and the way back', async ({ page, request }) => {
  // techniker: the sort chosen here is saved as this user's preset, which no other flow reads
  await openAs(page, request, 'techniker', '/addresses');
  const cards = page.getByTestId('grid-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  // the first window, then the next one when scrolled to its end
  const first = await cards.count();
  expect(first).toBeGreaterThan(20);
  await cards.nth(first - 1).scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(first);
  // the quick search narrows the cards and stays in the URL
  await page.getByTestId('grid-search').fill('gmbh');
  await expect(page).toHaveURL(/[?&]q=gmbh\b/);
  await expect(cards.first()).toContainText(/gmbh/i);
  // the sort is a choice above the cards and is saved as the user's preset
  await page.getByTestId('grid-sort').selectOption('ort');
  await expect(cards.first()).toBeVisible();
  const title = ((await cards.first().textContent()) ?? '').trim();
  await cards.first().getByRole('button').click();
  await expect(page.getByTestId('record-title')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('grid-search')).toHaveValue('gmbh');
  await expect(page.getByTestId('grid-sort')).toHaveValue('ort');
  await expect(cards.first()).toHaveText(title);
  // back to the default order for the next run
  const saved = page.waitForResponse((r) => r.url().includes('/webapp/parameter/presets') && r.request().method() === 'POST');
  await page.getByTestId('grid-sort').selectOption('name1');
  await saved;
});

test('[APP-067] on a phone the product list is cards too, with its badges', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/products');
  await expect(page.getByTestId('grid-card').first()).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** The page's vertical scroll position. */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Scrolls a card list of the field service so that its fourth card is near the top, opens it, and comes back by the
 * item's back link: the list shows at the same scroll position with the same card in view.
 */
async function cardRoundTrip(page: Page, o: { path: string; card: string }) {
  const cards = page.getByTestId(o.card);
  await expect(cards.nth(3)).toBeVisible();
  const target = cards.nth(3);
  await target.evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 120, behavior: 'instant' }));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  const y = await scrollY(page);
  const id = await target.getAttribute('data-id');
  await target.click();
  await expect(page).not.toHaveURL(new RegExp(`${o.path}$`));
  await expect(page.getByTestId('page-back')).toBeVisible();
  await page.getByTestId('page-back').click();
  await expect(page).toHaveURL(new RegExp(`${o.path}$`));
  await expect.poll(() => scrollY(page)).toBe(y);
  await expect(page.locator(`[data-testid="${o.card}"][data-id="${id}"]`)).toBeInViewport();
  await expect(cards.first()).not.toBeInViewport();
}

test('[APP-067] the planning and task lists on the phone are kept alive: back from an item at the same scroll position', async ({ page, request }) => {
  // the office's open items (every technician's) and the technician's accepted tasks: enough cards to scroll
  await openAs(page, request, 'admin', '/planning');
  await cardRoundTrip(page, { path: '/planning', card: 'planning-card' });
  await openAs(page, request, 'techniker', '/tasks');
  await cardRoundTrip(page, { path: '/tasks', card: 'task-card' });
});
