import { type APIRequestContext, expect, test } from '@playwright/test';
import { getJson } from '../fixtures/api';
import { apiLogin, bearer, openAs } from './helpers';

/**
 * The warehouse of a position (issue 19 item 12) and the article picker's stock per warehouse (issue 20 item 3): a
 * delivery note picks an article whose stock sits in two warehouses, sees the stock per warehouse and the shortage of
 * the one it first chooses, ships from the other and books from there.
 */

const API = '/vario-api';

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`${API}${path}`, {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: { data, ProtokollBemerkung: 'E2E Positionslager' },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { result: T }).result;
}

interface Lager {
  id: number;
  kurzbezeichnung: string;
  hatLagerplaetze: boolean;
}
interface Bestand {
  lagerId: number;
  bestand: number;
}

test('a delivery note: the picker shows price and stock per warehouse, the line ships from the warehouse set on it and booking takes it from there', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, 'admin');
  const lager = (await getJson<{ result: { lager: Lager[] } }>(request, token, '/webapp/basisdaten')).result.lager;
  const hl = lager.find((l) => l.kurzbezeichnung === 'HL') as Lager;
  const vl = lager.find((l) => l.kurzbezeichnung === 'VL') as Lager;
  expect(hl?.hatLagerplaetze && vl && !vl.hatLagerplaetze, 'the demo has HL (with places) and VL').toBeTruthy();
  const [platz] = (await getJson<{ result: { id: number }[] }>(request, token, `/stammdaten/lager/${hl.id}/lagerplaetze`)).result;

  // a stock article with 2 pieces in HL (the admin's default warehouse) and 6 in VL
  const stamp = Date.now();
  const artikel = await post<{ id: number; artikelnummer: string; bezeichnung: string }>(request, token, '/stammdaten/artikel', {
    artikelnummer: `E2E-LAG-${stamp}`,
    artikelart: '1',
    bezeichnung: `Lagerpumpe ${stamp}`,
    vknetto: 50,
    mengeneinheit: 'Stk',
  });
  await post(request, token, '/lager/buchungen', { art: 'ZUGANG', artikelId: artikel.id, lagerId: hl.id, lagerplatzId: platz?.id, menge: 2 });
  await post(request, token, '/lager/buchungen', { art: 'ZUGANG', artikelId: artikel.id, lagerId: vl.id, menge: 6 });
  const kunde = await post<{ id: number }>(request, token, '/stammdaten/adressen', { name1: `E2E Lager ${stamp}`, istKunde: true });
  const ls = await post<{ id: number }>(request, token, '/verkauf/belege', { belegart: '0300', adresseId: kunde.id });

  await openAs(page, request, 'admin', `/saleDocument/${ls.id}/positions`);
  await page.getByTestId('positions-add').click();
  await page.getByTestId('position-article').fill(artikel.artikelnummer);
  // the hit: price per unit and the available quantity per warehouse, the most first
  const hit = page.getByTestId('article-choice').filter({ hasText: artikel.artikelnummer });
  await expect(hit.getByTestId('article-choice-price')).toHaveText('50,00 € / Stk');
  await expect(hit.getByTestId('article-choice-warehouse')).toHaveText(['VL: 6 Stk', 'HL: 2 Stk']);
  await page.getByRole('option', { name: new RegExp(artikel.artikelnummer) }).click();
  await page.getByTestId('position-qty').fill('4');

  // HL has too little: said while entering the line; VL has enough
  await page.getByTestId('position-warehouse').click();
  await page.getByRole('option', { name: /^HL – .*\(2 verfügbar\)$/ }).click();
  await expect(page.getByTestId('position-shortage')).toHaveText('Im Lager HL sind nur 2 verfügbar');
  await page.getByTestId('position-warehouse').click();
  await page.getByRole('option', { name: /^VL – .*\(6 verfügbar\)$/ }).click();
  await expect(page.getByTestId('position-shortage')).toHaveCount(0);
  await page.getByTestId('positions-save').click();
  await expect(page.getByTestId('line-row')).toHaveCount(1);
  await expect(page.getByTestId('position-warehouse-name')).toHaveText('VL');

  // booking takes the 4 pieces from VL; HL keeps its 2
  await page.getByTestId('record-action-book').click();
  await page.getByTestId('transition-confirm').click();
  await expect(page.getByTestId('transition-done')).toContainText('wurde erfolgreich gebucht', { timeout: 15_000 });
  await page.getByTestId('transition-ok').click();
  await expect(page.getByTestId('badge-status')).toHaveText(/Gebucht/i);
  const stock = (await getJson<{ result: Bestand[] }>(request, token, `/stammdaten/artikel/${artikel.id}/bestaende`)).result;
  expect(Object.fromEntries(stock.map((s) => [s.lagerId, s.bestand]))).toEqual({ [hl.id]: 2, [vl.id]: 2 });
});
