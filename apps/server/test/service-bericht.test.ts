import { createHash } from 'node:crypto';
import { endpoints, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { readPdf } from './pdf-reader';
import { serviceSetup } from './service-helpers';

/**
 * Issue 19 items 16–18: serial and batch numbers are required where the article is managed by them; the completion
 * report shows every visit (also after suspending), the totals, material with serial and batch numbers and the
 * additional work; the office completes a task without the customer's signature only with a reason, through its own
 * action (a plain status change to 12 is refused).
 */

const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const f = factories(c);
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const key = () => ({ 'idempotency-key': s.key() });

/** A material line of a new article with the given management flags, transferred into the technician's good-parts store. */
async function zeile(auftragId: number, menge: number, flags: { istSeriennummernArtikel?: boolean; istChargenArtikel?: boolean }) {
  const artikel = await f.artikel({ bezeichnung: 'Verdichter', ...flags });
  const zentral = await s.lager('ZEN');
  await f.buchung({ artikelId: artikel.id, lagerId: zentral, menge: menge + 5 });
  const m = expectOk(
    await c.call(endpoints.serviceMaterialCreate, {
      as: s.office,
      params: { id: auftragId },
      body: { data: { artikelId: artikel.id, menge, quelleLagerId: zentral, umlagerungTyp: 2 } },
    }),
  ).result;
  expectOk(await c.call(endpoints.serviceMaterialUmlagern, { as: s.office, params: { id: m.id }, body: { data: { menge } } }));
  return { m, artikel };
}

type Buchung = { art: 'eingebaut' | 'doa' | 'defektVerkauft' | 'defektEingelagert'; menge: number; seriennr?: string | null; chargennr?: string | null };
const buchen = (as: string, auftragId: number, materialId: number, data: Buchung, zeitpunkt?: string) =>
  c.call(endpoints.serviceMaterialBuchen, { as, params: { id: auftragId, subId: materialId }, headers: key(), body: { data: { ...data, zeitpunkt } } });

describe('serial and batch numbers of material bookings (issue 19 item 16)', () => {
  it('a serial-numbered article is booked with one serial number per piece; the refusal names the article and changes nothing', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    const { m, artikel } = await zeile(auftrag.id, 3, { istSeriennummernArtikel: true });
    expect(m).toMatchObject({ istSeriennummernArtikel: true, istChargenArtikel: false });
    await s.vorOrt(tech.as, planung.id);
    const ohne = expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 1 }), 400);
    expect(ohne.errors.fieldErrors.seriennr?.[0]).toContain(artikel.artikelnummer);
    expect(ohne.errors.fieldErrors.seriennr?.[0]).toContain('Seriennummer');
    const zuWenig = expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 2, seriennr: 'SN-1' }), 400);
    expect(zuWenig.errors.fieldErrors.seriennr?.[0]).toContain('2 Seriennummern');
    expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 2, seriennr: 'SN-1, SN-1' }), 400);
    expect(
      expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 0.5, seriennr: 'SN-1' }), 400).errors.fieldErrors.menge,
    ).toBeDefined();
    // nothing was booked by the refusals
    expect(await s.bestand(artikel.id, tech.gut)).toBe(3);
    const ok = expectOk(await buchen(tech.as, auftrag.id, m.id, { art: 'eingebaut', menge: 2, seriennr: 'SN-1; SN-2' }));
    expect(ok.result).toMatchObject({ menge: 2, seriennr: 'SN-1; SN-2' });
    expect(ok.material.istSeriennummernArtikel).toBe(true);
    expect(await s.bestand(artikel.id, tech.gut)).toBe(1);
    // the faulty part removed is of the same article: its serial number too
    expectError(await buchen(tech.as, auftrag.id, m.id, { art: 'defektEingelagert', menge: 1 }), 400);
    expectOk(await buchen(tech.as, auftrag.id, m.id, { art: 'defektEingelagert', menge: 1, seriennr: 'ALT-9' }));
    // the queued step answers the same refusal as a conflict of its own
    const sync = expectOk(
      await c.call(endpoints.serviceSync, {
        as: tech.as,
        body: {
          data: {
            aktionen: [
              { clientId: s.key(), art: 'materialBuchung', auftragId: auftrag.id, materialId: m.id, zeitpunkt: vor(5), daten: { art: 'eingebaut', menge: 1 } },
            ],
          },
        },
      }),
    ).result;
    expect(sync[0]).toMatchObject({ ergebnis: 'konflikt' });
    expect(sync[0]!.fehler?.errors.fieldErrors.seriennr?.[0]).toContain(artikel.artikelnummer);
  });

  it('a batch-managed article is booked with its batch number; other articles need neither', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    const charge = await zeile(auftrag.id, 2, { istChargenArtikel: true });
    const frei = await zeile(auftrag.id, 2, {});
    await s.vorOrt(tech.as, planung.id);
    const e = expectError(await buchen(tech.as, auftrag.id, charge.m.id, { art: 'eingebaut', menge: 2, chargennr: '  ' }), 400);
    expect(e.errors.fieldErrors.chargennr?.[0]).toContain(charge.artikel.artikelnummer);
    expect(e.errors.fieldErrors.seriennr).toBeUndefined();
    expect(expectOk(await buchen(tech.as, auftrag.id, charge.m.id, { art: 'eingebaut', menge: 2, chargennr: 'CH-2026-07' })).result.chargennr).toBe(
      'CH-2026-07',
    );
    expectOk(await buchen(tech.as, auftrag.id, frei.m.id, { art: 'eingebaut', menge: 1 }));
  });
});

describe('the completion report (issue 19 item 17)', () => {
  it('shows both visits of a suspended task with times and distances, the totals, serial and batch numbers and the additional work', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    const pid = { id: planung.id };
    const sn = await zeile(auftrag.id, 1, { istSeriennummernArtikel: true, istChargenArtikel: true });
    // first visit: 12 km, 35 minutes of work, suspended without a date
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params: pid, body: { data: { zeitpunkt: vor(200) } } }));
    expectOk(await c.call(endpoints.servicePlanungAnkunft, { as, params: pid, body: { data: { zeitpunkt: vor(190), strecke: 12 } } }));
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params: pid, body: { data: { zeitpunkt: vor(185) } } }));
    expectOk(await c.call(endpoints.servicePlanungZeitStopp, { as, params: pid, body: { data: { zeitpunkt: vor(150) } } }));
    expectOk(await c.call(endpoints.servicePlanungZurueckstellen, { as, params: pid, body: { data: { zeitpunkt: vor(145), bemerkung: 'Ersatzteil fehlt' } } }));
    // second visit: 8 km, 45 minutes of work, material, additional work, signature, completion
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params: pid, body: { data: { zeitpunkt: vor(100) } } }));
    expectOk(await c.call(endpoints.servicePlanungAnkunft, { as, params: pid, body: { data: { zeitpunkt: vor(90), strecke: 8 } } }));
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params: pid, body: { data: { zeitpunkt: vor(85) } } }));
    expectOk(await buchen(as, auftrag.id, sn.m.id, { art: 'eingebaut', menge: 1, seriennr: 'SN-4711', chargennr: 'CH-0815' }, vor(60)));
    expectOk(await c.call(endpoints.servicePlanungZeitStopp, { as, params: pid, body: { data: { zeitpunkt: vor(40) } } }));
    expectOk(
      await c.call(endpoints.serviceMehraufwandCreate, {
        as,
        params: { id: auftrag.id },
        headers: key(),
        body: { data: { mehraufwandArtId: 5, strecke: 5, bemerkung: 'Umweg über Großhandel' } },
      }),
    );
    expectOk(await c.call(endpoints.serviceUnterschriftSet, { as, params: { id: auftrag.id }, body: { data: { daten: s.sig(), name: 'Herr Kunde' } } }));
    const done = expectOk(await c.call(endpoints.serviceAbschluss, { as, params: { id: auftrag.id }, body: { data: { zeitpunkt: vor(10) } } }));
    expect(done.result.gebrauchteZeit).toBe(80);
    const pdf = await c.callRaw(endpoints.serviceAbschlussbericht, { as, params: { id: auftrag.id } });
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(done.sha256);
    const text = (await readPdf(pdf.rawPayload)).pages.join('\n');
    const nach = (von: string, was: string) => text.indexOf(was, text.indexOf(von));
    expect(text).toContain('Einsatz 1');
    expect(text).toContain('Einsatz 2');
    // each visit with its own trip: the first one's 12 km before the second visit, the 8 km after it
    expect(nach('Einsatz 1', '12 km')).toBeGreaterThan(-1);
    expect(nach('Einsatz 1', '12 km')).toBeLessThan(text.indexOf('Einsatz 2'));
    expect(nach('Einsatz 2', '8 km')).toBeGreaterThan(text.indexOf('Einsatz 2'));
    expect(text).toContain('Zurückgestellt');
    expect(text).toContain('Ersatzteil fehlt');
    expect(text.match(/Reisebeginn/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text.match(/Ankunft/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('0:35 h');
    expect(text).toContain('0:45 h');
    // totals: 1:20 h and 20 km
    expect(text).toContain('1:20 h');
    expect(text).toContain('20 km');
    // material with serial and batch number, the additional work
    expect(text).toContain(sn.artikel.artikelnummer);
    expect(text).toContain('SN-4711');
    expect(text).toContain('CH-0815');
    expect(text).toContain('Umweg über Großhandel');
    expect(text).toContain('5 km');
    expect(text).toContain('Herr Kunde');
  });
});

describe('office completion without the customer signature (issue 19 item 18)', () => {
  const ohne = (as: string, id: number, data: Record<string, unknown>) =>
    c.call(endpoints.serviceAbschlussOhneUnterschrift, { as, params: { id }, body: { data: data as { grund: string } } });

  it('needs a reason and SVC_DISPO; the plain status change to 12 is refused; nothing changes on a refusal', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    await s.vorOrt(tech.as, planung.id, 30);
    const patch = expectError(
      await c.call(endpoints.serviceAuftragUpdate, { as: s.office, params: { id: auftrag.id }, body: { data: { auftragsstatus: ST.abgeschlossen } } }),
      409,
    );
    expect(patch.errors.services[0]!.message).toContain('Unterschrift');
    expect(expectError(await ohne(s.office, auftrag.id, { grund: '   ' }), 400).errors.fieldErrors.grund).toBeDefined();
    expect(expectError(await ohne(s.office, auftrag.id, {}), 400).errors.fieldErrors.grund).toBeDefined();
    // the technician (SVC_DISPO denied) and an office user without the right
    expectError(await ohne(tech.as, auftrag.id, { grund: 'Kunde nicht anwesend' }), 403);
    const buero = await f.benutzer({ rechte: {} });
    expectError(await ohne(buero.anmeldename, auftrag.id, { grund: 'Kunde nicht anwesend' }), 403);
    const a = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: auftrag.id } })).result;
    expect(a).toMatchObject({ auftragsstatus: ST.vorOrt, abgeschlossenAm: null, ohneUnterschriftGrund: null, abschlussberichtSha256: null });
    expect(a.schritte.map((x) => x.art)).not.toContain('abschlussOhneUnterschrift');
  });

  it('completes with the date, the report stating it was without signature and why, in the journey and change log', async () => {
    const tech = await s.techniker();
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    await s.vorOrt(tech.as, planung.id, 30);
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as: tech.as, params: { id: planung.id }, body: { data: { zeitpunkt: vor(25) } } }));
    const dispo = await f.benutzer({ rechte: { SVC_DISPO: true } });
    const grund = 'Kunde war bei Abschluss nicht anwesend, Arbeiten telefonisch bestätigt';
    const done = expectOk(await ohne(dispo.anmeldename, auftrag.id, { grund: `  ${grund} ` }));
    expect(done.result).toMatchObject({ auftragsstatus: ST.abgeschlossen, ohneUnterschriftGrund: grund, unterschriftName: null });
    expect(Date.parse(done.result.abgeschlossenAm ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(done.result.abschlussberichtSha256).toBe(done.sha256);
    const detail = expectOk(await c.call(endpoints.serviceAuftragGet, { as: s.office, params: { id: auftrag.id } })).result;
    // the running time was stopped, the visit ended, the step is in the journey log with the reason
    expect(detail.zeiten.every((z) => z.bis !== null)).toBe(true);
    expect(detail.planungen.every((p) => !p.aktiv)).toBe(true);
    expect(detail.schritte.find((x) => x.art === 'abschlussOhneUnterschrift')).toMatchObject({ text: grund, benutzerId: dispo.id });
    const log = await t.handle.db
      .selectFrom('protokoll')
      .selectAll()
      .where('tabelle', '=', 'SVA')
      .where('datensatzId', '=', auftrag.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.bemerkung).toContain('ohne Unterschrift des Kunden');
    const pdf = await c.callRaw(endpoints.serviceAbschlussbericht, { as: tech.as, params: { id: auftrag.id } });
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(done.sha256);
    const read = await readPdf(pdf.rawPayload);
    const text = read.pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('ohne Unterschrift des Kunden');
    expect(text).toContain(grund);
    expect(text).not.toContain('Mit seiner Unterschrift bestätigt');
    expect(read.images.reduce((x, y) => x + y, 0)).toBe(0);
    // completed: no second completion, no step
    expectError(await ohne(dispo.anmeldename, auftrag.id, { grund }), 409);
    expectError(await c.call(endpoints.serviceAbschluss, { as: tech.as, params: { id: auftrag.id }, body: { data: {} } }), 409);
  });

  it('a signed task is completed with its signature, not by the office action', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    expectOk(await c.call(endpoints.serviceUnterschriftSet, { as: tech.as, params: { id: auftrag.id }, body: { data: { daten: s.sig(), name: 'K' } } }));
    expectError(await ohne(s.office, auftrag.id, { grund: 'egal' }), 409);
  });
});
