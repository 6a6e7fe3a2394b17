import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const techniker = await t.login('techniker');
const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/vario-api${url}` });
const db = t.handle.db;
const lager = await db.selectFrom('lager').selectAll().orderBy('id').execute();
const mitPlaetzen = lager.find((l) => l.hatLagerplaetze)!;
const ohnePlaetze = lager.find((l) => !l.hatLagerplaetze)!;
const platz = (await db.selectFrom('lagerplaetze').select('id').where('lagerId', '=', mitPlaetzen.id).orderBy('id').executeTakeFirstOrThrow()).id;

async function neuerArtikel(data: Record<string, unknown> = {}) {
  const res = await t.call(admin, {
    method: 'POST',
    url: '/vario-api/stammdaten/artikel',
    payload: { data: { artikelnummer: `T-${Math.random().toString(36).slice(2, 10)}`, artikelart: '1', bezeichnung: 'Testpumpe', vknetto: 100, ...data } },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().result as { id: number; artikelnummer: string } & Record<string, unknown>;
}
const buchen = (token: string, data: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/vario-api/lager/buchungen', payload: { data } });

describe('products', () => {
  it('[ART-002] [ART-003] the list answers the index columns; gross and available are computed', async () => {
    const res = (await get(buero, '/stammdaten/artikel?limit=5&returnTotal=true')).json();
    expect(res.result).toHaveLength(5);
    expect(Object.keys(res.result[0]).sort()).toEqual(
      ['artikelart', 'artikelnummer', 'bestand', 'bezeichnung', 'ean', 'gesperrt', 'id', 'naechsteLieferung', 'verfuegbar', 'vkbrutto', 'vknetto'].sort(),
    );
    const a = await neuerArtikel({ vknetto: 100, mwstsatz: 19 });
    const one = (await get(buero, `/stammdaten/artikel/${a.id}`)).json().result;
    expect(one).toMatchObject({ vknetto: 100, vkbrutto: 119, mwstsatz: 19, typ: 'WITH_STOCK', bestand: 0, verfuegbar: 0 });
  });

  it('[ART-011] [ART-012] the type follows the article kind', async () => {
    expect((await neuerArtikel({ artikelart: '3' })).typ).toBe('SERVICE_ARTICLE');
    expect((await neuerArtikel({ artikelart: 'V' })).typ).toBe('WITHOUT_STOCK');
    expectError(
      await t.call(admin, {
        method: 'POST',
        url: '/vario-api/stammdaten/artikel',
        payload: { data: { artikelnummer: 'X1', artikelart: '9', bezeichnung: 'x' } },
      }),
      400,
    );
  });

  it('search by number, name fragment and EAN; filter and sort by money in euro', async () => {
    const a = await neuerArtikel({ bezeichnung: 'Quirlpumpe Spezial', ean: '4012345678901', hersteller: 'Zanderwerk' });
    for (const term of ['quirl', 'zanderw', a.artikelnummer, '4012345678901']) {
      expect(
        (await get(buero, `/stammdaten/artikel?search=${encodeURIComponent(term)}`)).json().result.map((r: { id: number }) => r.id),
        term,
      ).toContain(a.id);
    }
    expect((await get(buero, '/stammdaten/artikel?filter=ean=4012345678901')).json().result.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const cheap = (await get(buero, '/stammdaten/artikel?filter=vknetto<5&limit=500')).json().result;
    expect(cheap.every((r: { vknetto: number }) => r.vknetto < 5)).toBe(true);
    const gross = (await get(buero, '/stammdaten/artikel?filter=vkbrutto>=1000&orderBy=-vkbrutto&limit=20')).json().result;
    expect(gross.every((r: { vkbrutto: number }) => r.vkbrutto >= 1000)).toBe(true);
    const sorted = gross.map((r: { vkbrutto: number }) => r.vkbrutto);
    expect(sorted).toEqual([...sorted].sort((x: number, y: number) => y - x));
  });

  it('create, change and delete under ART_AENDERN / ART_LOESCHEN', async () => {
    expectError(await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/artikel/${(await neuerArtikel()).id}` }), 403);
    const id = (await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'techniker').executeTakeFirstOrThrow()).id;
    await db
      .insertInto('rechte')
      .values({ benutzerId: id, recht: 'ART_AENDERN', genehmigt: false })
      .onConflict((oc) => oc.columns(['benutzerId', 'recht']).doUpdateSet({ genehmigt: false }))
      .execute();
    expectError(
      await t.call(techniker, {
        method: 'POST',
        url: '/vario-api/stammdaten/artikel',
        payload: { data: { artikelnummer: 'Y', artikelart: '1', bezeichnung: 'y' } },
      }),
      403,
    );
    const a = await neuerArtikel();
    expect(
      (
        await t.call(buero, { method: 'PATCH', url: `/vario-api/stammdaten/artikel/${a.id}`, payload: { data: { bezeichnung: 'Neu', vknetto: 12.3456 } } })
      ).json().result,
    ).toMatchObject({ bezeichnung: 'Neu', vknetto: 12.3456 });
    expect((await t.call(admin, { method: 'DELETE', url: `/vario-api/stammdaten/artikel/${a.id}` })).statusCode).toBe(204);
    expectError(await get(admin, `/stammdaten/artikel/${a.id}`), 404);
  });

  it('a duplicate article number is a 409; a bad EAN a 400', async () => {
    const a = await neuerArtikel();
    expectError(
      await t.call(admin, {
        method: 'POST',
        url: '/vario-api/stammdaten/artikel',
        payload: { data: { artikelnummer: a.artikelnummer, artikelart: '1', bezeichnung: 'x' } },
      }),
      409,
    );
    expect(
      Object.keys(
        expectError(await t.call(admin, { method: 'PATCH', url: `/vario-api/stammdaten/artikel/${a.id}`, payload: { data: { ean: '12ab' } } }), 400).errors
          .fieldErrors,
      ),
    ).toEqual(['ean']);
  });

  it('[ART-005] custom fields are replaced and read in order', async () => {
    const a = await neuerArtikel();
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/vario-api/stammdaten/artikel/${a.id}/freieFelder`,
      payload: {
        data: [
          { bezeichnung: 'Farbe', wert: 'Rot' },
          { bezeichnung: 'Material', wert: null },
        ],
      },
    });
    expect(put.json().result.map((f: { bezeichnung: string; wert: string | null }) => [f.bezeichnung, f.wert])).toEqual([
      ['Farbe', 'Rot'],
      ['Material', null],
    ]);
    expect((await get(buero, `/stammdaten/artikel/${a.id}/freieFelder`)).json().result).toHaveLength(2);
  });

  it('[ART-013] [ART-014] [ART-015] [ART-016] price scales per price group with gross and markup; AP3 has three tiers', async () => {
    const a = await neuerArtikel({ staffel: '2', mwstsatz: 19 });
    const put = await t.call(admin, {
      method: 'PUT',
      url: `/vario-api/stammdaten/artikel/${a.id}/AP3`,
      payload: {
        data: [
          { preisgruppe: 1, menge1: 1, vk1: 10, aufschlag1: 25, menge2: 10, vk2: 9, menge3: 50, vk3: 8 },
          { preisgruppe: 2, menge1: 1, vk1: 9.5 },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const rows = (await get(buero, `/stammdaten/artikel/${a.id}/AP3`)).json().result;
    expect(rows[0]).toMatchObject({
      preisgruppe: 1,
      bezeichnung: 'Standardpreis',
      menge1: 1,
      vk1: 10,
      vk1Brutto: 11.9,
      aufschlag1: 25,
      vk3: 8,
      vk3Brutto: 9.52,
    });
    expect(rows[1]).toMatchObject({ preisgruppe: 2, bezeichnung: 'Preisgruppe 2', vk1: 9.5 });
    expect(rows[0].vk4).toBeUndefined();
    expect((await get(buero, `/stammdaten/artikel/${a.id}/AP5`)).json().result).toEqual([]);
    expectError(await t.call(admin, { method: 'PUT', url: `/vario-api/stammdaten/artikel/${a.id}/AP3`, payload: { data: [{ preisgruppe: 18 }] } }), 400);
    expectError(
      await t.call(admin, { method: 'PUT', url: `/vario-api/stammdaten/artikel/${a.id}/AP3`, payload: { data: [{ preisgruppe: 1, preis: 3 }] } }),
      400,
    );
    expectError(await get(buero, `/stammdaten/artikel/${a.id}/AP4`), 400);
  });
});

describe('stock and its movement journal', () => {
  it('the storage places of a warehouse are listed by location; a warehouse without places has none, an unknown one is a 404', async () => {
    const res = await get(buero, `/stammdaten/lager/${mitPlaetzen.id}/lagerplaetze`);
    expect(res.statusCode).toBe(200);
    const places = res.json().result as { id: number; lagerId: number; location: string }[];
    const stored = await db.selectFrom('lagerplaetze').select(['id', 'location']).where('lagerId', '=', mitPlaetzen.id).execute();
    expect(places.map((p) => p.id).sort((a, b) => a - b)).toEqual(stored.map((p) => p.id).sort((a, b) => a - b));
    expect(places.every((p) => p.lagerId === mitPlaetzen.id)).toBe(true);
    expect(places.map((p) => p.location)).toEqual([...places.map((p) => p.location)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await get(buero, `/stammdaten/lager/${ohnePlaetze.id}/lagerplaetze`)).json().result).toEqual([]);
    expectError(await get(buero, '/stammdaten/lager/999999/lagerplaetze'), 404);
  });

  it('a booking on a warehouse with places needs a place, on one without must not have one', async () => {
    const a = await neuerArtikel();
    expect(
      Object.keys(expectError(await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: mitPlaetzen.id, menge: 5 }), 400).errors.fieldErrors),
    ).toEqual(['lagerplatzId']);
    expect(
      Object.keys(
        expectError(await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, lagerplatzId: platz, menge: 5 }), 400).errors.fieldErrors,
      ),
    ).toEqual(['lagerplatzId']);
  });

  it('[ART-008] [ART-021] [LAG-004] [LAG-007] arrivals, issues and transfers add up per warehouse, place and article — and equal their movements', async () => {
    const a = await neuerArtikel();
    expect((await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: mitPlaetzen.id, lagerplatzId: platz, menge: 12 })).statusCode).toBe(201);
    await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 3.5 });
    await buchen(admin, { art: 'ABGANG', artikelId: a.id, lagerId: mitPlaetzen.id, lagerplatzId: platz, menge: 2 });
    const moved = await buchen(admin, {
      art: 'UMBUCHUNG',
      artikelId: a.id,
      lagerId: mitPlaetzen.id,
      lagerplatzId: platz,
      nachLagerId: ohnePlaetze.id,
      menge: 4,
    });
    expect(moved.json().result.map((m: { menge: number }) => m.menge)).toEqual([-4, 4]);
    const perLager = (await get(buero, `/stammdaten/artikel/${a.id}/bestaende`)).json().result;
    expect(perLager.map((b: { lagerId: number; bestand: number }) => [b.lagerId, b.bestand])).toEqual(
      [
        [mitPlaetzen.id, 6],
        [ohnePlaetze.id, 7.5],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect(perLager[0]).toEqual(
      expect.objectContaining({
        artikelId: a.id,
        lagerkreisId: expect.any(Number),
        kurzbezeichnung: expect.any(String),
        reserviert: 0,
        bestellt: 0,
        blockiert: 0,
        inUmlagerung: 0,
        inKommissionierung: 0,
        inProduktion: 0,
      }),
    );
    const places = (await get(buero, `/lager/lagerplatz-bestaende?artikelId=${a.id}&lagerId=${mitPlaetzen.id}`)).json().result;
    expect(places).toEqual([expect.objectContaining({ lagerplatzId: platz, bestand: 6, location: expect.any(String) })]);
    expect((await get(buero, `/stammdaten/artikel/${a.id}`)).json().result).toMatchObject({ bestand: 13.5, verfuegbar: 13.5 });
    const inWarehouse = (await get(buero, `/stammdaten/lager/${ohnePlaetze.id}/bestaende?filter=artikelId=${a.id}&returnTotal=true`)).json();
    const byAvailable = (await get(buero, `/stammdaten/lager/${ohnePlaetze.id}/bestaende?orderBy=-verfuegbar&filter=verfuegbar>=7.5&limit=500`)).json().result;
    expect(byAvailable.map((r: { artikelId: number }) => r.artikelId)).toContain(a.id);
    expect(byAvailable.every((r: { verfuegbar: number }) => r.verfuegbar >= 7.5)).toBe(true);
    expect(inWarehouse.result).toEqual([expect.objectContaining({ artikelNummer: a.artikelnummer, bestand: 7.5 })]);
    const journal = (await get(buero, `/lager/bewegungen?filter=artikelId=${a.id},feld=bestand&limit=100`)).json().result;
    expect(journal.reduce((s: number, m: { menge: number }) => s + m.menge, 0)).toBe(13.5);
  });

  it('an issue beyond the stock is refused (422) and writes nothing', async () => {
    const a = await neuerArtikel();
    await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 2 });
    expectError(await buchen(admin, { art: 'ABGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 3 }), 422);
    expect((await get(buero, `/stammdaten/artikel/${a.id}`)).json().result.bestand).toBe(2);
    expect((await get(buero, `/lager/bewegungen?filter=artikelId=${a.id}`)).json().result).toHaveLength(1);
  });

  it('an inventory count books the difference', async () => {
    const a = await neuerArtikel();
    await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 10 });
    const inv = await buchen(admin, { art: 'INVENTUR', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 7 });
    expect(inv.json().result.map((m: { menge: number; art: string }) => [m.menge, m.art])).toEqual([[-3, 'INVENTUR']]);
    expect((await get(buero, `/stammdaten/artikel/${a.id}`)).json().result.bestand).toBe(7);
  });

  it('only stocked articles carry stock; an article with movements cannot be deleted', async () => {
    const s = await neuerArtikel({ artikelart: '3' });
    expectError(await buchen(admin, { art: 'ZUGANG', artikelId: s.id, lagerId: ohnePlaetze.id, menge: 1 }), 422);
    const a = await neuerArtikel();
    await buchen(admin, { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 1 });
    expectError(await t.call(admin, { method: 'DELETE', url: `/vario-api/stammdaten/artikel/${a.id}` }), 409);
  });

  it('every seeded stock figure equals the sum of its movements', async () => {
    const bestaende = await db.selectFrom('bestaende').selectAll().execute();
    const sums = await db
      .selectFrom('lagerbewegungen')
      .select(['artikelId', 'lagerId', 'feld', (eb) => eb.fn.sum<number>('menge').as('s')])
      .groupBy(['artikelId', 'lagerId', 'feld'])
      .execute();
    const key = (a: number, l: number, f: string) => `${a}/${l}/${f}`;
    const m = new Map(sums.map((s) => [key(s.artikelId, s.lagerId, s.feld), Number(s.s)]));
    expect(bestaende.length).toBeGreaterThan(0);
    for (const b of bestaende)
      for (const f of ['bestand', 'reserviert', 'bestellt', 'blockiert'] as const)
        expect(Number(b[f]), key(b.artikelId, b.lagerId, f)).toBe(m.get(key(b.artikelId, b.lagerId, f)) ?? 0);
    const totals = await db.selectFrom('artikel').select(['id', 'bestand']).where('artikelart', '=', '1').execute();
    const perArticle = new Map<number, number>();
    for (const b of bestaende) perArticle.set(b.artikelId, (perArticle.get(b.artikelId) ?? 0) + Number(b.bestand));
    for (const a of totals) expect(Number(a.bestand)).toBe(perArticle.get(a.id) ?? 0);
  });

  it('[LAG-011] [LAG-012] the technician reads the stock of their good-parts store', async () => {
    const me = (await get(techniker, '/webapp/me')).json().result;
    const rows = (await get(techniker, `/stammdaten/lager/${me.techniker.gutteileLagerId}/bestaende?returnTotal=true`)).json();
    expect(rows.resultCount).toBeGreaterThan(0);
    expect(rows.result[0]).toEqual(
      expect.objectContaining({
        artikelNummer: expect.any(String),
        bezeichnung: expect.any(String),
        bestand: expect.any(Number),
        reserviert: expect.any(Number),
        bestellt: expect.any(Number),
        blockiert: expect.any(Number),
      }),
    );
  });

  it('[RIGHT-017] without LAG_SEHEN warehouse stock is refused', async () => {
    const id = (await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirstOrThrow()).id;
    await db.updateTable('rechte').set({ genehmigt: false }).where('benutzerId', '=', id).where('recht', '=', 'LAG_SEHEN').execute();
    expectError(await get(buero, `/stammdaten/lager/${ohnePlaetze.id}/bestaende`), 403);
    await db.updateTable('rechte').set({ genehmigt: true }).where('benutzerId', '=', id).where('recht', '=', 'LAG_SEHEN').execute();
  });
});
