import { expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, columnHeader, entries, gridCell, gridRow, gridRows, openAs, setParameter } from './helpers';

test('[ADR-002] name3 is hidden by default and can be shown through the column chooser', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses');
  await expect(gridRows(page).first()).toBeVisible();
  const header = columnHeader(page, 'name3');
  await expect(header).toHaveCount(0);
  await page.getByTestId('grid-columns').click();
  await page.getByTestId('grid-column-name3').check();
  await expect(header).toHaveCount(1);
  await page.getByTestId('grid-column-name3').uncheck();
  await expect(header).toHaveCount(0);
});

type AssetRow = { assetnummer: string; seriennummer: string | null };
const headerIds = (page: Page) => page.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('data-col-id')));

// admin's asset list preset is set back afterwards (no other spec reads it changed)
test.describe('the grid of a list (assets, admin)', () => {
  test.afterEach(async ({ request }) => {
    await setParameter(
      request,
      await apiLogin(request, 'admin'),
      'presetsAssets',
      JSON.stringify({ rowsPerPage: 0, sortBy: 'assetnummer', descending: false }),
    );
  });

  test('sorting by a header: click and Enter sort on the server (ascending, descending, none); the sort is kept in the preset', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin');
    const bySerial = (await getJson<{ result: AssetRow[] }>(request, token, '/stammdaten/assets?orderBy=seriennummer&limit=1')).result[0];
    const bySerialDesc = (await getJson<{ result: AssetRow[] }>(request, token, '/stammdaten/assets?orderBy=-seriennummer&limit=1')).result[0];
    expect(bySerial?.seriennummer).not.toBe(bySerialDesc?.seriennummer);
    await openAs(page, request, 'admin', '/assets');
    const header = columnHeader(page, 'seriennummer');
    await expect(gridRows(page).first()).toBeVisible();
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(columnHeader(page, 'assetnummer')).toHaveAttribute('aria-sort', 'ascending');
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(gridCell(gridRow(page, 0), 'seriennummer')).toHaveText(bySerial?.seriennummer ?? '');
    // by keyboard: Enter on the focused header turns the order round
    await header.focus();
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(gridCell(gridRow(page, 0), 'seriennummer')).toHaveText(bySerialDesc?.seriennummer ?? '');
    await page.reload();
    await expect(columnHeader(page, 'seriennummer')).toHaveAttribute('aria-sort', 'descending');
    await expect(gridCell(gridRow(page, 0), 'seriennummer')).toHaveText(bySerialDesc?.seriennummer ?? '');
    // a third time: the list's own order again
    await columnHeader(page, 'seriennummer').click();
    await expect(columnHeader(page, 'seriennummer')).toHaveAttribute('aria-sort', 'none');
  });

  test('widths by drag and by keyboard, the order by Ctrl+arrow and the chooser are saved in the preset and come back after a reload', async ({
    page,
    request,
  }) => {
    await openAs(page, request, 'admin', '/assets');
    await expect(gridRows(page).first()).toBeVisible();
    expect(await headerIds(page)).toEqual(['assetnummer', 'bezeichnung', 'seriennummer', 'imei', 'istAktiv']);
    const imei = columnHeader(page, 'imei');
    const before = (await imei.boundingBox())?.width ?? 0;
    // drag the right edge of IMEI 60 px to the right
    const box = await imei.boundingBox();
    if (!box) throw new Error('no IMEI header');
    await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 30, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width + 57, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await imei.boundingBox())?.width ?? 0)).toBe(Math.round(before + 60));
    // Shift+Arrow on a header: 16 px narrower; the cells follow their header
    await imei.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => Math.round((await imei.boundingBox())?.width ?? 0)).toBe(Math.round(before + 44));
    expect(Math.round((await gridCell(gridRow(page, 0), 'imei').boundingBox())?.width ?? 0)).toBe(Math.round(before + 44));
    // Ctrl+Arrow moves the column: IMEI before Seriennummer
    await page.keyboard.press('Control+ArrowLeft');
    await expect.poll(() => headerIds(page)).toEqual(['assetnummer', 'bezeichnung', 'imei', 'seriennummer', 'istAktiv']);
    await expect(columnHeader(page, 'imei')).toBeFocused();
    await page.getByTestId('grid-columns').click();
    await page.getByTestId('grid-column-seriennummer').uncheck();
    await expect(columnHeader(page, 'seriennummer')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(gridRows(page).first()).toBeVisible();
    expect(await headerIds(page)).toEqual(['assetnummer', 'bezeichnung', 'imei', 'istAktiv']);
    expect(Math.round((await columnHeader(page, 'imei').boundingBox())?.width ?? 0)).toBe(Math.round(before + 44));
  });

  test('keyboard: arrows between cells, Home/End, Ctrl+Home/End, PageDown/PageUp, ArrowUp to the header; Enter opens the row', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin');
    const { resultCount: total, result } = await getJson<{ resultCount: number; result: { id: number }[] }>(
      request,
      token,
      '/stammdaten/assets?orderBy=assetnummer&limit=2&returnTotal=true',
    );
    const second = result[1];
    expect(total).toBeGreaterThan(20);
    await openAs(page, request, 'admin', '/assets');
    await expect(gridRows(page).first()).toBeVisible();
    await page.getByTestId('grid-search').focus();
    await page.keyboard.press('ArrowDown');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const row = el?.closest('[role="row"]');
        return { role: el?.getAttribute('role'), row: Number(row?.getAttribute('aria-rowindex')) - 2, col: el?.getAttribute('data-col-id') };
      });
    expect(await focused()).toEqual({ role: 'gridcell', row: 0, col: 'assetnummer' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toEqual({ role: 'gridcell', row: 1, col: 'bezeichnung' });
    await page.keyboard.press('End');
    expect(await focused()).toEqual({ role: 'gridcell', row: 1, col: 'istAktiv' });
    await page.keyboard.press('Home');
    expect(await focused()).toEqual({ role: 'gridcell', row: 1, col: 'assetnummer' });
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focused()).row).toBeGreaterThan(5);
    // a page up: back to where PageDown started
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await focused()).row).toBe(1);
    // the last row of the list (its count as the grid and the total above it say)
    const rows = Number(await page.getByRole('grid').getAttribute('aria-rowcount')) - 1;
    await expect(page.getByTestId('grid-total')).toHaveText(entries(rows));
    await page.keyboard.press('Control+End');
    await expect.poll(focused).toEqual({ role: 'gridcell', row: rows - 1, col: 'assetnummer' });
    await page.keyboard.press('Control+Home');
    await expect.poll(focused).toEqual({ role: 'gridcell', row: 0, col: 'assetnummer' });
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toEqual({ role: 'columnheader', row: -1, col: 'assetnummer' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/assets/${second?.id}(/|$)`));
  });
});
