import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { basic, createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const login = (user: string, password: string) => c.call(endpoints.login, { authorization: basic(user, password) });
const me = (token: string | null) => c.call(endpoints.me, { token });
const block = (id: number, gesperrt: boolean) => t.handle.db.updateTable('benutzer').set({ gesperrt }).where('id', '=', id).execute();

describe('login', () => {
  it('OPTIONS /login answers 204 while the server is up', async () => {
    const res = await c.call(endpoints.loginCheck);
    expect(res.status).toBe(204);
  });

  it('right credentials give a token that opens /webapp/me', async () => {
    const res = await login('admin', 'admin');
    expect(res.status).toBe(200);
    const { token, gueltigBis } = expectOk(res).result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(new Date(gueltigBis).getTime()).toBeGreaterThan(Date.now());
    const answer = await me(token);
    expect(answer.status).toBe(200);
    expect(expectOk(answer).result.benutzer.name).toBe('Anna Administrator');
  });

  it('the login name is case-insensitive', async () => {
    const res = await login('ADMIN', 'admin');
    expect(res.status).toBe(200);
  });

  it('a wrong password is a 401 with the login-failed code', async () => {
    expectError(await login('admin', 'wrong'), 401, 'ANMELDUNG_FEHLGESCHLAGEN');
  });

  it('an unknown user gets the same answer as a wrong password', async () => {
    expectError(await login('nobody', 'admin'), 401, 'ANMELDUNG_FEHLGESCHLAGEN');
  });

  it('a missing or malformed Authorization header is a 401', async () => {
    expectError(await c.call(endpoints.login), 401);
    expectError(await c.call(endpoints.login, { authorization: 'Basic %%%' }), 401);
    expectError(await login('', 'x'), 401);
  });

  it('a blocked user (gesperrt) cannot log in', async () => {
    const user = await f.benutzer({ gesperrt: true });
    expectError(await login(user.anmeldename, user.anmeldename), 401, 'BENUTZER_GESPERRT');
    await block(user.id, false);
    expect((await login(user.anmeldename, user.anmeldename)).status).toBe(200);
  });

  it('a session of a user blocked after login answers 424 (the client logs out)', async () => {
    const user = await f.benutzer({ typ: 2 });
    const token = await c.login(user.anmeldename);
    expect((await me(token)).status).toBe(200);
    await block(user.id, true);
    expectError(await me(token), 424, 'SITZUNG_UNGUELTIG');
  });

  it('generated staff without a password cannot log in', async () => {
    const staff = await t.handle.db.selectFrom('benutzer').select('anmeldename').where('passwortHash', '=', '!').executeTakeFirstOrThrow();
    expectError(await login(staff.anmeldename, '!'), 401);
  });
});

describe('tokens', () => {
  it('a call without a token, with a made-up token or a Basic header is a 401', async () => {
    expectError(await me(null), 401, 'NICHT_ANGEMELDET');
    expectError(await me('made-up'), 401);
    expectError(await c.call(endpoints.me, { authorization: basic('admin', 'admin') }), 401);
  });

  it('logout revokes exactly that token', async () => {
    const a = await c.login('buero');
    const b = await c.login('buero');
    expect((await c.call(endpoints.logout, { token: a })).status).toBe(204);
    expectError(await me(a), 401);
    expect((await me(b)).status).toBe(200);
  });

  it('an expired session is a 401', async () => {
    const user = await f.benutzer();
    const token = await c.login(user.anmeldename);
    await t.handle.db.updateTable('sitzungen').set({ gueltigBis: '2000-01-01T00:00:00.000Z' }).where('benutzerId', '=', user.id).execute();
    expectError(await me(token), 401);
  });

  // the server's own minimum (8 characters); APP-088 is the client's rule (nothing sent below 4), checked in e2e settings.spec
  it('a new password shorter than 8 characters is refused with a field error', async () => {
    const user = await f.benutzer();
    const token = await c.login(user.anmeldename);
    const res = await c.call(endpoints.passwort, { token, body: { data: { altesPasswort: user.anmeldename, neuesPasswort: 'abcdefg' } } });
    const body = expectError(res, 400, 'VALIDIERUNG_FEHLGESCHLAGEN');
    expect(body.errors.fieldErrors.neuesPasswort).toEqual(['Das Passwort muss mindestens 8 Zeichen lang sein']);
    await c.login(user.anmeldename); // the old password still works
  });

  it('a password change needs the current password, and refuses the current one and the login name as the new one', async () => {
    const user = await f.benutzer();
    const token = await c.login(user.anmeldename);
    const change = (altesPasswort: string, neuesPasswort: string) => c.call(endpoints.passwort, { token, body: { data: { altesPasswort, neuesPasswort } } });
    expect(expectError(await change('falsch-geraten', 'neu-geheim-1'), 400).errors.fieldErrors).toEqual({
      altesPasswort: ['Das bisherige Passwort ist nicht richtig'],
    });
    // the old body, without the current password, is refused
    expectError(await c.call(endpoints.passwort, { token, body: invalid({ neuesPasswort: 'neu-geheim-1' }) }), 400);
    await t.handle.db
      .updateTable('benutzer')
      .set({ passwortHash: await hashPassword('alt-geheim-1') })
      .where('id', '=', user.id)
      .execute();
    expect(expectError(await change('alt-geheim-1', 'alt-geheim-1'), 400).errors.fieldErrors).toEqual({
      neuesPasswort: ['Das neue Passwort muss sich vom bisherigen unterscheiden'],
    });
    expect(expectError(await change('alt-geheim-1', ` ${user.anmeldename.toUpperCase()}`), 400).errors.fieldErrors).toEqual({
      neuesPasswort: ['Das Passwort darf nicht der Anmeldename sein'],
    });
    expect((await me(token)).status).toBe(200); // nothing changed, the session lives
    expect((await change('alt-geheim-1', 'neu-geheim-1')).status).toBe(204);
  });

  it('[APP-089] a password change ends every session of that user and the new password works', async () => {
    const user = await f.benutzer();
    const a = await c.login(user.anmeldename);
    const b = await c.login(user.anmeldename);
    const other = await c.login('admin');
    const res = await c.call(endpoints.passwort, { token: a, body: { data: { altesPasswort: user.anmeldename, neuesPasswort: 'neu-geheim' } } });
    expect(res.status).toBe(204);
    expectError(await me(a), 401);
    expectError(await me(b), 401);
    expect((await me(other)).status).toBe(200);
    expectError(await login(user.anmeldename, user.anmeldename), 401);
    expect(await c.login(user.anmeldename, 'neu-geheim')).toBeTruthy();
    const hash = await t.handle.db.selectFrom('benutzer').select('passwortHash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(hash.passwortHash).toMatch(/^\$argon2id\$/);
  });
});

describe('rate limit', async () => {
  const limited = api(await createTestApp({ loginLimit: { max: 3, timeWindow: 60_000 } }));
  const guess = (user: string, password: string) => limited.call(endpoints.login, { authorization: basic(user, password) });

  it('guessing a password is stopped with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expectError(await guess('admin', `guess${i}`), 401);
    const res = await guess('admin', 'admin');
    expectError(res, 429, 'ZU_VIELE_ANFRAGEN');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the limit is per user: another user can still log in', async () => {
    for (let i = 0; i < 3; i++) expectError(await guess('techniker', `guess${i}`), 401);
    expectError(await guess('techniker', 'techniker'), 429, 'ZU_VIELE_ANFRAGEN');
    expect(await limited.login('buero')).toBeTruthy();
  });
});

describe('session cache', async () => {
  const cached = api(await createTestApp({ sessionCacheMs: 60_000 }));
  const cachedMe = (token: string) => cached.call(endpoints.me, { token });

  it('logout revokes at once even while the session is cached', async () => {
    const token = await cached.login('buero');
    expect((await cachedMe(token)).status).toBe(200);
    await cached.call(endpoints.logout, { token });
    expectError(await cachedMe(token), 401);
  });

  it('a password change revokes every cached session of the user at once', async () => {
    const user = await factories(cached).benutzer({ typ: 2 });
    const a = await cached.login(user.anmeldename);
    const b = await cached.login(user.anmeldename);
    expect((await cachedMe(b)).status).toBe(200);
    expect((await cached.call(endpoints.passwort, { token: a, body: { data: { altesPasswort: user.anmeldename, neuesPasswort: 'geheim123' } } })).status).toBe(
      204,
    );
    expectError(await cachedMe(b), 401);
  });
});
