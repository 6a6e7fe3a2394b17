import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const techniker = await t.login('techniker');
const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/vario-api${url}` });

describe('current user and base data', () => {
  it('[APP-025] /webapp/me answers benutzer with istAdmin and avatar, rechte and techniker', async () => {
    const me = (await get(admin, '/webapp/me')).json().result;
    expect(me.benutzer).toMatchObject({ name: 'Anna Administrator', kuerzel: 'ADM', istAdmin: true, gesperrt: false, avatar: null, webappBerechtigt: true });
    expect(me.benutzer.passwortHash).toBeUndefined();
    expect(me.techniker).toBeNull();
  });

  it('[RIGHT-006] the technician has a technician record with good-parts, DOA and faulty-parts stores', async () => {
    const me = (await get(techniker, '/webapp/me')).json().result;
    expect(me.benutzer.typ).toBe(2);
    expect(me.techniker).toMatchObject({ bezeichnung: 'Tom Techniker' });
    for (const k of ['gutteileLagerId', 'doateileLagerId', 'defektteileLagerId']) expect(me.techniker[k]).toBeGreaterThan(0);
  });

  it('[APP-041] a user type without web app licence is flagged', async () => {
    await t.handle.db.updateTable('benutzer').set({ typ: 9 }).where('anmeldename', '=', 'buero').execute();
    expect((await get(buero, '/webapp/me')).json().result.benutzer.webappBerechtigt).toBe(false);
    await t.handle.db.updateTable('benutzer').set({ typ: 0 }).where('anmeldename', '=', 'buero').execute();
  });

  it('[APP-026] /webapp/basisdaten answers every base-data list', async () => {
    const b = (await get(buero, '/webapp/basisdaten')).json().result;
    expect(b.belegarten).toContainEqual({ belegart: '0100', anzeige: 'Angebot', istEinkauf: false });
    expect(b.belegarten).toContainEqual({ belegart: '0200', anzeige: 'Auftrag', istEinkauf: false });
    for (const k of ['zahlungsarten', 'lieferbedingungen', 'benutzer', 'lager', 'lagerkreise', 'serviceAuftragsarten', 'serviceAbrechnungsarten']) {
      expect(b[k].length, k).toBeGreaterThan(0);
    }
    expect(b.zahlungsarten.find((z: { skontoProzent: number }) => z.skontoProzent > 0).skontoProzent).toBe(2);
    expect(b.benutzer[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      typ: expect.any(Number),
      vorgabeLagerId: expect.toSatisfy((v) => v === null || typeof v === 'number'),
      kuerzel: expect.any(String),
      gesperrt: expect.any(Boolean),
    });
    expect(b.benutzer.some((u: { gesperrt: boolean }) => u.gesperrt)).toBe(true);
    expect(b.lagerkreise.filter((k: { istHauptlagerkreis: boolean }) => k.istHauptlagerkreis)).toHaveLength(1);
    expect(b.lager.some((l: { hatLagerplaetze: boolean }) => l.hatLagerplaetze)).toBe(true);
    expect(b.lager.some((l: { hatLagerplaetze: boolean }) => !l.hatLagerplaetze)).toBe(true);
  });
});

describe('parameters', () => {
  it('[HTTP-026] a system parameter is read with filter=name=…', async () => {
    const res = (await get(buero, '/system/parameter?filter=name=PFA.WIRTSCHAFTSJAHRBEGINN')).json();
    expect(res.result).toEqual([{ name: 'PFA.WIRTSCHAFTSJAHRBEGINN', wert: '4' }]);
    for (const name of ['SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN', 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN']) {
      expect((await get(buero, `/system/parameter?filter=name=${name}`)).json().result).toHaveLength(1);
    }
  });

  it('[APP-112] a web app parameter is 404 until saved, then per user', async () => {
    expectError(await get(buero, '/webapp/parameter/darkmode'), 404);
    const saved = await t.call(buero, { method: 'POST', url: '/vario-api/webapp/parameter/darkmode', payload: { data: { wert: 'true' } } });
    expect(saved.json()).toEqual({ result: { wert: 'true' } });
    expect((await get(buero, '/webapp/parameter/darkmode')).json()).toEqual({ result: { wert: 'true' } });
    await t.call(buero, { method: 'POST', url: '/vario-api/webapp/parameter/darkmode', payload: { data: { wert: 'false' } } });
    expect((await get(buero, '/webapp/parameter/darkmode')).json().result.wert).toBe('false');
    expectError(await get(admin, '/webapp/parameter/darkmode'), 404);
  });

  it('[APP-092] the navigation settings round-trip as JSON text', async () => {
    const wert = JSON.stringify({ visible: true, enabledItems: ['home', 'settings'] });
    await t.call(admin, { method: 'POST', url: '/vario-api/webapp/parameter/navigation', payload: { data: { wert } } });
    expect(JSON.parse((await get(admin, '/webapp/parameter/navigation')).json().result.wert)).toEqual({ visible: true, enabledItems: ['home', 'settings'] });
  });

  it('a parameter name outside the allowed characters or a missing wert is a 400', async () => {
    expectError(await get(admin, '/webapp/parameter/a%20b'), 400);
    expectError(await t.call(admin, { method: 'POST', url: '/vario-api/webapp/parameter/x', payload: { data: {} } }), 400);
    expectError(await t.call(admin, { method: 'POST', url: '/vario-api/webapp/parameter/x', payload: { data: { wert: 5 } } }), 400);
  });
});

describe('reference data', () => {
  it('[APP-030] /system/info answers licence holder and versions', async () => {
    expect((await get(buero, '/system/info')).json().result).toEqual({
      lizenzName: expect.any(String),
      datenbankVersion: '8.5.19',
      serverVersion: '8.5.19',
      seriennummer: expect.any(String),
    });
  });

  it('/stammdaten/preisgruppen answers the 17 price groups, 1 being the standard price', async () => {
    const rows = (await get(buero, '/stammdaten/preisgruppen?limit=100')).json().result;
    expect(rows).toHaveLength(17);
    expect(rows[0]).toEqual({ nummer: 1, bezeichnung: 'Standardpreis' });
    expect(rows[16]).toEqual({ nummer: 17, bezeichnung: 'Preisgruppe 17' });
  });

  it('/stammdaten/texte filters by schluessel and istAktiv, sorted by sortierung', async () => {
    const rows = (await get(buero, '/stammdaten/texte?filter=schluessel=ADR.Anrede,istAktiv=true')).json().result;
    expect(rows.map((r: { wert: string }) => r.wert)).toEqual(['Firma', 'Herr', 'Frau', 'Divers', 'Eheleute']);
  });

  it('/stammdaten/lager/{id} answers the warehouse with lagerkreisId, 404 for an unknown one', async () => {
    expect((await get(buero, '/stammdaten/lager/2')).json().result).toMatchObject({ id: 2, lagerkreisId: expect.any(Number) });
    expectError(await get(buero, '/stammdaten/lager/4242'), 404, 'DATENSATZ_NICHT_GEFUNDEN');
    expectError(await get(buero, '/stammdaten/lager/abc'), 400);
  });
});

describe('OpenAPI', () => {
  it('describes every route with its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/vario-api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/webapp/me', '/crm/erinnerungen', '/crm/erinnerungen/{id}', '/system/sperren', '/stammdaten/landeskennzeichen']),
    );
    expect(doc.paths['/crm/erinnerungen'].post.requestBody.content['application/json'].schema.properties.data.required).toEqual(
      expect.arrayContaining(['benutzerId', 'erinnerungDatum', 'bemerkung']),
    );
    expect(doc.paths['/crm/erinnerungen'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['filter', 'orderBy', 'limit', 'offset', 'returnTotal', 'search']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/vario-api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
