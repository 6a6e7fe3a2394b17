import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson, products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * Issue 19 items 8, 9 and 11 on screen: cancelling a booked invoice books a Stornorechnung and both heads link each
 * other; a booked invoice becomes a credit note over chosen quantities; the new-document screen offers every type a
 * user creates; the head's billing and delivery address are the customer's additional addresses, as the PDF prints.
 */

const API = '/vario-api';
interface Doc {
  id: number;
  belegart: string;
  belegnummer: string;
  belegstatus: number;
  betragBrutto: number;
  stornoBezug?: { id: number; belegart: string; belegnummer: string } | null;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const body = data === undefined ? undefined : { data, ProtokollBemerkung: 'E2E GoBD' };
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() }, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { result: T };
}

/** A booked invoice with one line of 4 pieces for a fresh customer with a billing and a delivery address. */
async function bookedInvoice(request: APIRequestContext, token: string, tag: string) {
  const name1 = `E2E GoBD ${tag} ${Date.now()}`;
  const address = (await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1, istKunde: true })).result;
  const billing = (
    await post<{ id: number }>(request, token, `/stammdaten/adressen/${address.id}/zusatzadressen`, {
      art: 'RECHNUNGSADRESSE',
      name1: `Buchhaltung ${tag}`,
      strasse: 'Rechnungsweg 1',
      plz: '20095',
      ort: 'Hamburg',
    })
  ).result;
  const delivery = (
    await post<{ id: number }>(request, token, `/stammdaten/adressen/${address.id}/zusatzadressen`, {
      art: 'LIEFERADRESSE',
      name1: `Lager ${tag}`,
      strasse: 'Lieferstraße 2',
      plz: '22111',
      ort: 'Hamburg',
    })
  ).result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  const doc = (await post<Doc>(request, token, '/verkauf/belege', { belegart: '0400', adresseId: address.id })).result;
  await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 4 });
  await post(request, token, `/verkauf/belege/${doc.id}/buchen`, {});
  return { doc, address: { id: address.id, name1 }, billing, delivery };
}

test('[BEL-040] [BEL-041] cancelling a booked invoice books a Stornorechnung; both heads link each other', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const { doc } = await bookedInvoice(request, token, 'Storno');
  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/documentHead`);
  await page.getByTestId('record-action-cancel').click();
  await expect(page.getByTestId('cancel-dialog')).toContainText('Stornorechnung');
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText(/wurde storniert durch Stornorechnung SR\d{4}-\d{5}/, { timeout: 15_000 });
  await page.getByTestId('transition-ok').click();
  const cancelled = (await getJson<{ result: Doc }>(request, token, `/verkauf/belege/${doc.id}`)).result;
  const storno = cancelled.stornoBezug;
  expect(storno?.belegart).toBe('0600');
  await expect(page.getByTestId('head-storno')).toHaveText(`Stornorechnung ${storno?.belegnummer}`);
  await page.screenshot({ path: test.info().outputPath('invoice-cancelled.png'), fullPage: true });
  await page.getByTestId('head-storno').click();
  await expect(page.getByTestId('head-belegnummer')).toHaveValue(storno?.belegnummer ?? '');
  await expect(page.getByTestId('head-storno')).toHaveText(`Rechnung ${doc.belegnummer}`);
  // a cancellation is not cancelled again
  await expect(page.getByTestId('record-action-cancel')).toBeDisabled();
});

test('[BEL-042] [BEL-043] a booked invoice becomes a credit note over chosen quantities', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const { doc } = await bookedInvoice(request, token, 'Gutschrift');
  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/documentHead`);
  await page.getByTestId('record-action-transform').click();
  await expect(page.getByTestId('transform-target-0500')).toBeChecked();
  await page.getByTestId('transform-partial').click();
  await page.getByTestId('transform-qty').fill('1');
  await page.screenshot({ path: test.info().outputPath('credit-note-dialog.png') });
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText(/Gutschrift GU\d{4}-\d{5}.*erfolgreich übernommen/, { timeout: 15_000 });
  await page.getByTestId('transition-ok').click();
  // OK opens the new document: the id the transform answered in its Location
  await expect(page).not.toHaveURL(new RegExp(`/saleDocument/${doc.id}/`));
  await expect(page).toHaveURL(/\/saleDocument\/\d+\//);
  // the transform opens the new document; its head says the type
  await page.getByTestId('tab-documentHead').click();
  await expect(page.getByTestId('head-belegart')).toHaveValue('Gutschrift');
  expect((await getJson<{ result: Doc }>(request, token, `/verkauf/belege/${doc.id}`)).result.belegstatus).toBe(4);
});

test('[BEL-033] [BEL-019] the new-document screen offers every type a user creates; the head shows the additional addresses the PDF prints', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const { doc, address, billing, delivery } = await bookedInvoice(request, token, 'Kopf');
  await openAs(page, request, 'admin', `/saleDocument/new?id=${address.id}`);
  const types = page.getByTestId('new-doc-type');
  for (const name of ['Angebot', 'Auftrag', 'Lieferschein', 'Rechnung', 'Gutschrift']) await expect(types.getByText(name, { exact: true })).toBeVisible();
  await expect(types.getByText('Stornorechnung')).toHaveCount(0);
  await types.getByText('Gutschrift', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuer Beleg: Gutschrift');
  await page.screenshot({ path: test.info().outputPath('new-document.png'), fullPage: true });

  await page.goto(`/saleDocument/${doc.id}/documentHead`);
  await expect(page.getByTestId('field-rechnungsadresseId')).toHaveText('Buchhaltung Kopf, Rechnungsweg 1, 20095 Hamburg');
  await expect(page.getByTestId('field-lieferadresseId')).toHaveText('Lager Kopf, Lieferstraße 2, 22111 Hamburg');
  await expect(page.getByTestId('field-rechnungsadresseId')).toHaveAttribute('href', `/addresses/${address.id}/additionalAddress/${billing.id}`);
  await expect(page.getByTestId('field-lieferadresseId')).toHaveAttribute('href', `/addresses/${address.id}/additionalAddress/${delivery.id}`);
  await page.screenshot({ path: test.info().outputPath('head-addresses.png'), fullPage: true });

  // in edit mode the fields choose among the customer's additional addresses (not among all addresses)
  const draft = (await post<Doc>(request, token, '/verkauf/belege', { belegart: '0400', adresseId: address.id })).result;
  await page.goto(`/saleDocument/${draft.id}/documentHead`);
  await page.getByTestId('record-edit').click();
  // edit mode starts once the lock is taken: the field is then an input
  await expect(page.locator('input[data-testid="field-rechnungsadresseId"]')).toHaveValue('Buchhaltung Kopf, Rechnungsweg 1, 20095 Hamburg (Rechnungsadresse)');
  await page.getByTestId('field-lieferadresseId').click();
  await expect(page.getByRole('option', { name: /Lager Kopf, Lieferstraße 2/ })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('head-addresses-edit.png'), fullPage: true });
});
