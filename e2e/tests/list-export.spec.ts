import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, entries, gridCell, gridRow, openAs } from './helpers';

const API = '/vario-api';
const BOM = '\uFEFF';

/** Clicks "Exportieren" and answers the downloaded file's name and text (BOM kept) split into lines of cells. */
async function exportFile(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportieren' }).click()]);
  const bytes = readFileSync((await download.path()) as string);
  const text = bytes.toString('utf8');
  const lines = text
    .slice(text.startsWith(BOM) ? 1 : 0)
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(';'));
  return { name: download.suggestedFilename(), bytes, lines };
}

async function adresse(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post(`${API}/stammdaten/adressen`, { headers: bearer(token), data: { data, ProtokollBemerkung: 'e2e export' } });
  expect(res.status()).toBe(201);
  return (await res.json()).result as { id: number; adressnummer: number; name1: string };
}

test('addresses: "Exportieren" downloads the filtered list as CSV for Excel with the columns shown', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const p = `Exporttest${Date.now().toString(36)}`;
  const kunde = await adresse(request, token, { name1: `${p} Kunde`, ort: 'Köln', istKunde: true });
  await adresse(request, token, { name1: `${p} Lieferant`, ort: 'Bonn', istKunde: false, istLieferant: true });

  await openAs(page, request, 'admin', '/addresses');
  await page.getByTestId('grid-search').fill(p);
  await expect(page.getByTestId('grid-total')).toHaveText(entries(2));
  await page.getByTestId('address-relation').getByText('Kunden', { exact: true }).click();
  await expect(page.getByTestId('grid-total')).toHaveText(entries(1));

  const file = await exportFile(page);
  expect(file.name).toMatch(/^Adressen_\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...rows] = file.lines;
  // the visible columns' labels in the screen's order; the hidden "Name 3" is not in it
  expect(head?.slice(0, 3)).toEqual(['Adressnr.', 'Kundennr.', 'Lieferantennr.']);
  expect(head).toContain('Ort');
  expect(head).not.toContain('Name 3');
  expect(rows).toHaveLength(1);
  const row = rows[0] as string[];
  expect(row[0]).toBe(String(kunde.adressnummer));
  expect(row[head?.indexOf('Ort') as number]).toBe('Köln');
});

test("open items: the export of an address's items writes German amounts and dates", async ({ page, request }) => {
  const token = await apiLogin(request, 'buero');
  const kunde = await adresse(request, token, { name1: `OP-Export ${Date.now().toString(36)}`, istKunde: true });
  const artikel = (await getJson<{ result: { id: number }[] }>(request, token, '/stammdaten/artikel?limit=1&filter=artikelart=3,gesperrt=false')).result[0];
  if (!artikel) throw new Error('no seeded service article');
  const created = await request.post(`${API}/verkauf/belege`, {
    headers: bearer(token),
    data: { data: { belegart: '0400', adresseId: kunde.id, belegdatum: '2026-02-03' } },
  });
  expect(created.status()).toBe(201);
  const beleg = (await created.json()).result as { id: number; belegnummer: string };
  const pos = await request.post(`${API}/verkauf/belege/${beleg.id}/positionen`, {
    headers: bearer(token),
    data: { data: { artikelId: artikel.id, menge: 1, einzelpreis: 1234.56, mwstSatz: 0 } },
  });
  expect(pos.status()).toBe(201);
  expect((await request.post(`${API}/verkauf/belege/${beleg.id}/buchen`, { headers: bearer(token), data: {} })).status()).toBe(200);

  await openAs(page, request, 'buero', `/openItems?adresseId=${kunde.id}`);
  await expect(page.getByTestId('grid-total')).toHaveText(entries(1));
  const file = await exportFile(page);
  expect(file.name).toMatch(/^Offene_Posten_\d{4}-\d{2}-\d{2}\.csv$/);
  const [head, ...rows] = file.lines;
  expect(head).toEqual(expect.arrayContaining(['Rechnungsnr.', 'Kunde', 'Re.-Datum', 'Re.-Betrag', 'Offen']));
  expect(head).not.toContain('Kundennr.');
  expect(rows).toHaveLength(1);
  const cell = (label: string) => (rows[0] as string[])[head?.indexOf(label) as number];
  expect(cell('Rechnungsnr.')).toBe(beleg.belegnummer);
  expect(cell('Kunde')).toBe(kunde.name1);
  expect(cell('Re.-Datum')).toBe('03.02.2026');
  expect(cell('Re.-Betrag')).toBe('1.234,56');
  expect(cell('Offen')).toBe('1.234,56');
});

test('sales documents: the type and status columns export the labels the list shows, not their codes', async ({ page, request }) => {
  const token = await apiLogin(request, 'admin');
  const kunde = await adresse(request, token, { name1: `Status-Export ${Date.now().toString(36)}`, istKunde: true });
  const created = await request.post(`${API}/verkauf/belege`, { headers: bearer(token), data: { data: { belegart: '0100', adresseId: kunde.id } } });
  expect(created.status()).toBe(201);
  const angebot = (await created.json()).result as { belegnummer: string };
  await openAs(page, request, 'admin', `/saleDocument?q=${encodeURIComponent(angebot.belegnummer)}`);
  await expect(page.getByTestId('grid-total')).toHaveText(entries(1));
  const row = gridRow(page, 0);
  await expect(gridCell(row, 'belegstatus')).toHaveText('Gespeichert');
  await expect(gridCell(row, 'belegart')).toHaveText('Angebot');
  const file = await exportFile(page);
  const [head, ...rows] = file.lines;
  expect(rows).toHaveLength(1);
  const cell = (label: string) => (rows[0] as string[])[head?.indexOf(label) as number];
  expect(cell('Belegnummer')).toBe(angebot.belegnummer);
  expect(cell('Status')).toBe('Gespeichert');
  expect(cell('Belegart')).toBe('Angebot');
});

test.describe('on the phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the technician's task list exports its cards as CSV, the status as its badge reads", async ({ page, request }) => {
    const token = await apiLogin(request, 'techniker');
    const tasks = await getJson<{ result: { auftragsnummer: string | null; auftragsstatus: string | null }[] }>(
      request,
      token,
      '/service/planung?filter=serviceAuftragId!null,angenommenDatum!null&orderBy=beginnDatum&limit=500',
    );
    expect(tasks.result.length).toBeGreaterThan(0);
    await openAs(page, request, 'techniker', '/tasks');
    const first = page.getByTestId('task-card').first();
    await expect(first).toBeVisible();
    const badge = ((await first.getByTestId('task-status').textContent()) ?? '').trim();
    expect(badge).toMatch(/^\d+ · \S/);
    const file = await exportFile(page);
    expect(file.name).toMatch(/^Serviceplanung_\d{4}-\d{2}-\d{2}\.csv$/);
    const [head, ...rows] = file.lines;
    expect(head?.slice(0, 2)).toEqual(['Auftrag', 'Status']);
    expect(rows.map((r) => r[0])).toEqual(tasks.result.map((t) => t.auftragsnummer ?? ''));
    expect(rows[0]?.[1]).toBe(badge);
    for (const r of rows) expect(r[1]).toMatch(/^\d+ · \S/);
  });
});
