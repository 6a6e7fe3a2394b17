import { expect, type Page, test } from '@playwright/test';
import { apiLogin, bearer, entries, gridRows, openAs } from './helpers';

const API = '/vario-api';
const isCall = (method: string, path: RegExp) => (r: { url: () => string; request: () => { method: () => string } }) =>
  r.request().method() === method && path.test(new URL(r.url()).pathname);

async function firstAddress(request: Parameters<typeof apiLogin>[0], token: string, filter = 'gesperrt=false,istKunde=true') {
  const res = await request.get(`${API}/stammdaten/adressen?limit=1&orderBy=adressnummer&filter=${encodeURIComponent(filter)}`, { headers: bearer(token) });
  return (await res.json()).result[0] as { id: number; name1: string; adressnummer: number };
}

const saveWithRemark = async (page: Page, remark: string) => {
  await page.getByTestId('record-save').click();
  const dialog = page.getByRole('dialog', { name: 'Änderungsbemerkung' });
  await expect(dialog).toBeVisible();
  // an empty (or blank) remark is refused with the message of the spec
  await dialog.getByTestId('remark-input').fill('   ');
  await dialog.getByTestId('remark-ok').click();
  await expect(dialog.getByText('Es muss eine Bemerkung eingegeben werden!')).toBeVisible();
  await dialog.getByTestId('remark-input').fill(remark);
  await dialog.getByTestId('remark-ok').click();
};

test('[ADR-001] [ADR-002] [ADR-004] [ADR-013] find an address by quick search and open it', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const target = await firstAddress(request, token);
  await openAs(page, request, 'admin', '/addresses');
  await expect(page.getByRole('columnheader', { name: 'Adressnr.' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Lieferantennr.' })).toBeVisible();
  const searched = page.waitForResponse((r) => isCall('GET', /\/stammdaten\/adressen$/)(r) && r.url().includes('search='));
  await page.getByTestId('grid-search').fill(String(target.adressnummer));
  const res = await searched;
  expect(new URL(res.url()).searchParams.get('returnTotal')).toBe('true');
  const row = gridRows(page).filter({ hasText: target.name1 }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/dashboard$`));
  await expect(page.getByTestId('record-title')).toHaveText(target.name1);
  await expect(page.getByTestId('address-dashboard')).toBeVisible();
});

test('[ADR-003] the relation filter maps customer, real supplier and both to the list filter', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses');
  await expect(gridRows(page).first()).toBeVisible();
  const options: [string, string][] = [
    ['Echte Lieferanten', 'istLieferant=true,istKunde=false'],
    ['Kunden', 'istKunde=true'],
    ['Kunde und Lieferant', 'istKunde=true,istLieferant=true'],
  ];
  for (const [label, filter] of options) {
    const call = page.waitForResponse((r) => isCall('GET', /\/stammdaten\/adressen$/)(r) && new URL(r.url()).searchParams.get('filter') === filter);
    await page.getByTestId('address-relation').getByText(label, { exact: true }).click();
    expect((await call).status(), label).toBe(200);
  }
});

test('[APP-056] [APP-057] [APP-058] [APP-060] [ADR-017] [ADR-018] edit and save an address with a change remark under a lock', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const target = await firstAddress(request, token);
  await openAs(page, request, 'buero', `/addresses/${target.id}/masterdata`);
  await expect(page.getByTestId('field-name1')).toHaveValue(target.name1);
  const locked = page.waitForResponse(isCall('POST', /\/system\/sperren$/));
  await page.getByTestId('record-edit').click();
  expect((await locked).status()).toBe(201);
  await expect(page.getByTestId('record-save')).toBeVisible();
  await expect(page.getByTestId('record-cancel')).toBeVisible();
  const name2 = `z. Hd. Einkauf ${Date.now() % 100000}`;
  await page.getByTestId('field-name2').fill(name2);
  const patched = page.waitForResponse(isCall('PATCH', /\/stammdaten\/adressen\/\d+$/));
  await saveWithRemark(page, '  Ansprechpartner im Einkauf ergänzt  ');
  const res = await patched;
  expect(res.status()).toBe(200);
  const body = res.request().postDataJSON();
  expect(body).toEqual({ data: { name2 }, ProtokollBemerkung: 'Ansprechpartner im Einkauf ergänzt' });
  expect(res.request().headers()['x-lock-token']).toBeTruthy();
  // a successful save toggles edit mode off (APP-060)
  await expect(page.getByTestId('record-edit')).toBeVisible();
  const stored = await (await request.get(`${API}/stammdaten/adressen/${target.id}`, { headers: bearer(token) })).json();
  expect(stored.result.name2).toBe(name2);
});

test('[APP-063] [APP-066] [ADR-011] cancel with the leave guard: stay, then discard and leave', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const target = await firstAddress(request, token);
  await openAs(page, request, 'admin', `/addresses/${target.id}/masterdata`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('field-name3').fill('Nicht speichern');
  await page.getByTestId('record-back').click();
  const dialog = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('leave-stay').click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/masterdata$`));
  await expect(page.getByTestId('field-name3')).toHaveValue('Nicht speichern');
  // APP-066: closing the tab now is held up by the browser's leave warning (the page cancels beforeunload)
  const warned = await page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(warned).toBe(true);
  // tabs of the same record are not guarded
  await page.getByTestId('tab-dashboard').click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/dashboard$`));
  const released = page.waitForResponse(isCall('DELETE', /\/system\/sperren\/\d+$/));
  await page.getByTestId('record-back').click();
  await dialog.getByTestId('leave-discard').click();
  await expect(page).toHaveURL(/\/addresses$/);
  expect((await released).status()).toBe(204);
  const stored = await (await request.get(`${API}/stammdaten/adressen/${target.id}`, { headers: bearer(token) })).json();
  expect(stored.result.name3).not.toBe('Nicht speichern');
});

test('[ADR-005] [APP-062] [HTTP-031] create an address: POST, then the created record opens', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses/new');
  await expect(page.getByTestId('record-title')).toHaveText('Neue Adresse');
  await expect(page.getByTestId('tab-persons')).toBeDisabled();
  // name1 is required by the contract schema (HTTP-042)
  await page.getByTestId('record-save').click();
  await expect(page.getByText('Bitte einen Wert eingeben')).toBeVisible();
  const name = `E2E Handel ${Date.now() % 100000} GmbH`;
  await page.getByTestId('field-name1').fill(name);
  await page.getByTestId('field-ort').fill('Hannover');
  const created = page.waitForResponse(isCall('POST', /\/stammdaten\/adressen$/));
  // a new record asks no change remark (it is for changes of existing records)
  await page.getByTestId('record-save').click();
  const res = await created;
  expect(res.request().postDataJSON().ProtokollBemerkung).toBeUndefined();
  expect(res.status()).toBe(201);
  const id = Number(res.headers().location?.match(/(\d+)$/)?.[1]);
  await expect(page).toHaveURL(new RegExp(`/addresses/${id}/masterdata$`));
  await expect(page.getByTestId('record-title')).toHaveText(name);
  await expect(page.getByTestId('record-edit')).toBeVisible();
});

test("[APP-028] the price group of an address: chosen from the client's groups 1–17, saved and shown after a reload", async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const created = await request.post(`${API}/stammdaten/adressen`, {
    headers: bearer(token),
    data: { data: { name1: `E2E Preisgruppe ${Date.now() % 100000} GmbH`, istKunde: true }, ProtokollBemerkung: 'E2E' },
  });
  const target = (await created.json()).result as { id: number };
  await openAs(page, request, 'admin', `/addresses/${target.id}/masterdata`);
  const field = page.getByTestId('field-preisgruppe');
  await expect(field).toHaveValue('');
  await page.getByTestId('record-edit').click();
  await field.click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(17);
  await expect(options.first()).toHaveText('1 – Standardpreis');
  await page.getByRole('option', { name: 'Preisgruppe 5', exact: true }).click();
  await expect(field).toHaveValue('Preisgruppe 5');
  const patched = page.waitForResponse(isCall('PATCH', /\/stammdaten\/adressen\/\d+$/));
  await page.getByTestId('record-save').click();
  await page.getByTestId('remark-input').fill('Preisgruppe vereinbart');
  await page.getByTestId('remark-ok').click();
  const res = await patched;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON().data).toEqual({ preisgruppe: 5 });
  await page.reload();
  await expect(page.getByTestId('field-preisgruppe')).toHaveValue('Preisgruppe 5');
  const stored = await (await request.get(`${API}/stammdaten/adressen/${target.id}`, { headers: bearer(token) })).json();
  expect(stored.result.preisgruppe).toBe(5);
});

test('[ADR-043] [ADR-044] [ADR-045] [ADR-046] create a contact person and land on its detail with created=true', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const target = await firstAddress(request, token);
  await openAs(page, request, 'admin', `/addresses/${target.id}/persons`);
  await expect(page.getByTestId('persons-list')).toBeVisible();
  await page.getByTestId('person-new').click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ansprechpartner' });
  await dialog.getByTestId('form-dialog-save').click();
  await expect(dialog.getByText('Bitte einen Nachnamen eingeben, um fortzufahren')).toBeVisible();
  await dialog.getByTestId('field-vorname').fill('Greta');
  await dialog.getByTestId('field-name').fill('Brandt');
  const created = page.waitForResponse(isCall('POST', /\/stammdaten\/adressen\/\d+\/ansprechpartner$/));
  await dialog.getByTestId('field-name').press('Enter');
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/persons/\\d+\\?created=true$`));
  await expect(page.getByTestId('person-created')).toHaveText('Ansprechpartner angelegt');
  await expect(page.getByTestId('sub-title')).toHaveText('Greta Brandt');
});

test('[ADR-058] [ADR-061] [ADR-062] [ADR-064] edit a tier price: null deletes a tier, gross fields are not sent', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  let found: { addressId: number; priceId: number } | null = null;
  for (let id = 1; id <= 40 && !found; id++) {
    const list = await (await request.get(`${API}/stammdaten/adressen/${id}/kundensonderpreise`, { headers: bearer(token) })).json();
    const p = (list.result ?? []).find((x: { preisart: number }) => x.preisart === 1);
    if (p) found = { addressId: id, priceId: p.id };
  }
  expect(found).not.toBeNull();
  const { addressId, priceId } = found as { addressId: number; priceId: number };
  const before = (await (await request.get(`${API}/stammdaten/adressen/${addressId}/kundensonderpreise/${priceId}`, { headers: bearer(token) })).json()).result;
  await openAs(page, request, 'admin', `/addresses/${addressId}/customerSpecificPrices/${priceId}`);
  const card = page.getByTestId('tiers-mengenabhaengigePreise');
  const rows = card.getByTestId('tier-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await card.getByTestId('tier-edit').click();
  // add a tier, then delete the first filled tier
  await card.getByTestId('tier-add').click();
  const free = Array.from({ length: 16 }, (_, i) => i + 2).find(
    (n) => before.mengenabhaengigePreise[`menge${n}`] == null && before.mengenabhaengigePreise[`vk${n}`] == null,
  ) as number;
  await card.getByTestId(`tier-${free}-menge`).fill('500');
  await card.getByTestId(`tier-${free}-vk`).fill('12,5');
  const firstTier = Number((await rows.first().locator('td').first().textContent())?.trim());
  await rows.first().getByRole('button').click();
  const patched = page.waitForResponse(isCall('PATCH', /\/kundensonderpreise\/\d+$/));
  await card.getByTestId('tier-save').click();
  const res = await patched;
  expect(res.status()).toBe(200);
  const sent = res.request().postDataJSON().data.mengenabhaengigePreise as Record<string, unknown>;
  expect(Object.keys(sent).some((k) => k.includes('Brutto') || k === 'id')).toBe(false);
  expect(sent[`menge${free}`]).toBe(500);
  expect(sent[`vk${free}`]).toBe(12.5);
  expect(sent[`menge${firstTier}`]).toBeNull();
  expect(sent[`vk${firstTier}`]).toBeNull();
  await expect(card.getByTestId('tier-edit')).toBeVisible();
  await expect(rows).toHaveCount(count);
  const after = (await (await request.get(`${API}/stammdaten/adressen/${addressId}/kundensonderpreise/${priceId}`, { headers: bearer(token) })).json()).result;
  expect(after.mengenabhaengigePreise[`vk${free}`]).toBe(12.5);
  expect(after.mengenabhaengigePreise[`menge${firstTier}`] ?? null).toBeNull();
});

test('[RIGHT-011] price editing needs ART_SONDERPREISE: the edit button is disabled with a tooltip', async ({ page, request }) => {
  // a price of its own, created by the administrator, so the flow never depends on the demo data
  const admin = await apiLogin(request, 'admin');
  const artikelnummer = `E2E-${Date.now() % 1_000_000}`;
  // a price needs an existing article (issue 9 item 3)
  const article = await request.post(`${API}/stammdaten/artikel`, {
    headers: bearer(admin),
    data: { data: { artikelnummer, artikelart: '1', bezeichnung: 'E2E' } },
  });
  expect(article.status()).toBe(201);
  const created = await request.post(`${API}/stammdaten/adressen/1/kundensonderpreise`, {
    headers: bearer(admin),
    data: { data: { artikelnummer, sonderpreis: 10, preisart: 1 } },
  });
  expect(created.status()).toBe(201);
  const price = (await created.json()).result as { id: number };
  await openAs(page, request, 'techniker', `/addresses/1/customerSpecificPrices/${price.id}`);
  await expect(page.getByTestId('sub-title')).toContainText(artikelnummer);
  await expect(page.getByTestId('record-edit-disabled').last()).toBeVisible();
  await expect(page.getByTestId('tier-edit')).toHaveCount(0);
  await expect(page.getByTestId('apz-new')).toHaveCount(0);
});

test('[ADR-069] [ADR-070] download a file of an address', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const target = await firstAddress(request, token);
  const text = `Rahmenvertrag ${Date.now()}\nLieferung frei Haus.`;
  const dateiname = `rahmenvertrag-${Date.now() % 100000}.txt`;
  const up = await request.post(`${API}/stammdaten/adressen/${target.id}/dateien`, {
    headers: bearer(token),
    data: { data: { dateiname, daten: Buffer.from(text).toString('base64'), betreff: 'Vertrag' } },
  });
  expect(up.status()).toBe(201);
  const listed = page.waitForResponse((r) => isCall('GET', /\/dateien$/)(r) && r.url().includes('istEmail%3Dfalse'));
  await openAs(page, request, 'admin', `/addresses/${target.id}/files`);
  await listed;
  const row = page.getByTestId('sub-row').filter({ hasText: dateiname });
  const download = page.waitForEvent('download');
  await row.getByTestId('file-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(dateiname);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await file.path()) as string, 'utf8')).toBe(text);
  // the detail shows the content from result.daten
  await row.click();
  await expect(page.getByTestId('sub-title')).toHaveText(dateiname);
  await expect(page.getByText('Lieferung frei Haus.')).toBeVisible();
});

test('[ADR-076] [ADR-077] [ADR-078] [ADR-079] [ADR-080] filter the purchase history; the number opens the document', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  let target: { id: number; artikelnummer: string } | null = null;
  for (let id = 1; id <= 40 && !target; id++) {
    const h = await (await request.get(`${API}/stammdaten/adressen/${id}/historie?limit=5`, { headers: bearer(token) })).json();
    if (h.result?.length > 1 && h.result[0].artikelnummer) target = { id, artikelnummer: h.result[0].artikelnummer };
  }
  expect(target).not.toBeNull();
  const { id, artikelnummer } = target as { id: number; artikelnummer: string };
  await openAs(page, request, 'admin', `/addresses/${id}/history`);
  await expect(gridRows(page).first()).toBeVisible();
  const filtered = page.waitForResponse((r) => isCall('GET', /\/historie$/)(r) && new URL(r.url()).searchParams.get('artikelnr') === artikelnummer);
  await page.getByTestId('history-artikelnr').fill(artikelnummer);
  const res = await filtered;
  expect(new URL(res.url()).searchParams.get('returnTotal')).toBe('true');
  const rows = (await res.json()).result as { artikelnummer: string; belegId: number; belegnummer: string }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.artikelnummer === artikelnummer)).toBe(true);
  await expect(page.getByTestId('grid-total')).toHaveText(entries(rows.length));
  // the document number's link icon opens that document (ADR-080)
  const { belegId, belegnummer } = rows[0] as (typeof rows)[number];
  const link = gridRows(page).filter({ hasText: belegnummer }).first().getByTestId('document-link');
  await expect(link).toHaveAttribute('href', new RegExp(`/saleDocument/${belegId}/documentHead$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/saleDocument/${belegId}/documentHead$`));
  await expect(page.getByTestId('record-title')).toContainText(belegnummer);
});

test('[APP-061] left and right keys cycle through the enabled tabs, wrapping around', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/addresses/1/dashboard');
  await page.getByTestId('tab-dashboard').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/addresses\/1\/backorders$/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/addresses\/1\/dashboard$/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/addresses\/1\/masterdata$/);
});

test('[ADR-050] [ADR-052] the activities of an address: create one with a contact person, open its detail, change it and delete it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const target = await firstAddress(request, token);
  const persons = await (await request.get(`${API}/stammdaten/adressen/${target.id}/ansprechpartner?limit=5`, { headers: bearer(token) })).json();
  const person = persons.result?.[0] as { id: number; vorname?: string; name?: string } | undefined;
  await openAs(page, request, 'admin', `/addresses/${target.id}/activities`);
  const text = `Rückruf ${Date.now()}`;
  await page.getByTestId('activity-new').click();
  await page.getByTestId('field-artId').click();
  await page.getByRole('option').first().click();
  if (person) {
    await page.getByTestId('field-ansprechpartnerId').click();
    await page.getByRole('option').first().click();
  }
  await page.getByTestId('field-beschreibung').fill(text);
  const created = page.waitForResponse(isCall('POST', /\/crm\/aktivitaeten$/));
  await page.getByTestId('form-dialog-save').click();
  // the activity belongs to the address
  expect(((await created).request().postDataJSON() as { data: { adresseId: number } }).data.adresseId).toBe(target.id);
  const row = page.getByTestId('activities-list').getByTestId('sub-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  if (person) await expect(row).toContainText(person.name ?? '');

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/activities/\\d+$`));
  // opened on its own (a reload), the detail is read with GET /crm/aktivitaeten/{id} (ADR-052)
  const read = page.waitForResponse(isCall('GET', /\/crm\/aktivitaeten\/\d+$/));
  await page.reload();
  expect((await read).status()).toBe(200);
  await expect(page.getByTestId('field-beschreibung')).toHaveValue(text);
  // the activity's own buttons (the address's record bar above it has an edit button too)
  const sub = page.getByTestId('sub-record');
  await sub.getByTestId('record-edit').click();
  await page.getByTestId('field-beschreibung').fill(`${text} erledigt`);
  await sub.getByTestId('record-save').click();
  await expect(page.getByTestId('field-beschreibung')).toHaveValue(`${text} erledigt`);
  // deleted from its detail: back on the address's activity list, without it
  const id = Number(page.url().split('/').pop());
  await sub.getByTestId('record-edit').click();
  await sub.getByTestId('record-remove').click();
  const removed = page.waitForResponse(isCall('DELETE', /\/crm\/aktivitaeten\/\d+$/));
  await page.getByTestId('confirm-ok').click();
  expect((await removed).status()).toBe(204);
  await expect(page).toHaveURL(new RegExp(`/addresses/${target.id}/activities$`));
  await expect(page.getByTestId('activities-list').getByTestId('sub-row').filter({ hasText: text })).toHaveCount(0);
  expect((await request.get(`${API}/crm/aktivitaeten/${id}`, { headers: bearer(token) })).status()).toBe(404);
});
