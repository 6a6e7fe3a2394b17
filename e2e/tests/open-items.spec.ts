import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

const API = '/vario-api';
/** An amount as the German screens write it (a no-break space before the euro sign). */
const eur = (v: string) => new RegExp(`^${v}\\s€$`);

/** A booked invoice over 119,00 € (one line, 100 € net at 19 %) for a seeded customer, made through the document API. */
async function bookedInvoice(request: APIRequestContext, token: string) {
  const kunde = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/adressen?limit=1&filter=istKunde=true,gesperrt=false')).result[0];
  const artikel = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/artikel?limit=1&filter=artikelart=3,gesperrt=false')).result[0];
  if (!kunde || !artikel) throw new Error('no seeded customer or service article');
  const created = await request.post(`${API}/verkauf/belege`, { headers: bearer(token), data: { data: { belegart: '0400', adresseId: kunde.id } } });
  expect(created.status()).toBe(201);
  const beleg = (await created.json()).result as { id: number; belegnummer: string };
  const pos = await request.post(`${API}/verkauf/belege/${beleg.id}/positionen`, {
    headers: bearer(token),
    data: { data: { artikelId: artikel.id, menge: 1, einzelpreis: 100, mwstSatz: 19 } },
  });
  expect(pos.status()).toBe(201);
  const booked = await request.post(`${API}/verkauf/belege/${beleg.id}/buchen`, { headers: bearer(token), data: {} });
  expect(booked.status()).toBe(200);
  const op = (await getJson<{ result: { id: number; rechnungsnummer: string }[] }>(request, token, `/finanzen/offeneposten?filter=belegId=${beleg.id}`))
    .result[0];
  if (!op) throw new Error('the booked invoice has no open item');
  return { beleg, op };
}

test("[OP-001] [OP-002] an invoice's open item is found, paid in two parts and completed", async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const { beleg, op } = await bookedInvoice(request, token);

  await openAs(page, request, 'buero', '/openItems');
  await expect(page.getByRole('heading', { level: 1, name: 'Offene Posten' })).toBeVisible();
  await page.getByTestId('grid-search').fill(op.rechnungsnummer);
  await expect(page.getByTestId('grid-total')).toHaveText('1 Eintrag');
  await page.locator('.ag-row').filter({ hasText: op.rechnungsnummer }).first().click();

  await expect(page).toHaveURL(new RegExp(`/openItems/${op.id}/masterdata`));
  await expect(page.getByTestId('record-title')).toHaveText(op.rechnungsnummer);
  await expect(page.getByTestId('field-rechnungsBetrag')).toHaveValue(eur('119,00'));
  await expect(page.getByTestId('field-offenerBetrag')).toHaveValue(eur('119,00'));
  await expect(page.getByTestId('open-item-invoice').getByRole('link')).toHaveAttribute('href', `/saleDocument/${beleg.id}`);
  await expect(page.getByTestId('badge-state')).toHaveText('Offen');

  // first part: 50,00 € typed the German way
  await page.getByTestId('tab-paymentHistory').click();
  await expect(page.getByTestId('sub-empty')).toBeVisible();
  await page.getByTestId('payment-new').click();
  const amount = page.getByTestId('field-zahlungsBetrag');
  await expect(amount).toHaveValue('119,00');
  await amount.fill('50,00');
  await page.getByTestId('field-auszug').fill('KA 11/42');
  await page.getByTestId('field-bemerkung').fill('erste Rate');
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(page.getByText(/Zahlung erfasst; noch offen: 69,00\s€/)).toBeVisible();
  await expect(page.getByTestId('sub-row')).toHaveCount(1);
  await expect(page.getByTestId('payments-total')).toHaveText(/^Gezahlt 50,00\s€ · offen 69,00\s€$/);

  // more than is open is refused on the field
  await page.getByTestId('payment-new').click();
  await expect(amount).toHaveValue('69,00');
  await amount.fill('70');
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(page.getByRole('dialog')).toContainText(/übersteigt den offenen Betrag von 69,00\s€/);
  // the rest
  await amount.fill('69,00');
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(page.getByText('der offene Posten ist ausgeglichen')).toBeVisible();
  await expect(page.getByTestId('sub-row')).toHaveCount(2);
  await expect(page.getByTestId('badge-state')).toHaveText('Ausgeglichen');
  await expect(page.getByTestId('payment-new')).toHaveCount(0);
  await expect(page.getByTestId('record-action-pay')).toBeDisabled();

  // the first payment's detail
  await page.getByTestId('sub-row').first().click();
  await expect(page).toHaveURL(new RegExp(`/openItems/${op.id}/paymentHistory/\\d+$`));
  await expect(page.getByTestId('sub-title')).toContainText(/50,00\s€/);
  await expect(page.getByTestId('field-auszug')).toHaveValue('KA 11/42');
  await expect(page.getByTestId('field-zahlungPer')).toHaveValue('Überweisung');
  await expect(page.getByTestId('field-zahlungsBetrag')).toHaveValue(eur('50,00'));
  const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(page.getByTestId('field-zahlungsDatum')).toHaveValue(today);
  await expect(page.getByTestId('field-bemerkung')).toHaveValue('erste Rate');

  await page.getByTestId('tab-masterdata').click();
  await expect(page.getByTestId('field-offenerBetrag')).toHaveValue(eur('0,00'));
  await expect(page.getByTestId('field-bisherGezahlt')).toHaveValue(eur('119,00'));
});

test('the dunning run raises overdue items once a day and says so the second time', async ({ page, request }) => {
  const token = await openAs(page, request, 'admin', '/openItems?overdue=true');
  const before = await getJson<{ result: { id: number; mahnstufe: number }[] }>(request, token, '/finanzen/offeneposten?filter=abgeschlossen=false&limit=1000');
  await page.getByTestId('dunning-run').click();
  await page.getByTestId('confirm-ok').click();
  // the demo's last run was 15 days ago: today's first run raises items, unless this day's run already happened
  await expect(page.getByText(/Mahnlauf abgeschlossen: \d+ offene|bereits gelaufen/)).toBeVisible();
  const after = await getJson<{ result: { id: number; mahnstufe: number }[] }>(request, token, '/finanzen/offeneposten?filter=abgeschlossen=false&limit=1000');
  const raised = after.result.filter((a) => (before.result.find((b) => b.id === a.id)?.mahnstufe ?? a.mahnstufe) < a.mahnstufe);
  for (const r of raised) expect(r.mahnstufe).toBeLessThanOrEqual(5);

  await page.getByTestId('dunning-run').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(/bereits gelaufen .*nichts geändert/)).toBeVisible();
  const again = await getJson<{ result: { id: number; mahnstufe: number }[] }>(request, token, '/finanzen/offeneposten?filter=abgeschlossen=false&limit=1000');
  expect(again.result).toEqual(after.result);
});
