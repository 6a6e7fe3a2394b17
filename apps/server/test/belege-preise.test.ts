import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { bestimmePreis, type PreisDaten } from '../src/modules/belege/belege.preise';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

/**
 * Price determination (issue 11 items 2 and 6): customer price with tiers, discounts and time ranges → price group
 * of the address → base price, each with its explanation. Units in the unit cases: prices 1/10,000 €, quantities
 * thousandths, percentages hundredths.
 */

const artikel = { id: 7, artikelnummer: 'P-1', vknetto: 100_000, ek: 40_000, staffel: null };
const kopf = {
  id: 11,
  adresseId: 1,
  artikelnummer: 'P-1',
  artikelbezeichnung: null,
  preisart: 0,
  sonderpreis: 85_000 as number | null,
  mwstSatz: 1900,
  rabatt1: null as number | null,
  rabatt2: null as number | null,
  abweichendeArtikelnummer: null,
  abweichendeArtikelbezeichnung: null,
  abweichenderArtikeltext: null,
  ean: null,
  abweichendeArtikelnummerNutzen: false,
  abweichendeTexteNutzen: false,
  abweichendeEanNutzen: false,
  sonderpreisNutzen: true,
};
type Kunde = NonNullable<PreisDaten['kundenpreis']>;
const daten = (kunde: Partial<Kunde> | null, extra: Partial<PreisDaten> = {}): PreisDaten => ({
  artikel,
  kundenpreis: kunde === null ? null : { ...kopf, staffeln: [], apz: [], ...kunde },
  preisgruppe: null,
  gruppenStaffeln: [],
  ...extra,
});
const P = (stufe: number, menge: number, vk: number | null, rabatt: number | null = null) => ({
  kundensonderpreisId: 11,
  art: 'P' as const,
  stufe,
  menge,
  vk,
  rabatt,
});
const R = (stufe: number, menge: number, rabatt: number) => ({ kundensonderpreisId: 11, art: 'R' as const, stufe, menge, vk: null, rabatt });
const A = (id: number, abMenge: number, sonderpreis: number, gueltigVon: string | null, gueltigBis: string | null) => ({
  id,
  kundensonderpreisId: 11,
  abMenge,
  sonderpreis,
  gueltigVon,
  gueltigBis,
});
const G = (stufe: number, menge: number | null, vk: number | null, aufschlag: number | null = null) => ({
  artikelId: 7,
  ap: 'AP3',
  preisgruppe: 3,
  stufe,
  menge,
  vk,
  aufschlag,
});
const TAG = '2026-03-01';

describe('price determination rules (hand-computed)', () => {
  it('without customer price or price group: the base price', () => {
    const r = bestimmePreis(daten(null), 1000, TAG);
    expect(r).toMatchObject({ einzelpreis: 100_000, rabatt1: 0, rabatt2: 0 });
    expect(r.herkunft).toMatchObject({ regel: 'GRUNDPREIS', quelle: 'artikel', quelleId: 7, grundpreis: 10, preis: 10, ergebnis: 10, rabattStufen: [] });
    expect(r.herkunft.text).toBe('Grundpreis des Artikels 10,00 €');
  });

  it('customer price (preisart 0) with both discounts: 8.50 less 10 % less 5 % = 7.2675', () => {
    const r = bestimmePreis(daten({ rabatt1: 1000, rabatt2: 500 }), 1000, TAG);
    expect(r).toMatchObject({ einzelpreis: 85_000, rabatt1: 1000, rabatt2: 500 });
    expect(r.herkunft).toMatchObject({ regel: 'KUNDENPREIS', quelle: 'kundensonderpreise', quelleId: 11, preis: 8.5, ergebnis: 7.2675 });
    expect(r.herkunft.rabattStufen).toEqual([
      { text: 'Rabatt 1 des Kundenpreises', prozent: 10 },
      { text: 'Rabatt 2 des Kundenpreises', prozent: 5 },
    ]);
    expect(r.herkunft.text).toBe('Kundenpreis 8,50 €, abzüglich Rabatt 1 des Kundenpreises 10 %, Rabatt 2 des Kundenpreises 5 % = 7,2675 €');
  });

  it('a customer price not to be used, or without a price, falls through to the next rule', () => {
    expect(bestimmePreis(daten({ sonderpreisNutzen: false }), 1000, TAG).herkunft.regel).toBe('GRUNDPREIS');
    expect(bestimmePreis(daten({ sonderpreis: null }), 1000, TAG).herkunft.regel).toBe('GRUNDPREIS');
    const gruppe = bestimmePreis(daten({ sonderpreis: null }, { preisgruppe: 3, gruppenStaffeln: [G(1, null, 95_000)] }), 1000, TAG);
    expect(gruppe.herkunft.regel).toBe('PREISGRUPPE');
  });

  it('quantity tiers (preisart 1): the largest tier at or below the quantity, inclusive; tier discount replaces rabatt1', () => {
    const staffeln = [P(2, 10_000, 80_000), P(3, 50_000, 70_000, 200), P(17, 1_000_000, 10_000)];
    const k = { preisart: 1, sonderpreis: 90_000, rabatt2: 100, staffeln };
    const at = (menge: number) => bestimmePreis(daten(k), menge, TAG);
    expect(at(5000)).toMatchObject({ einzelpreis: 90_000, rabatt1: 100, rabatt2: 0 });
    expect(at(5000).herkunft).toMatchObject({ regel: 'KUNDENPREIS_STAFFEL', staffel: 1, abMenge: null });
    expect(at(10_000)).toMatchObject({ einzelpreis: 80_000 });
    expect(at(10_000).herkunft).toMatchObject({ staffel: 2, abMenge: 10 });
    expect(at(49_999).herkunft.staffel).toBe(2);
    // 7.00 less 2 % (tier) less 1 % (rabatt2) = 6.7914
    const t3 = at(50_000);
    expect(t3).toMatchObject({ einzelpreis: 70_000, rabatt1: 200, rabatt2: 100 });
    expect(t3.herkunft).toMatchObject({ staffel: 3, abMenge: 50, ergebnis: 6.7914 });
    expect(t3.herkunft.text).toContain('Kundenpreis-Staffel 3 ab Menge 50');
    // the 16th tier (number 17)
    expect(at(1_000_000).herkunft).toMatchObject({ staffel: 17, preis: 1 });
    expect(at(2_000_000).herkunft.staffel).toBe(17);
  });

  it('quantity discounts (preisart 2) on the special price, or on the base price when there is none', () => {
    const staffeln = [R(2, 10_000, 500), R(3, 100_000, 1000)];
    const ohne = bestimmePreis(daten({ preisart: 2, sonderpreis: null, staffeln }), 100_000, TAG);
    expect(ohne).toMatchObject({ einzelpreis: 100_000, rabatt1: 1000 });
    expect(ohne.herkunft).toMatchObject({ regel: 'KUNDENPREIS_RABATTSTAFFEL', staffel: 3, ergebnis: 9 });
    expect(ohne.herkunft.text).toContain('Grundpreis 10,00 € mit Rabattstaffel 3');
    const mit = bestimmePreis(daten({ preisart: 2, sonderpreis: 80_000, staffeln }), 10_000, TAG);
    expect(mit.herkunft).toMatchObject({ staffel: 2, preis: 8, ergebnis: 7.6 });
    const unter = bestimmePreis(daten({ preisart: 2, sonderpreis: 80_000, staffeln }), 9999, TAG);
    expect(unter.herkunft).toMatchObject({ staffel: null, ergebnis: 8 });
  });

  it('time- and quantity-dependent prices (preisart 3): valid on the document date, largest abMenge wins', () => {
    const apz = [A(1, 0, 90_000, '2026-01-01', '2026-06-30'), A(2, 0, 85_000, '2026-07-01', null), A(3, 10_000, 80_000, '2026-01-01', '2026-12-31')];
    const k = { preisart: 3, sonderpreis: 95_000, apz };
    const at = (menge: number, tag: string) => bestimmePreis(daten(k), menge, tag);
    expect(at(1000, '2026-03-01').herkunft).toMatchObject({ regel: 'KUNDENPREIS_ZEITRAUM', quelle: 'kundensonderpreisApz', quelleId: 1, preis: 9 });
    expect(at(1000, '2026-06-30').herkunft.quelleId).toBe(1);
    expect(at(1000, '2026-07-01').herkunft).toMatchObject({ quelleId: 2, preis: 8.5, gueltigVon: '2026-07-01', gueltigBis: null });
    expect(at(10_000, '2026-03-01').herkunft).toMatchObject({ quelleId: 3, preis: 8, abMenge: 10 });
    expect(at(10_000, '2026-08-01').herkunft.quelleId).toBe(3);
    expect(at(10_000, '2027-01-05').herkunft).toMatchObject({ quelleId: 2, preis: 8.5 });
    // before every range: the special price itself
    const davor = at(1000, '2025-12-31');
    expect(davor.herkunft).toMatchObject({ regel: 'KUNDENPREIS', preis: 9.5 });
    expect(davor.herkunft.text).toContain('kein zeitabhängiger Preis gilt am 31.12.2025');
  });

  it('price group of the address: tiers by quantity, a surcharge on the purchase price; the customer price comes first', () => {
    const g = { preisgruppe: 3, gruppenStaffeln: [G(1, null, 95_000), G(2, 20_000, 90_000), G(3, 100_000, null, 5000)] };
    expect(bestimmePreis(daten(null, g), 1000, TAG).herkunft).toMatchObject({ regel: 'PREISGRUPPE', preisgruppe: 3, staffel: 1, preis: 9.5 });
    expect(bestimmePreis(daten(null, g), 20_000, TAG).herkunft).toMatchObject({ staffel: 2, abMenge: 20, preis: 9 });
    // purchase price 4.00 plus 50 % = 6.00
    const auf = bestimmePreis(daten(null, g), 100_000, TAG);
    expect(auf.herkunft).toMatchObject({ staffel: 3, preis: 6 });
    expect(auf.herkunft.text).toContain('Einkaufspreis 4,00 € plus 50 % Aufschlag = 6,00 €');
    // without a purchase price the surcharge tier yields nothing: the tier below applies
    expect(bestimmePreis(daten(null, { ...g, artikel: { ...artikel, ek: null } }), 100_000, TAG).herkunft).toMatchObject({
      regel: 'PREISGRUPPE',
      staffel: 2,
      preis: 9,
    });
    expect(bestimmePreis(daten(null, { preisgruppe: 3, gruppenStaffeln: [G(1, 5000, 95_000)] }), 1000, TAG).herkunft.regel).toBe('GRUNDPREIS');
    expect(bestimmePreis(daten({}, g), 1000, TAG).herkunft.regel).toBe('KUNDENPREIS');
  });
});

const t = await createTestApp();
const c = api(t);
const f = factories(c);

describe('price determination through the API', () => {
  const add = async (belegId: number, artikelId: number, menge: number) => (await f.position(belegId, { artikelId, menge })).position;

  it('a customer price with its discounts sets the position and explains it (quelleId = the price)', async () => {
    const adresse = await f.adresse();
    const art = await f.artikel({ vknetto: 10 });
    const preis = await f.preis(adresse.id, { artikelnummer: art.artikelnummer, sonderpreis: 8.5, rabatt1: 10 });
    const b = await f.beleg({ adresseId: adresse.id });
    const p = await add(b.id, art.id, 2);
    expect(p).toMatchObject({ einzelpreis: 8.5, rabatt1: 10, rabatt2: 0, endpreis: 7.65, gesamtpreis: 15.3 });
    expect(p.preisHerkunft).toMatchObject({ regel: 'KUNDENPREIS', quelle: 'kundensonderpreise', quelleId: preis.id, grundpreis: 10, ergebnis: 7.65 });
    // another customer of the same article gets the base price
    const other = await f.beleg();
    expect((await add(other.id, art.id, 2)).preisHerkunft?.regel).toBe('GRUNDPREIS');
  });

  it("the customer's own designation and text are used when the customer price says so", async () => {
    const adresse = await f.adresse();
    const art = await f.artikel({ bezeichnung: 'Kugelhahn DN25', artikeltext: 'Messing' });
    await f.preis(adresse.id, {
      artikelnummer: art.artikelnummer,
      sonderpreis: 9,
      abweichendeTexteNutzen: true,
      abweichendeArtikelbezeichnung: 'KH-25 (Ihre Nr. 4711)',
      abweichenderArtikeltext: 'Kundentext',
    });
    const p = await add((await f.beleg({ adresseId: adresse.id })).id, art.id, 1);
    expect(p).toMatchObject({ bezeichnung: 'KH-25 (Ihre Nr. 4711)', beschreibung: 'Kundentext', artikelnummer: art.artikelnummer, einzelpreis: 9 });
    const other = await add((await f.beleg()).id, art.id, 1);
    expect(other).toMatchObject({ bezeichnung: 'Kugelhahn DN25', beschreibung: 'Messing' });
  });

  it('quantity tiers: a new quantity determines the price again', async () => {
    const adresse = await f.adresse();
    const art = await f.artikel({ vknetto: 10 });
    const preis = await f.preis(adresse.id, { artikelnummer: art.artikelnummer, preisart: 1, sonderpreis: 9 });
    expectOk(
      await c.call(endpoints.preisUpdate, {
        as: 'admin',
        params: { id: adresse.id, priceId: preis.id },
        body: { data: { mengenabhaengigePreise: { menge2: 10, vk2: 8, menge3: 50, vk3: 7, rabatt3: 2 } } },
      }),
    );
    const b = await f.beleg({ adresseId: adresse.id });
    const p = await add(b.id, art.id, 5);
    expect(p.preisHerkunft).toMatchObject({ regel: 'KUNDENPREIS_STAFFEL', staffel: 1, preis: 9 });
    const r = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: p.id }, body: { data: { menge: 50 } } }),
    ).result;
    expect(r.position).toMatchObject({ einzelpreis: 7, rabatt1: 2, endpreis: 6.86, gesamtpreis: 343 });
    expect(r.position.preisHerkunft).toMatchObject({ staffel: 3, abMenge: 50 });
    expect(r.beleg.betragNetto).toBe(343);
  });

  it('time ranges are read on the document date', async () => {
    const adresse = await f.adresse();
    const art = await f.artikel({ vknetto: 10 });
    const preis = await f.preis(adresse.id, { artikelnummer: art.artikelnummer, preisart: 3, sonderpreis: 9.5 });
    for (const data of [
      { abMenge: 0, sonderpreis: 9, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30' },
      { abMenge: 0, sonderpreis: 8.5, gueltigVon: '2026-07-01', gueltigBis: null },
      { abMenge: 10, sonderpreis: 8, gueltigVon: '2026-01-01', gueltigBis: '2026-12-31' },
    ]) {
      expectOk(await c.call(endpoints.apzCreate, { as: 'admin', params: { id: adresse.id, priceId: preis.id }, body: { data } }));
    }
    const amTag = async (belegdatum: string, menge: number) => add((await f.beleg({ adresseId: adresse.id, belegdatum })).id, art.id, menge);
    expect((await amTag('2026-03-01', 1)).einzelpreis).toBe(9);
    expect((await amTag('2026-08-01', 1)).einzelpreis).toBe(8.5);
    expect((await amTag('2026-08-01', 10)).einzelpreis).toBe(8);
    expect((await amTag('2027-02-01', 10)).einzelpreis).toBe(8.5);
    const davor = await amTag('2025-12-01', 1);
    expect(davor.einzelpreis).toBe(9.5);
    expect(davor.preisHerkunft?.regel).toBe('KUNDENPREIS');
  });

  it("the address's price group applies its graduated article prices", async () => {
    const adresse = await f.adresse({ preisgruppe: 3 });
    expect(adresse.preisgruppe).toBe(3);
    const art = await f.artikel({ vknetto: 10 });
    expectOk(
      await c.call(endpoints.preisstaffelSet, {
        as: 'admin',
        params: { id: art.id, ap: 'AP3' },
        body: { data: [{ preisgruppe: 3, vk1: 9.5, menge2: 20, vk2: 9 }] },
      }),
    );
    const b = await f.beleg({ adresseId: adresse.id });
    const p1 = await add(b.id, art.id, 1);
    expect(p1.preisHerkunft).toMatchObject({ regel: 'PREISGRUPPE', preisgruppe: 3, staffel: 1, preis: 9.5 });
    const p20 = await add(b.id, art.id, 20);
    expect(p20).toMatchObject({ einzelpreis: 9, gesamtpreis: 180 });
    expect(p20.preisHerkunft?.text).toBe('Preisgruppe 3, Staffel 2 ab Menge 20: 9,00 €');
  });
});
