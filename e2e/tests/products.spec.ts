import { expect, test } from '@playwright/test';
import { getJson, products, productWithScale } from '../fixtures/api';
import { apiLogin, bearer, entries, gridRows, openAs } from './helpers';

test('[ART-004] [ART-014] [ART-016] [ART-017] [ART-018] a product with price scale AP5 shows five price-group tabs named from the price groups', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const product = await productWithScale(request, token, '5');
  const groups = (await getJson<{ result: { nummer: number; bezeichnung: string }[] }>(request, token, '/stammdaten/preisgruppen')).result;
  await openAs(page, request, 'admin', `/products/${product.id}/masterdata`);
  await expect(page.getByTestId('record-title')).toHaveText(product.bezeichnung);
  const card = page.getByTestId('price-scale');
  for (const g of groups.slice(0, 5)) await expect(card.getByTestId(`price-group-${g.nummer}`)).toHaveText(g.bezeichnung);
  await expect(card.getByTestId('price-group-6')).toHaveCount(0);
  await expect(card.getByTestId('price-group-panel-1').getByTestId('price-tier')).toHaveCount(5);
  await card.getByTestId('price-group-2').click();
  await expect(card.getByTestId('price-group-panel-2').getByTestId('price-tier')).toHaveCount(5);
});

test('[ART-013] [ART-020] AP3 shows three tiers; a product without a scale shows "no data"', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const ap3 = await productWithScale(request, token, '2');
  await openAs(page, request, 'admin', `/products/${ap3.id}/masterdata`);
  await expect(page.getByTestId('price-scale').getByTestId('price-group-panel-1').getByTestId('price-tier')).toHaveCount(3);
  const none = await productWithScale(request, token, null);
  await page.goto(`/products/${none.id}/masterdata`);
  await expect(page.getByTestId('price-scale-empty')).toHaveText('Keine Daten vorhanden');
});

test('[ART-006] [ART-008] the storage tab shows only for artikelart 1, with stock per warehouse and the movement journal', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const [stocked] = await products(request, token, 'artikelart=1,bestand>0', 1);
  const [service] = await products(request, token, 'artikelart=3', 1);
  if (!stocked || !service) throw new Error('seed lacks products');
  const stock = (await getJson<{ result: { lagerId: number; bestand: number }[] }>(request, token, `/stammdaten/artikel/${stocked.id}/bestaende`)).result;
  const moves = await getJson<{ resultCount: number }>(request, token, `/lager/bewegungen?filter=artikelId=${stocked.id}&returnTotal=true&limit=1`);

  await openAs(page, request, 'admin', `/products/${stocked.id}/masterdata`);
  await page.getByTestId('tab-storage').click();
  await expect(page).toHaveURL(new RegExp(`/products/${stocked.id}/storage$`));
  await expect(page.getByTestId('stock-per-warehouse').getByTestId('sub-row')).toHaveCount(stock.length);
  await expect(page.getByTestId('stock-journal').getByTestId('sub-count')).toHaveText(entries(moves.resultCount));

  await page.goto(`/products/${service.id}/masterdata`);
  await expect(page.getByTestId('record-title')).toHaveText(service.bezeichnung);
  await expect(page.getByTestId('tab-customFields')).toBeVisible();
  await expect(page.getByTestId('tab-storage')).toHaveCount(0);
  await page.goto(`/products/${service.id}/storage`);
  await expect(page).toHaveURL(new RegExp(`/products/${service.id}/masterdata$`));
});

test('[ART-007] [RIGHT-006] the serviceStorage tab shows for a technician, with the stock of the three service stores', async ({ page, request }) => {
  const token = await apiLogin(request, 'techniker');
  const [stocked] = await products(request, token, 'artikelart=1', 1);
  if (!stocked) throw new Error('seed lacks products');
  await openAs(page, request, 'techniker', `/products/${stocked.id}/masterdata`);
  await page.getByTestId('tab-serviceStorage').click();
  await expect(page.getByTestId('service-stock').getByTestId('sub-row')).toHaveCount(3);
  await openAs(page, request, 'admin', `/products/${stocked.id}/masterdata`);
  await expect(page.getByTestId('tab-storage')).toBeVisible();
  await expect(page.getByTestId('tab-serviceStorage')).toHaveCount(0);
});

test('[ART-002] [ART-003] the product list shows the index columns and finds a product by number', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const [p] = await products(request, token, 'artikelart=1', 1);
  if (!p) throw new Error('seed lacks products');
  await openAs(page, request, 'buero', '/products');
  for (const h of ['Artikelart', 'Artikelnummer', 'Bezeichnung', 'VK netto', 'VK brutto', 'Bestand', 'Verfügbar', 'Nächste Lieferung'])
    await expect(page.getByRole('columnheader', { name: h }).first()).toBeVisible();
  await page.getByTestId('grid-search').fill(p.artikelnummer);
  await expect(gridRows(page).filter({ hasText: p.artikelnummer }).first()).toBeVisible();
  await gridRows(page).filter({ hasText: p.artikelnummer }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}/masterdata$`));
});

test('[ART-005] a product is created with custom fields, changed and deleted; buero may not delete', async ({ page, request }) => {
  const nummer = `E2E-${Date.now()}`;
  await openAs(page, request, 'admin', '/products/new');
  await page.getByTestId('field-artikelnummer').fill(nummer);
  await page.getByTestId('field-bezeichnung').fill('E2E Testartikel');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/products\/\d+\/masterdata$/);
  const id = Number(page.url().match(/products\/(\d+)/)?.[1]);
  await expect(page.getByTestId('record-title')).toHaveText('E2E Testartikel');

  await page.getByTestId('tab-customFields').click();
  await expect(page.getByTestId('sub-empty')).toBeVisible();
  // the free fields are an editable line list: add, change, move and delete lines, each written at once
  const list = page.getByTestId('custom-fields');
  const rows = list.getByTestId('line-row');
  await page.getByTestId('custom-fields-add').click();
  await page.getByTestId('custom-field-name').fill('Farbe');
  await page.getByTestId('custom-field-value').fill('Blau');
  await page.getByTestId('custom-fields-save').click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveText(/Farbe\s*Blau/);
  await page.getByTestId('custom-fields-add').click();
  await page.getByTestId('custom-field-name').fill('Größe');
  // Enter saves the line
  await page.getByTestId('custom-field-value').fill('XL');
  await page.getByTestId('custom-field-value').press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveText(/Größe\s*XL/);
  // the second line moves up with its keyboard-reachable button
  await rows.nth(1).getByTestId('line-up').focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(0)).toHaveText(/Größe\s*XL/);
  await expect(rows.nth(0).getByTestId('line-up')).toBeDisabled();
  await rows.nth(1).getByTestId('line-edit').click();
  await page.getByTestId('custom-field-value').fill('Grün');
  await page.getByTestId('custom-fields-save').click();
  await expect(rows.nth(1)).toHaveText(/Farbe\s*Grün/);
  await rows.nth(0).getByTestId('line-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(1);
  // the server has the lines in their order
  const stored = await request.get(`/vario-api/stammdaten/artikel/${id}/freieFelder`, { headers: bearer(await apiLogin(request, 'admin')) });
  expect((await stored.json()).result.map((f: { bezeichnung: string; wert: string }) => `${f.bezeichnung}=${f.wert}`)).toEqual(['Farbe=Grün']);
  await page.getByTestId('custom-fields-add').click();
  await page.getByTestId('custom-field-name').fill('Material');
  await page.getByTestId('custom-fields-save').click();
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(rows.nth(0)).toHaveText(/Farbe\s*Grün/);
  await expect(rows.nth(1)).toHaveText(/Material/);

  const token = await apiLogin(request, 'buero');
  await openAs(page, request, 'buero', `/products/${id}/masterdata`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('field-hersteller').fill('Testwerk');
  await expect(page.getByTestId('record-remove')).toHaveCount(0);
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId('record-edit')).toBeVisible();
  const saved = await request.get(`/vario-api/stammdaten/artikel/${id}`, { headers: bearer(token) });
  expect((await saved.json()).result.hersteller).toBe('Testwerk');

  await openAs(page, request, 'admin', `/products/${id}/masterdata`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('record-remove').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/products$/);
  expect((await request.get(`/vario-api/stammdaten/artikel/${id}`, { headers: bearer(token) })).status()).toBe(404);
});

test('stock is booked from the storage tab: an arrival on a storage place, then an inventory count books the difference', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const created = await request.post('/vario-api/stammdaten/artikel', {
    headers: bearer(token),
    data: { data: { artikelnummer: `E2E-${Date.now().toString(36)}`, artikelart: '1', bezeichnung: 'Buchungstest Pumpe', vknetto: 10 } },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()).result as { id: number };
  const base = (
    await getJson<{ result: { lager: { id: number; kurzbezeichnung: string; bezeichnung: string; hatLagerplaetze: boolean }[] } }>(
      request,
      token,
      '/webapp/basisdaten',
    )
  ).result;
  const warehouse = base.lager.find((l) => l.hatLagerplaetze);
  if (!warehouse) throw new Error('seed lacks a warehouse with storage places');

  await openAs(page, request, 'admin', `/products/${product.id}/storage`);
  await expect(page.getByTestId('stock-per-warehouse').getByTestId('sub-row')).toHaveCount(0);
  // books on the first storage place of the warehouse (it keeps places, so the place is asked for)
  const book = async (art: string, menge: string) => {
    await page.getByTestId('stock-book').click();
    await page.getByTestId('field-art').click();
    await page.getByRole('option', { name: art, exact: true }).click();
    await page.getByTestId('field-lagerId').click();
    await page.getByRole('option', { name: `${warehouse.kurzbezeichnung} – ${warehouse.bezeichnung}` }).click();
    await page.getByTestId('field-lagerplatzId').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('field-menge').fill(menge);
    await page.getByTestId('form-dialog-save').click();
  };
  await book('Zugang', '7');
  const row = page.getByTestId('stock-per-warehouse').getByTestId('sub-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(warehouse.kurzbezeichnung);
  await expect(page.getByTestId('stock-journal').getByTestId('sub-row')).toHaveCount(1);

  await book('Inventur', '5');
  await expect(page.getByTestId('stock-journal').getByTestId('sub-row')).toHaveCount(2);
  const stock = (await getJson<{ result: { lagerId: number; bestand: number }[] }>(request, token, `/stammdaten/artikel/${product.id}/bestaende`)).result;
  expect(stock).toEqual([expect.objectContaining({ lagerId: warehouse.id, bestand: 5 })]);
  await expect(page.getByTestId('stock-journal').getByTestId('sub-row').first()).toContainText('-2');
});

test('[ART-019] a price scale is valid for a period: German dates in the dialog, an end before the start and an overlap are refused on the field', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const res = await request.post('/vario-api/stammdaten/artikel', {
    headers: bearer(token),
    data: { data: { artikelnummer: `STAF-${Date.now() % 1e8}`, artikelart: '2', bezeichnung: 'Heizungspumpe Staffel', vknetto: 250, staffel: '2' } },
  });
  expect(res.status()).toBe(201);
  const product = (await res.json()).result as { id: number };
  await openAs(page, request, 'admin', `/products/${product.id}/masterdata`);
  const card = page.getByTestId('price-scale');
  await card.getByTestId('price-group-panel-1').getByTestId('price-scale-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('field-gueltigVon').fill('01.07.2026');
  await dialog.getByTestId('field-gueltigBis').fill('30.06.2026');
  await dialog.getByTestId('field-menge1').fill('1');
  await dialog.getByTestId('field-vk1').fill('239,90');
  await dialog.getByTestId('field-menge2').fill('10');
  await dialog.getByTestId('field-vk2').fill('229,5');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen')).toBeVisible();
  await dialog.getByTestId('field-gueltigBis').fill('31.12.2026');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const rows = card.getByTestId('price-group-panel-1').getByTestId('price-scale-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('price-scale-period')).toHaveText('Gültig 01.07.2026 – 31.12.2026');
  await expect(rows.first().getByTestId('price-tier')).toHaveCount(2);
  await expect(rows.first().getByTestId('price-tier').nth(1)).toContainText('229,50 €');
  // a second scale of the group pricing quantity 10 from 01.12.2026 overlaps the first: refused on its start
  await card.getByTestId('price-group-panel-1').getByTestId('price-scale-new').click();
  await dialog.getByTestId('field-gueltigVon').fill('01.12.2026');
  await dialog.getByTestId('field-menge1').fill('10');
  await dialog.getByTestId('field-vk1').fill('219');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Überschneidet sich mit der Staffel der Preisgruppe 1 (vom 01.07.2026 bis 31.12.2026) für die Menge 10')).toBeVisible();
  // from the next year on it is a scale of its own
  await dialog.getByTestId('field-gueltigVon').fill('01.01.2027');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByTestId('price-scale-period')).toHaveText('Gültig 01.01.2027 – …');
  const stored = await request.get(`/vario-api/stammdaten/artikel/${product.id}/AP3`, { headers: bearer(token) });
  expect(((await stored.json()).result as { gueltigVon: string | null; gueltigBis: string | null }[]).map((r) => [r.gueltigVon, r.gueltigBis])).toEqual([
    ['2026-07-01', '2026-12-31'],
    ['2027-01-01', null],
  ]);
});
