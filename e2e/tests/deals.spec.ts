import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${API}${path}`, { headers: bearer(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).result as T;
}

/** WCAG 2.1 AA: no serious or critical axe violation, one h1, an own document title. */
async function axe(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 10_000 });
  // a passing notice's close button belongs to the shared notices, not to these screens
  const result = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
  expect.soft(bad, name).toEqual([]);
  await expect.soft(page.locator('h1'), `${name}: one h1`).toHaveCount(1);
  expect.soft(await page.title(), name).toMatch(/^.+ · vario$/);
}

test('a deal is created from an address, moved across the board with the mouse and the keyboard, gets a document and is won', async ({ page, request }) => {
  // a long journey with five axe checks; beside the other lane it needs more than the default 30 s
  test.setTimeout(90_000);
  const token = await apiLogin(request, 'admin');
  const name = `E2E Deal Kunde ${Date.now().toString(36)}`;
  const adresse = await post<{ id: number }>(request, token, '/stammdaten/adressen', { data: { name1: name, istKunde: true }, ProtokollBemerkung: 'e2e' });
  const angebot = await post<{ id: number; belegnummer: string }>(request, token, '/verkauf/belege', { data: { belegart: '0100', adresseId: adresse.id } });

  // DEAL-003 from the address's deals tab: the address is given, so the form opens at once
  await openAs(page, request, 'admin', `/addresses/${adresse.id}/deals`);
  await page.getByTestId('deal-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titel').fill('Kältemaschine Halle 7');
  await dialog.getByLabel('Chance (%)').fill('40');
  await dialog.getByLabel('Investitionssumme geplant').fill('12.500,50');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(page).toHaveURL(new RegExp(`/addresses/${adresse.id}/deals/\\d+/masterdata`));
  const id = Number(/\/deals\/(\d+)\//.exec(page.url())?.[1]);
  const deal = await getJson<{ result: { adresseId: number; chance: number; investitionssummeGeplant: number; phase: number } }>(
    request,
    token,
    `/crm/deals/${id}`,
  );
  expect(deal.result).toMatchObject({ adresseId: adresse.id, chance: 40, investitionssummeGeplant: 12500.5, phase: 1 });

  // the address's board: drag the card with the mouse to phase 2
  await page.goto(`/addresses/${adresse.id}/deals`);
  await page.getByTestId('deals-view').getByText('Phasen-Board').click();
  const card = page.getByTestId(`deal-card-${id}`);
  await expect(page.getByTestId('deal-column-1').getByTestId(`deal-card-${id}`)).toBeVisible();
  await expect(page.getByTestId('deal-column-1-sum')).toHaveText('12.500,50 €');
  await expect(page.getByTestId('deal-column-1-weighted')).toHaveText('5.000,20 €');
  await axe(page, 'deal board');
  await card.dragTo(page.getByTestId('deal-column-2'));
  await expect(page.getByTestId('deal-column-2').getByTestId(`deal-card-${id}`)).toBeVisible();
  await expect.poll(async () => (await getJson<{ result: { phase: number } }>(request, token, `/crm/deals/${id}`)).result.phase).toBe(2);

  // and with the keyboard: the card's move menu
  await page.getByTestId(`deal-card-${id}-menu`).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId(`deal-card-${id}-to-3`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('deal-column-3').getByTestId(`deal-card-${id}`)).toBeVisible();
  await expect.poll(async () => (await getJson<{ result: { phase: number } }>(request, token, `/crm/deals/${id}`)).result.phase).toBe(3);

  // the deal's activities: the shared component of tickets and deals, under the deal's rights
  await page.goto(`/deals/${id}/masterdata`);
  await page.getByTestId('tab-activities').click();
  await expect(page).toHaveURL(new RegExp(`/deals/${id}/activities$`));
  await page.getByTestId('activity-new').click();
  await page.getByTestId('field-artId').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('field-beschreibung').fill('Angebot besprochen');
  await page.getByTestId('form-dialog-save').click();
  await expect(page.getByTestId('activities-list').getByTestId('sub-row').filter({ hasText: 'Angebot besprochen' })).toHaveCount(1);
  const acts = await getJson<{ result: { dealId: number; beschreibung: string }[] }>(request, token, `/crm/deals/${id}/aktivitaeten`);
  expect(acts.result.map((a) => [a.dealId, a.beschreibung])).toEqual([[id, 'Angebot besprochen']]);
  await axe(page, 'deal activities');

  // DEAL-014: assign the address's offer on the deal's documents tab
  await page.goto(`/deals/${id}/saleDocuments`);
  await page.getByTestId('deal-assign-pick').click();
  await page.getByRole('option', { name: new RegExp(angebot.belegnummer) }).click();
  await page.getByTestId('deal-assign').click();
  await expect(page.getByTestId('deal-documents-list')).toContainText(angebot.belegnummer);
  await axe(page, 'deal documents');

  // won: the dialog proposes today and the booked documents' sum (none booked: 0,00)
  await page.getByTestId('record-action-won').click();
  await expect(page.getByTestId('deal-won-summe')).toHaveValue('0,00');
  await page.getByTestId('deal-won-summe').fill('9.999,99');
  await page.getByRole('dialog').getByRole('button', { name: 'Gewonnen' }).click();
  await expect(page.getByTestId('deal-status')).toHaveText('Gewonnen');
  const won = await getJson<{ result: { status: number; investitionssummeErreicht: number } }>(request, token, `/crm/deals/${id}`);
  expect(won.result).toMatchObject({ status: 1, investitionssummeErreicht: 9999.99 });
  await page.goto(`/deals/${id}/masterdata`);
  await axe(page, 'deal record');
  await page.goto('/deals');
  await expect(page.getByRole('grid')).toBeVisible();
  await axe(page, 'deal list');
});
