import { describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAMETER } from '../src/app';
import { conflict, unprocessable } from '../src/lib/errors';
import { createTestApp, expectError } from './helper';

const t = await createTestApp({
  extraRoutes(api) {
    api.get('/test/boom', { config: { endpoint: { method: 'GET', path: '/test/boom', summary: '', tag: 'test', response: null } } }, async () => {
      throw new Error('kaputt: geheime Details');
    });
    api.get(
      '/test/unprocessable',
      { config: { endpoint: { method: 'GET', path: '/test/unprocessable', summary: '', tag: 'test', response: null } } },
      async () => {
        throw unprocessable('Geht nicht', { feld: ['Regel verletzt'] });
      },
    );
    api.get('/test/conflict', { config: { endpoint: { method: 'GET', path: '/test/conflict', summary: '', tag: 'test', response: null } } }, async () => {
      throw conflict('Schon da');
    });
    api.post('/test/duplicate', { config: { endpoint: { method: 'POST', path: '/test/duplicate', summary: '', tag: 'test', response: null } } }, async () => {
      // A real unique-constraint violation from the database.
      await t.handle.db.insertInto('preisgruppen').values({ nummer: 1, bezeichnung: 'doppelt' }).execute();
      return {};
    });
  },
});
const admin = await t.login('admin');

describe('the error catalogue (3-cross-cutting §8)', () => {
  it('[HTTP-049] 400 carries field errors from validation, keyed by field name', async () => {
    const res = await t.call(admin, { method: 'POST', url: '/vario-api/crm/erinnerungen', payload: { data: { benutzerId: 'x', bemerkung: '' } } });
    const body = expectError(res, 400, 'VALIDIERUNG_FEHLGESCHLAGEN');
    expect(Object.keys(body.errors.fieldErrors).sort()).toEqual(['bemerkung', 'benutzerId', 'erinnerungDatum']);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await t.call(admin, {
      method: 'POST',
      url: '/vario-api/crm/erinnerungen',
      headers: { 'content-type': 'application/json' },
      payload: '{"data":',
    });
    expectError(res, 400);
  });

  it('[HTTP-050] 401 without a session', async () => {
    expectError(await t.call(null, { method: 'GET', url: '/vario-api/webapp/basisdaten' }), 401, 'NICHT_ANGEMELDET');
  });

  it('[HTTP-056] 403 for a denied right', async () => {
    const buero = await t.login('buero');
    expectError(await t.call(buero, { method: 'GET', url: '/vario-api/system/sperren' }), 403, 'KEINE_BERECHTIGUNG');
  });

  it('[HTTP-058] 404 for a record that does not exist', async () => {
    const body = expectError(await t.call(admin, { method: 'GET', url: '/vario-api/crm/erinnerungen/999999' }), 404, 'DATENSATZ_NICHT_GEFUNDEN');
    expect(body.errors.services[0]).toEqual({ message: 'Erinnerung wurde nicht gefunden' });
  });

  it('404 for an unknown API path, in the same error shape', async () => {
    expectError(await t.call(admin, { method: 'GET', url: '/vario-api/gibt/es/nicht' }), 404, 'PFAD_NICHT_GEFUNDEN');
  });

  it('405 for a method the path does not offer, naming the allowed ones', async () => {
    const res = await t.call(admin, { method: 'PUT', url: '/vario-api/crm/erinnerungen/1' });
    expectError(res, 405, 'METHODE_NICHT_ERLAUBT');
    expect(String(res.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });

  it('409 for a real unique-constraint violation, and nothing is written', async () => {
    expectError(await t.call(admin, { method: 'POST', url: '/vario-api/test/duplicate' }), 409, 'KONFLIKT');
    const rows = await t.handle.db.selectFrom('preisgruppen').select('bezeichnung').where('nummer', '=', 1).execute();
    expect(rows).toEqual([{ bezeichnung: 'Standardpreis' }]);
    expectError(await t.call(admin, { method: 'GET', url: '/vario-api/test/conflict' }), 409, 'KONFLIKT');
  });

  it('422 for a business rule, with its field errors', async () => {
    const body = expectError(await t.call(admin, { method: 'GET', url: '/vario-api/test/unprocessable' }), 422, 'NICHT_VERARBEITBAR');
    expect(body.errors.fieldErrors).toEqual({ feld: ['Regel verletzt'] });
  });

  it('[HTTP-059] 423 names the user holding the lock', async () => {
    const buero = await t.login('buero');
    await t.call(buero, { method: 'POST', url: '/vario-api/system/sperren', payload: { data: { tabelle: 'ERI', datensatzId: 1 } } });
    const body = expectError(
      await t.call(admin, { method: 'POST', url: '/vario-api/system/sperren', payload: { data: { tabelle: 'ERI', datensatzId: 1 } } }),
      423,
      'DATENSATZ_GESPERRT',
    );
    expect(body.messageParameters).toEqual(['Bernd Büro']);
  });

  it('[HTTP-062] 500 hides the cause, and its tracking id is in the server log with the error', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/vario-api/test/boom', headers: { 'x-request-id': 'trace-abc-123' } });
    const body = expectError(res, 500, 'INTERNER_FEHLER');
    expect(res.body).not.toContain('geheime');
    expect(body.trackingId).toBe('trace-abc-123');
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
    const logged = t.logs.find((l) => l.trackingId === 'trace-abc-123' && l.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('geheime Details');
  });

  it('[HTTP-006] the request trace header is carried into the log', async () => {
    await t.call(admin, { method: 'GET', url: '/vario-api/system/info', headers: { 'x-request-id': 'trace-log-42' } });
    expect(t.logs.some((l) => l.reqId === 'trace-log-42')).toBe(true);
  });

  it('[HTTP-063] 503 with the maintenance code while the maintenance parameter is set; administrators still get through', async () => {
    await t.handle.db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', MAINTENANCE_PARAMETER).execute();
    try {
      const buero = await t.login('buero');
      const res = await t.call(buero, { method: 'GET', url: '/vario-api/webapp/me' });
      expectError(res, 503, 'WARTUNG');
      expect(res.headers['retry-after']).toBeDefined();
      expect((await t.call(admin, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
    } finally {
      await t.handle.db.updateTable('systemParameter').set({ wert: '0' }).where('name', '=', MAINTENANCE_PARAMETER).execute();
    }
  });

  it('a body over the size limit is refused in the error shape', async () => {
    const res = await t.call(admin, { method: 'POST', url: '/vario-api/webapp/parameter/big', payload: { data: { wert: 'x'.repeat(11 * 1024 * 1024) } } });
    expectError(res, 413);
  });
});
