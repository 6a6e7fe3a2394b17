import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, gridRow, gridRows, openAs } from './helpers';
import { lastBerlinNoon, planTask } from './service-journey.helpers';

/**
 * One keyboard model (issue 20 item 4), walked by keyboard only through one record per area: a list row is focused from
 * the quick search (arrow down) and opened with Enter; the edit button is pressed with Enter and edit mode starts in the
 * first field; Enter in a text area is a new line; Enter in a field saves; Escape leaves edit mode — at once when
 * nothing changed, after the unsaved-data warning when something did. Search dialogs pick with arrow keys and Enter.
 */

// each flow walks several screens by keyboard
test.describe.configure({ timeout: 90_000 });

const API = '/vario-api';
const isCall = (method: string, path: RegExp) => (r: { url: () => string; request: () => { method: () => string } }) =>
  r.request().method() === method && path.test(new URL(r.url()).pathname);

/** The element that has the focus, as its test id (or tag). */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Tabs (forward or back) until `target` has the focus; fails when it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** From the list's quick search: the term, arrow down to the first row (focus visible on its cell), Enter opens it. */
async function openFromList(page: Page, term: string, rowText: string) {
  const search = page.getByTestId('grid-search');
  await search.focus();
  await page.keyboard.type(term);
  await expect(gridRows(page).first()).toContainText(rowText);
  await expect(page.getByTestId('grid-total')).toHaveText('1 Eintrag');
  await page.keyboard.press('ArrowDown');
  const cell = gridRow(page, 0).getByRole('gridcell').first();
  await expect(cell).toBeFocused();
  // the focused cell is drawn with a visible ring
  expect(await cell.evaluate((el) => getComputedStyle(el).borderColor !== getComputedStyle(el).backgroundColor)).toBe(true);
  await page.keyboard.press('Enter');
}

/** Edit by keyboard: Tab back from the page to the edit button, Enter; edit mode starts in the first field. */
async function editByKeyboard(page: Page) {
  const edit = page.getByTestId('record-edit');
  await tabTo(page, edit, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('record-save')).toBeVisible();
  await expect.poll(() => focusedId(page)).toMatch(/^field-/);
}

/** A field's text replaced by typing (select all, type). */
async function typeInto(field: Locator, text: string) {
  await field.focus();
  await field.press('ControlOrMeta+a');
  await field.page().keyboard.type(text);
}

/** Enter in a text area writes a new line and stays in edit mode. */
async function newlineIn(page: Page, field: Locator, first: string, second: string) {
  await typeInto(field, first);
  await page.keyboard.press('Enter');
  await page.keyboard.type(second);
  await expect(field).toHaveValue(`${first}\n${second}`);
  await expect(page.getByTestId('record-save')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Escape: unchanged leaves at once; changed asks first (the warning), and discarding restores the saved value. */
async function escapeLeaves(page: Page, field: Locator) {
  await editByKeyboard(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await editByKeyboard(page);
  const saved = await field.inputValue();
  await field.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' geändert');
  await page.keyboard.press('Escape');
  const warning = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(warning).toBeVisible();
  await expect(page.getByTestId('record-save')).toBeVisible();
  await warning.getByTestId('leave-discard').press('Enter');
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await expect(field).toHaveValue(saved);
}

/** No serious or critical WCAG 2.1 AA violation (axe moves the focus while it checks). */
async function axeClean(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
  expect(bad, name).toEqual([]);
}

test('addresses by keyboard: list row, edit, text area new line, Enter saves (with the change remark), Escape with warning', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const created = await request.post(`${API}/stammdaten/adressen`, {
    headers: bearer(token),
    data: { data: { name1: `E2E Tastatur ${Date.now() % 100000} GmbH`, istKunde: true }, ProtokollBemerkung: 'E2E' },
  });
  const address = (await created.json()).result as { id: number; adressnummer: number; name1: string };
  await openAs(page, request, 'buero', '/addresses');
  await openFromList(page, String(address.adressnummer), address.name1);
  await expect(page).toHaveURL(new RegExp(`/addresses/${address.id}/dashboard$`));
  // the tab bar's arrow keys go to the master data (APP-061)
  await tabTo(page, page.getByTestId('tab-dashboard'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/addresses/${address.id}/masterdata$`));

  await editByKeyboard(page);
  await axeClean(page, 'address in edit mode');
  await newlineIn(page, page.getByTestId('field-notiz'), 'Zeile eins', 'Zeile zwei');
  await typeInto(page.getByTestId('field-name2'), 'Einkauf');
  const patched = page.waitForResponse(isCall('PATCH', /\/stammdaten\/adressen\/\d+$/));
  await page.keyboard.press('Enter');
  // the change remark: Enter is a new line there too, Ctrl+Enter confirms
  const remark = page.getByTestId('remark-input');
  await expect(remark).toBeFocused();
  await page.keyboard.type('per Tastatur');
  await page.keyboard.press('Enter');
  await page.keyboard.type('geändert');
  await expect(remark).toHaveValue('per Tastatur\ngeändert');
  await page.keyboard.press('Control+Enter');
  const res = await patched;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ data: { name2: 'Einkauf', notiz: 'Zeile eins\nZeile zwei' }, ProtokollBemerkung: 'per Tastatur\ngeändert' });
  await expect(page.getByTestId('record-edit')).toBeVisible();

  await escapeLeaves(page, page.getByTestId('field-name2'));
  const stored = await getJson<{ result: { name2: string } }>(request, token, `/stammdaten/adressen/${address.id}`);
  expect(stored.result.name2).toBe('Einkauf');
});

test('products and assets by keyboard: list row, edit, text area new line, Enter saves, Escape with warning', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const product = (
    await getJson<{ result: { id: number; artikelnummer: string; bezeichnung: string }[] }>(
      request,
      token,
      '/stammdaten/artikel?filter=artikelart=1,gesperrt=false&limit=1&orderBy=-id',
    )
  ).result[0];
  const asset = (await getJson<{ result: { id: number; assetnummer: string; bezeichnung: string }[] }>(request, token, '/stammdaten/assets?limit=1&orderBy=id'))
    .result[0];
  if (!product || !asset) throw new Error('no seeded product or asset');
  const stamp = Date.now() % 100000;

  await openAs(page, request, 'admin', '/products');
  await openFromList(page, product.artikelnummer, product.artikelnummer);
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/masterdata$`));
  await editByKeyboard(page);
  await newlineIn(page, page.getByTestId('field-artikeltext'), 'Erste Zeile', `Zweite ${stamp}`);
  const productSaved = page.waitForResponse(isCall('PATCH', /\/stammdaten\/artikel\/\d+$/));
  await page.getByTestId('field-bezeichnung').press('Enter');
  expect((await productSaved).request().postDataJSON().data).toEqual({ artikeltext: `Erste Zeile\nZweite ${stamp}` });
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await escapeLeaves(page, page.getByTestId('field-bezeichnung'));

  await page.goto('/assets');
  await openFromList(page, asset.assetnummer, asset.assetnummer);
  await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}/masterdata$`));
  await editByKeyboard(page);
  await newlineIn(page, page.getByTestId('field-bemerkung'), 'Wartung', `Filter ${stamp}`);
  const assetSaved = page.waitForResponse(isCall('PATCH', /\/stammdaten\/assets\/\d+$/));
  await page.getByTestId('field-bezeichnung').press('Enter');
  expect((await assetSaved).request().postDataJSON().data).toEqual({ bemerkung: `Wartung\nFilter ${stamp}` });
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await escapeLeaves(page, page.getByTestId('field-bezeichnung'));
});

test('a sales document by keyboard: address search with arrow keys, a position, head and foot saved with Enter', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const made = await request.post(`${API}/stammdaten/adressen`, {
    headers: bearer(token),
    data: { data: { name1: `E2E Tastenkunde ${Date.now() % 100000}`, istKunde: true }, ProtokollBemerkung: 'E2E' },
  });
  const customer = (await made.json()).result as { id: number; name1: string };
  const article = (
    await getJson<{ result: { artikelnummer: string; bezeichnung: string }[] }>(
      request,
      token,
      '/stammdaten/artikel?filter=artikelart=3,gesperrt=false&limit=1&orderBy=id',
    )
  ).result[0];
  if (!article) throw new Error('no seeded service article');

  // a new offer: the address search opens in its search field; arrow keys move the hit, Enter picks it
  await openAs(page, request, 'admin', '/saleDocument/new?type=0100');
  const dialog = page.getByTestId('address-search-dialog');
  const search = page.getByTestId('address-search-input');
  await expect(search).toBeFocused();
  const nr = customer.name1;
  await page.keyboard.type(nr);
  const hits = page.getByTestId('address-search-hit');
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText(customer.name1);
  await expect(hits.first()).toHaveAttribute('aria-selected', 'true');
  await axeClean(page, 'address search dialog');
  // axe moves the focus while it checks: back into the search field
  await search.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(search).toHaveAttribute('aria-activedescendant', (await hits.first().getAttribute('id')) ?? '');
  // Enter right after typing picks the first hit of the answer to what was typed
  await page.keyboard.press('Backspace');
  await page.keyboard.type(nr.slice(-1));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('new-doc-address')).toContainText(customer.name1);
  const create = page.getByTestId('new-doc-create');
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/saleDocument\/\d+\/positions$/);
  const docId = Number(page.url().match(/saleDocument\/(\d+)/)?.[1]);

  // a position: the line editor starts in the article picker (arrow down, Enter picks), Enter in the quantity saves
  await tabTo(page, page.getByTestId('positions-add'));
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('position-article');
  await expect(picker).toBeFocused();
  await page.keyboard.type(article.artikelnummer);
  // the hits of what was typed (the list before is the last answer's)
  await expect(page.getByRole('option').first()).toContainText(article.artikelnummer);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(new RegExp(article.artikelnummer));
  await expect(page.getByTestId('positions-editor')).toBeVisible();
  await typeInto(page.getByTestId('position-qty'), '2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByTestId('positions-editor')).toHaveCount(0);
  // changing it: Escape with a change asks first; staying keeps the editor, unchanged Escape closes it
  await tabTo(page, page.getByTestId('line-edit'), { back: true });
  await page.keyboard.press('Enter');
  await typeInto(page.getByTestId('position-qty'), '3');
  await page.keyboard.press('Escape');
  const warning = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await warning.getByTestId('leave-stay').press('Enter');
  await expect(warning).toBeHidden();
  await typeInto(page.getByTestId('position-qty'), '2');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('positions-editor')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // from the list: the document's row by keyboard, Enter opens its head
  const doc = (await getJson<{ result: { belegnummer: string } }>(request, token, `/verkauf/belege/${docId}`)).result;
  await page.goto('/saleDocument');
  await openFromList(page, doc.belegnummer, doc.belegnummer);
  await expect(page).toHaveURL(new RegExp(`/saleDocument/${docId}/documentHead`));
  await editByKeyboard(page);
  await newlineIn(page, page.getByTestId('field-kopftext'), 'Sehr geehrte Damen und Herren,', 'wir bieten an:');
  const headSaved = page.waitForResponse(isCall('PATCH', /\/verkauf\/belege\/\d+$/));
  await typeInto(page.getByTestId('field-betreff'), 'Angebot per Tastatur');
  await page.keyboard.press('Enter');
  expect((await headSaved).request().postDataJSON().data).toEqual({
    betreff: 'Angebot per Tastatur',
    kopftext: 'Sehr geehrte Damen und Herren,\nwir bieten an:',
  });
  await expect(page.getByTestId('record-edit')).toBeVisible();

  // the foot: Enter in an amount saves it
  await tabTo(page, page.getByTestId('tab-documentHead'), { back: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/saleDocument/${docId}/documentFoot`));
  await editByKeyboard(page);
  const footSaved = page.waitForResponse(isCall('PATCH', /\/verkauf\/belege\/\d+$/));
  await typeInto(page.getByTestId('field-frachtkosten'), '12,50');
  await page.keyboard.press('Enter');
  expect((await footSaved).request().postDataJSON().data).toEqual({ frachtkosten: 12.5 });
  await expect(page.getByTestId('record-edit')).toBeVisible();
  await escapeLeaves(page, page.getByTestId('field-frachtkosten'));
});

/** A booked invoice (100 € net, 19 %) of a seeded customer: its open item. */
async function openItem(request: APIRequestContext, token: string) {
  const kunde = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/adressen?limit=1&filter=istKunde=true,gesperrt=false')).result[0];
  const artikel = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/artikel?limit=1&filter=artikelart=3,gesperrt=false')).result[0];
  if (!kunde || !artikel) throw new Error('no seeded customer or service article');
  const beleg = (
    await (await request.post(`${API}/verkauf/belege`, { headers: bearer(token), data: { data: { belegart: '0400', adresseId: kunde.id } } })).json()
  ).result as { id: number };
  const pos = await request.post(`${API}/verkauf/belege/${beleg.id}/positionen`, {
    headers: bearer(token),
    data: { data: { artikelId: artikel.id, menge: 1, einzelpreis: 100, mwstSatz: 19 } },
  });
  expect(pos.status()).toBe(201);
  expect((await request.post(`${API}/verkauf/belege/${beleg.id}/buchen`, { headers: bearer(token), data: {} })).status()).toBe(200);
  const op = (await getJson<{ result: { id: number; rechnungsnummer: string }[] }>(request, token, `/finanzen/offeneposten?filter=belegId=${beleg.id}`))
    .result[0];
  if (!op) throw new Error('the booked invoice has no open item');
  return op;
}

test('an open item payment by keyboard: the dialog starts in its first field, Enter in the remark is a new line, Enter saves; the payment row opens with Enter', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'buero');
  const op = await openItem(request, token);
  await openAs(page, request, 'buero', '/openItems');
  await openFromList(page, op.rechnungsnummer, op.rechnungsnummer);
  await expect(page).toHaveURL(new RegExp(`/openItems/${op.id}/masterdata`));
  await tabTo(page, page.getByTestId('tab-masterdata'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/openItems/${op.id}/paymentHistory`));
  await tabTo(page, page.getByTestId('payment-new'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Zahlung erfassen' });
  const amount = dialog.getByTestId('field-zahlungsBetrag');
  await expect(amount).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('40,00');
  await expect(amount).toHaveValue('40,00');
  const remark = dialog.getByTestId('field-bemerkung');
  await remark.focus();
  await page.keyboard.type('Teil 1');
  await page.keyboard.press('Enter');
  await page.keyboard.type('per Tastatur');
  await expect(remark).toHaveValue('Teil 1\nper Tastatur');
  await expect(dialog).toBeVisible();
  await axeClean(page, 'payment dialog');
  const paid = page.waitForResponse(isCall('POST', /\/finanzen\/offeneposten\/\d+\/zahlungen$/));
  await dialog.getByTestId('field-auszug').press('Enter');
  const res = await paid;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON().data).toMatchObject({ zahlungsBetrag: 40, bemerkung: 'Teil 1\nper Tastatur' });
  await expect(dialog).toBeHidden();
  // the payment's row: reached with Tab (a visible focus ring), Enter opens its detail
  const row = page.getByTestId('sub-row').first();
  await tabTo(page, row);
  expect(await row.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/openItems/${op.id}/paymentHistory/\\d+$`));
});

test('a service order by keyboard: the planned task opens with Enter, is accepted, and the travel start dialog saves with Enter', async ({ page, request }) => {
  const noon = lastBerlinNoon();
  await page.clock.install({ time: noon });
  const task = await planTask(request, 'Tastatur Wartung E2E', noon);
  await openAs(page, request, 'techniker', '/planning');
  const card = page.locator(`[data-testid="planning-card"][data-id="${task.planungId}"]`);
  await expect(card).toContainText(task.nr);
  await tabTo(page, card, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/planning/${task.planungId}$`));
  await tabTo(page, page.getByTestId('planning-accept'), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.auftragId}$`));
  const next = page.getByTestId('journey-next');
  await expect(next).toHaveAttribute('data-step', 'travelStart');
  await tabTo(page, next, { max: 120 });
  await page.keyboard.press('Enter');
  const time = page.getByRole('dialog').getByTestId('field-datum');
  await expect(time).toBeFocused();
  await time.fill('10:30');
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/service/'));
  await page.keyboard.press('Enter');
  expect((await sent).ok()).toBe(true);
  await expect(page.getByText('Reisebeginn gestartet')).toBeVisible();
  await expect(next).toHaveAttribute('data-step', 'arrival');
});
