import { randomUUID } from 'node:crypto';
import { endpoints, type ServiceAktion, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const db = t.handle.db;
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const aktion = (a: Omit<ServiceAktion, 'clientId' | 'daten'> & { daten?: Record<string, unknown>; clientId?: string }): ServiceAktion => ({
  clientId: randomUUID(),
  daten: {},
  ...a,
});
const sync = async (as: string, aktionen: ServiceAktion[]) => expectOk(await c.call(endpoints.serviceSync, { as, body: { data: { aktionen } } })).result;

describe('service offline sync', () => {
  it('applies queued actions in order with their real times; the office sees them as sync steps', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(auftrag.id, 2);
    const planungId = planung.id;
    const queue = [
      aktion({ art: 'reisebeginn', planungId, zeitpunkt: vor(180) }),
      aktion({ art: 'ankunft', planungId, zeitpunkt: vor(150), daten: { strecke: 17 } }),
      aktion({ art: 'zeitStart', planungId, zeitpunkt: vor(149) }),
      aktion({ art: 'materialBuchung', auftragId: auftrag.id, materialId: m.id, zeitpunkt: vor(140), daten: { art: 'eingebaut', menge: 2, seriennr: 'X1' } }),
      aktion({ art: 'mehraufwandNeu', auftragId: auftrag.id, zeitpunkt: vor(130), daten: { mehraufwandArtId: 3, kosten: 4.5 } }),
      aktion({ art: 'zeitStopp', planungId, zeitpunkt: vor(89) }),
      aktion({ art: 'unterschrift', auftragId: auftrag.id, zeitpunkt: vor(88), daten: { daten: s.sig(), name: 'Frau Kundin' } }),
      aktion({ art: 'abschluss', auftragId: auftrag.id, zeitpunkt: vor(87) }),
    ];
    const res = await sync(tech.as, queue);
    expect(res.map((r) => r.ergebnis)).toEqual(Array(queue.length).fill('angewendet'));
    expect(res.map((r) => r.clientId)).toEqual(queue.map((q) => q.clientId));
    const detail = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: auftrag.id } })).result;
    expect(detail.auftragsstatus).toBe(ST.abgeschlossen);
    expect(detail.gebrauchteZeit).toBe(60);
    expect(detail.abschlussberichtSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.planungen[0]!.vorOrtDatum).toBe(new Date(vor(150)).toISOString().slice(0, 15) + detail.planungen[0]!.vorOrtDatum!.slice(15));
    const schritte = detail.schritte.filter((x) => x.quelle === 'sync');
    expect(schritte.map((x) => x.art)).toEqual([
      'reisebeginn',
      'ankunft',
      'zeitStart',
      'materialBuchung',
      'mehraufwand',
      'zeitStopp',
      'unterschrift',
      'abschluss',
    ]);
    // each step keeps its own real time, hours before it reached the server
    expect(Date.parse(schritte[1]!.erfasstAm) - Date.parse(schritte[1]!.zeitpunkt)).toBeGreaterThan(140 * 60_000);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(0);
  });

  it('idempotent replay: the same clientId twice changes nothing and answers doppelt; online key and sync clientId are one store', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(auftrag.id, 3);
    await s.vorOrt(tech.as, planung.id);
    const a = aktion({ art: 'materialBuchung', auftragId: auftrag.id, materialId: m.id, zeitpunkt: vor(10), daten: { art: 'eingebaut', menge: 1 } });
    const [first] = await sync(tech.as, [a]);
    expect(first!.ergebnis).toBe('angewendet');
    const [second] = await sync(tech.as, [a]);
    expect(second!.ergebnis).toBe('doppelt');
    expect(second!.antwort).toEqual(first!.antwort);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(2);
    const buchungen = await db.selectFrom('serviceMaterialBuchungen').select('id').where('materialId', '=', m.id).execute();
    expect(buchungen).toHaveLength(1);
    // sent online first (response lost), then queued: the sync answers doppelt
    const key = randomUUID();
    const online = await c.call(endpoints.serviceMaterialBuchen, {
      as: tech.as,
      headers: { 'idempotency-key': key },
      params: { id: auftrag.id, subId: m.id },
      body: { data: { art: 'eingebaut', menge: 1 } },
    });
    expect(online.status).toBe(201);
    const again = await c.call(endpoints.serviceMaterialBuchen, {
      as: tech.as,
      headers: { 'idempotency-key': key },
      params: { id: auftrag.id, subId: m.id },
      body: { data: { art: 'eingebaut', menge: 1 } },
    });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [viaSync] = await sync(tech.as, [{ ...a, clientId: key }]);
    expect(viaSync!.ergebnis).toBe('doppelt');
    expect(await s.bestand(artikel.id, tech.gut)).toBe(1);
    // a journey step online twice with the same key (200 steps) changes nothing either
    const k2 = randomUUID();
    const z1 = expectOk(
      await c.call(endpoints.servicePlanungZeitStart, { as: tech.as, headers: { 'idempotency-key': k2 }, params: { id: planung.id }, body: { data: {} } }),
    );
    const z2 = expectOk(
      await c.call(endpoints.servicePlanungZeitStart, { as: tech.as, headers: { 'idempotency-key': k2 }, params: { id: planung.id }, body: { data: {} } }),
    );
    expect(z2.zeit!.id).toBe(z1.zeit!.id);
    // the same key for another kind of step is a client error, online and in the sync
    expectError(
      await c.call(endpoints.servicePlanungZeitStopp, { as: tech.as, headers: { 'idempotency-key': k2 }, params: { id: planung.id }, body: { data: {} } }),
      422,
    );
    const [falsch] = await sync(tech.as, [aktion({ clientId: k2, art: 'zeitStopp', planungId: planung.id, zeitpunkt: vor(1) })]);
    expect(falsch).toMatchObject({ ergebnis: 'konflikt', fehler: { httpStatus: 422 } });
  });

  it('the same queue sent twice at once (two tabs, a retry racing the first send) applies each action once', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(auftrag.id, 3);
    await s.vorOrt(tech.as, planung.id);
    const queue = [0, 1, 2].map((i) =>
      aktion({ art: 'materialBuchung', auftragId: auftrag.id, materialId: m.id, zeitpunkt: vor(10 - i), daten: { art: 'eingebaut', menge: 1 } }),
    );
    const [a, b] = await Promise.all([sync(tech.as, queue), sync(tech.as, queue)]);
    const ergebnisse = [...a, ...b].map((r) => r.ergebnis);
    expect(ergebnisse.filter((e) => e === 'angewendet')).toHaveLength(3);
    expect(ergebnisse.filter((e) => e === 'doppelt')).toHaveLength(3);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(0);
    expect((await db.selectFrom('serviceMaterialBuchungen').select('id').where('materialId', '=', m.id).execute()).length).toBe(3);
  });

  it('order matters: actions apply in the order sent (arrival before travel start is refused, the travel start after it applies)', async () => {
    const tech = await s.techniker();
    const { planung } = await s.auftrag(tech.technikerId);
    const res = await sync(tech.as, [
      aktion({ art: 'ankunft', planungId: planung.id, zeitpunkt: vor(20), daten: { strecke: 4 } }),
      aktion({ art: 'reisebeginn', planungId: planung.id, zeitpunkt: vor(30) }),
      aktion({ art: 'ankunft', planungId: planung.id, zeitpunkt: vor(20), daten: { strecke: 4 } }),
    ]);
    expect(res.map((r) => r.ergebnis)).toEqual(['konflikt', 'angewendet', 'angewendet']);
    expect(res[0]!.fehler!.errors.services[0]!.message).toBe('Bitte zuerst den Reisebeginn buchen');
  });

  it('conflicts: a task reassigned while offline; later actions on the same task are still attempted in order', async () => {
    const tech = await s.techniker();
    const other = await s.techniker();
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    // the office reassigns the first task to another technician while the first one is offline
    expectOk(
      await c.call(endpoints.servicePlanungUpdate, { as: s.office, params: { id: eins.planung.id }, body: { data: { technikerId: other.technikerId } } }),
    );
    const queue = [
      aktion({ art: 'reisebeginn', planungId: eins.planung.id, zeitpunkt: vor(30) }),
      aktion({ art: 'reisebeginn', planungId: zwei.planung.id, zeitpunkt: vor(29) }),
      aktion({ art: 'ankunft', planungId: eins.planung.id, zeitpunkt: vor(20), daten: { strecke: 3 } }),
      aktion({ art: 'ankunft', planungId: zwei.planung.id, zeitpunkt: vor(19), daten: { strecke: 4 } }),
    ];
    const res = await sync(tech.as, queue);
    expect(res.map((r) => r.ergebnis)).toEqual(['konflikt', 'angewendet', 'konflikt', 'angewendet']);
    expect(res[0]!.fehler).toMatchObject({
      httpStatus: 404,
      errors: { services: [{ message: 'Der Einsatz wurde nicht gefunden oder ist Ihnen nicht (mehr) zugewiesen' }] },
    });
    expect(typeof res[0]!.fehler!.trackingId).toBe('string');
    // the reassigned item is untouched and open for the new technician
    const p = expectOk(await c.call(endpoints.servicePlanungGet, { as: other.as, params: { id: eins.planung.id } })).result;
    expect(p).toMatchObject({ reisebeginnDatum: null, angenommenDatum: null, technikerId: other.technikerId });
    // a conflict is kept: the same clientId answers the same conflict again
    const [again] = await sync(tech.as, [queue[0]!]);
    expect(again).toMatchObject({ ergebnis: 'konflikt', fehler: { httpStatus: 404 } });
  });

  it('conflicts: a cancelled task, stock gone, a step the journey refuses, invalid data', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const storno = await s.auftrag(tech.technikerId);
    const job = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(job.auftrag.id, 2);
    await s.vorOrt(as, job.planung.id);
    expectOk(
      await c.call(endpoints.serviceAuftragUpdate, { as: s.office, params: { id: storno.auftrag.id }, body: { data: { auftragsstatus: ST.storniert } } }),
    );
    // the stock leaves the good-parts store meanwhile (e.g. used on another task)
    await s.f.buchung({ art: 'ABGANG', artikelId: artikel.id, lagerId: tech.gut, menge: 2 });
    const res = await sync(as, [
      aktion({ art: 'reisebeginn', planungId: storno.planung.id, zeitpunkt: vor(5) }),
      aktion({ art: 'materialBuchung', auftragId: job.auftrag.id, materialId: m.id, zeitpunkt: vor(4), daten: { art: 'eingebaut', menge: 1 } }),
      aktion({ art: 'ankunft', planungId: job.planung.id, zeitpunkt: vor(3), daten: { strecke: 1 } }),
      aktion({ art: 'ankunft', planungId: job.planung.id, zeitpunkt: vor(3), daten: { strecke: 'weit' } }),
      aktion({ art: 'mehraufwandNeu', auftragId: job.auftrag.id, zeitpunkt: vor(2), daten: { mehraufwandArtId: 5, strecke: 12 } }),
    ]);
    expect(res.map((r) => r.ergebnis)).toEqual(['konflikt', 'konflikt', 'konflikt', 'konflikt', 'angewendet']);
    expect(res[0]!.fehler!.httpStatus).toBe(409);
    expect(res[0]!.fehler!.errors.services[0]!.message).toContain('storniert');
    expect(res[1]!.fehler!.errors.services[0]!.message).toContain('Nicht genügend Bestand');
    expect(res[2]!.fehler!.errors.services[0]!.message).toContain('Ankunft ist bereits gebucht');
    expect(res[3]!.fehler!.httpStatus).toBe(400);
    expect(res[3]!.fehler!.errors.fieldErrors.strecke).toBeDefined();
    // nothing of the refused actions was written
    expect((await db.selectFrom('serviceMaterialBuchungen').select('id').where('materialId', '=', m.id).execute()).length).toBe(0);
  });

  it('a technician cannot reach another technician’s task through the sync either; the sync body is validated', async () => {
    const tech = await s.techniker();
    const other = await s.techniker();
    const fremd = await s.auftrag(other.technikerId);
    const [r] = await sync(tech.as, [aktion({ art: 'annehmen', planungId: fremd.planung.id, zeitpunkt: vor(1) })]);
    expect(r!.ergebnis).toBe('konflikt');
    expect(r!.fehler!.httpStatus).toBe(404);
    expectError(await c.call(endpoints.serviceSync, { as: tech.as, body: { data: { aktionen: [] } } }), 400);
    expectError(
      await c.call(endpoints.serviceSync, {
        as: tech.as,
        body: { data: { aktionen: [{ ...aktion({ art: 'annehmen', planungId: 1, zeitpunkt: vor(1) }), clientId: 'no-uuid' }] } },
      }),
      400,
    );
    const [ohneId] = await sync(tech.as, [aktion({ art: 'reisebeginn', zeitpunkt: vor(1) })]);
    expect(ohneId!.fehler!.errors.fieldErrors.planungId).toBeDefined();
  });
});
