import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { readPdf } from '../../apps/server/test/pdf-reader';
import { getJson, products } from '../fixtures/api';
import { apiLogin, bearer, gridRows, openAs } from './helpers';

/**
 * Sales documents on screen (issue 11): an offer made from an address, positions by search, "why this price?",
 * a text line, print preview, book (with the deal question), transform to order, delivery note and invoice;
 * cancelling another document; the ek column only with ART_EK; signing on a phone. The scanner part is in
 * sale-documents-scanner.spec.ts (it needs the fake camera of the scanner project).
 */

const API = '/vario-api';
interface Doc {
  id: number;
  adresseId: number;
  belegart: string;
  belegnummer: string;
  belegstatus: number;
  betragNetto: number;
  betragBrutto: number;
  dealId: number | null;
  storniertAm: string | null;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown, extra: Record<string, string> = {}) {
  // the demo data asks for a change remark on addresses (SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN)
  const body = data === undefined ? undefined : { data, ProtokollBemerkung: 'E2E Verkaufsbelege' };
  const res = await request.post(`${API}${path}`, { headers: { ...bearer(token), ...extra }, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return { body: (await res.json()) as { result: T }, location: res.headers().location ?? '' };
}

/** A fresh customer (its own name, so the test finds it) and a service article (no stock, so delivery notes book). */
async function customerAndArticle(request: APIRequestContext, token: string, tag: string) {
  const name1 = `E2E Belege ${tag} ${Date.now()}`;
  const address = (await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1, istKunde: true })).body.result;
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  return { address: { id: address.id, name1 }, article };
}

/** An offer with one line, through the API (for the flows that do not test the making). */
async function offerViaApi(request: APIRequestContext, token: string, tag: string) {
  const { address, article } = await customerAndArticle(request, token, tag);
  const doc = (await post<Doc>(request, token, '/verkauf/belege', { belegart: '0100', adresseId: address.id }, { 'Idempotency-Key': crypto.randomUUID() })).body
    .result;
  await post(
    request,
    token,
    `/verkauf/belege/${doc.id}/positionen`,
    { artikelnummer: article.artikelnummer, menge: 3 },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return doc;
}

const docOf = (request: APIRequestContext, token: string, id: number) =>
  getJson<{ result: Doc }>(request, token, `/verkauf/belege/${id}`).then((r) => r.result);
const idInUrl = (page: Page) => Number(/saleDocuments?\/(\d+)\//.exec(page.url())?.[1]);

async function runTransition(page: Page, action: string, done: RegExp) {
  await page.getByTestId(`record-action-${action}`).click();
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText(done, { timeout: 15_000 });
  await page.getByTestId('transition-ok').click();
}

test('[BEL-039] [BEL-043] an offer from an address: positions by search, why the price, print, book, transform to order, delivery note and invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, 'admin');
  const { address, article } = await customerAndArticle(request, token, 'Kette');
  // a customer price of 80 € less 10 % for this customer: the line's price must say so
  await post(request, token, `/stammdaten/adressen/${address.id}/kundensonderpreise`, {
    artikelnummer: article.artikelnummer,
    preisart: 0,
    sonderpreis: 80,
    rabatt1: 10,
    sonderpreisNutzen: true,
  });

  // the address's saleDocuments tab → new offer (APP-051, BEL-006)
  await openAs(page, request, 'admin', `/addresses/${address.id}/saleDocuments`);
  await expect(page.getByTestId('tab-saleDocuments')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('sale-document-new-offer').click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${address.id}/saleDocuments/new(/documentHead)?\\?type=0100`));
  await expect(page.getByTestId('new-doc-address')).toContainText(address.name1);
  await page.getByTestId('new-doc-create').click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${address.id}/saleDocuments/\\d+/positions$`));
  const offerId = idInUrl(page);
  await expect(page.getByTestId('record-title')).toContainText('Angebot AN');
  // the back link goes to the address (BEL-007)
  await expect(page.getByTestId('record-back')).toHaveText(/Zurück zur Adresse/);

  // an article line by search (ArticlePicker): 2 pieces
  await page.getByTestId('positions-add').click();
  await page.getByTestId('position-article').fill(article.artikelnummer);
  await page.getByRole('option', { name: new RegExp(article.artikelnummer) }).click();
  await page.getByTestId('position-qty').fill('2');
  await page.getByTestId('positions-save').click();
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByTestId('position-name').first()).toContainText(article.bezeichnung);

  // why this price? the customer price with its discount step (issue 11 item 6)
  await page.getByTestId('price-why').first().click();
  await expect(page.getByTestId('price-why-rule')).toHaveText('Kundenpreis');
  await expect(page.getByTestId('price-why-step')).toContainText('10,00 %');
  await expect(page.getByTestId('price-why-result')).toHaveText('72,00 €');
  await page.keyboard.press('Escape');
  // the totals are the server's: 2 × 72 € net
  const afterLine = await docOf(request, token, offerId);
  expect(afterLine.betragNetto).toBe(144);
  await expect(page.getByTestId('positions-netto')).toHaveText('144,00 €');

  // a text line with title and description: no price, no quantity (BEL-009, BEL-023)
  await page.getByTestId('positions-add-text').click();
  await page.getByTestId('text-position-title').fill('Hinweis zur Lieferung');
  await page.getByTestId('text-position-description').fill('Anlieferung bitte nur werktags.');
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByTestId('line-row')).toHaveCount(2);
  await expect(page.getByTestId('line-row').nth(1)).toContainText('Anlieferung bitte nur werktags.');
  await expect(page.getByTestId('positions-netto')).toHaveText('144,00 €');

  // the "all" view shows each position with its price explanation
  await page.getByTestId('positions-view').getByText('Alle Details').click();
  await expect(page.getByTestId('position-card')).toHaveCount(2);
  await expect(page.getByTestId('price-why-rule')).toHaveText('Kundenpreis');

  // print preview: printed (status 2), the PDF shown (BEL-010, BEL-013)
  await page.getByTestId('record-action-print').click();
  await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('pdf-download')).toBeEnabled();
  await page.getByTestId('pdf-preview').getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByTestId('badge-status')).toHaveText(/Gedruckt/i);

  // book: the deal question is asked (DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN is set in the demo data), OK reloads
  await page.getByTestId('record-action-book').click();
  await page.getByTestId('book-create-deal').check();
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText('wurde erfolgreich gebucht');
  await page.getByTestId('transition-ok').click();
  await expect(page.getByTestId('badge-status')).toHaveText(/Gebucht/i);
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
  const booked = await docOf(request, token, offerId);
  expect(booked.belegstatus).toBe(3);
  expect(booked.dealId).not.toBeNull();
  // the deal is linked: shown on the head, and the history names it (code G)
  await page.getByTestId('tab-documentHead').click();
  await expect(page.getByTestId('head-deal')).toHaveValue(String(booked.dealId));
  const offerHistory = await getJson<{ result: { art: string; text: string }[] }>(request, token, `/verkauf/belege/${offerId}/historie`);
  expect(offerHistory.result.some((h) => h.art === 'G' && h.text.includes(String(booked.dealId)))).toBe(true);

  // transform to order: OK opens the new document
  await page.getByTestId('record-action-transform').click();
  await expect(page.getByTestId('transform-target-0200')).toBeChecked();
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText('erfolgreich übernommen');
  await page.getByTestId('transition-ok').click();
  await expect(page.getByTestId('record-title')).toContainText('Auftrag AU');
  const orderId = idInUrl(page);
  expect(orderId).not.toBe(offerId);
  await expect(page.getByTestId('line-row')).toHaveCount(2);
  expect((await docOf(request, token, offerId)).belegstatus).toBe(5);

  // order → delivery note (booked) → invoice (booked)
  await page.getByTestId('record-action-transform').click();
  await page.getByTestId('transform-target-0300').check();
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText('erfolgreich übernommen');
  await page.getByTestId('transition-ok').click();
  await expect(page.getByTestId('record-title')).toContainText('Lieferschein LS');
  await runTransition(page, 'book', /wurde erfolgreich gebucht/);
  await expect(page.getByTestId('badge-status')).toHaveText(/Gebucht/i);
  await runTransition(page, 'transform', /erfolgreich übernommen/);
  await expect(page.getByTestId('record-title')).toContainText('Rechnung RE');
  const invoiceId = idInUrl(page);
  await runTransition(page, 'book', /wurde erfolgreich gebucht/);
  await expect(page.getByTestId('badge-status')).toHaveText(/Gebucht/i);
  const invoice = await docOf(request, token, invoiceId);
  expect(invoice.belegstatus).toBe(3);
  expect(invoice.betragNetto).toBe(144);
  const invoiceHistoryTab = page.url().replace(/\/[^/]+$/, '/history');

  // the invoice's open item, paid in two parts (OP-002): 100 € first, then the rest the dialog proposes
  const op = (await getJson<{ result: { id: number }[] }>(request, token, `/finanzen/offeneposten?filter=belegId=${invoiceId}`)).result[0];
  expect(op, 'the booked invoice has its open item').toBeDefined();
  await page.goto(`/openItems/${op?.id}/paymentHistory`);
  await expect(page.getByTestId('record-title')).toHaveText(invoice.belegnummer);
  await page.getByTestId('payment-new').click();
  await page.getByTestId('field-zahlungsBetrag').fill('100,00');
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  const rest = (Math.round(invoice.betragBrutto * 100) - 10_000) / 100;
  const restText = rest.toFixed(2).replace('.', ',');
  await expect(page.getByText(new RegExp(`noch offen: ${restText}\\s€`))).toBeVisible();
  await page.getByTestId('payment-new').click();
  await expect(page.getByTestId('field-zahlungsBetrag')).toHaveValue(restText);
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(page.getByTestId('sub-row')).toHaveCount(2);
  await expect(page.getByTestId('badge-state')).toHaveText('Ausgeglichen');
  await page.goto(invoiceHistoryTab);

  // the history shows the booking with its code, user, date and time (BEL-020)
  await expect(page.getByTestId('history-code').filter({ hasText: 'B' })).toHaveCount(1);
  await expect(page.getByTestId('history-code').filter({ hasText: 'U' }).first()).toBeVisible();
});

test('[BEL-032] a new document for a deal asks offer or assignment first and is linked to the deal', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  // a deal: booking an offer with the deal question answered yes (DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN is set in the demo data)
  const offer = await offerViaApi(request, token, 'Deal');
  const booked = (await post<Doc>(request, token, `/verkauf/belege/${offer.id}/buchen`, { dealAnlegen: true })).body.result;
  expect(typeof booked.dealId).toBe('number');
  const dealId = booked.dealId as number;
  const { adresseId } = await docOf(request, token, offer.id);

  await openAs(page, request, 'admin', `/saleDocument/new?id=${adresseId}&dealId=${dealId}`);
  const dialog = page.getByRole('dialog', { name: 'Beleg zum Deal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Deal ${dealId}`);
  await expect(page.getByRole('dialog', { name: 'Adresse für den neuen Beleg suchen' })).toHaveCount(0);
  await expect(dialog.getByTestId('deal-type-0100')).toHaveText('Angebot');
  await dialog.getByTestId('deal-type-0200').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neuer Auftrag');
  await expect(page.getByTestId('new-doc-deal')).toContainText(String(dealId));
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `${API}/verkauf/belege`);
  await page.getByTestId('new-doc-create').click();
  const res = await created;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON().data).toMatchObject({ belegart: '0200', adresseId: adresseId, dealId });
  await expect(page).toHaveURL(/\/saleDocument\/\d+\/positions$/);
  await expect(page.getByTestId('record-title')).toContainText('Auftrag AU');
  const order = await docOf(request, token, idInUrl(page));
  expect(order).toMatchObject({ belegart: '0200', dealId });
  await page.getByTestId('tab-documentHead').click();
  await expect(page.getByTestId('head-deal')).toHaveValue(String(dealId));

  // a type in the query asks nothing; closing the question leaves the new document
  await page.goto(`/saleDocument/new?id=${adresseId}&dealId=${dealId}&type=0100`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Angebot');
  await expect(dialog).toHaveCount(0);
  await page.goto(`/saleDocument/new?id=${adresseId}&dealId=${dealId}`);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(/\/saleDocument(\?.*)?$/);
});

test('[BEL-040] [BEL-041] cancelling a booked document; a refused step shows the server’s message large and red', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const offer = await offerViaApi(request, token, 'Storno');
  await openAs(page, request, 'admin', `/saleDocument/${offer.id}/documentHead`);
  // cancelling an unbooked document is not offered
  await expect(page.getByTestId('record-action-cancel')).toBeDisabled();
  await post(request, token, `/verkauf/belege/${offer.id}/buchen`, {});
  await page.reload();
  await runTransition(page, 'cancel', /wurde storniert/);
  await expect(page.getByTestId('badge-cancelled')).toBeVisible();
  expect((await docOf(request, token, offer.id)).storniertAm).not.toBeNull();

  // a second document refused by the server: booked meanwhile by someone else → the server's errorMessage, large and red
  const other = await offerViaApi(request, token, 'Fehler');
  await page.goto(`/saleDocument/${other.id}/documentHead`);
  await page.getByTestId('record-action-book').click();
  await post(request, token, `/verkauf/belege/${other.id}/buchen`, {});
  await page.getByTestId('transition-confirm').click();
  const message = page.getByTestId('transition-error-message');
  await expect(message).toBeVisible();
  await expect(message).not.toBeEmpty();
  expect(await message.evaluate((el) => getComputedStyle(el).fontSize)).toMatch(/^(1[89]|2\d)/);
});

test('[RIGHT-012] the ek column only with ART_EK; a booked document offers no edit and no line changes', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const offer = await offerViaApi(request, token, 'EK');
  await openAs(page, request, 'admin', `/saleDocument/${offer.id}/positions`);
  await expect(page.getByRole('columnheader', { name: 'EK' })).toBeVisible();
  await expect(page.getByTestId('positions-add')).toBeVisible();
  await openAs(page, request, 'buero', `/saleDocument/${offer.id}/positions`);
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByRole('columnheader', { name: 'EK' })).toHaveCount(0);
  await post(request, token, `/verkauf/belege/${offer.id}/buchen`, {});
  await page.reload();
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByTestId('positions-add')).toHaveCount(0);
  await expect(page.getByTestId('line-edit')).toHaveCount(0);
  await expect(page.getByTestId('record-edit')).toHaveCount(0);
});

test('[BEL-001] [BEL-036] the list opens with offers and orders in status 1–3, newest first; the filters change it', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  await openAs(page, request, 'admin', '/saleDocument');
  await expect(page.getByTestId('filter-types')).toContainText('Angebot, Auftrag');
  await expect(page.getByTestId('filter-status')).toContainText('3 gewählt');
  // the three are 1, 2 and 3
  await page.getByTestId('filter-status').click();
  for (const s of ['1', '2', '3']) await expect(page.getByTestId(`filter-status-${s}`)).toBeChecked();
  for (const s of ['4', '5', '6', '8', '9']) await expect(page.getByTestId(`filter-status-${s}`)).not.toBeChecked();
  await page.keyboard.press('Escape');
  const rows = gridRows(page);
  await expect(rows.first()).toBeVisible();
  const first = await getJson<{ result: Doc[] }>(request, token, '/verkauf/belege?belegart=0100,0200&belegstatus=1,2,3&limit=1&orderBy=-belegdatum');
  await expect(rows.first()).toContainText(first.result[0]?.belegnummer ?? '—');
  await page.getByTestId('filter-types').click();
  await page.getByTestId('filter-types-0400').check();
  await page.getByTestId('filter-types-0100').uncheck();
  await page.getByTestId('filter-types-0200').uncheck();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/types=0400/);
  await expect(rows.first()).toContainText('RE');
  // a row opens the document
  await rows.first().click();
  await expect(page).toHaveURL(/\/saleDocument\/\d+\/documentHead/);
  await expect(page.getByTestId('record-title')).toContainText('Rechnung');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('[BEL-004] a customer signs on the phone; the signature is stored and shown', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin');
    const offer = await offerViaApi(request, token, 'Unterschrift');
    await openAs(page, request, 'admin', `/saleDocument/${offer.id}/signature`);
    // the record's tabs: head, positions, foot, history, signature (the one open)
    for (const tab of ['documentHead', 'positions', 'documentFoot', 'history', 'signature']) await expect(page.getByTestId(`tab-${tab}`)).toHaveCount(1);
    await expect(page.getByTestId('tab-signature')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('signature-name').fill('Erika Mustermann');
    const canvas = page.getByTestId('signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no signature box');
    // a stroke by touch: pointer events of a finger (signature_pad listens to pointer events)
    const cdp = await page.context().newCDPSession(page);
    const points = Array.from({ length: 12 }, (_, i) => ({ x: box.x + 30 + i * 22, y: box.y + 60 + Math.sin(i) * 30 }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0] as { x: number; y: number }] });
    for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByTestId('signature-save')).toBeEnabled();
    await page.getByTestId('signature-save').click();
    await expect(page.getByTestId('signature-image')).toBeVisible();
    await expect(page.getByTestId('signature-meta')).toContainText('Erika Mustermann');
    const stored = await getJson<{ result: { daten: string; name: string } | null }>(request, token, `/verkauf/belege/${offer.id}/unterschrift`);
    expect(stored.result?.name).toBe('Erika Mustermann');
    expect(
      Buffer.from(stored.result?.daten ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // the signature is in the document's PDF: pdf.js reads the signer's name and finds the image painted
    const pdfRes = await request.get(`${API}/verkauf/belege/${offer.id}/pdf`, { headers: bearer(token) });
    expect(pdfRes.status()).toBe(200);
    expect(pdfRes.headers()['content-type']).toContain('application/pdf');
    const pdf = await readPdf(await pdfRes.body());
    const last = pdf.pages.length - 1;
    expect(pdf.pages[last]).toContain('Erika Mustermann');
    expect(pdf.images[last]).toBeGreaterThanOrEqual(1);
    // an unsigned document's PDF paints no image
    const unsigned = await offerViaApi(request, token, 'Ohne Unterschrift');
    const plain = await readPdf(await (await request.get(`${API}/verkauf/belege/${unsigned.id}/pdf`, { headers: bearer(token) })).body());
    expect(plain.images.reduce((a, b) => a + b, 0)).toBe(0);
    expect(plain.pages.join('\n')).not.toContain('Erika Mustermann');
  });

  test('positions read as two-line rows on a phone', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin');
    const offer = await offerViaApi(request, token, 'Telefon');
    await openAs(page, request, 'admin', `/saleDocument/${offer.id}/positions`);
    const row = page.getByTestId('line-row').first();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('position-total')).toBeVisible();
    // no horizontal scrolling of the page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
