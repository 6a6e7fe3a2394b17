import { chromium } from '@playwright/test';
import args from '../chromium-args.json' with { type: 'json' };

const base = 'http://127.0.0.1:43991';
const out = '/tmp/lager-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const res = await fetch(`${base}/vario-api/login`, { method: 'POST', headers: { Authorization: `Basic ${btoa('admin:admin')}` } });
const token = (await res.json()).result.token;
const H = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
const get = async (p) => (await (await fetch(`${base}/vario-api${p}`, { headers: H })).json()).result;
const post = async (p, data) => {
  const r = await fetch(`${base}/vario-api${p}`, { method: 'POST', headers: { ...H, 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify({ data, ProtokollBemerkung: 'Screens' }) });
  const j = await r.json();
  if (!r.ok) throw new Error(JSON.stringify(j));
  return j.result;
};
const lager = (await get('/webapp/basisdaten')).lager;
const hl = lager.find((l) => l.kurzbezeichnung === 'HL');
const vl = lager.find((l) => l.kurzbezeichnung === 'VL');
const [platz] = await get(`/stammdaten/lager/${hl.id}/lagerplaetze`);
const stamp = Date.now() % 100000;
const a1 = await post('/stammdaten/artikel', { artikelnummer: `SHOT-${stamp}-1`, artikelart: '1', bezeichnung: 'Umwälzpumpe Hocheffizienz 25-60', vknetto: 249.9, mengeneinheit: 'Stk' });
const a2 = await post('/stammdaten/artikel', { artikelnummer: `SHOT-${stamp}-2`, artikelart: '1', bezeichnung: 'Druckschalter 0-10 bar', vknetto: 38.5, mengeneinheit: 'Stk' });
const a3 = await post('/stammdaten/artikel', { artikelnummer: `SHOT-${stamp}-3`, artikelart: '3', bezeichnung: 'Montage je Stunde', vknetto: 78, mengeneinheit: 'Std' });
await post('/lager/buchungen', { art: 'ZUGANG', artikelId: a1.id, lagerId: hl.id, lagerplatzId: platz.id, menge: 2 });
await post('/lager/buchungen', { art: 'ZUGANG', artikelId: a1.id, lagerId: vl.id, menge: 6 });
const kunde = await post('/stammdaten/adressen', { name1: `Screens Lager ${stamp}`, istKunde: true });
await post(`/stammdaten/adressen/${kunde.id}/kundensonderpreise`, { artikelnummer: a1.artikelnummer, preisart: 0, sonderpreis: 229, rabatt1: 5, sonderpreisNutzen: true });
const ls = await post('/verkauf/belege', { belegart: '0300', adresseId: kunde.id });
const pos = (await post(`/verkauf/belege/${ls.id}/positionen`, { artikelId: a1.id, menge: 1 })).position;
console.log('doc', ls.id, 'pos', pos.id, pos.lagerNr);

for (const dark of [false, true]) {
  await fetch(`${base}/vario-api/webapp/parameter/darkmode`, { method: 'POST', headers: H, body: JSON.stringify({ data: { wert: String(dark) } }) });
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'de-DE', colorScheme: dark ? 'dark' : 'light' });
    const page = await ctx.newPage();
    await page.goto(`${base}/auth/login`);
    await page.evaluate(([t, d]) => {
      localStorage.setItem('vario.token', t);
      localStorage.setItem('vario.cookieBannerDismissed', '1');
      localStorage.setItem('mantine-color-scheme-value', d ? 'dark' : 'light');
    }, [token, dark]);
    const tag = `${w}-${dark ? 'dark' : 'light'}`;
    await page.goto(`${base}/saleDocument/${ls.id}/positions`);
    await page.waitForTimeout(2500);
    await page.getByTestId('positions-add').click();
    await page.getByTestId('position-article').fill(`SHOT-${stamp}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/picker-${tag}.png` });
    await page.getByRole('option', { name: new RegExp(`SHOT-${stamp}-1`) }).click();
    await page.getByTestId('position-qty').fill('4');
    await page.getByTestId('position-warehouse').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/warehouse-${tag}.png` });
    await page.getByRole('option', { name: /^HL – / }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/editor-${tag}.png` });
    await page.goto(`${base}/saleDocument/${ls.id}/positions/${pos.id}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/detail-${tag}.png`, fullPage: true });
    await ctx.close();
  }
}
await fetch(`${base}/vario-api/webapp/parameter/darkmode`, { method: 'POST', headers: H, body: JSON.stringify({ data: { wert: 'false' } }) });
await browser.close();
console.log('done');
