import { randomUUID } from 'node:crypto';
import { type Endpoint, endpoints, type ServiceAktion, AUFTRAGSSTATUS as ST, ZUKUNFT_TOLERANZ_MS } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { tagVon, uhrzeitVon } from '../src/lib/berlin-time';
import { uhrAbBerlinerMittag } from './berlin-clock';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

/**
 * Issue 19 item 14: a wrong time loses installed material on a signed job. Times after the step's moment (beyond the
 * contract's clock-skew tolerance) are refused with a field error on every step that carries a time; the technician
 * corrects a booked arrival (history: old, new, who, when; order of times kept); a sync batch refuses the signature and
 * completion of a task after a refused step of the same task, while the other tasks' steps apply.
 */

const t = await createTestApp();
uhrAbBerlinerMittag();
const c = api(t);
const s = serviceSetup(c);
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const nach = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
// biome-ignore lint/suspicious/noExplicitAny: the endpoint is chosen per case
const send = (e: Endpoint, as: string, params: Record<string, number> | undefined, data: Record<string, unknown>): Promise<any> =>
  c.call(e as typeof endpoints.servicePlanungAnnehmen, { as, params: params as { id: number }, body: { data }, headers: { 'Idempotency-Key': s.key() } });
const aktion = (a: Omit<ServiceAktion, 'clientId' | 'daten'> & { daten?: Record<string, unknown> }): ServiceAktion => ({
  clientId: randomUUID(),
  daten: {},
  ...a,
});
const sync = async (as: string, aktionen: ServiceAktion[]) => expectOk(await c.call(endpoints.serviceSync, { as, body: { data: { aktionen } } })).result;
const detail = async (id: number) => expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id } })).result;

/** Expects a 422 whose field error on `feld` says the time lies in the future; nothing changed is checked by the caller. */
function zukunft(res: unknown, feld: string) {
  const body = expectError(res as Parameters<typeof expectError>[0], 422);
  expect(body.errors.fieldErrors[feld]?.[0], JSON.stringify(body)).toMatch(/liegt in der Zukunft/);
}

describe('times after now (issue 19 item 14)', () => {
  it('every time-bearing step refuses a typed time after its moment by more than the tolerance, on the field; nothing is written', async () => {
    expect(ZUKUNFT_TOLERANZ_MS).toBe(2 * 60_000);
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const id = planung.id;
    const as = tech.as;
    // travel start typed 10 minutes after the step's moment
    zukunft(await send(endpoints.servicePlanungReisebeginn, as, { id }, { zeitpunkt: vor(90), datum: uhrzeitVon(vor(80)) }), 'datum');
    expect((await detail(auftrag.id)).planungen[0]?.reisebeginnDatum).toBeNull();
    expectOk(await send(endpoints.servicePlanungReisebeginn, as, { id }, { zeitpunkt: vor(90) }));
    // arrival 06:45 typed at 06:23: refused; a minute ahead (inside the tolerance) is taken
    zukunft(await send(endpoints.servicePlanungAnkunft, as, { id }, { zeitpunkt: vor(80), datum: uhrzeitVon(vor(58)), strecke: 3 }), 'datum');
    expect((await detail(auftrag.id)).planungen[0]?.vorOrtDatum).toBeNull();
    expectOk(await send(endpoints.servicePlanungAnkunft, as, { id }, { zeitpunkt: vor(80), datum: uhrzeitVon(vor(79)), strecke: 3 }));
    // the automatic time recording: start and stop
    zukunft(await send(endpoints.servicePlanungZeitStart, as, { id }, { zeitpunkt: vor(70), datum: uhrzeitVon(vor(60)) }), 'datum');
    expectOk(await send(endpoints.servicePlanungZeitStart, as, { id }, { zeitpunkt: vor(70) }));
    zukunft(await send(endpoints.servicePlanungZeitStopp, as, { id }, { zeitpunkt: vor(50), datum: uhrzeitVon(vor(40)) }), 'datum');
    expectOk(await send(endpoints.servicePlanungZeitStopp, as, { id }, { zeitpunkt: vor(50) }));
    // the service time dialog: an end after now
    zukunft(
      await send(
        endpoints.servicePlanungServiceZeit,
        as,
        { id },
        { zeitpunkt: vor(30), tag: tagVon(vor(30)), von: uhrzeitVon(vor(45)), bis: uhrzeitVon(vor(15)) },
      ),
      'bis',
    );
    // additional work of type 1 (time range) ending after now
    zukunft(
      await send(endpoints.serviceMehraufwandCreate, as, { id: auftrag.id }, { mehraufwandArtId: 1, vonZeitpunkt: vor(20), bisZeitpunkt: nach(30) }),
      'bisZeitpunkt',
    );
    // a subsequent booking later today (SVC-055 refuses days after today with its own message)
    zukunft(
      await send(endpoints.serviceNachbuchungCreate, as, undefined, { istAnmeldung: true, nachbuchungTimeStamp: nach(10), zeitpunkt: vor(0) }),
      'nachbuchungTimeStamp',
    );
    // a step whose own moment lies after the server's clock (material: its time is its moment)
    const { m } = await s.material(auftrag.id, 2);
    const e = expectError(
      await send(endpoints.serviceMaterialBuchen, as, { id: auftrag.id, subId: m.id }, { art: 'eingebaut', menge: 1, zeitpunkt: nach(5) }),
      400,
    );
    expect(e.errors.fieldErrors.zeitpunkt).toEqual(['Der Zeitpunkt liegt in der Zukunft']);
    // the arrival correction
    zukunft(await send(endpoints.servicePlanungAnkunftKorrigieren, as, { id }, { datum: uhrzeitVon(nach(20)), tag: tagVon(nach(20)) }), 'datum');

    const d = await detail(auftrag.id);
    expect(d.zeiten.map((z) => z.art)).toEqual(['A']);
    expect(d.mehraufwaende).toEqual([]);
    expect(d.materialbuchungen).toEqual([]);
    expect(d.ankunftKorrekturen).toEqual([]);
    expect(d.schritte.map((x) => x.art)).toEqual(['reisebeginn', 'ankunft', 'zeitStart', 'zeitStopp']);
  });

  it('the technician corrects the booked arrival: history row with old, new, who and when; the order of times stays consistent; not after completion', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const id = planung.id;
    const as = tech.as;
    expectOk(await send(endpoints.servicePlanungReisebeginn, as, { id }, { zeitpunkt: vor(120) }));
    // before arrival there is nothing to correct
    expectError(await send(endpoints.servicePlanungAnkunftKorrigieren, as, { id }, { datum: uhrzeitVon(vor(100)), tag: tagVon(vor(100)) }), 422);
    // the wrong arrival (typed 20 minutes late), then material booked on site
    const ankunft = await c.call(endpoints.servicePlanungAnkunft, { as, params: { id }, body: { data: { zeitpunkt: vor(60), strecke: 8 } } });
    const falsch = expectOk(ankunft).result.vorOrtDatum as string;
    const { m } = await s.material(auftrag.id, 2);
    expectOk(await send(endpoints.serviceMaterialBuchen, as, { id: auftrag.id, subId: m.id }, { art: 'eingebaut', menge: 1, zeitpunkt: vor(50) }));

    // not before the travel start, not after the first time booked since the arrival (the material at -50 min)
    const vorReise = expectError(
      await send(endpoints.servicePlanungAnkunftKorrigieren, as, { id }, { datum: uhrzeitVon(vor(130)), tag: tagVon(vor(130)) }),
      422,
    );
    expect(vorReise.errors.fieldErrors.datum?.[0]).toMatch(/nicht vor dem Reisebeginn/);
    const nachMaterial = expectError(
      await send(endpoints.servicePlanungAnkunftKorrigieren, as, { id }, { datum: uhrzeitVon(vor(45)), tag: tagVon(vor(45)) }),
      422,
    );
    expect(nachMaterial.errors.fieldErrors.datum?.[0]).toMatch(/Materialbuchung um/);

    const neu = expectOk(
      await c.call(endpoints.servicePlanungAnkunftKorrigieren, {
        as,
        params: { id },
        body: { data: { datum: uhrzeitVon(vor(80)), tag: tagVon(vor(80)), grund: 'Uhrzeit vertippt' } },
      }),
    );
    expect(neu.meldung).toBe(`Ankunft auf ${uhrzeitVon(vor(80))} korrigiert`);
    const d = await detail(auftrag.id);
    expect(uhrzeitVon(d.planungen[0]?.vorOrtDatum as string)).toBe(uhrzeitVon(vor(80)));
    expect(d.auftragsstatus).toBe(ST.vorOrt);
    expect(d.ankunftKorrekturen).toHaveLength(1);
    const k = d.ankunftKorrekturen[0] as (typeof d.ankunftKorrekturen)[number];
    expect(k).toMatchObject({
      planungId: id,
      alt: falsch,
      neu: d.planungen[0]?.vorOrtDatum,
      grund: 'Uhrzeit vertippt',
      benutzerId: tech.id,
      benutzerName: tech.name,
    });
    expect(Math.abs(Date.parse(k.geaendertAm) - Date.now())).toBeLessThan(60_000);
    expect(d.schritte.at(-1)).toMatchObject({ art: 'ankunftKorrigieren', text: `${uhrzeitVon(falsch)} → ${uhrzeitVon(vor(80))}: Uhrzeit vertippt` });

    // after completion the arrival stays as it is (409)
    expectOk(await send(endpoints.serviceUnterschriftSet, as, { id: auftrag.id }, { name: 'Kundin', daten: s.sig() }));
    expectOk(await send(endpoints.serviceAbschluss, as, { id: auftrag.id }, {}));
    expectError(await send(endpoints.servicePlanungAnkunftKorrigieren, as, { id }, { datum: uhrzeitVon(vor(85)), tag: tagVon(vor(85)) }), 409);
    expect((await detail(auftrag.id)).ankunftKorrekturen).toHaveLength(1);
  });

  it('a sync batch refuses signature and completion after a refused step of the same task (409 naming it), applies the other tasks; resent after the correction they apply', async () => {
    const tech = await s.techniker();
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    const m1 = (await s.material(eins.auftrag.id, 2)).m;
    const m2 = (await s.material(zwei.auftrag.id, 2)).m;
    await s.vorOrt(tech.as, eins.planung.id, 60);
    await s.vorOrt(tech.as, zwei.planung.id, 60);

    // task 1: the material booked before the arrival is refused; its signature and completion wait
    const material1 = aktion({
      art: 'materialBuchung',
      auftragId: eins.auftrag.id,
      materialId: m1.id,
      zeitpunkt: vor(65),
      daten: { art: 'eingebaut', menge: 1 },
    });
    const sig1 = aktion({ art: 'unterschrift', auftragId: eins.auftrag.id, zeitpunkt: vor(30), daten: { daten: s.sig(), name: 'Kunde Eins' } });
    const ende1 = aktion({ art: 'abschluss', auftragId: eins.auftrag.id, zeitpunkt: vor(29) });
    const batch = [
      material1,
      aktion({ art: 'materialBuchung', auftragId: zwei.auftrag.id, materialId: m2.id, zeitpunkt: vor(40), daten: { art: 'eingebaut', menge: 1 } }),
      sig1,
      aktion({ art: 'unterschrift', auftragId: zwei.auftrag.id, zeitpunkt: vor(30), daten: { daten: s.sig(), name: 'Kunde Zwei' } }),
      ende1,
      aktion({ art: 'abschluss', auftragId: zwei.auftrag.id, zeitpunkt: vor(29) }),
    ];
    const res = await sync(tech.as, batch);
    expect(res.map((r) => r.ergebnis)).toEqual(['konflikt', 'angewendet', 'konflikt', 'angewendet', 'konflikt', 'angewendet']);
    expect(res[0]?.fehler?.errors?.fieldErrors?.zeitpunkt?.[0]).toMatch(/nicht vor der Ankunft/);
    for (const r of [res[2], res[4]]) {
      expect(r?.fehler?.httpStatus).toBe(409);
      expect(r?.fehler?.errors?.services?.[0]?.message ?? '').toMatch(/früherer Schritt dieses Auftrags \(Materialbuchung\) wurde abgelehnt/);
    }
    const d1 = await detail(eins.auftrag.id);
    expect(d1.auftragsstatus).toBe(ST.vorOrt);
    expect(d1.hatUnterschrift).toBe(false);
    expect(d1.materialbuchungen).toEqual([]);
    const d2 = await detail(zwei.auftrag.id);
    expect(d2.auftragsstatus).toBe(ST.abgeschlossen);
    expect(d2.materialbuchungen.map((b) => b.menge)).toEqual([1]);

    // the technician corrects the material step (a new clientId) and the queue sends the held steps again with their ids
    const redo = { ...material1, clientId: randomUUID(), zeitpunkt: vor(45), daten: { art: 'eingebaut', menge: 1, zeitpunkt: vor(45) } };
    const again = await sync(tech.as, [redo, sig1, ende1]);
    expect(again.map((r) => r.ergebnis)).toEqual(['angewendet', 'angewendet', 'angewendet']);
    const fertig = await detail(eins.auftrag.id);
    expect(fertig.auftragsstatus).toBe(ST.abgeschlossen);
    expect(fertig.unterschriftName).toBe('Kunde Eins');
    expect(fertig.materialbuchungen.map((b) => [b.art, b.menge])).toEqual([['eingebaut', 1]]);
  });
});
