import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * Issue 9 items 1, 2, 3: typed input in each language (switched with the app's own language switch) is stored as
 * typed or refused with a field error — never guessed, cut, clamped or emptied.
 */
const API = '/vario-api';
type Lang = 'de' | 'en' | 'fr';
const LANGS: Lang[] = ['de', 'en', 'fr'];

const texts = Object.fromEntries(
  LANGS.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../../apps/web/src/i18n/app/${l}.json`, import.meta.url), 'utf8')) as { errors: Record<string, string> },
  ]),
) as Record<Lang, { errors: Record<string, string> }>;
/** The app's error text in a language, with its placeholders filled. */
const msg = (lang: Lang, key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), texts[lang].errors[key] ?? key);

/** How each language writes things (what a user types). */
const TYPED = {
  de: {
    date: '31.12.2026',
    shortDate: '1.2.26',
    digitDate: '31122026',
    badDate: '31.13.2026',
    example: '31.12.2026',
    money: '12.345,678',
    percent: '7,5',
    fraction: '1,5',
  },
  en: {
    date: '12/31/2026',
    shortDate: '2/1/26',
    digitDate: '12312026',
    badDate: '31/12/2026',
    example: '12/31/2026',
    money: '12,345.678',
    percent: '7.5',
    fraction: '1.5',
  },
  fr: {
    date: '31/12/2026',
    shortDate: '1/2/26',
    digitDate: '31122026',
    badDate: '31.12.2026',
    example: '31/12/2026',
    money: '12 345,678',
    percent: '7,5',
    fraction: '1,5',
  },
} as const;

async function switchLanguage(page: Page, lang: Lang) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('language-switch').getByText(lang.toUpperCase(), { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The field error shown under an input. */
const fieldError = (input: Locator) =>
  input.locator('xpath=ancestor::div[contains(@class,"mantine-InputWrapper-root")][1]').locator('.mantine-InputWrapper-error');

async function typeInto(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Tab');
}

async function createJson<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: bearer(token), data: { data, ProtokollBemerkung: 'E2E' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).result as T;
}
const getResult = async <T>(request: APIRequestContext, token: string, path: string) =>
  (await (await request.get(`${API}${path}`, { headers: bearer(token) })).json()).result as T;

for (const lang of LANGS) {
  test.describe(`typed input in ${lang}`, () => {
    test(`[APP-104] dates: ${TYPED[lang].date}, ${TYPED[lang].shortDate} and ${TYPED[lang].digitDate} are stored as ISO; ${TYPED[lang].badDate} is a field error`, async ({
      page,
      request,
    }) => {
      const t = TYPED[lang];
      const token = await apiLogin(request, 'admin');
      const asset = await createJson<{ id: number }>(request, token, '/stammdaten/assets', {
        assetnummer: `E2E-D-${lang}-${Date.now() % 1e7}`,
        bezeichnung: 'Datumstest',
      });
      await openAs(page, request, 'admin', `/assets/${asset.id}/masterdata`);
      await switchLanguage(page, lang);
      await page.getByTestId('record-edit').click();
      const begin = page.getByTestId('field-beginnGarantie');
      await typeInto(begin, t.badDate);
      await expect(begin).toHaveValue(t.badDate); // kept as typed, never emptied
      await page.getByTestId('record-save').click();
      await expect(fieldError(begin)).toHaveText(msg(lang, 'invalidDate', { example: t.example }));
      expect((await getResult<{ beginnGarantie: string | null }>(request, token, `/stammdaten/assets/${asset.id}`)).beginnGarantie).toBeNull();

      await typeInto(begin, t.date);
      await expect(begin).toHaveValue(t.example);
      await typeInto(page.getByTestId('field-beginnService'), t.shortDate);
      await typeInto(page.getByTestId('field-endeService'), t.digitDate);
      await page.getByTestId('record-save').click();
      await expect(page.getByTestId('record-edit')).toBeVisible();
      const stored = await getResult<Record<string, string | null>>(request, token, `/stammdaten/assets/${asset.id}`);
      expect([stored.beginnGarantie, stored.beginnService, stored.endeService]).toEqual(['2026-12-31', '2026-02-01', '2026-12-31']);
    });

    test(`[APP-100] [APP-106] [HTTP-043] money ${TYPED[lang].money} is rounded to 12345.68, percent ${TYPED[lang].percent} kept, whole numbers refuse 0 and fractions`, async ({
      page,
      request,
    }) => {
      const t = TYPED[lang];
      const token = await apiLogin(request, 'admin');
      const product = await createJson<{ id: number }>(request, token, '/stammdaten/artikel', {
        artikelnummer: `E2E-N-${lang}-${Date.now() % 1e7}`,
        artikelart: '1',
        bezeichnung: 'Zahlentest',
        vknetto: 1,
      });
      await openAs(page, request, 'admin', `/products/${product.id}/masterdata`);
      await switchLanguage(page, lang);
      await page.getByTestId('record-edit').click();
      const price = page.getByTestId('field-vknetto');
      const vat = page.getByTestId('field-mwstsatz');
      const unit = page.getByTestId('field-preiseinheit');

      // refused: letters in money, a percent above 100, 0 and a fraction in a whole-number field
      await typeInto(price, '12a');
      await typeInto(vat, '150');
      await typeInto(unit, '0');
      await page.getByTestId('record-save').click();
      await expect(price).toHaveValue('12a');
      // letters say "enter a number"; a limit is named (issue 20 item 5)
      await expect(fieldError(price)).toHaveText(msg(lang, 'notANumber'));
      await expect(fieldError(vat)).toHaveText(msg(lang, 'tooLargeMax', { max: '100' }));
      await expect(fieldError(unit)).toHaveText(msg(lang, 'tooSmallMin', { min: '1' }));
      await typeInto(unit, t.fraction);
      await expect(fieldError(unit)).toHaveText(msg(lang, 'wholeNumber'));
      const before = await getResult<{ vknetto: number; mwstsatz: number; preiseinheit: number }>(request, token, `/stammdaten/artikel/${product.id}`);
      expect(before.vknetto).toBe(1);

      await typeInto(price, t.money);
      await typeInto(vat, t.percent);
      await typeInto(unit, '5');
      await page.getByTestId('record-save').click();
      await expect(page.getByTestId('record-edit')).toBeVisible();
      const stored = await getResult<{ vknetto: number; mwstsatz: number; preiseinheit: number }>(request, token, `/stammdaten/artikel/${product.id}`);
      expect([stored.vknetto, stored.mwstsatz, stored.preiseinheit]).toEqual([12345.68, 7.5, 5]);
    });

    test(`references: a customer price's article is picked from the products; no article or price is a field error (${lang})`, async ({ page, request }) => {
      const token = await apiLogin(request, 'admin');
      const nummer = `E2E-R-${lang}-${Date.now() % 1e7}`;
      await createJson(request, token, '/stammdaten/artikel', { artikelnummer: nummer, artikelart: '1', bezeichnung: `Referenz ${lang}` });
      const address = await createJson<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Preise ${lang}`, istKunde: true });
      await openAs(page, request, 'admin', `/addresses/${address.id}/customerSpecificPrices`);
      await switchLanguage(page, lang);
      await page.getByTestId('price-new').click();
      await page.getByTestId('form-dialog-save').click();
      const article = page.getByTestId('field-artikelnummer');
      await expect(fieldError(article)).toHaveText(msg(lang, 'required'));
      await expect(fieldError(page.getByTestId('field-sonderpreis'))).toHaveText(msg(lang, 'required'));

      // an article number that does not exist is not offered
      await article.fill('GIBTESNICHT');
      await expect(page.getByRole('option')).toHaveCount(0);
      await article.fill(nummer);
      await page.getByRole('option', { name: new RegExp(nummer) }).click();
      await expect(page.getByTestId('field-artikelbezeichnung')).toHaveValue(`Referenz ${lang}`);
      await typeInto(page.getByTestId('field-sonderpreis'), TYPED[lang].money);
      await typeInto(page.getByTestId('field-rabatt1'), '150');
      await page.getByTestId('form-dialog-save').click();
      await expect(fieldError(page.getByTestId('field-rabatt1'))).toHaveText(msg(lang, 'tooLargeMax', { max: '100' }));
      await typeInto(page.getByTestId('field-rabatt1'), TYPED[lang].percent);
      await page.getByTestId('form-dialog-save').click();
      await expect(page).toHaveURL(/\/customerSpecificPrices\/\d+$/);
      const prices = await getResult<{ artikelnummer: string; sonderpreis: number; rabatt1: number }[]>(
        request,
        token,
        `/stammdaten/adressen/${address.id}/kundensonderpreise`,
      );
      expect(prices.map((p) => [p.artikelnummer, p.sonderpreis, p.rabatt1])).toEqual([[nummer, 12345.68, 7.5]]);
    });
  });
}

test('price tiers with letters or out of order are field errors, not deleted tiers', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const nummer = `E2E-T-${Date.now() % 1e7}`;
  await createJson(request, token, '/stammdaten/artikel', { artikelnummer: nummer, artikelart: '1', bezeichnung: 'Staffeltest' });
  const address = await createJson<{ id: number }>(request, token, '/stammdaten/adressen', { name1: 'E2E Staffeln', istKunde: true });
  const price = await createJson<{ id: number }>(request, token, `/stammdaten/adressen/${address.id}/kundensonderpreise`, {
    artikelnummer: nummer,
    preisart: 1,
    sonderpreis: 20,
  });
  await openAs(page, request, 'admin', `/addresses/${address.id}/customerSpecificPrices/${price.id}`);
  const card = page.getByTestId('tiers-mengenabhaengigePreise');
  await card.getByTestId('tier-edit').click();
  for (let i = 0; i < 3; i++) await card.getByTestId('tier-add').click();
  const fill = async (n: number, menge: string, vk: string) => {
    await card.getByTestId(`tier-${n}-menge`).fill(menge);
    await card.getByTestId(`tier-${n}-vk`).fill(vk);
  };
  await fill(2, 'zehn', 'neun');
  await fill(3, '5', '8');
  await fill(4, '100', '7');
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/kundensonderpreise/')) patches++;
  });
  await card.getByTestId('tier-save').click();
  await expect(fieldError(card.getByTestId('tier-2-menge'))).toHaveText(msg('de', 'notANumber'));
  await expect(fieldError(card.getByTestId('tier-2-vk'))).toBeVisible();
  await fill(2, '10', '9');
  await card.getByTestId('tier-save').click();
  await expect(fieldError(card.getByTestId('tier-3-menge'))).toBeVisible();
  expect(patches).toBe(0);
  await fill(3, '50', '8,555');
  await card.getByTestId('tier-save').click();
  await expect(card.getByTestId('tier-edit')).toBeVisible();
  const stored = await getResult<{ mengenabhaengigePreise: Record<string, number | null> }>(
    request,
    token,
    `/stammdaten/adressen/${address.id}/kundensonderpreise/${price.id}`,
  );
  expect(stored.mengenabhaengigePreise).toMatchObject({ menge2: 10, vk2: 9, menge3: 50, vk3: 8.56, menge4: 100, vk4: 7 });
});

test('stock booking: the storage place and a transfer target are marked required before saving; a transfer to the same place is refused', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const product = await createJson<{ id: number }>(request, token, '/stammdaten/artikel', {
    artikelnummer: `E2E-B-${Date.now() % 1e7}`,
    artikelart: '1',
    bezeichnung: 'Dialogtest',
  });
  const base = await getResult<{ lager: { id: number; kurzbezeichnung: string; bezeichnung: string; hatLagerplaetze: boolean }[] }>(
    request,
    token,
    '/webapp/basisdaten',
  );
  const withPlaces = base.lager.find((l) => l.hatLagerplaetze)!;
  const without = base.lager.find((l) => !l.hatLagerplaetze)!;
  const label = (l: { kurzbezeichnung: string; bezeichnung: string }) => `${l.kurzbezeichnung} – ${l.bezeichnung}`;
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/lager/buchungen')) posts++;
  });
  await openAs(page, request, 'admin', `/products/${product.id}/storage`);
  await page.getByTestId('stock-book').click();
  await page.getByTestId('field-lagerId').click();
  await page.getByRole('option', { name: label(withPlaces) }).click();
  const place = page.getByTestId('field-lagerplatzId');
  await expect(place).toHaveAttribute('required', '');
  await page.getByTestId('field-menge').fill('3');
  await page.getByTestId('form-dialog-save').click();
  await expect(fieldError(place)).toHaveText(msg('de', 'required'));
  expect(posts).toBe(0);

  // a transfer: the target warehouse is required; the same warehouse without places is refused
  await page.getByTestId('field-art').click();
  await page.getByRole('option', { name: 'Umbuchung', exact: true }).click();
  await expect(page.getByTestId('field-nachLagerId')).toHaveAttribute('required', '');
  await page.getByTestId('field-lagerId').click();
  await page.getByRole('option', { name: label(without) }).click();
  await page.getByTestId('form-dialog-save').click();
  await expect(fieldError(page.getByTestId('field-nachLagerId'))).toHaveText(msg('de', 'required'));
  await page.getByTestId('field-nachLagerId').click();
  await page.getByRole('option', { name: label(without) }).click();
  await page.getByTestId('form-dialog-save').click();
  await expect(fieldError(page.getByTestId('field-nachLagerId'))).toHaveText(msg('de', 'samePlace'));
  expect(posts).toBe(0);
});

test('Escape in an open date picker closes the calendar, not the dialog around it', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const nummer = `E2E-E-${Date.now() % 1e7}`;
  await createJson(request, token, '/stammdaten/artikel', { artikelnummer: nummer, artikelart: '1', bezeichnung: 'Escapetest' });
  const address = await createJson<{ id: number }>(request, token, '/stammdaten/adressen', { name1: 'E2E Escape', istKunde: true });
  const price = await createJson<{ id: number }>(request, token, `/stammdaten/adressen/${address.id}/kundensonderpreise`, {
    artikelnummer: nummer,
    preisart: 3,
    sonderpreis: 20,
  });
  await openAs(page, request, 'admin', `/addresses/${address.id}/customerSpecificPrices/${price.id}`);
  await page.getByTestId('apz-new').click();
  const from = page.getByTestId('field-gueltigVon');
  await from.click();
  await page.getByTestId('date-calendar').first().click();
  const dialog = page.getByRole('dialog').first();
  await expect(page.locator('.mantine-DatePicker-day').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-DatePicker-day')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(from).toBeVisible();
});

test('PLZ and Name 2 show their limit while typing (12 and 120 characters); a longer text is kept and refused with the limit, never cut', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const address = await createJson<{ id: number }>(request, token, '/stammdaten/adressen', { name1: 'E2E Grenzen', istKunde: true });
  await openAs(page, request, 'admin', `/addresses/${address.id}/masterdata`);
  await page.getByTestId('record-edit').click();
  await page.getByTestId('field-plz').fill('1234567890');
  await expect(page.getByTestId('counter-plz')).toHaveText('10 / 12');
  await page.getByTestId('field-plz').fill('1234567890123');
  await expect(page.getByTestId('field-plz')).toHaveValue('1234567890123');
  await expect(page.getByTestId('counter-plz')).toHaveText('13 / 12');
  await expect(page.getByText('Höchstens 12 Zeichen (jetzt 13)')).toBeVisible();
  await page.getByTestId('field-name2').fill('x'.repeat(50));
  await expect(page.getByTestId('counter-name2')).toHaveCount(0);
  await page.getByTestId('field-name2').fill('x'.repeat(130));
  await expect(page.getByTestId('field-name2')).toHaveValue('x'.repeat(130));
  await expect(page.getByTestId('counter-name2')).toHaveText('130 / 120');
});
