import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, openAs } from './helpers';

interface Row {
  bskId: number;
  bskbelegnr: string;
  statusErpruefung: number;
}

/** The German labels of the contract's workflow table (ERV-004…009) as the screen shows them. */
const LABEL: Record<number, string> = {
  0: 'Verfahren eröffnet',
  10: 'Formelle Prüfung eröffnet',
  19: 'Formelle Prüfung erteilt',
  20: 'Sachliche Prüfung eröffnet',
  29: 'Sachliche Prüfung erteilt',
  30: 'Unterprüfung eröffnet',
  39: 'Unterprüfung erteilt',
  40: 'Kontierungsprüfung eröffnet',
  49: 'Kontierungsprüfung erteilt',
  91: 'Abgeschlossen abgelehnt',
  99: 'Abgeschlossen freigegeben',
};
const SUB_ITEMS = [
  'nameAnschrift',
  'steuernummer',
  'ausstellungsdatum',
  'rechnungsnummer',
  'mengeArt',
  'leistungszeitpunkt',
  'aufschluesselung',
  'steuersatzBetrag',
];

async function axe(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200)}`);
  expect.soft(bad, name).toEqual([]);
}

/** A demo incoming invoice (numbers ER-2026-…, with a check document; the bulk rows beyond the demo set have none) in one of `statuses`. */
async function invoiceIn(request: Parameters<typeof apiLogin>[0], statuses: number[]): Promise<Row> {
  const token = await apiLogin(request, 'admin');
  const rows = (await getJson<{ result: Row[] }>(request, token, '/eingangsrechnungspruefung?limit=1000&filter=bskbelegnr~ER-2026-')).result;
  const row = rows.find((r) => statuses.includes(r.statusErpruefung));
  if (!row) throw new Error(`no incoming invoice in status ${statuses.join('/')} in the demo data`);
  return row;
}

const status = (page: Page) => page.getByTestId('erv-status');

async function share(page: Page, to: number) {
  await page.getByTestId('erv-share').click();
  await page.getByTestId('confirm-ok').click();
  await expect(status(page)).toHaveText(LABEL[to] as string);
}

test('an incoming invoice is verified through the checklist and shared through every stage; list and record pass axe', async ({ page, request }) => {
  test.setTimeout(90_000);
  const inv = await invoiceIn(request, [0]);
  await openAs(page, request, 'admin', '/incomingInvoiceVerification');
  await expect(page.locator('h1')).toHaveText('Eingangsrechnungsprüfung');
  await expect(page).toHaveTitle(/Eingangsrechnungsprüfung · vario/);
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  await axe(page, 'list');
  // the quick search finds it by its number
  await page.getByTestId('grid-search').fill(inv.bskbelegnr);
  await expect(page.getByRole('gridcell', { name: inv.bskbelegnr })).toBeVisible();

  await page.getByRole('gridcell', { name: inv.bskbelegnr }).click();
  await expect(page).toHaveURL(new RegExp(`/incomingInvoiceVerification/${inv.bskId}$`));
  await expect(page.locator('h1')).toHaveText(inv.bskbelegnr);
  await expect(status(page)).toHaveText(LABEL[0] as string);
  await axe(page, 'record');

  // the check document in the PDF preview
  await page.getByTestId('erv-pdf').click();
  await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  await page.keyboard.press('Escape');

  await share(page, 10);
  // the formal check needs the checklist: share is disabled until it is complete
  await expect(page.getByTestId('erv-share')).toBeDisabled();
  await page.getByTestId('erv-checklist').click();
  const dialog = page.getByTestId('checklist-dialog');
  await expect(dialog.getByTestId('checklist-ok')).toBeDisabled();
  await expect(dialog.getByTestId('checklist-message')).toHaveText('Nicht alle Pflichtwerte der Checkliste sind gefüllt');
  await axe(page, 'checklist dialog');
  const box = (p: string) => dialog.getByTestId(`check-${p}`);
  await box('sichtpruefung').check();
  // ticking the parent ticks all children (ERV-013)
  await box('ustKonform').check();
  for (const p of SUB_ITEMS) await expect(box(p)).toBeChecked();
  await expect(dialog.getByTestId('checklist-ok')).toBeEnabled();
  await expect(dialog.getByTestId('checklist-message')).toHaveCount(0);
  // unticking a child unticks the parent (ERV-014); ticking it again ticks the parent (ERV-015)
  await box('leistungszeitpunkt').uncheck();
  await expect(box('ustKonform')).not.toBeChecked();
  await expect(dialog.getByTestId('checklist-ok')).toBeDisabled();
  await box('leistungszeitpunkt').check();
  await expect(box('ustKonform')).toBeChecked();
  await dialog.getByTestId('checklist-ok').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('erv-checklist-state')).toContainText('Checkliste vollständig');

  for (const to of [19, 20, 29, 30, 39, 40, 49, 99]) await share(page, to);
  await expect(page.getByTestId('erv-share')).toHaveCount(0);
  await expect(page.getByTestId('erv-reject')).toHaveCount(0);
  await expect(page.getByTestId('erv-history')).toContainText('Checkliste gespeichert');
  await expect(page.getByTestId('erv-history').getByText('Freigegeben', { exact: true })).toHaveCount(9);
});

test('[ERV-018] an incoming invoice is rejected: the reject button stays disabled while the remark is empty', async ({ page, request }) => {
  const inv = await invoiceIn(request, [20, 30, 40, 10]);
  await openAs(page, request, 'admin', `/incomingInvoiceVerification/${inv.bskId}`);
  await expect(status(page)).toHaveText(LABEL[inv.statusErpruefung] as string);
  await page.getByTestId('erv-reject').click();
  const save = page.getByTestId('form-dialog-save');
  await expect(save).toHaveText('Ablehnen');
  await expect(save).toBeDisabled();
  await page.getByTestId('reject-remark').fill('   ');
  await expect(save).toBeDisabled();
  await axe(page, 'reject dialog');
  await page.getByTestId('reject-remark').fill('Menge passt nicht zum Lieferschein');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(status(page)).toHaveText(LABEL[91] as string);
  await expect(page.getByTestId('field-ablehnungsgrund')).toHaveValue('Menge passt nicht zum Lieferschein');
  await expect(page.getByTestId('erv-history')).toContainText('Abgelehnt');
});

test('an incoming invoice is passed on to a user of the filtered list; the status stays', async ({ page, request }) => {
  const inv = await invoiceIn(request, [19, 29, 39, 49, 0]);
  await openAs(page, request, 'admin', `/incomingInvoiceVerification/${inv.bskId}`);
  await page.getByTestId('erv-pass-on').click();
  const save = page.getByTestId('form-dialog-save');
  await expect(save).toBeDisabled();
  await page.getByTestId('pass-on-user').click();
  const option = page.getByRole('option').filter({ hasText: 'Büro' }).first();
  const name = (await option.textContent()) ?? '';
  await option.click();
  await axe(page, 'pass-on dialog');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('erv-at-user')).toContainText(name.split(' – ')[1] ?? '');
  await expect(status(page)).toHaveText(LABEL[inv.statusErpruefung] as string);
  await expect(page.getByTestId('erv-history')).toContainText('Weitergeleitet an');
});
