import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, type BodyOf, expectOk, invalid, type QueryOf } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const lager = await db.selectFrom('lager').selectAll().orderBy('id').execute();
const mitPlaetzen = lager.find((l) => l.hatLagerplaetze)!;
const ohnePlaetze = lager.find((l) => !l.hatLagerplaetze)!;
const platz = (await db.selectFrom('lagerplaetze').select('id').where('lagerId', '=', mitPlaetzen.id).orderBy('id').executeTakeFirstOrThrow()).id;
const buchen = (as: string, data: BodyOf<typeof endpoints.buchung>['data']) => c.call(endpoints.buchung, { as, body: { data } });
const artikel = async (id: number) => expectOk(await c.call(endpoints.artikelGet, { as: 'buero', params: { id } })).result;
const artikelListe = async (query: QueryOf<typeof endpoints.artikelList>) => expectOk(await c.call(endpoints.artikelList, { as: 'buero', query })).result;
const bewegungen = async (filter: string, limit?: number) => expectOk(await c.call(endpoints.bewegungen, { as: 'buero', query: { filter, limit } })).result;

describe('products', () => {
  it('[ART-002] [ART-003] the list answers the index columns; gross and available are computed', async () => {
    const res = expectOk(await c.call(endpoints.artikelList, { as: 'buero', query: { limit: 5, returnTotal: true } }));
    expect(res.result).toHaveLength(5);
    expect(Object.keys(res.result[0]!).sort()).toEqual(
      ['artikelart', 'artikelnummer', 'bestand', 'bezeichnung', 'ean', 'gesperrt', 'id', 'naechsteLieferung', 'verfuegbar', 'vkbrutto', 'vknetto'].sort(),
    );
    const a = await f.artikel({ vknetto: 100, mwstsatz: 19 });
    expect(await artikel(a.id)).toMatchObject({ vknetto: 100, vkbrutto: 119, mwstsatz: 19, typ: 'WITH_STOCK', bestand: 0, verfuegbar: 0 });
  });

  it('[ART-011] [ART-012] every article kind is accepted and its type follows it', async () => {
    const typen = {
      '1': 'WITH_STOCK',
      '2': 'WITHOUT_STOCK',
      '3': 'SERVICE_ARTICLE',
      '4': 'WITHOUT_STOCK',
      '5': 'WITHOUT_STOCK',
      '6': 'WITHOUT_STOCK',
      V: 'WITHOUT_STOCK',
      P: 'WITHOUT_STOCK',
    } as const;
    for (const [artikelart, typ] of Object.entries(typen) as [keyof typeof typen, string][]) {
      const a = await f.artikel({ artikelart });
      expect(a.artikelart, artikelart).toBe(artikelart);
      expect(a.typ, artikelart).toBe(typ);
    }
    const data = { artikelnummer: 'X1', artikelart: '9', bezeichnung: 'x' };
    expectError(await c.call(endpoints.artikelCreate, { as: 'admin', body: invalid({ data }) }), 400);
  });

  it('search by number, name fragment and EAN; filter and sort by money in euro', async () => {
    const a = await f.artikel({ bezeichnung: 'Quirlpumpe Spezial', ean: '4012345678901', hersteller: 'Zanderwerk' });
    for (const term of ['quirl', 'zanderw', a.artikelnummer, '4012345678901']) {
      expect(
        (await artikelListe({ search: term })).map((r) => r.id),
        term,
      ).toContain(a.id);
    }
    expect((await artikelListe({ filter: 'ean=4012345678901' })).map((r) => r.id)).toEqual([a.id]);
    const cheap = await artikelListe({ filter: 'vknetto<5', limit: 500 });
    expect(cheap.every((r) => r.vknetto < 5)).toBe(true);
    const gross = await artikelListe({ filter: 'vkbrutto>=1000', orderBy: '-vkbrutto', limit: 20 });
    expect(gross.every((r) => r.vkbrutto >= 1000)).toBe(true);
    const sorted = gross.map((r) => r.vkbrutto);
    expect(sorted).toEqual([...sorted].sort((x, y) => y - x));
  });

  it('create, change and delete under ART_AENDERN / ART_LOESCHEN', async () => {
    expectError(await c.call(endpoints.artikelDelete, { as: 'buero', params: { id: (await f.artikel()).id } }), 403);
    const ohneAendern = await f.benutzer({ typ: 2, rechte: { ART_AENDERN: false } });
    const data = { artikelnummer: 'Y', artikelart: '1' as const, bezeichnung: 'y' };
    expectError(await c.call(endpoints.artikelCreate, { as: ohneAendern.anmeldename, body: { data } }), 403);
    const a = await f.artikel();
    const changed = await c.call(endpoints.artikelUpdate, { as: 'buero', params: { id: a.id }, body: { data: { bezeichnung: 'Neu', vknetto: 12.3456 } } });
    expect(expectOk(changed).result).toMatchObject({ bezeichnung: 'Neu', vknetto: 12.3456 });
    expect((await c.call(endpoints.artikelDelete, { as: 'admin', params: { id: a.id } })).status).toBe(204);
    expectError(await c.call(endpoints.artikelGet, { as: 'admin', params: { id: a.id } }), 404);
  });

  it('a duplicate article number is a 409 naming the field and the value; a bad EAN a 400', async () => {
    const a = await f.artikel();
    const dup = expectError(
      await c.call(endpoints.artikelCreate, { as: 'admin', body: { data: { artikelnummer: a.artikelnummer, artikelart: '1', bezeichnung: 'x' } } }),
      409,
    );
    expect(dup.errors.fieldErrors).toEqual({ artikelnummer: [`Der Wert „${a.artikelnummer}" ist bereits vergeben`] });
    expect(dup.errors.services[0]?.message).toContain(a.artikelnummer);
    const bad = await c.call(endpoints.artikelUpdate, { as: 'admin', params: { id: a.id }, body: { data: { ean: '12ab' } } });
    expect(Object.keys(expectError(bad, 400).errors.fieldErrors)).toEqual(['ean']);
  });

  it('[ART-005] custom fields are replaced and read in order', async () => {
    const a = await f.artikel();
    const data = [
      { bezeichnung: 'Farbe', wert: 'Rot' },
      { bezeichnung: 'Material', wert: null },
    ];
    const put = expectOk(await c.call(endpoints.freieFelderSet, { as: 'admin', params: { id: a.id }, body: { data } })).result;
    expect(put.map((field) => [field.bezeichnung, field.wert])).toEqual([
      ['Farbe', 'Rot'],
      ['Material', null],
    ]);
    const read = expectOk(await c.call(endpoints.freieFelder, { as: 'buero', params: { id: a.id } })).result;
    expect(read.map((field) => [field.bezeichnung, field.wert])).toEqual([
      ['Farbe', 'Rot'],
      ['Material', null],
    ]);
    // replaced, not added to
    expectOk(await c.call(endpoints.freieFelderSet, { as: 'admin', params: { id: a.id }, body: { data: [{ bezeichnung: 'Größe', wert: 'XL' }] } }));
    const again = expectOk(await c.call(endpoints.freieFelder, { as: 'buero', params: { id: a.id } })).result;
    expect(again.map((field) => [field.bezeichnung, field.wert])).toEqual([['Größe', 'XL']]);
  });

  it('[ART-013] [ART-014] [ART-015] [ART-016] price scales per price group with gross and markup; AP3 has three tiers', async () => {
    const a = await f.artikel({ staffel: '2', mwstsatz: 19 });
    const ap3 = { id: a.id, ap: 'AP3' as const };
    const put = await c.call(endpoints.preisstaffelSet, {
      as: 'admin',
      params: ap3,
      body: {
        data: [
          { preisgruppe: 1, menge1: 1, vk1: 10, aufschlag1: 25, menge2: 10, vk2: 9, menge3: 50, vk3: 8 },
          { preisgruppe: 2, menge1: 1, vk1: 9.5 },
        ],
      },
    });
    expect(put.status).toBe(200);
    const rows = expectOk(await c.call(endpoints.preisstaffel, { as: 'buero', params: ap3 })).result;
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
    expect(rows[0]).not.toHaveProperty('vk4');
    expect(expectOk(await c.call(endpoints.preisstaffel, { as: 'buero', params: { id: a.id, ap: 'AP5' } })).result).toEqual([]);
    // the group names come from the price groups (GET /stammdaten/preisgruppen)
    const gruppen = expectOk(await c.call(endpoints.preisgruppen, { as: 'buero', query: { limit: 17 } })).result;
    expect(rows.map((r) => r.bezeichnung)).toEqual([1, 2].map((n) => gruppen.find((g) => g.nummer === n)?.bezeichnung));
    // staffel '5': five tiers under AP5
    const b = await f.artikel({ staffel: '5', mwstsatz: 19 });
    const ap5 = { id: b.id, ap: 'AP5' as const };
    const tiers = { preisgruppe: 1, menge1: 1, vk1: 10, menge2: 5, vk2: 9, menge3: 10, vk3: 8, menge4: 20, vk4: 7, menge5: 50, vk5: 6, aufschlag5: 12 };
    expect((await c.call(endpoints.preisstaffelSet, { as: 'admin', params: ap5, body: { data: [tiers] } })).status).toBe(200);
    const fuenf = expectOk(await c.call(endpoints.preisstaffel, { as: 'buero', params: ap5 })).result;
    expect(fuenf).toHaveLength(1);
    expect(fuenf[0]).toMatchObject({ ...tiers, vk5Brutto: 7.14 });
    expectError(await c.call(endpoints.preisstaffelSet, { as: 'admin', params: ap3, body: { data: [{ preisgruppe: 18 }] } }), 400);
    expectError(await c.call(endpoints.preisstaffelSet, { as: 'admin', params: ap3, body: invalid({ data: [{ preisgruppe: 1, preis: 3 }] }) }), 400);
    expectError(await c.call(endpoints.preisstaffel, { as: 'buero', params: invalid({ id: a.id, ap: 'AP4' }) }), 400);
  });
});

describe('stock and its movement journal', () => {
  it('the storage places of a warehouse are listed by location; a warehouse without places has none, an unknown one is a 404', async () => {
    const res = await c.call(endpoints.lagerplaetze, { as: 'buero', params: { id: mitPlaetzen.id } });
    expect(res.status).toBe(200);
    const places = expectOk(res).result;
    const stored = await db.selectFrom('lagerplaetze').select(['id', 'location']).where('lagerId', '=', mitPlaetzen.id).execute();
    expect(places.map((p) => p.id).sort((a, b) => a - b)).toEqual(stored.map((p) => p.id).sort((a, b) => a - b));
    expect(places.every((p) => p.lagerId === mitPlaetzen.id)).toBe(true);
    expect(places.map((p) => p.location)).toEqual([...places.map((p) => p.location)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(expectOk(await c.call(endpoints.lagerplaetze, { as: 'buero', params: { id: ohnePlaetze.id } })).result).toEqual([]);
    expectError(await c.call(endpoints.lagerplaetze, { as: 'buero', params: { id: 999999 } }), 404);
  });

  it('a booking on a warehouse with places needs a place, on one without must not have one', async () => {
    const a = await f.artikel();
    expect(
      Object.keys(expectError(await buchen('admin', { art: 'ZUGANG', artikelId: a.id, lagerId: mitPlaetzen.id, menge: 5 }), 400).errors.fieldErrors),
    ).toEqual(['lagerplatzId']);
    expect(
      Object.keys(
        expectError(await buchen('admin', { art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, lagerplatzId: platz, menge: 5 }), 400).errors.fieldErrors,
      ),
    ).toEqual(['lagerplatzId']);
  });

  it('[ART-008] [ART-021] [LAG-004] [LAG-007] arrivals, issues and transfers add up per warehouse, place and article — and equal their movements', async () => {
    const a = await f.artikel();
    expect((await buchen('admin', { art: 'ZUGANG', artikelId: a.id, lagerId: mitPlaetzen.id, lagerplatzId: platz, menge: 12 })).status).toBe(201);
    await f.buchung({ art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 3.5 });
    await f.buchung({ art: 'ABGANG', artikelId: a.id, lagerId: mitPlaetzen.id, lagerplatzId: platz, menge: 2 });
    const moved = await f.buchung({ art: 'UMBUCHUNG', artikelId: a.id, lagerId: mitPlaetzen.id, lagerplatzId: platz, nachLagerId: ohnePlaetze.id, menge: 4 });
    expect(moved.map((m) => m.menge)).toEqual([-4, 4]);
    const perLager = expectOk(await c.call(endpoints.artikelBestaende, { as: 'buero', params: { id: a.id } })).result;
    expect(perLager.map((b) => [b.lagerId, b.bestand])).toEqual(
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
    const places = expectOk(await c.call(endpoints.lagerplatzBestaende, { as: 'buero', query: { artikelId: a.id, lagerId: mitPlaetzen.id } })).result;
    expect(places).toEqual([expect.objectContaining({ lagerplatzId: platz, bestand: 6, location: expect.any(String) })]);
    // the warehouse row names the place holding the article and its box number; a warehouse without places has none
    const stored = await db.selectFrom('lagerplaetze').select(['location', 'kistennummer']).where('id', '=', platz).executeTakeFirstOrThrow();
    const byWarehouse = new Map(perLager.map((b) => [b.lagerId, b]));
    expect(byWarehouse.get(mitPlaetzen.id)).toMatchObject({ location: stored.location, kistennummer: stored.kistennummer, lager: mitPlaetzen.id });
    expect(byWarehouse.get(ohnePlaetze.id)).toMatchObject({ location: null, kistennummer: null });
    expect(await artikel(a.id)).toMatchObject({ bestand: 13.5, verfuegbar: 13.5 });
    const lagerBestaende = async (query: QueryOf<typeof endpoints.lagerBestaende>) =>
      expectOk(await c.call(endpoints.lagerBestaende, { as: 'buero', params: { id: ohnePlaetze.id }, query }));
    const inWarehouse = await lagerBestaende({ filter: `artikelId=${a.id}`, returnTotal: true });
    const byAvailable = (await lagerBestaende({ orderBy: '-verfuegbar', filter: 'verfuegbar>=7.5', limit: 500 })).result;
    expect(byAvailable.map((r) => r.artikelId)).toContain(a.id);
    expect(byAvailable.every((r) => r.verfuegbar >= 7.5)).toBe(true);
    expect(inWarehouse.result).toEqual([expect.objectContaining({ artikelNummer: a.artikelnummer, bestand: 7.5 })]);
    const journal = await bewegungen(`artikelId=${a.id},feld=bestand`, 100);
    expect(journal.reduce((s, m) => s + m.menge, 0)).toBe(13.5);
  });

  it('an issue beyond the stock is refused (422) in one sentence with the available quantity, and writes nothing', async () => {
    const a = await f.artikel();
    await f.buchung({ art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 2 });
    const short = expectError(await buchen('admin', { art: 'ABGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 3 }), 422);
    expect(short.errors.services).toEqual([{ message: 'Nicht genügend Bestand: verfügbar sind 2' }]);
    expect(short.errors.fieldErrors).toEqual({ menge: ['Nicht genügend Bestand: verfügbar sind 2'] });
    expect((await artikel(a.id)).bestand).toBe(2);
    expect(await bewegungen(`artikelId=${a.id}`)).toHaveLength(1);
  });

  it('an inventory count books the difference', async () => {
    const a = await f.artikel();
    await f.buchung({ art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 10 });
    const inv = expectOk(await buchen('admin', { art: 'INVENTUR', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 7 })).result;
    expect(inv.map((m) => [m.menge, m.art])).toEqual([[-3, 'INVENTUR']]);
    expect((await artikel(a.id)).bestand).toBe(7);
  });

  it('only stocked articles carry stock; an article with movements cannot be deleted', async () => {
    const s = await f.artikel({ artikelart: '3' });
    expectError(await buchen('admin', { art: 'ZUGANG', artikelId: s.id, lagerId: ohnePlaetze.id, menge: 1 }), 422);
    const a = await f.artikel();
    await f.buchung({ art: 'ZUGANG', artikelId: a.id, lagerId: ohnePlaetze.id, menge: 1 });
    expectError(await c.call(endpoints.artikelDelete, { as: 'admin', params: { id: a.id } }), 409);
  });

  it('every seeded stock figure equals the sum of its movements', async () => {
    const bestaende = await db.selectFrom('bestaende').selectAll().execute();
    const sums = await db
      .selectFrom('lagerbewegungen')
      .select(['artikelId', 'lagerId', 'feld', (eb) => eb.fn.sum<number>('menge').as('s')])
      .groupBy(['artikelId', 'lagerId', 'feld'])
      .execute();
    const key = (a: number, l: number, fld: string) => `${a}/${l}/${fld}`;
    const m = new Map(sums.map((s) => [key(s.artikelId, s.lagerId, s.feld), Number(s.s)]));
    expect(bestaende.length).toBeGreaterThan(0);
    for (const b of bestaende)
      for (const fld of ['bestand', 'reserviert', 'bestellt', 'blockiert'] as const)
        expect(Number(b[fld]), key(b.artikelId, b.lagerId, fld)).toBe(m.get(key(b.artikelId, b.lagerId, fld)) ?? 0);
    const totals = await db.selectFrom('artikel').select(['id', 'bestand']).where('artikelart', '=', '1').execute();
    const perArticle = new Map<number, number>();
    for (const b of bestaende) perArticle.set(b.artikelId, (perArticle.get(b.artikelId) ?? 0) + Number(b.bestand));
    for (const a of totals) expect(Number(a.bestand)).toBe(perArticle.get(a.id) ?? 0);
  });

  it('[LAG-011] [LAG-012] the technician has a good-parts, a DOA and a faulty-parts store and reads their stock', async () => {
    const me = expectOk(await c.call(endpoints.me, { as: 'techniker' })).result;
    const stores = [me.techniker?.gutteileLagerId, me.techniker?.doateileLagerId, me.techniker?.defektteileLagerId];
    expect(stores.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(stores).size).toBe(3);
    for (const id of stores) expect((await c.call(endpoints.lagerBestaende, { as: 'techniker', params: { id: id! } })).status).toBe(200);
    const rows = expectOk(
      await c.call(endpoints.lagerBestaende, { as: 'techniker', params: { id: me.techniker!.gutteileLagerId! }, query: { returnTotal: true } }),
    );
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
    const user = await f.benutzer({ rechte: { LAG_SEHEN: false } });
    expectError(await c.call(endpoints.lagerBestaende, { as: user.anmeldename, params: { id: ohnePlaetze.id } }), 403);
    expect((await c.call(endpoints.lagerBestaende, { as: 'buero', params: { id: ohnePlaetze.id } })).status).toBe(200);
  });
});
