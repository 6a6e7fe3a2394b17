import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, docEndpoints, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const me = async (as: string) => expectOk(await c.call(endpoints.me, { as })).result;

describe('current user and base data', () => {
  it('[APP-025] /webapp/me answers benutzer with istAdmin and avatar, rechte and techniker', async () => {
    const admin = await me('admin');
    expect(admin.benutzer).toMatchObject({ name: 'Anna Administrator', kuerzel: 'ADM', istAdmin: true, gesperrt: false, avatar: null, webappBerechtigt: true });
    expect(admin.benutzer).not.toHaveProperty('passwortHash');
    expect(admin.techniker).toBeNull();
    const buero = await me('buero');
    expect(buero.benutzer.istAdmin).toBe(false);
    expect(buero.rechte.length).toBeGreaterThan(0);
    for (const r of buero.rechte) expect(Object.keys(r).sort()).toEqual(['genehmigt', 'recht']);
    const { techniker } = await me('techniker');
    expect(techniker).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        bezeichnung: 'Tom Techniker',
        gutteileLagerId: expect.any(Number),
        doateileLagerId: expect.any(Number),
        defektteileLagerId: expect.any(Number),
      }),
    );
  });

  // the record RIGHT-006 enables the technician's screens by (the screens: e2e products.spec, service area.test)
  it('the technician has a technician record with good-parts, DOA and faulty-parts stores', async () => {
    const techniker = await me('techniker');
    expect(techniker.benutzer.typ).toBe(2);
    expect(techniker.techniker).toMatchObject({ bezeichnung: 'Tom Techniker' });
    for (const k of ['gutteileLagerId', 'doateileLagerId', 'defektteileLagerId'] as const) expect(techniker.techniker?.[k]).toBeGreaterThan(0);
  });

  // the flag behind APP-041's no-licence dialog (the dialog: e2e auth.spec)
  it('a user type without web app licence is flagged', async () => {
    const user = await f.benutzer({ typ: 9 });
    expect((await me(user.anmeldename)).benutzer.webappBerechtigt).toBe(false);
    await t.handle.db.updateTable('benutzer').set({ typ: 0 }).where('id', '=', user.id).execute();
    expect((await me(user.anmeldename)).benutzer.webappBerechtigt).toBe(true);
  });

  it('[APP-026] /webapp/basisdaten answers every base-data list', async () => {
    const b = expectOk(await c.call(endpoints.basisdaten, { as: 'buero' })).result;
    expect(b.belegarten).toContainEqual({ belegart: '0100', anzeige: 'Angebot', istEinkauf: false });
    expect(b.belegarten).toContainEqual({ belegart: '0200', anzeige: 'Auftrag', istEinkauf: false });
    for (const k of ['zahlungsarten', 'lieferbedingungen', 'benutzer', 'lager', 'lagerkreise', 'serviceAuftragsarten', 'serviceAbrechnungsarten'] as const) {
      expect(b[k].length, k).toBeGreaterThan(0);
    }
    expect(b.zahlungsarten.find((z) => z.skontoProzent > 0)?.skontoProzent).toBe(2);
    expect(b.benutzer[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      typ: expect.any(Number),
      vorgabeLagerId: expect.toSatisfy((v) => v === null || typeof v === 'number'),
      kuerzel: expect.any(String),
      gesperrt: expect.any(Boolean),
    });
    expect(b.benutzer.some((u) => u.gesperrt)).toBe(true);
    expect(b.lagerkreise.filter((k) => k.istHauptlagerkreis)).toHaveLength(1);
    expect(b.lager.some((l) => l.hatLagerplaetze)).toBe(true);
    expect(b.lager.some((l) => !l.hatLagerplaetze)).toBe(true);
  });
});

describe('parameters', () => {
  const systemParameter = async (name: string) => expectOk(await c.call(endpoints.systemParameter, { as: 'buero', query: { filter: `name=${name}` } })).result;
  const getParameter = (as: string, name: string) => c.call(endpoints.webappParameterGet, { as, params: { name } });
  const setParameter = (as: string, name: string, wert: string) => c.call(endpoints.webappParameterSet, { as, params: { name }, body: { data: { wert } } });

  it('[HTTP-026] a system parameter is read with filter=name=…', async () => {
    expect(await systemParameter('PFA.WIRTSCHAFTSJAHRBEGINN')).toEqual([{ name: 'PFA.WIRTSCHAFTSJAHRBEGINN', wert: '4' }]);
    for (const name of ['SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN', 'DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN']) {
      expect(await systemParameter(name)).toHaveLength(1);
    }
  });

  it('[APP-112] a grid preset (web app parameter) reads as wert null until saved, then back per user as JSON text in result.wert', async () => {
    const user = (await f.benutzer()).anmeldename;
    expect(expectOk(await getParameter(user, 'presetsFiles'))).toEqual({ result: { wert: null } });
    const pagination = JSON.stringify({ pageSize: 50, sort: [{ colId: 'datum', sort: 'desc' }] });
    const saved = await setParameter(user, 'presetsFiles', pagination);
    expect(expectOk(saved)).toEqual({ result: { wert: pagination } });
    expect(JSON.parse(expectOk(await getParameter(user, 'presetsFiles')).result.wert ?? 'null')).toEqual(JSON.parse(pagination));
    expectOk(await setParameter(user, 'presetsFiles', '{"pageSize":25}'));
    expect(expectOk(await getParameter(user, 'presetsFiles')).result.wert).toBe('{"pageSize":25}');
    expect(expectOk(await getParameter('admin', 'presetsFiles')).result.wert).toBeNull();
  });

  it('an unset parameter is not an error: every parameter the web app reads answers 200 with wert null for a new user', async () => {
    const user = (await f.benutzer()).anmeldename;
    for (const name of ['darkmode', 'density', 'navigation', 'dashboard', 'infobar', 'cookieBanner', 'userStorageRegion']) {
      const res = await getParameter(user, name);
      expect(res.status, name).toBe(200);
      expect(expectOk(res).result.wert, name).toBeNull();
    }
  });

  it('[APP-092] the navigation settings round-trip as JSON text', async () => {
    const wert = JSON.stringify({ visible: true, enabledItems: ['home', 'settings'] });
    expectOk(await setParameter('admin', 'navigation', wert));
    expect(JSON.parse(expectOk(await getParameter('admin', 'navigation')).result.wert ?? 'null')).toEqual({
      visible: true,
      enabledItems: ['home', 'settings'],
    });
  });

  it('a parameter name outside the allowed characters or a missing wert is a 400', async () => {
    expectError(await getParameter('admin', 'a b'), 400);
    expectError(await c.call(endpoints.webappParameterSet, { as: 'admin', params: { name: 'x' }, body: invalid({ data: {} }) }), 400);
    expectError(await c.call(endpoints.webappParameterSet, { as: 'admin', params: { name: 'x' }, body: invalid({ data: { wert: 5 } }) }), 400);
  });
});

describe('reference data', () => {
  it('[APP-030] /system/info answers licence holder and versions', async () => {
    expect(expectOk(await c.call(endpoints.systemInfo, { as: 'buero' })).result).toEqual({
      lizenzName: expect.any(String),
      datenbankVersion: '8.5.19',
      serverVersion: '8.5.19',
      seriennummer: expect.any(String),
    });
  });

  it('/stammdaten/preisgruppen answers the 17 price groups, 1 being the standard price', async () => {
    const rows = expectOk(await c.call(endpoints.preisgruppen, { as: 'buero', query: { limit: 100 } })).result;
    expect(rows).toHaveLength(17);
    expect(rows[0]).toEqual({ nummer: 1, bezeichnung: 'Standardpreis' });
    expect(rows[16]).toEqual({ nummer: 17, bezeichnung: 'Preisgruppe 17' });
  });

  it('/stammdaten/texte filters by schluessel and istAktiv, sorted by sortierung', async () => {
    const rows = expectOk(await c.call(endpoints.texte, { as: 'buero', query: { filter: 'schluessel=ADR.Anrede,istAktiv=true' } })).result;
    expect(rows.map((r) => r.wert)).toEqual(['Firma', 'Herr', 'Frau', 'Divers', 'Eheleute']);
  });

  it('/stammdaten/lager/{id} answers the warehouse with lagerkreisId, 404 for an unknown one', async () => {
    expect(expectOk(await c.call(endpoints.lager, { as: 'buero', params: { id: 2 } })).result).toMatchObject({ id: 2, lagerkreisId: expect.any(Number) });
    expectError(await c.call(endpoints.lager, { as: 'buero', params: { id: 4242 } }), 404, 'DATENSATZ_NICHT_GEFUNDEN');
    expectError(await c.call(endpoints.lager, { as: 'buero', params: invalid({ id: 'abc' }) }), 400);
  });
});

describe('OpenAPI', () => {
  it('describes every route with its schemas', async () => {
    const doc = (await c.callRaw(docEndpoints.openapi)).json();
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
    const ui = await c.callRaw(docEndpoints.docsUi);
    expect(ui.statusCode).toBe(200);
  });
});
