import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson, products } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * Issue 20 items 9 and 12 on screen: the positions footer reads the totals after the document discount, a document is
 * duplicated (new number, same lines, history "Kopiert von"), an empty document made by mistake is discarded, and a
 * disabled cancel button says why.
 */

const API = '/vario-api';
interface Doc {
  id: number;
  adresseId: number;
  belegnummer: string;
  betragNetto: number;
  rabatt1Wert: number;
  endbetragNetto: number;
  mwstBetrag: number;
  betragBrutto: number;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`${API}${path}`, {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: { data, ProtokollBemerkung: 'E2E Kopieren' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { result: T }).result;
}

/** An offer for a fresh customer with a head discount; `lines` lines of a service article, 3 pieces at 1.111,104 €. */
async function offer(request: APIRequestContext, token: string, lines: number) {
  const address = await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Kopie ${Date.now()}`, istKunde: true });
  const doc = await post<Doc>(request, token, '/verkauf/belege', {
    belegart: '0100',
    adresseId: address.id,
    rabatt1Prozent: 10,
    rabatt1Text: 'Projektrabatt',
  });
  const [article] = await products(request, token, 'artikelart=3,gesperrt=false', 1);
  if (!article) throw new Error('the seed lacks service articles');
  for (let i = 0; i < lines; i++)
    await post(request, token, `/verkauf/belege/${doc.id}/positionen`, { artikelnummer: article.artikelnummer, menge: 3, einzelpreis: 1111.104, mwstSatz: 19 });
  return getJson<{ result: Doc }>(request, token, `/verkauf/belege/${doc.id}`).then((r) => r.result);
}

const euro = (v: number) => `${v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

test('the positions footer shows the discount, the net after it, the VAT on it and the gross; the effective price in cents', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const doc = await offer(request, token, 1);
  // 3 × 1.111,104 = 3.333,31; less 10 % (333,33) = 2.999,98; VAT 19 % 570,00; gross 3.569,98
  expect(doc).toMatchObject({ betragNetto: 3333.31, rabatt1Wert: 333.33, endbetragNetto: 2999.98, mwstBetrag: 570, betragBrutto: 3569.98 });
  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/positions`);
  const footer = page.getByTestId('positions-amounts');
  await expect(page.getByTestId('positions-summe')).toHaveText(euro(3333.31));
  await expect(footer).toContainText('Projektrabatt');
  await expect(page.getByTestId('positions-rabatt1Wert')).toHaveText(`-${euro(333.33)}`);
  await expect(page.getByTestId('positions-netto')).toHaveText(euro(2999.98));
  await expect(page.getByTestId('positions-mwst')).toHaveText(euro(570));
  await expect(page.getByTestId('positions-brutto')).toHaveText(euro(3569.98));
  // the unit price keeps its 4 places, the effective price ("Endpreis") is money: never three decimals
  await page.getByTestId('positions-view').getByText('Alle Details').click();
  await expect(page.getByTestId('card-einzelpreis')).toHaveText(/1\.111,1040\s€/);
  await expect(page.getByTestId('card-endpreis')).toHaveText(/1\.111,10\s€/);
});

test('duplicating a document opens the copy: new number, the same lines, status new, history "Kopiert von"', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const doc = await offer(request, token, 2);
  await openAs(page, request, 'admin', `/saleDocument/${doc.id}/documentHead`);
  await page.getByTestId('record-action-duplicate').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).not.toHaveURL(new RegExp(`/saleDocument/${doc.id}/`));
  await expect(page).toHaveURL(/\/saleDocument\/\d+\/documentHead$/);
  const copyId = Number(/saleDocument\/(\d+)\//.exec(page.url())?.[1]);
  expect(copyId).not.toBe(doc.id);
  await expect(page.getByTestId('record-title')).toContainText('Angebot AN');
  await expect(page.getByTestId('record-title')).not.toContainText(doc.belegnummer);
  await expect(page.getByTestId('badge-status')).toHaveText('Gespeichert');
  await page.getByTestId('tab-positions').click();
  await expect(page.getByTestId('line-row')).toHaveCount(2);
  await expect(page.getByTestId('positions-brutto')).toHaveText(euro(doc.betragBrutto));
  await page.getByTestId('tab-history').click();
  await expect(page.getByText(`Kopiert von Angebot ${doc.belegnummer}`)).toBeVisible();
});

test('an empty document made by mistake is discarded; one with lines offers no discard, and cancelling says why it is disabled', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const full = await offer(request, token, 1);
  await openAs(page, request, 'admin', `/saleDocument/${full.id}/documentHead`);
  await expect(page.getByTestId('record-action-duplicate')).toBeEnabled();
  await expect(page.getByTestId('record-action-discard')).toHaveCount(0);
  await expect(page.getByTestId('record-action-cancel')).toBeDisabled();
  await page.getByTestId('record-action-cancel-reason').hover();
  await expect(page.getByRole('tooltip')).toContainText('Nur ein gebuchter Beleg wird storniert');

  // an empty one of the same customer, made by the user: discard → the list, the document is gone
  const empty = await post<Doc>(request, token, '/verkauf/belege', { belegart: '0100', adresseId: full.adresseId });
  await page.goto(`/saleDocument/${empty.id}/documentHead`);
  await page.getByTestId('record-action-discard').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/saleDocument$/);
  const gone = await request.get(`${API}/verkauf/belege/${empty.id}`, { headers: bearer(token) });
  expect(gone.status()).toBe(404);
});
