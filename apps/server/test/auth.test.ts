import { describe, expect, it } from 'vitest';
import { basic, createTestApp, expectError } from './helper';

const t = await createTestApp();

describe('login', () => {
  it('OPTIONS /login answers 204 while the server is up', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/vario-api/login' });
    expect(res.statusCode).toBe(204);
  });

  it('right credentials give a token that opens /webapp/me', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('admin', 'admin') } });
    expect(res.statusCode).toBe(200);
    const { token, gueltigBis } = res.json().result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(new Date(gueltigBis).getTime()).toBeGreaterThan(Date.now());
    const me = await t.call(token, { method: 'GET', url: '/vario-api/webapp/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.benutzer.name).toBe('Anna Administrator');
  });

  it('the login name is case-insensitive', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('ADMIN', 'admin') } });
    expect(res.statusCode).toBe(200);
  });

  it('a wrong password is a 401 with the login-failed code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('admin', 'wrong') } });
    expectError(res, 401, 'ANMELDUNG_FEHLGESCHLAGEN');
  });

  it('an unknown user gets the same answer as a wrong password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('nobody', 'admin') } });
    expectError(res, 401, 'ANMELDUNG_FEHLGESCHLAGEN');
  });

  it('a missing or malformed Authorization header is a 401', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/vario-api/login' }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: 'Basic %%%' } }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('', 'x') } }), 401);
  });

  it('a blocked user (gesperrt) cannot log in', async () => {
    await t.handle.db.updateTable('benutzer').set({ gesperrt: true }).where('anmeldename', '=', 'techniker').execute();
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('techniker', 'techniker') } });
    expectError(res, 401, 'BENUTZER_GESPERRT');
    await t.handle.db.updateTable('benutzer').set({ gesperrt: false }).where('anmeldename', '=', 'techniker').execute();
  });

  it('a session of a user blocked after login answers 424 (the client logs out)', async () => {
    const token = await t.login('techniker');
    await t.handle.db.updateTable('benutzer').set({ gesperrt: true }).where('anmeldename', '=', 'techniker').execute();
    expectError(await t.call(token, { method: 'GET', url: '/vario-api/webapp/me' }), 424, 'SITZUNG_UNGUELTIG');
    await t.handle.db.updateTable('benutzer').set({ gesperrt: false }).where('anmeldename', '=', 'techniker').execute();
  });

  it('generated staff without a password cannot log in', async () => {
    const staff = await t.handle.db.selectFrom('benutzer').select('anmeldename').where('passwortHash', '=', '!').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic(staff.anmeldename, '!') } });
    expectError(res, 401);
  });
});

describe('tokens', () => {
  it('a call without a token, with a made-up token or a Basic header is a 401', async () => {
    expectError(await t.call(null, { method: 'GET', url: '/vario-api/webapp/me' }), 401, 'NICHT_ANGEMELDET');
    expectError(await t.call('made-up', { method: 'GET', url: '/vario-api/webapp/me' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/vario-api/webapp/me', headers: { authorization: basic('admin', 'admin') } }), 401);
  });

  it('logout revokes exactly that token', async () => {
    const a = await t.login('buero');
    const b = await t.login('buero');
    expect((await t.call(a, { method: 'POST', url: '/vario-api/logout' })).statusCode).toBe(204);
    expectError(await t.call(a, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
    expect((await t.call(b, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
  });

  it('an expired session is a 401', async () => {
    const token = await t.login('buero');
    await t.handle.db.updateTable('sitzungen').set({ gueltigBis: '2000-01-01T00:00:00.000Z' }).execute();
    expectError(await t.call(token, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
  });

  it('[APP-088] a new password of 3 characters or fewer is refused with a field error', async () => {
    const token = await t.login('buero');
    const res = await t.call(token, { method: 'POST', url: '/vario-api/system/passwort', payload: { neuesPasswort: 'abc' } });
    const body = expectError(res, 400, 'VALIDIERUNG_FEHLGESCHLAGEN');
    expect(Object.keys(body.errors.fieldErrors)).toContain('neuesPasswort');
    await t.login('buero'); // the old password still works
  });

  it('[APP-089] a password change ends every session of that user and the new password works', async () => {
    const a = await t.login('buero');
    const b = await t.login('buero');
    const other = await t.login('admin');
    const res = await t.call(a, { method: 'POST', url: '/vario-api/system/passwort', payload: { neuesPasswort: 'neu-geheim' } });
    expect(res.statusCode).toBe(204);
    expectError(await t.call(a, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
    expectError(await t.call(b, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
    expect((await t.call(other, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('buero', 'buero') } }), 401);
    expect(await t.login('buero', 'neu-geheim')).toBeTruthy();
    const hash = await t.handle.db.selectFrom('benutzer').select('passwortHash').where('anmeldename', '=', 'buero').executeTakeFirstOrThrow();
    expect(hash.passwortHash).toMatch(/^\$argon2id\$/);
  });
});

describe('rate limit', async () => {
  const limited = await createTestApp({ loginLimit: { max: 3, timeWindow: 60_000 } });

  it('guessing a password is stopped with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expectError(await limited.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('admin', `guess${i}`) } }), 401);
    }
    const res = await limited.app.inject({ method: 'POST', url: '/vario-api/login', headers: { authorization: basic('admin', 'admin') } });
    expectError(res, 429, 'ZU_VIELE_ANFRAGEN');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the limit is per user: another user can still log in', async () => {
    expect(await limited.login('buero')).toBeTruthy();
  });
});

describe('session cache', async () => {
  const cached = await createTestApp({ sessionCacheMs: 60_000 });

  it('logout revokes at once even while the session is cached', async () => {
    const token = await cached.login('buero');
    expect((await cached.call(token, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
    await cached.call(token, { method: 'POST', url: '/vario-api/logout' });
    expectError(await cached.call(token, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
  });

  it('a password change revokes every cached session of the user at once', async () => {
    const a = await cached.login('techniker');
    const b = await cached.login('techniker');
    expect((await cached.call(b, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
    await cached.call(a, { method: 'POST', url: '/vario-api/system/passwort', payload: { neuesPasswort: 'geheim123' } });
    expectError(await cached.call(b, { method: 'GET', url: '/vario-api/webapp/me' }), 401);
  });
});
