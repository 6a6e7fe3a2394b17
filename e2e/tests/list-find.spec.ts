import { expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, columnHeader, firstRowInView, gridCell, gridRow, gridRows, openAs } from './helpers';

// Issue 20 item 1: a document just made is found by its number although the list's default filter (offers and orders
// in status 1–3, BEL-036) hides it; and a list left for a record comes back as it was left, by the record's back link too.

test('an invoice just made is found by its number: the list names the matches in other types/statuses and shows them with one click', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const address = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/adressen?filter=istKunde=true&limit=1')).result[0];
  const res = await request.post('/vario-api/verkauf/belege', {
    headers: { ...bearer(token), 'Idempotency-Key': `find-${Date.now()}` },
    data: { data: { belegart: '0400', adresseId: address?.id } },
  });
  expect(res.status()).toBe(201);
  const invoice = (await res.json()).result as { id: number; belegnummer: string };
  await openAs(page, request, 'admin', '/saleDocument');
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByTestId('grid-search').fill(invoice.belegnummer);
  // the default filter stays: the invoice is not in it, the hint says where it is
  await expect(page.getByTestId('other-matches')).toContainText('1 Treffer in anderen Belegarten/Status');
  await expect(page.getByTestId('grid-total')).toHaveText('0 Einträge');
  await page.getByTestId('other-matches-show').click();
  const row = gridRow(page, 0);
  await expect(gridCell(row, 'belegnummer')).toHaveText(invoice.belegnummer);
  await expect(page.getByTestId('other-matches')).toHaveCount(0);
  await expect(page.getByTestId('grid-search')).toHaveValue(invoice.belegnummer);
  await gridCell(row, 'belegnummer').click();
  await expect(page).toHaveURL(new RegExp(`/saleDocument/${invoice.id}/`));
});

/** The index of the first row fully below the grid's header. */
const firstInView = firstRowInView;

/**
 * Opens a list with a filter in its URL, searches, scrolls down, opens a row, and goes back by the record's back link
 * (not the browser's back): the filter, search, sort and the row in view are as they were.
 */
async function roundTrip(page: Page, o: { path: string; urlFilter: RegExp; search: string; column: string; sortColumn: string }) {
  await expect(gridRows(page).first()).toBeVisible();
  await page.getByTestId('grid-search').fill(o.search);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(o.search)}\\b`));
  const sort = await columnHeader(page, o.sortColumn).getAttribute('aria-sort');
  const grid = page.getByTestId('data-grid');
  const box = await grid.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 200, (box?.y ?? 0) + 200);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => firstInView(page)).toBeGreaterThan(10);
  const index = await firstInView(page);
  const cell = gridCell(gridRow(page, index + 2), o.column);
  await expect(cell).toBeInViewport();
  const text = (await cell.textContent())?.trim() ?? '';
  expect(text).not.toBe('');
  await cell.click();
  await expect(page.getByTestId('record-back')).toBeVisible();
  await page.getByTestId('record-back').click();
  await expect(page).toHaveURL(new RegExp(`${o.path}\\?`));
  await expect(page).toHaveURL(o.urlFilter);
  await expect(page.getByTestId('grid-search')).toHaveValue(o.search);
  await expect(columnHeader(page, o.sortColumn)).toHaveAttribute('aria-sort', sort ?? 'none');
  const back = gridCell(gridRow(page, index + 2), o.column);
  await expect(back).toBeInViewport();
  await expect(back).toHaveText(text);
  await expect(gridRow(page, 0)).not.toBeInViewport();
}

test('[APP-067] addresses: back from a record by its back link keeps the filter, the search, the sort and the scroll position', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses?relation=customer');
  await roundTrip(page, { path: '/addresses', urlFilter: /relation=customer/, search: 'e', column: 'name1', sortColumn: 'name1' });
});

test('[APP-067] products: back from a record by its back link keeps the search, the sort and the scroll position', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/products');
  await roundTrip(page, { path: '/products', urlFilter: /q=e/, search: 'e', column: 'artikelnummer', sortColumn: 'artikelnummer' });
});

test('[APP-067] sales documents: back from a record by its back link keeps the type and status filter, the search and the scroll position', async ({
  page,
  request,
}) => {
  await openAs(page, request, 'admin', '/saleDocument?types=0100,0200,0400&status=');
  await roundTrip(page, {
    path: '/saleDocument',
    urlFilter: /types=0100%2C0200%2C0400|types=0100,0200,0400/,
    search: 'e',
    column: 'belegnummer',
    sortColumn: 'belegdatum',
  });
  await expect(page.getByTestId('filter-types')).toContainText('3 gewählt');
});
