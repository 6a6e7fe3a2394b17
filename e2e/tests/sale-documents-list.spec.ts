import { expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, openAs } from './helpers';

interface Doc {
  id: number;
  belegnummer: string;
  adresseId: number;
  adresseName: string | null;
}

test('[BEL-037] the address filter takes what is typed at once (its picker is loaded when the field is used) and narrows the list', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const first = await getJson<{ result: Doc[] }>(request, token, '/verkauf/belege?belegart=0100,0200&belegstatus=1,2,3&limit=1&orderBy=-belegdatum');
  const doc = first.result[0];
  expect(doc?.adresseName).toBeTruthy();
  const name = String(doc?.adresseName);
  const address = await getJson<{ result: { adressnummer: string } }>(request, token, `/stammdaten/adressen/${doc?.adresseId}`);
  await openAs(page, request, 'admin', '/saleDocument');
  await expect(page.locator('.ag-row').first()).toBeVisible();
  const filter = page.getByTestId('filter-address');
  await expect(filter).toHaveAccessibleName('Adresse');
  // typed right away, before the picker is there: nothing is lost
  await filter.click();
  await page.keyboard.type(name);
  await expect(page.getByTestId('filter-address')).toHaveValue(name);
  await page
    .getByRole('option')
    .filter({ hasText: `(${address.result.adressnummer})` })
    .click();
  await expect(page).toHaveURL(new RegExp(`address=${doc?.adresseId}`));
  await expect(page.locator('.ag-row').first()).toContainText(doc?.belegnummer ?? '—');
});
