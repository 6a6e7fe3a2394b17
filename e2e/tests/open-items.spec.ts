import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, gridRows, openAs } from './helpers';

const API = '/vario-api';
/** An amount as the German screens write it (a no-break space before the euro sign). */
const eur = (v: string) => new RegExp(`^${v}\\s€$`);

/** A booked invoice over 119,00 € (one line, 100 € net at 19 %) for a seeded customer, made through the document API. */
async function bookedInvoice(request: APIRequestContext, token: string, extra: { zahlart?: number } = {}) {
  const kunde = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/adressen?limit=1&filter=istKunde=true,gesperrt=false')).result[0];
  const artikel = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/artikel?limit=1&filter=artikelart=3,gesperrt=false')).result[0];
  if (!kunde || !artikel) throw new Error('no seeded customer or service article');
  const created = await request.post(`${API}/verkauf/belege`, { headers: bearer(token), data: { data: { belegart: '0400', adresseId: kunde.id, ...extra } } });
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
  await gridRows(page).filter({ hasText: op.rechnungsnummer }).first().click();

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

  // more than is open would be booked as a credit: the dialog says so before it is booked
  await page.getByTestId('payment-new').click();
  await expect(amount).toHaveValue('69,00');
  await amount.fill('70');
  await expect(page.getByTestId('payment-credit-hint')).toContainText(/übersteigt den offenen Betrag von 69,00\s€/);
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

test('a payment is reversed with a reason: the history keeps it struck, with its counter-entry, and the amount is open again', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const { op } = await bookedInvoice(request, token);
  const paid = await request.post(`${API}/finanzen/offeneposten/${op.id}/zahlungen`, {
    headers: bearer(token),
    data: { data: { zahlungsBetrag: 119, zahlungsDatum: new Date().toISOString().slice(0, 10), zahlungPer: 'Überweisung' } },
  });
  expect(paid.status()).toBe(201);
  const paymentId = (await paid.json()).result.id as number;

  await openAs(page, request, 'buero', `/openItems/${op.id}/paymentHistory/${paymentId}`);
  await expect(page.getByTestId('sub-title')).toContainText(/119,00\s€/);
  await page.getByTestId('payment-reverse').click();
  const dialog = page.getByRole('dialog');
  // the reason is required
  await dialog.getByRole('button', { name: 'Storno buchen' }).click();
  await expect(dialog).toContainText('Bitte einen Wert eingeben');
  await page.getByTestId('field-grund').fill('Rücklastschrift der Bank');
  await dialog.getByRole('button', { name: 'Storno buchen' }).click();
  await expect(page.getByText(/Zahlung storniert; offen: 119,00\s€/)).toBeVisible();
  await expect(page.getByTestId('payment-reversed-by')).toBeVisible();
  await expect(page.getByTestId('payment-reverse')).toHaveCount(0);

  await page.getByTestId('sub-back').click();
  await expect(page.getByTestId('sub-row')).toHaveCount(2);
  await expect(page.getByTestId('sub-row').first()).toHaveAttribute('data-state', 'reversed');
  await expect(page.getByTestId('sub-row').first().getByTestId('payment-reversed')).toHaveText('storniert');
  await expect(page.getByTestId('sub-row').nth(1)).toHaveAttribute('data-state', 'reversal');
  await expect(page.getByTestId('sub-row').nth(1)).toContainText(/-119,00\s€/);
  await expect(page.getByTestId('sub-row').nth(1)).toContainText('Rücklastschrift der Bank');
  await expect(page.getByTestId('payments-total')).toHaveText(/^Gezahlt 0,00\s€ · offen 119,00\s€$/);
  await expect(page.getByTestId('badge-state')).toHaveText('Offen');
});

test('Skonto within its term: the dialog proposes open less the discount and books the payment with a Skonto row', async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const basis = await getJson<{ result: { zahlungsarten: { id: number; skontoProzent: number; skontoTage: number }[] } }>(request, token, '/webapp/basisdaten');
  const art = basis.result.zahlungsarten.find((z) => z.skontoProzent > 0 && z.skontoTage > 0);
  if (!art) throw new Error('no seeded payment type with a cash discount');
  const { op } = await bookedInvoice(request, token, { zahlart: art.id });
  const item = await getJson<{ result: { skontoZahlbetrag: number; skontoBetrag: number } }>(request, token, `/finanzen/offeneposten/${op.id}`);
  const de = (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  await openAs(page, request, 'buero', `/openItems/${op.id}/paymentHistory`);
  await page.getByTestId('payment-new').click();
  const amount = page.getByTestId('field-zahlungsBetrag');
  await expect(amount).toHaveValue('119,00');
  await page.getByRole('switch', { name: /Skonto/ }).check();
  await expect(amount).toHaveValue(de(item.result.skontoZahlbetrag));
  await expect(page.getByTestId('payment-skonto-hint')).toContainText(
    new RegExp(`${de(item.result.skontoZahlbetrag)}\\s€.*Skonto ${de(item.result.skontoBetrag)}\\s€`),
  );
  await page.getByRole('button', { name: 'Zahlung buchen' }).click();
  await expect(page.getByText(new RegExp(`ausgeglichen · Skonto ${de(item.result.skontoBetrag)}\\s€ gebucht`))).toBeVisible();
  await expect(page.getByTestId('sub-row')).toHaveCount(2);
  await expect(page.getByTestId('sub-row').nth(1)).toContainText('Skonto');
  await expect(page.getByTestId('badge-state')).toHaveText('Ausgeglichen');
});

test('the dunning run proposes, the user confirms (leaving an address out), the screen shows what it did and opens the letter', async ({ page, request }) => {
  const token = await openAs(page, request, 'admin', '/openItems?overdue=true');
  const preview = await getJson<{ result: { bereitsGelaufen: boolean; adressen: { adresseId: number; posten: { offenerPostenId: number }[] }[] } }>(
    request,
    token,
    '/finanzen/mahnlauf/vorschau',
  );
  await page.getByTestId('dunning-run').click();
  const dialog = page.getByTestId('dunning-preview');
  await expect(dialog.getByTestId('dunning-preview-info')).toContainText('7 Karenztagen');
  if (preview.result.bereitsGelaufen || preview.result.adressen.length < 2) {
    // today's run already happened (a repeated test run on the same data): it changes nothing and says so
    await expect(dialog.getByTestId('dunning-preview-already').or(dialog.getByTestId('dunning-preview-empty'))).toBeVisible();
    return;
  }
  // the demo's last run was 15 days ago: today's run raises items of several addresses
  await expect(dialog.getByTestId('dunning-address')).toHaveCount(preview.result.adressen.length);
  const first = preview.result.adressen[0];
  await dialog.getByTestId('dunning-address-check').first().click();
  const rest = preview.result.adressen.slice(1);
  const items = rest.reduce((s, a) => s + a.posten.length, 0);
  await expect(page.getByTestId('dunning-confirm')).toHaveText(
    `Mahnlauf ausführen (${rest.length} ${rest.length === 1 ? 'Adresse' : 'Adressen'}, ${items} Posten)`,
  );
  await page.getByTestId('dunning-confirm').click();

  await expect(page).toHaveURL(/\/dunningRuns\/\d+$/);
  await expect(page.getByTestId('dunning-run-title')).toContainText(`${items} Posten gemahnt, ${rest.length} Schreiben`);
  await expect(page.getByTestId('dunning-letter')).toHaveCount(rest.length);
  // the address left out was not dunned
  const after = await getJson<{ result: { id: number; mahnstufe: number; letzteMahnung: string | null }[] }>(
    request,
    token,
    `/finanzen/offeneposten?filter=adresseId=${first?.adresseId}&limit=1000`,
  );
  for (const p of first?.posten ?? [])
    expect(after.result.find((r) => r.id === p.offenerPostenId)?.letzteMahnung).not.toBe(new Date().toISOString().slice(0, 10));

  const letter = page.getByTestId('dunning-letter').first();
  await expect(letter.getByTestId('dunning-letter-title')).toHaveText(/Zahlungserinnerung|1\. Mahnung|2\. Mahnung|Letzte Mahnung/);
  await letter.getByTestId('dunning-letter-pdf').click();
  await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
});
