import { expect, test } from '@playwright/test';
import { columnHeader, gridRows, openAs } from './helpers';

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
