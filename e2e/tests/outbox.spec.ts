import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DATEV_EINSTELLUNGEN } from '../../apps/server/test/datev-fixture';
import { TestSmtp } from '../../apps/server/test/smtp';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, gridRows, openAs } from './helpers';

/**
 * Issue 24: an invoice sent by e-mail from its print preview to an SMTP server this test runs, and the DATEV export
 * screen under open items (export, log, download again).
 */
const API = '/vario-api';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
  expect((await request.post(`${API}/verkauf/belege/${beleg.id}/buchen`, { headers: bearer(token), data: {} })).status()).toBe(200);
  return beleg;
}

test('an invoice is sent by e-mail from the print preview: the SMTP server receives it with the PDF, the preview shows it sent', async ({ page, request }) => {
  const smtp = new TestSmtp();
  const empfangen = smtp.empfangen;
  await smtp.start();
  try {
    const port = smtp.port;
    const admin = await apiLogin(request, 'admin');
    const set = await request.put(`${API}/system/mail/smtp`, {
      headers: bearer(admin),
      data: { data: { host: '127.0.0.1', port, sicherheit: 'keine', benutzer: null, absender: 'rechnung@firma.example' } },
    });
    expect(set.status()).toBe(200);
    const buero = await apiLogin(request, 'buero');
    const beleg = await bookedInvoice(request, buero);

    await openAs(page, request, 'buero', `/saleDocument/${beleg.id}`);
    await page.getByTestId('record-action-print').click();
    await expect(page.getByTestId('pdf-preview-frame')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await page.getByTestId('pdf-send-mail').click();
    const dialog = page.getByRole('dialog', { name: `Rechnung ${beleg.belegnummer} per E-Mail senden` });
    await expect(dialog.getByTestId('field-betreff')).toHaveValue(`Rechnung ${beleg.belegnummer}`);
    await expect(dialog.getByTestId('field-text')).toHaveValue(/100|119/);
    await expect(dialog.getByTestId('mail-attachments')).toHaveText(`Anhang: ${beleg.belegnummer}.pdf`);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]:has([data-testid="field-an"])').withTags(TAGS).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // an invalid address is refused on its field, nothing is sent
    await dialog.getByTestId('field-an').fill('kein-empfaenger');
    await dialog.getByTestId('form-dialog-save').click();
    await expect(dialog.getByText('Keine gültige E-Mail-Adresse: kein-empfaenger')).toBeVisible();
    await dialog.getByTestId('field-an').fill('einkauf@kunde.example');
    await dialog.getByTestId('form-dialog-save').click();
    await expect(page.getByText('Die E-Mail ist im Postausgang und wird gesendet')).toBeVisible();

    await expect.poll(() => empfangen.length, { timeout: 20_000 }).toBe(1);
    expect(empfangen[0]?.an).toEqual(['einkauf@kunde.example']);
    expect(empfangen[0]?.raw).toContain(`Subject: Rechnung ${beleg.belegnummer}`);
    expect(empfangen[0]?.raw).toContain(`filename=${beleg.belegnummer}.pdf`);
    await expect(page.getByTestId('mail-state')).toHaveAttribute('data-state', 'gesendet', { timeout: 20_000 });
    await expect(page.getByTestId('mail-state')).toContainText('Gesendet');
  } finally {
    await smtp.stop();
  }
});

test('the DATEV export screen: a Buchungsstapel is exported and downloaded, the log lists it and downloads the same file again', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const settings = await request.put(`${API}/finanzen/datev/einstellungen`, {
    headers: bearer(admin),
    data: { data: DATEV_EINSTELLUNGEN },
  });
  expect(settings.status()).toBe(200);

  await openAs(page, request, 'admin', '/datev');
  await expect(page.getByRole('heading', { level: 1, name: 'DATEV-Export' })).toBeVisible();
  await page.getByTestId('datev-export-open').click();
  const dialog = page.getByRole('dialog', { name: 'Buchungsstapel exportieren' });
  await dialog.getByTestId('field-von').fill('01.10.2026');
  await dialog.getByTestId('field-bis').fill('31.10.2026');
  // the switch's input is visually hidden; a click during the dialog's opening transition can miss: retried until checked
  const testSwitch = dialog.getByTestId('field-test');
  await expect(async () => {
    await testSwitch.check({ force: true, timeout: 2000 });
    await expect(testSwitch).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('form-dialog-save').click()]);
  expect(download.suggestedFilename()).toBe('EXTF_Buchungsstapel_2026-10_TEST.csv');
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 60).toString('latin1')).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);

  const row = gridRows(page).filter({ hasText: 'EXTF_Buchungsstapel_2026-10_TEST.csv' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Test');
  const [again] = await Promise.all([page.waitForEvent('download'), row.getByTestId('datev-download').click()]);
  expect(again.suggestedFilename()).toBe('EXTF_Buchungsstapel_2026-10_TEST.csv');
  expect(readFileSync((await again.path()) as string).equals(bytes)).toBe(true);
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([]);
});
