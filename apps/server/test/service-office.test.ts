import { endpoints, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { heute } from '../src/modules/service/service.zeit';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

/** Issue 20 item 7: the office's field-service corrections (week, material from stores with places, costs, alteration comment). */
const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const db = t.handle.db;
const tag = (offset: number) => new Date(Date.parse(`${heute()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function lagerMitPlaetzen() {
  const lagerId = await s.lager('PLZ');
  await db.updateTable('lager').set({ hatLagerplaetze: true }).where('id', '=', lagerId).execute();
  const platz = async (location: string) => (await db.insertInto('lagerplaetze').values({ lagerId, location }).returning('id').executeTakeFirstOrThrow()).id;
  return { lagerId, a: await platz('A-01'), b: await platz('B-02') };
}
const platzBestand = async (artikelId: number, lagerplatzId: number) => {
  const r = await db
    .selectFrom('lagerplatzBestaende')
    .select(['bestand', 'reserviert'])
    .where('artikelId', '=', artikelId)
    .where('lagerplatzId', '=', lagerplatzId)
    .executeTakeFirst();
  return { bestand: Number(r?.bestand ?? 0) / 1000, reserviert: Number(r?.reserviert ?? 0) / 1000 };
};

describe('the technician’s week', () => {
  it('a cancelled task leaves the week (technician and office), a live one stays', async () => {
    const tech = await s.techniker();
    const bleibt = await s.auftrag(tech.technikerId);
    const storniert = await s.auftrag(tech.technikerId);
    expectOk(
      await c.call(endpoints.serviceAuftragUpdate, { as: s.office, params: { id: storniert.auftrag.id }, body: { data: { auftragsstatus: ST.storniert } } }),
    );
    const woche = { von: tag(-1), bis: tag(1) };
    const ids = (r: { result: { planungen: { id: number }[] } }) => r.result.planungen.map((p) => p.id);
    const eigene = expectOk(await c.call(endpoints.serviceKalender, { as: tech.as, query: woche }));
    expect(ids(eigene)).toContain(bleibt.planung.id);
    expect(ids(eigene)).not.toContain(storniert.planung.id);
    const buero = expectOk(await c.call(endpoints.serviceKalender, { as: s.office, query: { ...woche, technikerId: tech.technikerId } }));
    expect(ids(buero)).toEqual([bleibt.planung.id]);
  });
});

describe('office: material from a store with storage places', () => {
  it('the place is required, must belong to the store; reservation and transfer book on it', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const quelle = await lagerMitPlaetzen();
    const fremd = await lagerMitPlaetzen();
    const artikel = await s.f.artikel();
    await s.f.buchung({ artikelId: artikel.id, lagerId: quelle.lagerId, lagerplatzId: quelle.a, menge: 5 });
    const anlegen = (data: Record<string, unknown>) =>
      c.call(endpoints.serviceMaterialCreate, {
        as: s.office,
        params: { id: auftrag.id },
        body: { data: { artikelId: artikel.id, menge: 3, quelleLagerId: quelle.lagerId, umlagerungTyp: 2, ...data } },
      });
    const vorher = await db
      .selectFrom('serviceMaterial')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(expectError(await anlegen({}), 400).errors.fieldErrors.quelleLagerplatzId).toEqual(['Das Lager führt Lagerplätze: bitte einen Lagerplatz wählen']);
    expect(expectError(await anlegen({ quelleLagerplatzId: fremd.a }), 400).errors.fieldErrors.quelleLagerplatzId![0]).toContain('Unbekannter Lagerplatz');
    // a store without places takes none
    expect(expectError(await anlegen({ quelleLagerplatzId: quelle.a, empfangLagerplatzId: quelle.b }), 400).errors.fieldErrors.empfangLagerplatzId).toEqual([
      'Das Lager führt keine Lagerplätze',
    ]);
    const nachher = await db
      .selectFrom('serviceMaterial')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(nachher.n)).toBe(Number(vorher.n));
    expect(await platzBestand(artikel.id, quelle.a)).toEqual({ bestand: 5, reserviert: 0 });

    const m = expectOk(await anlegen({ quelleLagerplatzId: quelle.a })).result;
    expect(m).toMatchObject({
      quelleLagerId: quelle.lagerId,
      quelleLagerplatzId: quelle.a,
      empfangLagerId: tech.gut,
      empfangLagerplatzId: null,
      mengeReserviert: 3,
    });
    expect(await platzBestand(artikel.id, quelle.a)).toEqual({ bestand: 5, reserviert: 3 });

    const u = expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge: 2 } } })).result;
    expect(u).toMatchObject({ mengeUmgelagert: 2, mengeReserviert: 1 });
    expect(await platzBestand(artikel.id, quelle.a)).toEqual({ bestand: 3, reserviert: 1 });
    expect(await s.bestand(artikel.id, tech.gut)).toBe(2);
  });

  it('into a receiving store with places: the transfer puts the material on the chosen place', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const ziel = await lagerMitPlaetzen();
    const artikel = await s.f.artikel();
    const zentral = await s.lager('ZEN');
    await s.f.buchung({ artikelId: artikel.id, lagerId: zentral, menge: 4 });
    const body = { artikelId: artikel.id, menge: 4, quelleLagerId: zentral, empfangLagerId: ziel.lagerId };
    expect(
      expectError(await c.call(endpoints.serviceMaterialCreate, { as: s.office, params: { id: auftrag.id }, body: { data: body } }), 400).errors.fieldErrors
        .empfangLagerplatzId,
    ).toEqual(['Das Lager führt Lagerplätze: bitte einen Lagerplatz wählen']);
    const m = expectOk(
      await c.call(endpoints.serviceMaterialCreate, { as: s.office, params: { id: auftrag.id }, body: { data: { ...body, empfangLagerplatzId: ziel.b } } }),
    ).result;
    expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge: 4 } } }));
    expect(await platzBestand(artikel.id, ziel.b)).toEqual({ bestand: 4, reserviert: 0 });
    expect(await s.bestand(artikel.id, zentral)).toBe(0);
  });
});

describe('additional work', () => {
  it('[SVC-043] costs: missing, 0 or less, more than whole cents (1.234) refused with a field error, nothing stored', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    const mk = (data: Record<string, unknown>) =>
      c.call(endpoints.serviceMehraufwandCreate, { as: tech.as, params, body: { data: { mehraufwandArtId: 3, ...data } } });
    expect(expectError(await mk({}), 400).errors.fieldErrors.kosten).toEqual(['Bitte einen Wert eingeben']);
    expect(expectError(await mk({ kosten: 0 }), 400).errors.fieldErrors.kosten).toEqual(['zu klein']);
    expect(expectError(await mk({ kosten: -1.5 }), 400).errors.fieldErrors.kosten).toEqual(['zu klein']);
    expect(expectError(await mk({ kosten: 1.234 }), 400).errors.fieldErrors.kosten![0]).toContain('ganzen Preis');
    expect(expectOk(await c.call(endpoints.serviceMehraufwaende, { as: tech.as, params })).result).toEqual([]);
    expect(expectOk(await mk({ kosten: 1.23 })).result.kosten).toBe(1.23);
  });

  it('[SVC-040] changing recorded work needs the alteration comment (trimmed non-empty), kept in the journey log', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    const w = expectOk(await c.call(endpoints.serviceMehraufwandCreate, { as: tech.as, params, body: { data: { mehraufwandArtId: 3, kosten: 7.5 } } })).result;
    const aendern = (extra: Record<string, unknown>) =>
      c.call(endpoints.serviceMehraufwandUpdate, {
        as: tech.as,
        params: { id: auftrag.id, subId: w.id },
        body: { data: { mehraufwandArtId: 3, kosten: 9, ...extra } },
      });
    for (const extra of [{}, { aenderungskommentar: '   ' }, { aenderungskommentar: null }]) {
      const e = expectError(await aendern(extra), 400);
      expect(e.errors.fieldErrors.aenderungskommentar).toEqual(['Es muss eine Bemerkung eingegeben werden!']);
    }
    // [SVC-065] nothing changed
    expect(expectOk(await c.call(endpoints.serviceMehraufwaende, { as: tech.as, params })).result[0]).toMatchObject({ id: w.id, kosten: 7.5 });
    expect(expectOk(await aendern({ aenderungskommentar: '  Quittung nachgereicht ' })).result).toMatchObject({ kosten: 9 });
    const log = await db
      .selectFrom('serviceSchritte')
      .select(['art', 'text'])
      .where('serviceAuftragId', '=', auftrag.id)
      .where('art', '=', 'mehraufwandAendern')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.text).toContain('Quittung nachgereicht');
  });
});
