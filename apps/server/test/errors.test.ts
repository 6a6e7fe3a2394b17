import { endpoint, endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAMETER } from '../src/app';
import { conflict, unprocessable } from '../src/lib/errors';
import { api, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

// Routes that fail on purpose, declared as endpoints like the contract's so the client calls them the same way.
const probe = {
  boom: endpoint({ method: 'GET', path: '/test/boom', summary: '', tag: 'test', response: null }),
  unprocessable: endpoint({ method: 'GET', path: '/test/unprocessable', summary: '', tag: 'test', response: null }),
  conflict: endpoint({ method: 'GET', path: '/test/conflict', summary: '', tag: 'test', response: null }),
  duplicate: endpoint({ method: 'POST', path: '/test/duplicate', summary: '', tag: 'test', response: null }),
};

const t = await createTestApp({
  extraRoutes(app) {
    app.get(probe.boom.path, { config: { endpoint: probe.boom } }, async () => {
      throw new Error('kaputt: geheime Details');
    });
    app.get(probe.unprocessable.path, { config: { endpoint: probe.unprocessable } }, async () => {
      throw unprocessable('Geht nicht', { feld: ['Regel verletzt'] });
    });
    app.get(probe.conflict.path, { config: { endpoint: probe.conflict } }, async () => {
      throw conflict('Schon da');
    });
    app.post(probe.duplicate.path, { config: { endpoint: probe.duplicate } }, async () => {
      // A real unique-constraint violation from the database.
      await t.handle.db.insertInto('preisgruppen').values({ nummer: 1, bezeichnung: 'doppelt' }).execute();
      return {};
    });
  },
});
const c = api(t);
const f = factories(c);

// HTTP-049..063 are rules of the screen (which notice or page shows); e2e errors.spec proves them and names them. These
// tests prove the answers those screens rely on, so their titles do not claim the rules.
describe('the error catalogue (3-cross-cutting §8)', () => {
  it('400 carries field errors from validation, keyed by field name', async () => {
    const res = await c.call(endpoints.erinnerungCreate, { as: 'admin', body: invalid({ data: { benutzerId: 'x', bemerkung: '' } }) });
    const body = expectError(res, 400, 'VALIDIERUNG_FEHLGESCHLAGEN');
    expect(Object.keys(body.errors.fieldErrors).sort()).toEqual(['bemerkung', 'benutzerId', 'erinnerungDatum']);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await c.callRaw(endpoints.erinnerungCreate, { as: 'admin', headers: { 'content-type': 'application/json' }, payload: '{"data":' });
    expectError(res, 400);
  });

  it('401 without a session', async () => {
    expectError(await c.call(endpoints.basisdaten), 401, 'NICHT_ANGEMELDET');
  });

  it('403 for a denied right', async () => {
    expectError(await c.call(endpoints.sperrenList, { as: 'buero' }), 403, 'KEINE_BERECHTIGUNG');
  });

  it('404 for a record that does not exist', async () => {
    const body = expectError(await c.call(endpoints.erinnerungGet, { as: 'admin', params: { id: 999999 } }), 404, 'DATENSATZ_NICHT_GEFUNDEN');
    expect(body.errors.services[0]).toEqual({ message: 'Erinnerung wurde nicht gefunden' });
  });

  it('404 for an unknown API path, in the same error shape', async () => {
    expectError(await c.callUnknownPath('GET', '/gibt/es/nicht', { as: 'admin' }), 404, 'PFAD_NICHT_GEFUNDEN');
  });

  it('405 for a method the path does not offer, naming the allowed ones', async () => {
    const res = await c.callRaw(endpoints.erinnerungGet, { as: 'admin', method: 'PUT', params: { id: 1 } });
    expectError(res, 405, 'METHODE_NICHT_ERLAUBT');
    expect(String(res.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });

  it('409 for a real unique-constraint violation, and nothing is written', async () => {
    expectError(await c.call(probe.duplicate, { as: 'admin' }), 409, 'KONFLIKT');
    const rows = await t.handle.db.selectFrom('preisgruppen').select('bezeichnung').where('nummer', '=', 1).execute();
    expect(rows).toEqual([{ bezeichnung: 'Standardpreis' }]);
    expectError(await c.call(probe.conflict, { as: 'admin' }), 409, 'KONFLIKT');
  });

  it('422 for a business rule, with its field errors', async () => {
    const body = expectError(await c.call(probe.unprocessable, { as: 'admin' }), 422, 'NICHT_VERARBEITBAR');
    expect(body.errors.fieldErrors).toEqual({ feld: ['Regel verletzt'] });
  });

  it('423 names the user holding the lock', async () => {
    const { id } = await f.adresse();
    await f.sperre({ tabelle: 'ADR', datensatzId: id }, { as: 'buero' });
    const body = expectError(
      await c.call(endpoints.sperreCreate, { as: 'admin', body: { data: { tabelle: 'ADR', datensatzId: id } } }),
      423,
      'DATENSATZ_GESPERRT',
    );
    // the holder, and when the lock ends (ISO) for the notice of users who may not open the locks page
    expect(body.messageParameters).toEqual(['Bernd Büro', expect.any(String)]);
    expect(Date.parse(body.messageParameters[1] ?? '')).toBeGreaterThan(Date.now());
  });

  it('500 hides the cause, and its tracking id is in the server log with the error', async () => {
    const res = await c.call(probe.boom, { as: 'admin', headers: { 'x-request-id': 'trace-abc-123' } });
    const body = expectError(res, 500, 'INTERNER_FEHLER');
    expect(res.raw.body).not.toContain('geheime');
    // the server's own id, never the client's
    expect(body.trackingId).not.toBe('trace-abc-123');
    expect(res.headers['x-request-id']).toBe(body.trackingId);
    const logged = t.logs.find((l) => l.trackingId === body.trackingId && l.level === 50);
    expect(logged).toBeDefined();
    expect(logged?.clientRequestId).toBe('trace-abc-123');
    expect(JSON.stringify(logged)).toContain('geheime Details');
  });

  it('[HTTP-006] the request trace header is carried into the log', async () => {
    const res = await c.call(endpoints.systemInfo, { as: 'admin', headers: { 'x-request-id': 'trace-log-42' } });
    expect(res.status).toBe(200);
    expect(t.logs.some((l) => l.clientRequestId === 'trace-log-42' && l.reqId === res.headers['x-request-id'])).toBe(true);
  });

  it('503 with the maintenance code while the maintenance parameter is set; administrators still get through', async () => {
    await t.handle.db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', MAINTENANCE_PARAMETER).execute();
    try {
      const buero = await c.login('buero');
      const res = await c.call(endpoints.me, { token: buero });
      expectError(res, 503, 'WARTUNG');
      expect(res.headers['retry-after']).toBeDefined();
      expect((await c.call(endpoints.me, { as: 'admin' })).status).toBe(200);
    } finally {
      await t.handle.db.updateTable('systemParameter').set({ wert: '0' }).where('name', '=', MAINTENANCE_PARAMETER).execute();
    }
  });

  it('a body over the size limit is refused in the error shape', async () => {
    const res = await c.call(endpoints.webappParameterSet, { as: 'admin', params: { name: 'big' }, body: { data: { wert: 'x'.repeat(11 * 1024 * 1024) } } });
    expectError(res, 413);
  });
});
