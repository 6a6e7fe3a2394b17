import { expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, entries, gridRows, openAs } from './helpers';

interface Doc {
  id: number;
  belegnummer: string;
  adresseId: number;
  adresseName: string | null;
}

const DEFAULT_LIST = '/verkauf/belege?belegart=0100,0200&belegstatus=1,2,3';

test('[BEL-037] the list asks GET /verkauf/belege with returnTotal and the filters belegart, belegstatus and address; the address filter narrows the rows and the total', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const all = await getJson<{ result: Doc[]; resultCount: number }>(request, token, `${DEFAULT_LIST}&limit=1000&orderBy=-belegdatum&returnTotal=true`);
  expect(all.result.length).toBe(all.resultCount);
  const newest = all.result[0];
  // an address with a few documents of the default filter that is not the newest document's: filtering must change the first row
  const byAddress = new Map<number, Doc[]>();
  for (const d of all.result) byAddress.set(d.adresseId, [...(byAddress.get(d.adresseId) ?? []), d]);
  const [adresseId, docs] = [...byAddress].find(([id, list]) => id !== newest?.adresseId && list.length <= 10 && list[0]?.adresseName) ?? [];
  expect(adresseId, 'a seeded address with default-filter documents').toBeTruthy();
  expect(all.resultCount).toBeGreaterThan(docs?.length ?? 0);
  const name = String(docs?.[0]?.adresseName);
  const address = await getJson<{ result: { adressnummer: string } }>(request, token, `/stammdaten/adressen/${adresseId}`);

  const firstList = page.waitForRequest((r) => r.url().includes('/vario-api/verkauf/belege?'));
  await openAs(page, request, 'admin', '/saleDocument');
  const unfiltered = new URL((await firstList).url()).searchParams;
  expect(unfiltered.get('returnTotal')).toBe('true');
  expect(unfiltered.get('belegart')).toBe('0100,0200');
  expect(unfiltered.get('belegstatus')).toBe('1,2,3');
  expect(unfiltered.get('adresseId')).toBeNull();
  const rows = gridRows(page);
  await expect(rows.first()).toContainText(newest?.belegnummer ?? '—');
  await expect(page.getByTestId('grid-total')).toHaveText(entries(all.resultCount));

  const filter = page.getByTestId('filter-address');
  await expect(filter).toHaveAccessibleName('Adresse');
  // typed right away, before the picker is there: nothing is lost
  await filter.click();
  await page.keyboard.type(name);
  await expect(page.getByTestId('filter-address')).toHaveValue(name);
  const filtered = page.waitForRequest((r) => r.url().includes('/vario-api/verkauf/belege?') && r.url().includes(`adresseId=${adresseId}`));
  await page
    .getByRole('option')
    .filter({ hasText: `(${address.result.adressnummer})` })
    .click();
  await expect(page).toHaveURL(new RegExp(`address=${adresseId}`));
  const query = new URL((await filtered).url()).searchParams;
  expect(query.get('returnTotal')).toBe('true');
  expect(query.get('belegart')).toBe('0100,0200');
  expect(query.get('belegstatus')).toBe('1,2,3');
  // the rows are exactly the address's documents, and the total counts them
  await expect(page.getByTestId('grid-total')).toHaveText(entries(docs?.length ?? 0));
  await expect(rows).toHaveCount(docs?.length ?? 0);
  for (const d of docs ?? []) await expect(rows.filter({ hasText: d.belegnummer })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: name })).toHaveCount(0);
  await expect(rows.filter({ hasText: newest?.belegnummer ?? '—' })).toHaveCount(0);
});
