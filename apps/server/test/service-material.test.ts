import { endpoints, MATERIALSTATUS as MS } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const db = t.handle.db;

async function vorOrtMitMaterial(menge: number, umgelagert = menge, extraGut = 0) {
  const tech = await s.techniker();
  const job = await s.auftrag(tech.technikerId);
  const mat = await s.material(job.auftrag.id, menge, umgelagert, extraGut, tech.gut);
  return { tech, ...job, ...mat, as: tech.as };
}
const buchen = (
  as: string,
  auftragId: number,
  materialId: number,
  data: { art: 'eingebaut' | 'doa' | 'gutteilretoure' | 'defektVerkauft' | 'defektEingelagert'; menge: number; seriennr?: string },
) => c.call(endpoints.serviceMaterialBuchen, { as, params: { id: auftragId, subId: materialId }, headers: { 'idempotency-key': s.key() }, body: { data } });

describe('service material', () => {
  it('[SVC-012] [SVC-013] transfer lines with every quantity; office transfer moves stock into the good-parts store', async () => {
    const tech = await s.techniker();
    const { auftrag, adresse } = await s.auftrag(tech.technikerId);
    const { m, artikel, zentral } = await s.material(auftrag.id, 4, 0);
    expect(m).toMatchObject({ menge: 4, mengeReserviert: 4, mengeUmgelagert: 0, materialstatus: MS.reserviert, empfangLagerId: tech.gut, umlagerungTyp: 2 });
    expect(m.empfangLager).toMatchObject({ id: tech.gut });
    expect(m).toHaveProperty('sctyp');
    expect(m.artikelnummer).toBe(artikel.artikelnummer);
    // the line's fields (SVC-012) and every quantity (SVC-013), all zero before anything is booked
    expect(m).toMatchObject({
      artikelbezeichnung: artikel.bezeichnung,
      auftragsnummer: auftrag.auftragsnummer,
      standortPlz: '30880',
      standortOrt: 'Laatzen',
      mengeBestaetigt: 0,
      mengeNichtGeliefert: 0,
      mengeDoa: 0,
      mengeEingebaut: 0,
      mengeGutteilretoure: 0,
      mengeDefektVerkauft: 0,
      mengeDefektEingelagert: 0,
    });
    expect(m.mengeneinheit).not.toBe('');
    expect(m.auftragsAdresse).toBe(adresse.name1);
    expect(Object.keys(m.empfangLager ?? {})).toEqual(expect.arrayContaining(['bezeichnung', 'plz', 'ort', 'strasse']));
    const teil = expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge: 1 } } })).result;
    expect(teil).toMatchObject({ mengeUmgelagert: 1, mengeReserviert: 3, materialstatus: MS.inUmlagerung });
    expect(await s.bestand(artikel.id, zentral)).toBe(8);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(1);
    const zuViel = expectError(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge: 4 } } }), 400);
    expect(zuViel.errors.fieldErrors.menge).toEqual(['zu groß']);
    const voll = expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge: 3 } } })).result;
    expect(voll.materialstatus).toBe(MS.umgelagert);
    // the technician may not transfer (office right SVC_DISPO denied)
    expectError(await c.call(endpoints.serviceMaterialUmlagern, { as: tech.as, params: { id: m.id }, body: { data: { menge: 1 } } }), 403);
    // confirm material: partly, fully, not more
    const b1 = expectOk(await c.call(endpoints.serviceMaterialBestaetigen, { as: tech.as, params: { id: m.id }, body: { data: { menge: 1 } } })).result;
    expect(b1).toMatchObject({ mengeBestaetigt: 1, materialstatus: MS.teilweiseBestaetigt });
    expectError(await c.call(endpoints.serviceMaterialBestaetigen, { as: tech.as, params: { id: m.id }, body: { data: { menge: 4 } } }), 400);
    const b2 = expectOk(await c.call(endpoints.serviceMaterialBestaetigen, { as: tech.as, params: { id: m.id }, body: { data: { menge: 3 } } })).result;
    expect(b2.materialstatus).toBe(MS.bestaetigt);
    const liste = expectOk(await c.call(endpoints.serviceMaterialOffen, { as: tech.as, query: { filter: `serviceAuftragId=${auftrag.id}` } }));
    expect(liste.result.map((x) => x.id)).toEqual([m.id]);
  });

  it('[SVC-022] material only after arrival on site', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    const { m } = await s.material(auftrag.id, 2);
    const e = expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 1 }), 422);
    expect(e.errors.services[0]!.message).toBe('Material kann erst nach der Ankunft vor Ort gebucht werden');
    expect(expectOk(await c.call(endpoints.serviceMaterialList, { as: tech.as, params: { id: auftrag.id } })).result[0]!.mengeEingebaut).toBe(0);
    // on site the same booking goes through
    await s.vorOrt(tech.as, planung.id);
    expect(expectOk(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 1 })).material.mengeEingebaut).toBe(1);
  });

  it('[SVC-051] [SVC-052] [SVC-053] amount above the maximum, below the minimum, zero', async () => {
    const x = await vorOrtMitMaterial(3);
    await s.vorOrt(x.as, x.planung.id);
    const gross = expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 4 }), 400);
    expect(gross.errors.fieldErrors.menge).toEqual(['zu groß']);
    expect(gross.messageParameters).toEqual(['3']);
    const klein = expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: -1 }), 400);
    expect(klein.errors.fieldErrors.menge).toEqual(['zu klein']);
    const null_ = expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 0 }), 400);
    expect(null_.errors.fieldErrors.menge).toEqual(['Geben Sie einen gültigen Wert ein!']);
    // faulty parts are bounded by what was installed
    expect(expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'defektEingelagert', menge: 1 }), 400).errors.fieldErrors.menge).toEqual(['zu groß']);
  });

  it('stock effects: installed leaves the good-parts store; DOA moves to the DOA store; return goes back to the source store', async () => {
    const x = await vorOrtMitMaterial(5);
    await s.vorOrt(x.as, x.planung.id);
    const { tech, artikel, zentral } = x;
    expect(await s.bestand(artikel.id, tech.gut)).toBe(5);
    const ein = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 2, seriennr: 'SN-1' }));
    expect(ein.result).toMatchObject({ art: 'eingebaut', menge: 2, seriennr: 'SN-1' });
    expect(ein.material.mengeEingebaut).toBe(2);
    expect(ein.warnungen).toEqual([]);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(3);
    const doa = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'doa', menge: 1 }));
    expect(doa.material.mengeDoa).toBe(1);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(2);
    expect(await s.bestand(artikel.id, tech.doa)).toBe(1);
    const vorher = await s.bestand(artikel.id, zentral);
    const ret = expectOk(
      await c.call(endpoints.serviceMaterialRueckbuchung, { as: x.as, params: { id: x.auftrag.id, subId: x.m.id }, body: { data: { menge: 2 } } }),
    );
    expect(ret.result.art).toBe('gutteilretoure');
    expect(ret.material).toMatchObject({ mengeGutteilretoure: 2, materialstatus: MS.verbucht });
    expect(await s.bestand(artikel.id, tech.gut)).toBe(0);
    expect(await s.bestand(artikel.id, zentral)).toBe(vorher + 2);
    // the line is used up now
    expect(expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 1 }), 400).errors.fieldErrors.menge).toEqual(['zu groß']);
    // every movement is in the journal, named after the order
    const journal = await db
      .selectFrom('lagerbewegungen')
      .select(['art', 'lagerId', 'menge', 'text'])
      .where('artikelId', '=', artikel.id)
      .where('art', 'like', 'SVC_%')
      .execute();
    expect(journal.filter((j) => j.art === 'SVC_EINBAU')).toEqual([
      { art: 'SVC_EINBAU', lagerId: tech.gut, menge: -2000, text: `Serviceauftrag ${x.auftrag.auftragsnummer}` },
    ]);
  });

  it('stock effects: faulty stored goes into the faulty store; faulty sold passes through it; a negative amount reverses', async () => {
    const x = await vorOrtMitMaterial(3);
    await s.vorOrt(x.as, x.planung.id);
    const { tech, artikel } = x;
    expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 3 }));
    const ein = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'defektEingelagert', menge: 2 }));
    expect(ein.material.mengeDefektEingelagert).toBe(2);
    expect(await s.bestand(artikel.id, tech.def)).toBe(2);
    const verkauft = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'defektVerkauft', menge: 1 }));
    expect(verkauft.material.mengeDefektVerkauft).toBe(1);
    expect(await s.bestand(artikel.id, tech.def)).toBe(2);
    const rows = await db
      .selectFrom('lagerbewegungen')
      .select(['menge'])
      .where('artikelId', '=', artikel.id)
      .where('art', '=', 'SVC_DEFEKT_VERKAUF')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.menge)).toEqual([1000, -1000]);
    // faulty parts: at most as many as installed
    expect(expectError(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'defektEingelagert', menge: 1 }), 400).errors.fieldErrors.menge).toEqual(['zu groß']);
    // correction: one installed part less goes back into the good-parts store
    const korr = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: -1 }));
    expect(korr.material.mengeEingebaut).toBe(2);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(1);
  });

  it('[SVC-023] material not yet transferred is booked with a warning (from the good-parts stock); no stock at all is refused', async () => {
    const x = await vorOrtMitMaterial(3, 1, 5);
    await s.vorOrt(x.as, x.planung.id);
    const r = expectOk(await buchen(x.as, x.auftrag.id, x.m.id, { art: 'eingebaut', menge: 2 }));
    expect(r.warnungen).toHaveLength(1);
    expect(r.warnungen[0]).toContain('noch nicht umgelagert');
    const y = await vorOrtMitMaterial(2, 0);
    await s.vorOrt(y.as, y.planung.id);
    const e = expectError(await buchen(y.as, y.auftrag.id, y.m.id, { art: 'eingebaut', menge: 1 }), 422);
    expect(e.errors.services[0]!.message).toContain('Nicht genügend Bestand');
    // nothing written
    expect(expectOk(await c.call(endpoints.serviceMaterialList, { as: y.as, params: { id: y.auftrag.id } })).result[0]!.mengeEingebaut).toBe(0);
  });
});
