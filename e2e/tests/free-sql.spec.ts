import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
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
  const result = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
  expect.soft(bad, name).toEqual([]);
  await expect.soft(page.locator('h1'), `${name}: one h1`).toHaveCount(1);
}

test('free SQL: an administrator saves a report with two parameters, runs it after the parameter dialog, sees table and chart and downloads its CSV', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'admin');
  const p = `FreiSQL${Date.now().toString(36)}`;
  const a = await post<{ adressnummer: number }>(request, token, '/stammdaten/adressen', { data: { name1: `${p} Alpha`, ort: 'Köln', istKunde: true } });
  const b = await post<{ adressnummer: number }>(request, token, '/stammdaten/adressen', { data: { name1: `${p} Beta`, ort: 'Köln', istKunde: true } });

  await openAs(page, request, 'admin', '/statistics/freeSql');
  await expect(page.getByRole('heading', { level: 2, name: 'Freie Auswertungen' })).toBeVisible();
  await axe(page, 'free SQL list');

  await page.getByTestId('free-sql-new').click();
  await page.getByTestId('free-sql-name').fill(`${p} Adressen`);
  await page
    .getByTestId('free-sql-sql')
    .fill('select name1, adressnummer, ort from rpt_adressen where name1 like :muster and adressnummer >= :ab order by adressnummer');
  await page.getByTestId('free-sql-take-placeholders').click();
  await page.getByTestId('free-sql-param-label-0').fill('Namensmuster');
  await page.getByTestId('free-sql-param-label-1').fill('Ab Adressnummer');
  await page.getByTestId('free-sql-param-type-1').click();
  await page.getByRole('option', { name: 'Zahl' }).click();
  await axe(page, 'free SQL form');
  await page.getByTestId('form-dialog-save').click();

  // the report opens and first asks for its values, listed by name (STAT-021); both are required (STAT-022)
  const dialog = page.getByRole('dialog', { name: `Werte für „${p} Adressen“` });
  await expect(dialog.getByLabel('Namensmuster')).toBeVisible();
  await expect(dialog.getByLabel('Ab Adressnummer')).toBeVisible();
  await dialog.getByLabel('Namensmuster').fill(`${p}%`);
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  await expect(dialog.getByTestId('free-sql-incomplete')).toContainText('Bitte alle Pflichtwerte der Abfrage angeben: Ab Adressnummer');
  await dialog.getByLabel('Ab Adressnummer').fill('1');
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByTestId('free-sql-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(`${p} Alpha`);
  await expect(table.getByRole('row').nth(2)).toContainText(`${p} Beta`);
  await axe(page, 'free SQL result');
  await page.getByText('Diagramm', { exact: true }).click();
  await expect(page.getByTestId('free-sql-chart').locator('canvas')).toBeVisible();
  await page.getByText('Tabelle', { exact: true }).click();
  await expect(table).toBeVisible();

  await page.getByTestId('free-sql-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('free-sql-export-utf8').click()]);
  expect(download.suggestedFilename()).toBe(`${p} Adressen.csv`);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8')).toBe(`name1;adressnummer;ort\r\n${p} Alpha;${a.adressnummer};Köln\r\n${p} Beta;${b.adressnummer};Köln\r\n`);
});

test('free SQL: refused statements show the server’s message — at saving and when the database refuses a run', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const p = `FreiSQLx${Date.now().toString(36)}`;
  const report = await post<{ id: number }>(request, token, '/auswertungen/freiesql', {
    data: { name: `${p} JSON`, sql: 'select json(:wert) as j', parameter: [{ name: 'wert', bezeichnung: 'Wert', typ: 'text' }] },
  });

  await openAs(page, request, 'admin', '/statistics/freeSql');
  await page.getByTestId('free-sql-new').click();
  await page.getByTestId('free-sql-name').fill(`${p} Angriff`);
  for (const [text, message] of [
    ['delete from benutzer', 'Eine Auswertung darf nur lesen'],
    ['select 1; delete from benutzer', 'genau eine Abfrage'],
    ['pragma writable_schema = 1', 'nicht PRAGMA'],
    ['select anmeldename, passwortHash from benutzer', 'benutzer.passwortHash ist für Auswertungen gesperrt'],
    ["select load_extension('/tmp/x.so')", 'load_extension ist in Auswertungen nicht erlaubt'],
  ] as const) {
    await page.getByTestId('free-sql-sql').fill(text);
    await page.getByTestId('form-dialog-save').click();
    await expect(page.getByRole('dialog').getByText(message)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  await page.goto(`/statistics/freeSql/${report.id}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Wert').fill('kein JSON');
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  await expect(page.getByTestId('free-sql-error')).toContainText('Die Datenbank hat die Abfrage abgelehnt: malformed JSON');
  await axe(page, 'free SQL refused run');
});

test('[RIGHT-033] the freeSql tab of the statistics is disabled without AUS_FREIESQL, and its reports answer 403', async ({ page, request }) => {
  await openAs(page, request, 'buero', '/statistics/dashboard');
  await expect(page.getByTestId('tab-dashboard')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tab-freeSql')).toBeDisabled();
  const token = await apiLogin(request, 'buero');
  expect((await request.get(`${API}/auswertungen/freiesql?returnTotal=true`, { headers: bearer(token) })).status()).toBe(403);
  await openAs(page, request, 'admin', '/statistics/dashboard');
  await expect(page.getByTestId('tab-freeSql')).toBeEnabled();
  await page.getByTestId('tab-freeSql').click();
  await expect(page).toHaveURL(/\/statistics\/freeSql$/);
  await expect(page.locator('h1')).toHaveCount(1);
});
