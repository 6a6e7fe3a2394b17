import { expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, entries, gridRows, openAs } from './helpers';

interface Base {
  lager: { id: number; kurzbezeichnung: string; bezeichnung: string; lagerkreisId: number; hatLagerplaetze: boolean }[];
  lagerkreise: { id: number; name: string; istHauptlagerkreis: boolean }[];
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('[LAG-001] [LAG-002] [LAG-003] [LAG-004] [LAG-006] [LAG-007] [LAG-014] region and warehouse choice with the storage-place drill-down', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const base = (await getJson<{ result: Base }>(request, token, '/webapp/basisdaten')).result;
  const withPlaces = base.lager.find((l) => l.hatLagerplaetze && !base.lagerkreise.find((k) => k.id === l.lagerkreisId)?.istHauptlagerkreis);
  const withoutPlaces = base.lager.find((l) => !l.hatLagerplaetze && base.lagerkreise.find((k) => k.id === l.lagerkreisId)?.istHauptlagerkreis);
  if (!withPlaces || !withoutPlaces) throw new Error('seed lacks warehouses');
  const regionOf = (lagerkreisId: number) => base.lagerkreise.find((k) => k.id === lagerkreisId)?.name ?? '';

  await openAs(page, request, 'admin', '/storageLocationInformation');
  await expect(page.getByTestId('no-storage-selected')).toBeVisible();
  await expect(page.getByText('Pflichtfeld')).toBeVisible();

  await choose(page, 'storage-region', regionOf(withPlaces.lagerkreisId));
  await choose(page, 'storage-warehouse', `${withPlaces.kurzbezeichnung} – ${withPlaces.bezeichnung}`);
  await expect(page.getByTestId('no-storage-selected')).toHaveCount(0);
  const stock = await getJson<{ resultCount: number; result: { artikelId: number; artikelNummer: string }[] }>(
    request,
    token,
    `/stammdaten/lager/${withPlaces.id}/bestaende?returnTotal=true&limit=1&orderBy=artikelnummer`,
  );
  await expect(page.getByTestId('grid-total')).toHaveText(entries(stock.resultCount));
  const first = stock.result[0];
  if (!first) throw new Error('warehouse without stock');
  const places = (await getJson<{ result: unknown[] }>(request, token, `/lager/lagerplatz-bestaende?artikelId=${first.artikelId}&lagerId=${withPlaces.id}`))
    .result;
  await gridRows(page).filter({ hasText: first.artikelNummer }).first().click();
  await expect(page.getByTestId('place-stock-product')).toContainText(first.artikelNummer);
  await expect(page.getByTestId('place-stock-list').getByTestId('sub-row')).toHaveCount(places.length);
  await page.keyboard.press('Escape');

  // the region is saved per user and comes back after a reload
  const saved = await request.get('/vario-api/webapp/parameter/userStorageRegion', { headers: bearer(token) });
  expect((await saved.json()).result.wert).toBe(String(withPlaces.lagerkreisId));
  await page.goto('/storageLocationInformation');
  await expect(page.getByTestId('storage-region')).toHaveValue(regionOf(withPlaces.lagerkreisId));

  // a warehouse without places opens nothing
  await choose(page, 'storage-region', regionOf(withoutPlaces.lagerkreisId));
  await choose(page, 'storage-warehouse', `${withoutPlaces.kurzbezeichnung} – ${withoutPlaces.bezeichnung}`);
  await gridRows(page).first().click();
  await page.waitForTimeout(400);
  await expect(page.getByTestId('place-stock-product')).toHaveCount(0);
});

test('[RIGHT-016] [LAG-015] without LAG_LGK_WECHSELN the region select is read-only and shows the default warehouse region', async ({ page, request }) => {
  const token = await apiLogin(request, 'techniker');
  const base = (await getJson<{ result: Base }>(request, token, '/webapp/basisdaten')).result;
  const me = (await getJson<{ result: { benutzer: { vorgabeLagerId: number } } }>(request, token, '/webapp/me')).result;
  const region = base.lagerkreise.find((k) => k.id === base.lager.find((l) => l.id === me.benutzer.vorgabeLagerId)?.lagerkreisId);
  // (without a region the check below would compare an empty select with '' and prove nothing)
  if (!region?.name) throw new Error('the technician has no default warehouse with a region');
  await openAs(page, request, 'techniker', '/storageLocationInformation');
  const select = page.getByTestId('storage-region');
  await expect(select).toHaveAttribute('readonly', '');
  await expect(select).toHaveValue(region.name);
});

test('[LAG-013] a user without a technician sees the "no store assigned" notice of each store kind', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/storages/serviceStorage');
  await expect(page.getByTestId('no-store-assigned')).toHaveText('Ihnen ist kein Gutteilelager zugeordnet.');
  await page.goto('/storages/serviceStorageDoa');
  await expect(page.getByTestId('no-store-assigned')).toHaveText('Ihnen ist kein DOA-Lager zugeordnet.');
  await page.goto('/storages/serviceStorageFaulty');
  await expect(page.getByTestId('no-store-assigned')).toHaveText('Ihnen ist kein Defektteilelager zugeordnet.');
  await expect(page.getByTestId('nav-storages')).toHaveCount(0);
});

test('[LAG-010] [LAG-011] [LAG-012] the technician sees the stock of the own good-parts store, and has a DOA and a faulty-parts store', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'techniker');
  const me = (await getJson<{ result: { techniker: { gutteileLagerId: number } } }>(request, token, '/webapp/me')).result;
  const stock = await getJson<{ resultCount: number }>(request, token, `/stammdaten/lager/${me.techniker.gutteileLagerId}/bestaende?returnTotal=true&limit=1`);
  await openAs(page, request, 'techniker', '/home');
  await page.getByTestId('nav-storages').click();
  await page.getByTestId('nav-serviceStorage').click();
  await expect(page).toHaveURL(/\/storages\/serviceStorage$/);
  for (const h of ['Artikelnummer', 'Bezeichnung', 'Bestand', 'Reserviert', 'Bestellt', 'Gesperrt'])
    await expect(page.getByRole('columnheader', { name: h }).first()).toBeVisible();
  await expect(page.getByTestId('grid-total')).toHaveText(entries(stock.resultCount));
  // the two other store routes show their list, not the "no store assigned" notice
  for (const route of ['serviceStorageDoa', 'serviceStorageFaulty']) {
    await page.goto(`/storages/${route}`);
    await expect(page.getByRole('columnheader', { name: 'Artikelnummer' }).first()).toBeVisible();
    await expect(page.getByTestId('no-store-assigned')).toHaveCount(0);
  }
});
