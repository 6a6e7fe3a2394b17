import { createHash } from 'node:crypto';
import { endpoints, AUFTRAGSSTATUS as ST } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { heute } from '../src/modules/service/service.zeit';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';
import { readPdf } from './pdf-reader';
import { serviceSetup } from './service-helpers';

const t = await createTestApp();
const c = api(t);
const s = serviceSetup(c);
const vor = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const tag = (offset: number) => new Date(Date.parse(`${heute()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('service reference data, lists and object-level access', () => {
  it('[SVC-011] status dictionary: 50 a page by default, offset, hasMoreData; art A and M', async () => {
    const all = expectOk(await c.call(endpoints.serviceStatus, { as: 'techniker' }));
    expect(all.result.length).toBeLessThanOrEqual(50);
    expect(all.hasMoreData).toBe(all.result.length === 50);
    for (const x of all.result) {
      expect(['A', 'M'], x.status).toContain(x.art);
      expect(x.beschreibung.trim(), x.status).not.toBe('');
    }
    expect(all.result.some((x) => x.art === 'A' && x.status === '12')).toBe(true);
    expect(all.result.some((x) => x.art === 'M' && x.status === '29')).toBe(true);
    const seite = expectOk(await c.call(endpoints.serviceStatus, { as: 'techniker', query: { limit: 10, offset: 0 } }));
    expect(seite.result).toHaveLength(10);
    expect(seite.hasMoreData).toBe(true);
    const rest = expectOk(await c.call(endpoints.serviceStatus, { as: 'techniker', query: { limit: 10, offset: all.result.length - 3 } }));
    expect(rest.result).toHaveLength(3);
    expect(rest.hasMoreData).toBe(false);
  });

  it('[SVC-016] [SVC-066] additional-work types with typ 1/2/3; calendar entry types', async () => {
    const arten = expectOk(await c.call(endpoints.serviceMehraufwandsarten, { as: 'techniker' })).result;
    expect(new Set(arten.map((a) => a.typ))).toEqual(new Set([1, 2, 3]));
    for (const a of arten) {
      expect(a.id).toBeGreaterThan(0);
      expect(a.bezeichnung.trim()).not.toBe('');
    }
    expect(expectOk(await c.call(endpoints.serviceKalenderTypen, { as: 'techniker' })).result[0]).toMatchObject({ id: 1 });
  });

  it('[SVC-063] planning list: filter serviceAuftragId!null,angenommenDatum!null, orderBy beginnDatum, returnTotal; a technician sees only their own', async () => {
    const tech = await s.techniker();
    const other = await s.techniker();
    const a = await s.auftrag(tech.technikerId);
    const b = await s.auftrag(tech.technikerId, { angenommen: false });
    const fremd = await s.auftrag(other.technikerId);
    // a second accepted item, made later but planned earlier: orderBy beginnDatum puts it first
    const frueher = await s.auftrag(tech.technikerId);
    expectOk(
      await c.call(endpoints.servicePlanungUpdate, {
        as: s.office,
        params: { id: frueher.planung.id },
        body: { data: { beginnDatum: new Date(Date.now() - 5 * 3600_000).toISOString() } },
      }),
    );
    const list = expectOk(
      await c.call(endpoints.servicePlanungList, {
        as: tech.as,
        query: { filter: 'serviceAuftragId!null,angenommenDatum!null', orderBy: 'beginnDatum', returnTotal: true },
      }),
    );
    expect(list.result.map((p) => p.id)).toEqual([frueher.planung.id, a.planung.id]);
    expect(list.resultCount).toBe(2);
    expect(list.result[1]).toMatchObject({
      auftragsnummer: a.auftrag.auftragsnummer,
      plz: '30880',
      ort: 'Laatzen',
      assetNr: a.asset.assetnummer,
      adresseName: a.adresse.name1,
    });
    const offen = expectOk(await c.call(endpoints.servicePlanungList, { as: tech.as, query: { filter: 'angenommenDatum=null' } }));
    expect(offen.result.map((p) => p.id)).toEqual([b.planung.id]);
    // the office sees all
    const office = expectOk(await c.call(endpoints.servicePlanungList, { as: s.office, query: { filter: `technikerId=${other.technikerId}` } }));
    expect(office.result.map((p) => p.id)).toEqual([fremd.planung.id]);
    // returned (or rejected) items leave the office's live list too; the history is asked for with aktiv=false
    expectOk(await c.call(endpoints.servicePlanungZurueckgeben, { as: other.as, params: { id: fremd.planung.id }, body: { data: { bemerkung: 'krank' } } }));
    expect(expectOk(await c.call(endpoints.servicePlanungList, { as: s.office, query: { filter: `technikerId=${other.technikerId}` } })).result).toEqual([]);
    const historie = expectOk(await c.call(endpoints.servicePlanungList, { as: s.office, query: { filter: `technikerId=${other.technikerId},aktiv=false` } }));
    expect(historie.result.map((p) => p.id)).toEqual([fremd.planung.id]);
    expectError(await c.call(endpoints.servicePlanungList, { as: tech.as, query: { filter: 'gibtsnicht=1' } }), 400);
  });

  it('planning and material export as CSV: the scope, filter and order of the lists; status codes as the given labels, quantities in German', async () => {
    const tech = await s.techniker();
    const other = await s.techniker();
    const a = await s.auftrag(tech.technikerId);
    await s.auftrag(other.technikerId);
    const csvLines = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
    const planung = await c.callRaw(endpoints.servicePlanungExport, {
      as: tech.as,
      query: {
        filter: 'serviceAuftragId!null,angenommenDatum!null',
        orderBy: 'beginnDatum',
        columns: 'auftragsnummer,auftragsstatus,ort',
        labels: 'Auftrag,Status,Ort',
        values: JSON.stringify({ auftragsstatus: { [String(a.planung.auftragsstatus)]: `${a.planung.auftragsstatus} · Angenommen` } }),
      },
    });
    expect(planung.statusCode).toBe(200);
    expect(planung.headers['content-disposition']).toMatch(/filename="Serviceplanung_\d{4}-\d{2}-\d{2}\.csv"/);
    // the technician's own accepted task only, its status by its label
    expect(csvLines(planung.body)).toEqual(['Auftrag;Status;Ort', `${a.auftrag.auftragsnummer};${a.planung.auftragsstatus} · Angenommen;Laatzen`]);
    const { m } = await s.material(a.auftrag.id, 2.5, 1.5);
    const material = await c.callRaw(endpoints.serviceMaterialExport, {
      as: tech.as,
      query: { filter: `serviceAuftragId=${a.auftrag.id}`, columns: 'auftragsnummer,menge,mengeUmgelagert,materialstatus' },
    });
    expect(material.statusCode).toBe(200);
    expect(csvLines(material.body)).toEqual(['auftragsnummer;menge;mengeUmgelagert;materialstatus', `${a.auftrag.auftragsnummer};2,5;1,5;${m.materialstatus}`]);
    // another technician's lines are not in their export; unknown columns are a 400
    const fremd = await c.callRaw(endpoints.serviceMaterialExport, { as: other.as, query: { filter: `serviceAuftragId=${a.auftrag.id}`, columns: 'id' } });
    expect(csvLines(fremd.body)).toEqual(['id']);
    expectError(await c.callRaw(endpoints.servicePlanungExport, { as: tech.as, query: { columns: 'geheim' } }), 400);
  });

  it('object level: a technician reaches only their own tasks (others 404), office users need SVC_DISPO, a plain user without it sees nothing', async () => {
    const tech = await s.techniker();
    const other = await s.techniker();
    const fremd = await s.auftrag(other.technikerId);
    const id = fremd.auftrag.id;
    const pid = fremd.planung.id;
    expectError(await c.call(endpoints.serviceAuftragGet, { as: tech.as, params: { id } }), 404);
    expectError(await c.call(endpoints.servicePlanungGet, { as: tech.as, params: { id: pid } }), 404);
    expectError(await c.call(endpoints.serviceMehraufwaende, { as: tech.as, params: { id } }), 404);
    expectError(await c.call(endpoints.serviceMaterialList, { as: tech.as, params: { id } }), 404);
    expectError(await c.call(endpoints.serviceUnterschriftGet, { as: tech.as, params: { id } }), 404);
    expectError(await c.call(endpoints.servicePlanungAnnehmen, { as: tech.as, params: { id: pid }, body: { data: {} } }), 404);
    expectError(await c.call(endpoints.serviceMehraufwandCreate, { as: tech.as, params: { id }, body: { data: { mehraufwandArtId: 5, strecke: 3 } } }), 404);
    expectError(await c.call(endpoints.serviceUnterschriftSet, { as: tech.as, params: { id }, body: { data: { daten: s.sig(), name: 'X' } } }), 404);
    expect(expectOk(await c.call(endpoints.serviceAuftraegeList, { as: tech.as, query: { filter: `id=${id}` } })).result).toEqual([]);
    // the technician may not plan (SVC_DISPO denied): 403 naming the right
    const e = expectError(await c.call(endpoints.serviceAuftragCreate, { as: tech.as, body: { data: { bezeichnung: 'x' } } }), 403);
    expect(e.messageParameters).toEqual(['SVC_DISPO']);
    // a technician without a stored SVC_DISPO row (unlisted = granted on the route) is still refused on the object level
    const ohneZeile = await s.f.benutzer();
    await t.handle.db
      .insertInto('techniker')
      .values({ benutzerId: ohneZeile.id, bezeichnung: 'ohne Zeile', gutteileLagerId: null, doateileLagerId: null, defektteileLagerId: null })
      .execute();
    expectError(await c.call(endpoints.serviceAuftragCreate, { as: ohneZeile.anmeldename, body: { data: { bezeichnung: 'x' } } }), 403);
    expectError(
      await c.call(endpoints.servicePlanungUpdate, { as: ohneZeile.anmeldename, params: { id: pid }, body: { data: { technikerId: tech.technikerId } } }),
      403,
    );
    // an office user with the right reaches it; one without sees no task
    const dispo = await s.f.benutzer({ rechte: { SVC_DISPO: true } });
    expect(expectOk(await c.call(endpoints.serviceAuftragGet, { as: dispo.anmeldename, params: { id } })).result.id).toBe(id);
    const ohne = await s.f.benutzer({ rechte: { SVC_DISPO: false } });
    expectError(await c.call(endpoints.serviceAuftragGet, { as: ohne.anmeldename, params: { id } }), 404);
    expect(expectOk(await c.call(endpoints.servicePlanungList, { as: ohne.anmeldename })).result).toEqual([]);
  });

  it('an order not yet planned (the factory) is the office’s: status 00, no technician reaches it', async () => {
    const { auftrag, planung } = await s.f.serviceAuftrag({ titel: 'ohne Plan' });
    expect(planung).toBeNull();
    expect(auftrag).toMatchObject({ auftragsstatus: '00', technikerId: null, titel: 'ohne Plan' });
    expectError(await c.call(endpoints.serviceAuftragGet, { as: 'techniker', params: { id: auftrag.id } }), 404);
    const tech = await s.techniker();
    const geplant = await s.f.serviceAuftrag({}, { technikerId: tech.technikerId, angenommen: false });
    expect(geplant.planung).toMatchObject({ technikerId: tech.technikerId, angenommenDatum: null, auftragsstatus: '01' });
  });

  // SVC-038 (red when over the estimate) is the screen's: this gives its data; the e2e journey checks the colour
  it('task detail: contacts, asset, address, material lines; used time and estimate are both given', async () => {
    const tech = await s.techniker();
    const { auftrag, asset } = await s.auftrag(tech.technikerId, { aufwandGeschaetzt: 45 });
    await s.material(auftrag.id, 1);
    const d = expectOk(await c.call(endpoints.serviceAuftragGet, { as: tech.as, params: { id: auftrag.id } })).result;
    expect(d).toMatchObject({ stoermelderTelefon: '+49 511 123', aufwandGeschaetzt: 45, gebrauchteZeit: 0, standortOrt: 'Laatzen', hatUnterschrift: false });
    expect(d.auftragsnummer).toMatch(/^A\d+$/);
    expect(d.asset).toMatchObject({ id: asset.id, assetnummer: asset.assetnummer });
    expect(d.material).toHaveLength(1);
    expect(d.planungen).toHaveLength(1);
  });
});

describe('service additional work, subsequent bookings, calendar, completion', () => {
  it('[SVC-041] [SVC-042] [SVC-045] type 1 needs from and to, start before end; costs and distance are cleared', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    const as = tech.as;
    const e = expectError(
      await c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 1, vonZeitpunkt: vor(30) } } }),
      400,
    );
    expect(e.errors.fieldErrors.bisZeitpunkt).toEqual(['Bitte einen Wert eingeben']);
    const ohneVon = expectError(
      await c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 1, bisZeitpunkt: vor(10) } } }),
      400,
    );
    expect(ohneVon.errors.fieldErrors.vonZeitpunkt).toEqual(['Bitte einen Wert eingeben']);
    const e2 = expectError(
      await c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 1, vonZeitpunkt: vor(10), bisZeitpunkt: vor(30) } } }),
      400,
    );
    expect(e2.errors.fieldErrors.bisZeitpunkt).toEqual(['Der Beginn muss vor dem Ende liegen']);
    const ok = expectOk(
      await c.call(endpoints.serviceMehraufwandCreate, {
        as,
        params,
        body: { data: { mehraufwandArtId: 1, vonZeitpunkt: vor(30), bisZeitpunkt: vor(10), kosten: 5, strecke: 3, bemerkung: 'Warten' } },
      }),
    ).result;
    expect(ok).toMatchObject({ typ: 1, kosten: null, strecke: null, bemerkung: 'Warten' });
    // [SVC-065] listed with the task
    expect(expectOk(await c.call(endpoints.serviceMehraufwaende, { as, params })).result.map((m) => m.id)).toEqual([ok.id]);
    // change to type 3 clears the times
    const geaendert = expectOk(
      await c.call(endpoints.serviceMehraufwandUpdate, {
        as,
        params: { id: auftrag.id, subId: ok.id },
        body: { data: { mehraufwandArtId: 5, strecke: 8, vonZeitpunkt: vor(5), aenderungskommentar: 'Anfahrt statt Wartezeit' } },
      }),
    ).result;
    expect(geaendert).toMatchObject({ typ: 3, strecke: 8, vonZeitpunkt: null, bisZeitpunkt: null, kosten: null });
    expect((await c.call(endpoints.serviceMehraufwandDelete, { as, params: { id: auftrag.id, subId: ok.id } })).status).toBe(204);
    expect(expectOk(await c.call(endpoints.serviceMehraufwaende, { as, params })).result).toEqual([]);
  });

  it('[SVC-043] [SVC-044] [SVC-046] [SVC-047] type 2 costs > 0 with whole cents, type 3 a whole distance > 0; the other fields cleared', async () => {
    const tech = await s.techniker();
    const { auftrag } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    const as = tech.as;
    const mk = (data: Record<string, unknown>) => c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 3, ...data } } });
    expect(expectError(await mk({}), 400).errors.fieldErrors.kosten).toEqual(['Bitte einen Wert eingeben']);
    expect(expectError(await mk({ kosten: 0 }), 400).errors.fieldErrors.kosten).toEqual(['zu klein']);
    expect(expectError(await mk({ kosten: -3 }), 400).errors.fieldErrors.kosten).toEqual(['zu klein']);
    expect(expectError(await mk({ kosten: 1.005 }), 400).errors.fieldErrors.kosten![0]).toContain('ganzen Preis');
    expect(expectOk(await mk({ kosten: 12.5, strecke: 4, vonZeitpunkt: vor(3), bisZeitpunkt: vor(1) })).result).toMatchObject({
      kosten: 12.5,
      strecke: null,
      vonZeitpunkt: null,
      bisZeitpunkt: null,
    });
    const km = (strecke: unknown) =>
      c.call(endpoints.serviceMehraufwandCreate, {
        as,
        params,
        body: { data: { mehraufwandArtId: 5, strecke: strecke as number, kosten: 9, vonZeitpunkt: vor(3), bisZeitpunkt: vor(1) } },
      });
    for (const bad of [0, -2, 2.5]) expect(expectError(await km(bad), 400).errors.fieldErrors.strecke).toBeDefined();
    expect(
      expectError(await c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 5 } } }), 400).errors.fieldErrors.strecke,
    ).toBeDefined();
    expect(expectOk(await km(25)).result).toMatchObject({ typ: 3, strecke: 25, kosten: null, vonZeitpunkt: null, bisZeitpunkt: null });
  });

  it('[SVC-017] subsequent booking: today and earlier are kept, a day after today is refused', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const gestern = vor(60 * 24);
    const r = expectOk(
      await c.call(endpoints.serviceNachbuchungCreate, {
        as,
        body: { data: { istAnmeldung: true, nachbuchungTimeStamp: gestern, kommentar: 'vergessen' } },
      }),
    ).result;
    expect(r).toMatchObject({ ben_id: tech.id, istAnmeldung: true, kommentar: 'vergessen', nachbuchungTimeStamp: gestern });
    // a time with an offset is kept as the same instant in UTC
    const mitOffset = `${tag(0)}T00:30:00+02:00`;
    const r2 = expectOk(
      await c.call(endpoints.serviceNachbuchungCreate, { as, body: { data: { istAnmeldung: false, nachbuchungTimeStamp: mitOffset } } }),
    ).result;
    expect(r2.nachbuchungTimeStamp).toBe(new Date(mitOffset).toISOString());
    const morgen = new Date(Date.parse(`${tag(1)}T09:00:00Z`)).toISOString();
    const e = expectError(await c.call(endpoints.serviceNachbuchungCreate, { as, body: { data: { istAnmeldung: false, nachbuchungTimeStamp: morgen } } }), 422);
    expect(e.errors.fieldErrors.nachbuchungTimeStamp).toEqual(['Eine Nachbuchung für einen Tag nach heute ist nicht möglich']);
    const list = expectOk(await c.call(endpoints.serviceNachbuchungen, { as })).result;
    expect(list.map((x) => x.id).sort()).toEqual([r.id, r2.id].sort());
    // another user does not see it
    expect(expectOk(await c.call(endpoints.serviceNachbuchungen, { as: (await s.techniker()).as })).result).toEqual([]);
  });

  it('[SVC-056] [SVC-058] calendar entries: defaults today and type 1; start ≠ end forces both halves; own entries only; the week query', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const d = expectOk(await c.call(endpoints.serviceKalendereintragCreate, { as, body: { data: { Vormittags: true, Nachmittags: false } } })).result;
    expect(d).toMatchObject({ KAL_TYP_ID: 1, StartDatum: heute(), EndeDatum: heute(), Vormittags: true, Nachmittags: false, BEN_ID: tech.id });
    const lang = expectOk(
      await c.call(endpoints.serviceKalendereintragCreate, {
        as,
        body: { data: { KAL_TYP_ID: 3, StartDatum: tag(1), EndeDatum: tag(3), Vormittags: false, Nachmittags: false } },
      }),
    ).result;
    expect(lang).toMatchObject({ Vormittags: true, Nachmittags: true });
    expect(
      expectError(await c.call(endpoints.serviceKalendereintragCreate, { as, body: { data: { Vormittags: false, Nachmittags: false } } }), 400).errors
        .fieldErrors.Vormittags,
    ).toBeDefined();
    expect(
      expectError(await c.call(endpoints.serviceKalendereintragCreate, { as, body: { data: { StartDatum: tag(2), EndeDatum: tag(1) } } }), 400).errors
        .fieldErrors.EndeDatum,
    ).toBeDefined();
    expect(
      expectError(await c.call(endpoints.serviceKalendereintragCreate, { as, body: { data: { KAL_TYP_ID: 999 } } }), 400).errors.fieldErrors.KAL_TYP_ID,
    ).toBeDefined();
    // changing a single day into several forces both halves
    const ch = expectOk(await c.call(endpoints.serviceKalendereintragUpdate, { as, params: { id: d.id }, body: { data: { EndeDatum: tag(1) } } })).result;
    expect(ch).toMatchObject({ StartDatum: heute(), EndeDatum: tag(1), Vormittags: true, Nachmittags: true });
    // another user's entry is not there for them
    const other = await s.techniker();
    expectError(await c.call(endpoints.serviceKalendereintragUpdate, { as: other.as, params: { id: d.id }, body: { data: { Kommentar: 'x' } } }), 404);
    expectError(await c.call(endpoints.serviceKalendereintragDelete, { as: other.as, params: { id: d.id } }), 404);
    // the week: planning items and entries
    const { planung } = await s.auftrag(tech.technikerId);
    const woche = expectOk(await c.call(endpoints.serviceKalender, { as, query: { von: tag(-1), bis: tag(5) } })).result;
    expect(woche.planungen.map((p) => p.id)).toEqual([planung.id]);
    expect(woche.eintraege.map((e) => e.id).sort()).toEqual([d.id, lang.id].sort());
    expect((await c.call(endpoints.serviceKalendereintragDelete, { as, params: { id: lang.id } })).status).toBe(204);
    expect(expectOk(await c.call(endpoints.serviceKalendereintraege, { as })).result.map((e) => e.id)).toEqual([d.id]);
  });

  it('completion needs the signature (PNG); the report is a PDF with the stored SHA-256; a completed task takes no more steps', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const { auftrag, planung } = await s.auftrag(tech.technikerId);
    const params = { id: auftrag.id };
    await s.vorOrt(as, planung.id, 30);
    expectOk(await c.call(endpoints.servicePlanungZeitStart, { as, params: { id: planung.id }, body: { data: { zeitpunkt: vor(25) } } }));
    expect(expectError(await c.call(endpoints.serviceAbschluss, { as, params, body: { data: {} } }), 422).errors.services[0]!.message).toContain(
      'Unterschrift',
    );
    expect(
      expectError(
        await c.call(endpoints.serviceUnterschriftSet, {
          as,
          params,
          body: { data: { daten: Buffer.from('GIF89a-not-a-png-at-all-but-long-enough-to-pass-the-size-check').toString('base64'), name: 'K' } },
        }),
        400,
      ).errors.fieldErrors.daten,
    ).toBeDefined();
    expectError(await c.call(endpoints.serviceUnterschriftSet, { as, params, body: { data: { daten: s.sig(), name: '  ' } } }), 400);
    const sig = s.sig();
    expectOk(await c.call(endpoints.serviceUnterschriftSet, { as, params, body: { data: { daten: sig, name: 'Frau Kundin' } } }));
    expect(expectOk(await c.call(endpoints.serviceUnterschriftGet, { as, params })).result).toMatchObject({ daten: sig, name: 'Frau Kundin' });
    expectError(await c.call(endpoints.serviceAbschlussbericht, { as, params }), 404);
    const done = expectOk(await c.call(endpoints.serviceAbschluss, { as, params, body: { data: { zeitpunkt: vor(5) } } }));
    expect(done.result).toMatchObject({ auftragsstatus: ST.abgeschlossen, unterschriftName: 'Frau Kundin', gebrauchteZeit: 20 });
    expect(done.sha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await c.callRaw(endpoints.serviceAbschlussbericht, { as, params });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(done.sha256);
    expect(pdf.headers['x-content-sha256']).toBe(done.sha256);
    // read back with pdf.js: title with the order number, the signer, the times; the signature painted as an image
    const read = await readPdf(pdf.rawPayload);
    const text = read.pages.join('\n');
    expect(text).toContain('Abschlussbericht');
    expect(text).toContain(auftrag.auftragsnummer);
    expect(text).toContain('Frau Kundin');
    expect(text).toContain('Reisebeginn');
    expect(read.images.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(expectOk(await c.call(endpoints.serviceZeitenAktiv, { as })).result).toBeNull();
    const e = expectError(await c.call(endpoints.serviceMehraufwandCreate, { as, params, body: { data: { mehraufwandArtId: 5, strecke: 3 } } }), 409);
    expect(e.errors.services[0]!.message).toContain('abgeschlossen');
    expectError(await c.call(endpoints.serviceAbschluss, { as, params, body: { data: {} } }), 409);
  });

  it('odd input: ids beyond the integer columns, huge distances and costs are 400 (never a database error)', async () => {
    const tech = await s.techniker();
    const as = tech.as;
    const { planung, auftrag } = await s.auftrag(tech.technikerId);
    expectError(await c.call(endpoints.servicePlanungGet, { as, params: { id: 2 ** 40 } }), 400);
    expectError(
      await c.call(endpoints.serviceMehraufwandCreate, { as, params: { id: auftrag.id }, body: { data: { mehraufwandArtId: 2 ** 40, strecke: 3 } } }),
      400,
    );
    expectOk(await c.call(endpoints.servicePlanungReisebeginn, { as, params: { id: planung.id }, body: { data: { zeitpunkt: vor(20) } } }));
    expect(
      expectError(await c.call(endpoints.servicePlanungAnkunft, { as, params: { id: planung.id }, body: { data: { strecke: 1e12 } } }), 400).errors.fieldErrors
        .strecke,
    ).toBeDefined();
    expect(
      expectError(
        await c.call(endpoints.serviceMehraufwandCreate, { as, params: { id: auftrag.id }, body: { data: { mehraufwandArtId: 3, kosten: 1e300 } } }),
        400,
      ).errors.fieldErrors.kosten,
    ).toEqual(['zu groß']);
    expect(
      expectError(
        await c.call(endpoints.serviceMehraufwandCreate, { as, params: { id: auftrag.id }, body: { data: { mehraufwandArtId: 5, strecke: 1e12 } } }),
        400,
      ).errors.fieldErrors.strecke,
    ).toBeDefined();
    const [r] = expectOk(
      await c.call(endpoints.serviceSync, {
        as,
        body: { data: { aktionen: [{ clientId: s.key(), art: 'ankunft', planungId: planung.id, zeitpunkt: vor(10), daten: { strecke: 2 ** 53 } }] } },
      }),
    ).result;
    expect(r!.fehler!.httpStatus).toBe(400);
  });
});
