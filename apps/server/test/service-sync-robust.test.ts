import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { endpoints, type ServiceAktion, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANUNG_SCHRITTE } from '../src/modules/service/service.journey';
import { png } from '../src/seed/png';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

/**
 * Issue 19 item 1: one bad signature must not block a technician's offline queue. The service signature is checked
 * like the document signature (400 on `daten`), a report that cannot be rendered is a 422 naming the cause, and in a
 * sync no step's failure — a refusal or an unexpected error — stops the steps after it.
 */

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

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
  return Buffer.concat([len, Buffer.from(type), data, crc]);
}

/** A well-formed PNG whose header (IHDR) says width × height, with junk instead of pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(10, 0x41)), chunk('IEND', Buffer.alloc(0))]);
}

const gut = png(120, 60, (x, y) => [(x * 7) % 256, (y * 11) % 256, (x * y) % 256]);
const CORRUPT: [string, Buffer][] = [
  ['a truncated PNG', gut.subarray(0, Math.floor(gut.length / 2))],
  ['PNG magic followed by junk', Buffer.concat([gut.subarray(0, 8), Buffer.alloc(200, 0x5a)])],
  ['a 0×0 PNG', pngHeader(0, 0)],
  ['a 20000×20000 PNG', pngHeader(20_000, 20_000)],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('service signature: checked like the document signature', () => {
  it.each(CORRUPT)('POST /service/auftraege/{id}/unterschrift refuses %s with 400 on daten; nothing is stored', async (_name, bytes) => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    const err = expectError(
      await c.call(endpoints.serviceUnterschriftSet, { as: tech.as, params, body: { data: { daten: bytes.toString('base64'), name: 'Frau Kundin' } } }),
      400,
    );
    expect(err.errors.fieldErrors.daten?.length).toBeGreaterThan(0);
    expectError(await c.call(endpoints.serviceUnterschriftGet, { as: tech.as, params }), 404);
  });

  it('a signature stored before the check (older data) makes the completion a 422 naming the cause, never a 500', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    await s.vorOrt(tech.as, planung.id, 30);
    const kaputt = Buffer.concat([gut.subarray(0, 8), Buffer.alloc(200, 0x5a)]).toString('base64');
    await db
      .updateTable('serviceAuftraege')
      .set({ unterschriftDaten: kaputt, unterschriftName: 'Alt', unterschriftAm: vor(5) })
      .where('id', '=', auftrag.id)
      .execute();
    const err = expectError(await c.call(endpoints.serviceAbschluss, { as: tech.as, params: { id: auftrag.id }, body: { data: {} } }), 422);
    expect(err.errors.services[0]!.message).toContain('Unterschrift');
    expect(err.errors.services[0]!.message).toContain('beschädigt');
    const a = await db.selectFrom('serviceAuftraege').select(['auftragsstatus', 'abschlussbericht']).where('id', '=', auftrag.id).executeTakeFirstOrThrow();
    expect(a.abschlussbericht).toBeNull();
    expect(a.auftragsstatus).not.toBe(ST.abgeschlossen);
  });
});

describe('service sync: one step’s failure never stops the steps after it', () => {
  it('a corrupt signature in the middle of the queue is that step’s conflict; the steps before and after apply', async () => {
    const tech = await s.techniker();
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(zwei.auftrag.id, 2);
    const bad = CORRUPT[0]![1].toString('base64');
    const queue = [
      aktion({ art: 'reisebeginn', planungId: eins.planung.id, zeitpunkt: vor(120) }),
      aktion({ art: 'ankunft', planungId: eins.planung.id, zeitpunkt: vor(110), daten: { strecke: 12 } }),
      aktion({ art: 'unterschrift', auftragId: eins.auftrag.id, zeitpunkt: vor(100), daten: { daten: bad, name: 'Frau Kundin' } }),
      aktion({ art: 'reisebeginn', planungId: zwei.planung.id, zeitpunkt: vor(90) }),
      aktion({ art: 'ankunft', planungId: zwei.planung.id, zeitpunkt: vor(80), daten: { strecke: 7 } }),
      aktion({
        art: 'materialBuchung',
        auftragId: zwei.auftrag.id,
        materialId: m.id,
        zeitpunkt: vor(70),
        daten: { art: 'eingebaut', menge: 2, seriennr: 'S1' },
      }),
      aktion({ art: 'unterschrift', auftragId: zwei.auftrag.id, zeitpunkt: vor(60), daten: { daten: s.sig(), name: 'Herr Kunde' } }),
      aktion({ art: 'abschluss', auftragId: zwei.auftrag.id, zeitpunkt: vor(59) }),
    ];
    const res = await sync(tech.as, queue);
    expect(res.map((r) => r.clientId)).toEqual(queue.map((q) => q.clientId));
    expect(res.map((r) => r.ergebnis)).toEqual(['angewendet', 'angewendet', 'konflikt', 'angewendet', 'angewendet', 'angewendet', 'angewendet', 'angewendet']);
    expect(res[2]!.fehler).toMatchObject({ httpStatus: 400 });
    expect(res[2]!.fehler!.errors.fieldErrors.daten?.length).toBeGreaterThan(0);
    expect(res[2]!.fehler!.errors.services[0]!.message).toMatch(/beschädigt|unvollständig/);
    // the bad signature is not stored; the other task is completed with its report
    expectError(await c.call(endpoints.serviceUnterschriftGet, { as: tech.as, params: { id: eins.auftrag.id } }), 404);
    const p1 = expectOk(await c.call(endpoints.servicePlanungGet, { as: tech.as, params: { id: eins.planung.id } })).result;
    expect(p1.vorOrtDatum).not.toBeNull();
    const d2 = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: zwei.auftrag.id } })).result;
    expect(d2.auftragsstatus).toBe(ST.abgeschlossen);
    expect(d2.abschlussberichtSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(0);
    // the whole queue sent again: the applied steps answer doppelt, the refusal stays a conflict
    const again = await sync(tech.as, queue);
    expect(again.map((r) => r.ergebnis)).toEqual(['doppelt', 'doppelt', 'konflikt', 'doppelt', 'doppelt', 'doppelt', 'doppelt', 'doppelt']);
    // a new signature (new client id) and the completion then apply
    const fix = await sync(tech.as, [
      aktion({ art: 'unterschrift', auftragId: eins.auftrag.id, zeitpunkt: vor(20), daten: { daten: s.sig(), name: 'Frau Kundin' } }),
      aktion({ art: 'abschluss', auftragId: eins.auftrag.id, zeitpunkt: vor(19) }),
    ]);
    expect(fix.map((r) => r.ergebnis)).toEqual(['angewendet', 'angewendet']);
  });

  it('an unexpected error in a step is that step’s conflict (a server error with its tracking id, no internals), its partial writes roll back, the rest apply; a resend tries it again', async () => {
    const tech = await s.techniker();
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    const echt = PLANUNG_SCHRITTE.ankunft;
    vi.spyOn(PLANUNG_SCHRITTE as unknown as { ankunft: typeof echt }, 'ankunft').mockImplementationOnce((async (...args: Parameters<typeof echt>) => {
      await echt(...args); // writes the arrival, then fails
      throw new TypeError('Cannot read properties of undefined (reading "x")');
    }) as never);
    const queue = [
      aktion({ art: 'reisebeginn', planungId: eins.planung.id, zeitpunkt: vor(60) }),
      aktion({ art: 'ankunft', planungId: eins.planung.id, zeitpunkt: vor(50), daten: { strecke: 5 } }),
      aktion({ art: 'reisebeginn', planungId: zwei.planung.id, zeitpunkt: vor(40) }),
      aktion({ art: 'ankunft', planungId: zwei.planung.id, zeitpunkt: vor(30), daten: { strecke: 6 } }),
    ];
    const res = await sync(tech.as, queue);
    expect(res.map((r) => r.ergebnis)).toEqual(['angewendet', 'konflikt', 'angewendet', 'angewendet']);
    expect(res[1]!.fehler!.httpStatus).toBe(500);
    // the cause stays in the server log under the tracking id; the device gets the reason without internals
    expect(res[1]!.fehler!.errors.services[0]!.message).toContain('Serverfehler');
    expect(res[1]!.fehler!.errors.services[0]!.message).not.toContain('Cannot read properties');
    expect(res[1]!.fehler!.trackingId).toBeTruthy();
    // the failed step's own writes rolled back
    const p1 = expectOk(await c.call(endpoints.servicePlanungGet, { as: tech.as, params: { id: eins.planung.id } })).result;
    expect(p1.vorOrtDatum).toBeNull();
    expect(p1.reisebeginnDatum).not.toBeNull();
    const p2 = expectOk(await c.call(endpoints.servicePlanungGet, { as: tech.as, params: { id: zwei.planung.id } })).result;
    expect(p2.vorOrtDatum).not.toBeNull();
    // not kept as a refusal: the resend applies it
    const again = await sync(tech.as, queue);
    expect(again.map((r) => r.ergebnis)).toEqual(['doppelt', 'angewendet', 'doppelt', 'doppelt']);
  });
});

describe('service steps: a reused Idempotency-Key or clientId is compared with its request (issue 19 item 6)', () => {
  it('online: the same key with other data or another planning item or task is a 422 and changes nothing; the same request replays', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    const { m, artikel } = await s.material(eins.auftrag.id, 3);
    const { m: m2 } = await s.material(zwei.auftrag.id, 3);
    await s.vorOrt(as, eins.planung.id);
    await s.vorOrt(as, zwei.planung.id);
    const key = randomUUID();
    const buchen = (auftragId: number, materialId: number, menge: number) =>
      c.call(endpoints.serviceMaterialBuchen, {
        as,
        headers: { 'idempotency-key': key },
        params: { id: auftragId, subId: materialId },
        body: { data: { art: 'eingebaut', menge } },
      });
    expect((await buchen(eins.auftrag.id, m.id, 1)).status).toBe(201);
    const replay = await buchen(eins.auftrag.id, m.id, 1);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // other data under the same key
    const anders = expectError(await buchen(eins.auftrag.id, m.id, 2), 422);
    expect(anders.errors.services[0]!.message).toContain('andere Anfrage');
    expect(anders.errors.fieldErrors['Idempotency-Key']).toBeDefined();
    // another task and material line under the same key
    expectError(await buchen(zwei.auftrag.id, m2.id, 1), 422);
    expect((await db.selectFrom('serviceMaterialBuchungen').select('id').where('materialId', 'in', [m.id, m2.id]).execute()).length).toBe(1);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(2);
    // a journey step: the same key for another planning item
    const k2 = randomUUID();
    const start = (planungId: number) =>
      c.call(endpoints.servicePlanungZeitStart, { as, headers: { 'idempotency-key': k2 }, params: { id: planungId }, body: { data: {} } });
    expectOk(await start(eins.planung.id));
    expectError(await start(zwei.planung.id), 422);
    const p2 = await db.selectFrom('serviceZeiten').select('id').where('planungId', '=', zwei.planung.id).execute();
    expect(p2).toHaveLength(0);
    // the same step online, then from the queue with the device's time: one step (doppelt)
    const [viaSync] = await sync(as, [
      aktion({ clientId: key, art: 'materialBuchung', auftragId: eins.auftrag.id, materialId: m.id, zeitpunkt: vor(1), daten: { art: 'eingebaut', menge: 1 } }),
    ]);
    expect(viaSync!.ergebnis).toBe('doppelt');
  });

  it('sync: a clientId reused with other data or another planning item is that step’s conflict (422) with the reason; the rest apply', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    const mehr = aktion({ art: 'mehraufwandNeu', auftragId: eins.auftrag.id, zeitpunkt: vor(30), daten: { mehraufwandArtId: 3, kosten: 4.5 } });
    const reise = aktion({ art: 'reisebeginn', planungId: eins.planung.id, zeitpunkt: vor(40) });
    expect((await sync(as, [reise, mehr])).map((r) => r.ergebnis)).toEqual(['angewendet', 'angewendet']);
    const res = await sync(as, [
      { ...mehr, daten: { mehraufwandArtId: 3, kosten: 9 } },
      { ...reise, planungId: zwei.planung.id },
      aktion({ art: 'reisebeginn', planungId: zwei.planung.id, zeitpunkt: vor(20) }),
      mehr,
    ]);
    expect(res.map((r) => r.ergebnis)).toEqual(['konflikt', 'konflikt', 'angewendet', 'doppelt']);
    for (const r of res.slice(0, 2)) {
      expect(r.fehler).toMatchObject({ httpStatus: 422 });
      expect(r.fehler!.errors.services[0]!.message).toContain('andere Anfrage');
    }
    // nothing of the refused steps was written: one additional work entry (4.50), the second item's travel from its own step
    const eintraege = await db.selectFrom('serviceMehraufwaende').selectAll().where('serviceAuftragId', '=', eins.auftrag.id).execute();
    expect(eintraege).toHaveLength(1);
    const p2 = expectOk(await c.call(endpoints.servicePlanungGet, { as, params: { id: zwei.planung.id } })).result;
    expect(Math.abs(Date.parse(p2.reisebeginnDatum!) - Date.parse(vor(20)))).toBeLessThan(120_000);
    // the first answer stays: the original request still replays
    expect((await sync(as, [mehr]))[0]!.ergebnis).toBe('doppelt');
    // an online call under a sync clientId with other data is a 422 as well
    expectError(
      await c.call(endpoints.serviceMehraufwandCreate, {
        as,
        headers: { 'idempotency-key': mehr.clientId },
        params: { id: eins.auftrag.id },
        body: { data: { mehraufwandArtId: 3, kosten: 1 } },
      }),
      422,
    );
  });
});
