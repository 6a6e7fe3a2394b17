import { endpoints, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { berlinZuUtc, tagVon, uhrzeitVon } from '../src/lib/berlin-time';
import { uhrAbBerlinerMittag } from './berlin-clock';
import { api, expectOk, invalid } from './client';
import { createTestApp, expectError } from './helper';
import { serviceSetup } from './service-helpers';

const t = await createTestApp();
uhrAbBerlinerMittag();
const c = api(t);
const s = serviceSetup(c);
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();

describe('service journey (state machine on the server)', () => {
  it('accept an open item; reject needs a remark (trimmed); an accepted item is returned, not rejected', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId, { angenommen: false });
    const as = tech.as;
    expect(planung.angenommenDatum).toBeNull();
    // not accepted yet: no travel start
    expectError(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planung.id }, body: { data: {} } }), 422);
    const leer = expectError(await c.call(endpoints.servicePlanungAblehnen, { as, params: { id: planung.id }, body: { data: { bemerkung: '   ' } } }), 400);
    expect(leer.errors.fieldErrors.bemerkung).toEqual(['Es muss eine Bemerkung eingegeben werden!']);
    // one instant for the call and the check (two calls of vor() may fall into different minutes)
    const angenommen = vor(5);
    const ok = expectOk(await c.call(endpoints.servicePlanungAnnehmen, { as, params: { id: planung.id }, body: { data: { zeitpunkt: angenommen } } }));
    expect(ok.result.angenommenDatum).toBe(angenommen.slice(0, 16) + ok.result.angenommenDatum!.slice(16));
    expect(ok.result.auftragsstatus).toBe(ST.angenommen);
    expectError(await c.call(endpoints.servicePlanungAnnehmen, { as, params: { id: planung.id }, body: { data: {} } }), 422);
    expectError(await c.call(endpoints.servicePlanungAblehnen, { as, params: { id: planung.id }, body: { data: { bemerkung: 'kein Teil' } } }), 422);
    const zurueck = expectOk(
      await c.call(endpoints.servicePlanungZurueckgeben, { as, params: { id: planung.id }, body: { data: { bemerkung: 'Spezialwerkzeug nötig' } } }),
    );
    expect(zurueck.result).toMatchObject({ aktiv: false, bemerkung: 'Spezialwerkzeug nötig', auftragsstatus: ST.zurueckgegeben });
    // gone from the technician: the task is unassigned
    expectError(await c.call(endpoints.serviceAuftragGet, { as, params: { id: auftrag.id } }), 404);

    const zwei = await s.auftrag(tech.technikerId, { angenommen: false });
    const abgelehnt = expectOk(
      await c.call(endpoints.servicePlanungAblehnen, { as, params: { id: zwei.planung.id }, body: { data: { bemerkung: ' nicht zuständig ' } } }),
    );
    expect(abgelehnt.result).toMatchObject({ aktiv: false, bemerkung: 'nicht zuständig', auftragsstatus: ST.abgelehnt });
    expect(abgelehnt.result.abgelehntDatum).not.toBeNull();
    const offen = expectOk(await c.call(endpoints.servicePlanungList, { as, query: { filter: 'angenommenDatum=null' } }));
    expect(offen.result.map((p) => p.id)).not.toContain(zwei.planung.id);
  });

  it('[SVC-059] travel start only while reisebeginnDatum is empty, with datum HH:mm on the day of zeitpunkt', async () => {
    const tech = await s.techniker();
    const { planung } = await s.auftrag(tech.technikerId);
    const as = tech.as;
    const zeitpunkt = vor(30);
    const hhmm = uhrzeitVon(vor(40));
    const r = expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planung.id }, body: { data: { datum: hhmm, zeitpunkt } } }));
    expect(r.meldung).toBe('Reisebeginn gestartet');
    expect(uhrzeitVon(r.result.reisebeginnDatum!)).toBe(hhmm);
    expect(r.result.auftragsstatus).toBe(ST.reiseGestartet);
    const again = expectError(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planung.id }, body: { data: {} } }), 422);
    expect(again.errors.services[0]!.message).toContain('bereits gebucht');
    expectError(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planung.id }, body: { data: invalid({ datum: '25:00' }) } }), 400);
  });

  it('[SVC-048] [SVC-061] arrival after travel start, once, not before it; strecke a whole number ≥ 0', async () => {
    const tech = await s.techniker();
    const { planung } = await s.auftrag(tech.technikerId);
    const as = tech.as;
    const params = { id: planung.id };
    const ohne = expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { strecke: 5 } } }), 422);
    expect(ohne.errors.services[0]!.message).toBe('Bitte zuerst den Reisebeginn buchen');
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params, body: { data: { zeitpunkt: vor(30) } } }));
    for (const strecke of [-1, 2.5]) {
      const e = expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { strecke } } }), 400);
      expect(e.errors.fieldErrors.strecke).toBeDefined();
    }
    expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: invalid({ data: {} }) }), 400);
    const frueh = expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { strecke: 3, zeitpunkt: vor(45) } } }), 422);
    expect(frueh.errors.fieldErrors.datum![0]).toContain(uhrzeitVon(vor(30)));
    // the arrival's time as the body's datum (HH:mm), the distance as a whole number
    const ankunft = uhrzeitVon(vor(25));
    const r = expectOk(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { datum: ankunft, strecke: 0, zeitpunkt: vor(20) } } }));
    expect(uhrzeitVon(r.result.vorOrtDatum!)).toBe(ankunft);
    expect(r.meldung).toBe('Status Vor-Ort gesetzt');
    expect(r.result).toMatchObject({ strecke: 0, auftragsstatus: ST.vorOrt });
    expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { strecke: 1 } } }), 422);
  });

  it('[SVC-021] [SVC-049] [SVC-050] hours only after travel start and arrival, never before the arrival (HH:mm), to after from', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId, { aufwandGeschaetzt: 30 });
    const as = tech.as;
    const params = { id: planung.id };
    const zuFrueh = expectError(await c.call(endpoints.servicePlanungZeitStart, { as, params, body: { data: {} } }), 422);
    expect(zuFrueh.errors.services[0]!.message).toContain('Reisebeginn und Ankunft');
    expectError(await c.call(endpoints.servicePlanungServiceZeit, { as, params, body: { data: { von: '08:00', bis: '09:00' } } }), 422);
    // the visit on a fixed morning of a past day (Berlin): no time of the test can cross midnight, whenever it runs
    const tag = tagVon(new Date(Date.now() - 86_400_000).toISOString());
    const um = (hhmm: string) => berlinZuUtc(tag, hhmm);
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params, body: { data: { zeitpunkt: um('09:50') } } }));
    // travel started, not yet arrived: still no hours
    expect(
      expectError(await c.call(endpoints.servicePlanungZeitStart, { as, params, body: { data: { zeitpunkt: um('09:55') } } }), 422).errors.services[0]!.message,
    ).toContain('Reisebeginn und Ankunft');
    expectError(await c.call(endpoints.servicePlanungServiceZeit, { as, params, body: { data: { tag, von: '09:50', bis: '09:55' } } }), 422);
    const p = expectOk(await c.call(endpoints.servicePlanungAnkunft, { as, params, body: { data: { zeitpunkt: um('10:00'), strecke: 12 } } })).result;
    expect(uhrzeitVon(p.vorOrtDatum!)).toBe('10:00');
    const vorAnkunft = expectError(await c.call(endpoints.servicePlanungZeitStart, { as, params, body: { data: { zeitpunkt: um('09:55') } } }), 422);
    expect(vorAnkunft.errors.fieldErrors.datum![0]).toBe('Die Zeit darf nicht vor der Ankunft um 10:00 liegen');
    const e1 = expectError(await c.call(endpoints.servicePlanungServiceZeit, { as, params, body: { data: { tag, von: '09:30', bis: '10:35' } } }), 422);
    expect(e1.errors.fieldErrors.von![0]).toBe('Die Zeit darf nicht vor der Ankunft um 10:00 liegen');
    const e2 = expectError(await c.call(endpoints.servicePlanungServiceZeit, { as, params, body: { data: { tag, von: '10:35', bis: '10:05' } } }), 422);
    expect(e2.errors.fieldErrors.bis![0]).toBe('Die Bis-Zeit muss nach der Von-Zeit liegen');
    const ok = expectOk(
      await c.call(endpoints.servicePlanungServiceZeit, { as, params, body: { data: { tag, von: '10:05', bis: '10:35', bemerkung: 'Filter' } } }),
    );
    expect(ok.zeit).toMatchObject({ art: 'M', minuten: 30, von: um('10:05'), bis: um('10:35') });
    expect(expectOk(await c.call(endpoints.serviceAuftragGet, { as, params: { id: auftrag.id } })).result.gebrauchteZeit).toBe(30);
    // automatic recording: stop not after its start
    const start = expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params, body: { data: { zeitpunkt: um('10:50') } } }));
    expect(start.zeit).toMatchObject({ art: 'A', bis: null });
    expect(start.result.auftragsstatus).toBe(ST.inArbeit);
    const stop0 = expectError(await c.call(endpoints.servicePlanungZeitStopp, { as, params, body: { data: { zeitpunkt: um('10:49') } } }), 422);
    expect(stop0.errors.fieldErrors.datum![0]).toContain('Bis-Zeit muss nach der Von-Zeit');
    const stop = expectOk(await c.call(endpoints.servicePlanungZeitStopp, { as, params, body: { data: { zeitpunkt: um('11:20') } } }));
    expect(stop.zeit!.minuten).toBe(30);
    expect(stop.result.auftragsstatus).toBe(ST.arbeitUnterbrochen);
    expect(expectOk(await c.call(endpoints.serviceAuftragGet, { as, params: { id: auftrag.id } })).result.gebrauchteZeit).toBe(60);
    expectError(await c.call(endpoints.servicePlanungZeitStopp, { as, params, body: { data: {} } }), 422);
  });

  it('one active automatic recording per technician: a second start is refused unless abbrechen ends the active one', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const eins = await s.auftrag(tech.technikerId);
    const zwei = await s.auftrag(tech.technikerId);
    await s.vorOrt(as, eins.planung.id, 60);
    await s.vorOrt(as, zwei.planung.id, 50);
    const a = expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params: { id: eins.planung.id }, body: { data: { zeitpunkt: vor(45) } } }));
    const e = expectError(
      await c.call(endpoints.servicePlanungZeitStart, { as, params: { id: zwei.planung.id }, body: { data: { zeitpunkt: vor(30) } } }),
      409,
    );
    expect(e.messageParameters[0]).toBe(String(eins.planung.id));
    expect(e.errors.services[0]!.message).toContain(eins.auftrag.auftragsnummer);
    expect(expectOk(await c.call(endpoints.serviceZeitenAktiv, { as })).result!.id).toBe(a.zeit!.id);
    const b = expectOk(
      await c.call(endpoints.servicePlanungZeitStart, { as, params: { id: zwei.planung.id }, body: { data: { zeitpunkt: vor(30), abbrechen: true } } }),
    );
    const aktiv = expectOk(await c.call(endpoints.serviceZeitenAktiv, { as })).result;
    expect(aktiv!.id).toBe(b.zeit!.id);
    const alt = expectOk(await c.call(endpoints.serviceAuftragGet, { as, params: { id: eins.auftrag.id } })).result;
    expect(alt.zeiten[0]).toMatchObject({ abgebrochen: true, minuten: 15 });
    expect(alt.gebrauchteZeit).toBe(15);
    // another technician's recording does not count
    const other = await s.techniker();
    const drei = await s.auftrag(other.technikerId);
    await s.vorOrt(other.as, drei.planung.id, 20);
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as: other.as, params: { id: drei.planung.id }, body: { data: {} } }));
  });

  it('[SVC-026] suspend with date and time moves the visit, without both retains it; one without the other is refused', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const { planung } = await s.auftrag(tech.technikerId);
    const params = { id: planung.id };
    await s.vorOrt(as, planung.id, 30);
    const morgen = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const nurDatum = expectError(await c.call(endpoints.servicePlanungZurueckstellen, { as, params, body: { data: { datum: morgen } } }), 400);
    expect(nurDatum.errors.fieldErrors.uhrzeit).toEqual(['Bitte Datum und Uhrzeit angeben']);
    expectError(await c.call(endpoints.servicePlanungZurueckstellen, { as, params, body: { data: { uhrzeit: '08:00' } } }), 400);
    const r = expectOk(await c.call(endpoints.servicePlanungZurueckstellen, { as, params, body: { data: { datum: morgen, uhrzeit: '10:00' } } }));
    expect(uhrzeitVon(r.result.beginnDatum)).toBe('10:00');
    expect(r.result).toMatchObject({ reisebeginnDatum: null, vorOrtDatum: null, auftragsstatus: ST.zurueckgestellt, aktiv: true });
    const ohne = expectOk(await c.call(endpoints.servicePlanungZurueckstellen, { as, params, body: { data: {} } }));
    expect(ohne.result.auftragsstatus).toBe(ST.zurueckgestelltOhneTermin);
    // the journey starts again with travel
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params, body: { data: {} } }));
  });

  it('end duty clears travel and arrival and stops running time; phone completed ends the visit before arrival', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: planung.id };
    await s.vorOrt(as, planung.id, 30);
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params, body: { data: { zeitpunkt: vor(20) } } }));
    const r = expectOk(await c.call(endpoints.servicePlanungDienstende, { as, params, body: { data: { zeitpunkt: vor(5) } } }));
    expect(r.result).toMatchObject({ reisebeginnDatum: null, vorOrtDatum: null, auftragsstatus: ST.dienstende });
    expect(expectOk(await c.call(endpoints.serviceZeitenAktiv, { as })).result).toBeNull();
    expect(expectOk(await c.call(endpoints.serviceAuftragGet, { as, params: { id: auftrag.id } })).result.gebrauchteZeit).toBe(15);

    const zwei = await s.auftrag(tech.technikerId);
    const tel = expectOk(
      await c.call(endpoints.servicePlanungTelefonischErledigt, { as, params: { id: zwei.planung.id }, body: { data: { bemerkung: 'Reset erklärt' } } }),
    );
    expect(tel.result).toMatchObject({ aktiv: false, auftragsstatus: ST.telefonischErledigt });
    const drei = await s.auftrag(tech.technikerId);
    await s.vorOrt(as, drei.planung.id, 10);
    expectError(await c.call(endpoints.servicePlanungTelefonischErledigt, { as, params: { id: drei.planung.id }, body: { data: {} } }), 422);
  });

  it('the office sees every step with its real time (zeitpunkt) and when it arrived (erfasstAm)', async () => {
    const tech = await s.techniker();
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    await s.vorOrt(tech.as, planung.id, 120);
    const detail = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: auftrag.id } })).result;
    const arten = detail.schritte.map((x) => x.art);
    expect(arten).toEqual(['reisebeginn', 'ankunft']);
    const ankunft = detail.schritte[1]!;
    expect(Date.parse(ankunft.erfasstAm) - Date.parse(ankunft.zeitpunkt)).toBeGreaterThan(110 * 60_000);
    expect(ankunft.quelle).toBe('online');
    expect(detail.planungen[0]!.vorOrtDatum).toBe(ankunft.zeitpunkt);
  });

  it('a zeitpunkt far in the future is refused', async () => {
    const tech = await s.techniker();
    const { planung } = await s.auftrag(tech.technikerId);
    const e = expectError(
      await c.call(endpoints.servicePlanungReisebeginn, {
        as: tech.as,
        params: { id: planung.id },
        body: { data: { zeitpunkt: new Date(Date.now() + 3600_000).toISOString() } },
      }),
      400,
    );
    expect(e.errors.fieldErrors.zeitpunkt).toBeDefined();
  });
});
