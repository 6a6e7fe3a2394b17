import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { EINHEITEN, ERSATZTEIL_GRUPPEN, GERAETE_GRUPPEN, KATALOG, WARENGRUPPEN } from '../src/seed/katalog';
import { ORTE, ORTE_DE } from '../src/seed/orte';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

/**
 * The demo data fits the trade the product is for (issue 20 item 17): a heating and plumbing installer's articles with
 * units, prices and purchase prices, real towns with their postcodes, customer prices of real articles, service
 * material and customer devices from the set. Read through the API, as a user of the demo sees it.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);

// every article's record (the list leaves out unit and group)
const artikel = await Promise.all(
  expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { limit: 10_000, orderBy: 'id' } })).result.map(
    async (a) => expectOk(await c.call(endpoints.artikelGet, { as: 'admin', params: { id: a.id } })).result,
  ),
);
const nachNummer = new Map(artikel.map((a) => [a.artikelnummer, a]));
// the seeded addresses (before a test adds its own customer)
const adressen = expectOk(await c.call(endpoints.adressenList, { as: 'admin', query: { limit: 10_000, orderBy: 'id' } })).result;
const gruppen = expectOk(await c.call(endpoints.warengruppen, { as: 'admin' })).result;
const gruppeVon = new Map(gruppen.map((g) => [g.id, g.bezeichnung]));
const ortKey = (lkz: string | null, plz: string | null, ort: string | null) => `${lkz}|${plz}|${ort}`;
const echteOrte = new Set(ORTE.map((o) => ortKey(o.lkz, o.plz, o.ort)));

describe('demo data of a heating and plumbing installer', () => {
  it('the product groups and articles are the trade set: boilers, heat pumps, storage tanks, pumps, valves, pipes, radiators, thermostats, hours and flat rates', async () => {
    expect(gruppen.map((g) => g.bezeichnung).sort()).toEqual([...WARENGRUPPEN].sort());
    // every article of the set is there, as the set describes it
    for (const k of KATALOG) {
      const a = nachNummer.get(k.artikelnummer);
      expect(a, k.artikelnummer).toBeDefined();
      expect(a?.bezeichnung).toBe(k.bezeichnung);
      expect(a?.mengeneinheit).toBe(k.einheit);
      expect(a?.artikelart).toBe(k.artikelart);
      expect(gruppeVon.get(a?.warengruppeId ?? 0)).toBe(k.warengruppe);
    }
    // every group holds articles; every article has a unit of the set and a price
    for (const g of WARENGRUPPEN)
      expect(
        artikel.some((a) => gruppeVon.get(a.warengruppeId ?? 0) === g),
        g,
      ).toBe(true);
    for (const a of artikel) {
      expect(EINHEITEN as readonly string[], a.artikelnummer).toContain(a.mengeneinheit);
      expect(a.vknetto, a.artikelnummer).toBeGreaterThan(0);
    }
    // what the trade sells, by name and unit
    const mit = (name: RegExp, einheit: string, artikelart = '1') =>
      artikel.filter((a) => name.test(a.bezeichnung) && a.mengeneinheit === einheit && a.artikelart === artikelart).length;
    expect(mit(/^Gas-Brennwert/, 'Stk')).toBeGreaterThan(0);
    expect(mit(/Wärmepumpe/, 'Stk')).toBeGreaterThan(0);
    expect(mit(/^Pufferspeicher/, 'Stk')).toBeGreaterThan(0);
    expect(mit(/Umwälzpumpe|Zirkulationspumpe/, 'Stk')).toBeGreaterThan(0);
    expect(mit(/ventil|hahn/i, 'Stk')).toBeGreaterThan(0);
    expect(mit(/rohr \d/i, 'm')).toBeGreaterThan(0);
    expect(mit(/^Pressfitting/, 'Stk')).toBeGreaterThan(0);
    expect(mit(/heizkörper/i, 'Stk')).toBeGreaterThan(0);
    expect(mit(/^Thermostatkopf|thermostat/i, 'Stk')).toBeGreaterThan(0);
    expect(mit(/stunde/, 'Std', '3')).toBeGreaterThan(0);
    expect(mit(/^Anfahrtspauschale/, 'Pauschale', '3')).toBeGreaterThan(0);
    // the services are hours or flat rates, goods are pieces or metres
    for (const a of artikel) expect(a.artikelart === '3' ? ['Std', 'Pauschale'] : ['Stk', 'm'], a.artikelnummer).toContain(a.mengeneinheit);
  });

  it('every article sells above its purchase price: an offer with a line of each shows the purchase price below the price and a gross profit', async () => {
    const offen = artikel.filter((a) => !a.gesperrt);
    expect(offen.length).toBeGreaterThan(KATALOG.length / 2);
    const angebot = await f.beleg();
    for (const a of offen) await f.position(angebot.id, { artikelId: a.id, menge: 1 });
    const positionen = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: angebot.id }, query: { limit: 10_000 } })).result;
    expect(positionen).toHaveLength(offen.length);
    for (const p of positionen) {
      expect(p.ek, p.artikelnummer ?? '').toBeGreaterThan(0);
      expect(p.ek as number, p.artikelnummer ?? '').toBeLessThan(p.einzelpreis as number);
    }
    const kopf = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: angebot.id } })).result;
    expect(kopf.rohertrag).toBeGreaterThan(0);
  });

  it('every address lies in a real town: its postcode belongs to the town, its phone has the town’s dialling code', async () => {
    expect(adressen.length).toBeGreaterThan(20);
    const vorwahl = new Map(ORTE.map((o) => [`${o.lkz}|${o.ort}`, o.vorwahl]));
    for (const a of adressen) {
      const voll = expectOk(await c.call(endpoints.adresseGet, { as: 'admin', params: { id: a.id } })).result;
      // an incomplete address lacks its postcode, never its town
      if (voll.plz !== null) expect(echteOrte.has(ortKey(voll.lkz, voll.plz, voll.ort)), `${voll.lkz} ${voll.plz} ${voll.ort}`).toBe(true);
      else
        expect(
          ORTE.some((o) => o.ort === voll.ort && o.lkz === voll.lkz),
          `${voll.lkz} ${voll.ort}`,
        ).toBe(true);
      expect(voll.telefon?.startsWith(`${vorwahl.get(`${voll.lkz}|${voll.ort}`)} `), `${voll.telefon} in ${voll.ort}`).toBe(true);
      for (const z of expectOk(await c.call(endpoints.zusatzadressenList, { as: 'admin', params: { id: a.id } })).result)
        expect(
          ORTE_DE.some((o) => o.plz === z.plz && o.ort === z.ort && z.lkz === 'DE'),
          `${z.plz} ${z.ort}`,
        ).toBe(true);
    }
    // spread over many towns, not one
    expect(new Set(adressen.map((a) => a.ort)).size).toBeGreaterThan(10);
  });

  it('customer prices name their real article: its number and its name', async () => {
    let preise = 0;
    for (const k of adressen.filter((a) => a.istKunde)) {
      for (const p of expectOk(await c.call(endpoints.preiseList, { as: 'admin', params: { id: k.id } })).result) {
        preise++;
        const a = nachNummer.get(p.artikelnummer);
        expect(a, p.artikelnummer).toBeDefined();
        expect(p.artikelbezeichnung).toBe(a?.bezeichnung);
      }
    }
    expect(preise).toBeGreaterThan(5);
  });

  it('service orders carry spare parts of the set, and the customers’ devices are boilers, heat pumps and storage tanks of it', async () => {
    const auftraege = expectOk(await c.call(endpoints.serviceAuftraegeList, { as: 'admin', query: { limit: 10_000 } })).result;
    let zeilen = 0;
    for (const a of auftraege) {
      for (const m of expectOk(await c.call(endpoints.serviceMaterialList, { as: 'admin', params: { id: a.id } })).result) {
        zeilen++;
        const k = KATALOG.find((x) => x.artikelnummer === m.artikelnummer);
        expect(k, m.artikelnummer).toBeDefined();
        expect(ERSATZTEIL_GRUPPEN).toContain(k?.warengruppe);
        expect(m.artikelbezeichnung).toBe(k?.bezeichnung);
        expect(m.mengeneinheit).toBe(k?.einheit);
      }
    }
    expect(zeilen).toBeGreaterThan(10);
    const geraete = new Set(KATALOG.filter((k) => GERAETE_GRUPPEN.includes(k.warengruppe)).map((k) => k.bezeichnung));
    const assets = expectOk(await c.call(endpoints.assetsList, { as: 'admin', query: { limit: 10_000 } })).result;
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(geraete.has(a.bezeichnung), a.bezeichnung).toBe(true);
  });
});
