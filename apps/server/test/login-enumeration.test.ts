import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, NO_LOGIN, verifyPassword } from '../src/modules/auth/passwords';
import { api } from './client';
import { factories } from './factories';
import { basic, createTestApp } from './helper';

/**
 * A login must not tell whether a user name exists (issue 19 item 7e): an unknown name, a user without a password and a
 * wrong password answer alike, and do the same password-hash work. The time is compared in `npm run bench -- login`.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);

const login = (user: string, password: string) => c.call(endpoints.login, { authorization: basic(user, password) });
/** What may differ between two answers: the request's own id and the clock. */
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'date' && k !== 'x-request-id' && k !== 'x-ratelimit-reset'));
const withoutIds = (body: Record<string, unknown>) => ({ ...body, trackingId: undefined });

describe('login of an unknown user', () => {
  it('answers exactly as a wrong password does (status, code, message, headers), and so does a user without password', async () => {
    const known = await f.benutzer();
    const staff = await t.handle.db.selectFrom('benutzer').select('anmeldename').where('passwortHash', '=', NO_LOGIN).executeTakeFirstOrThrow();
    const wrong = await login(known.anmeldename, 'falsch-geraten');
    const unknown = await login(`niemand-${Date.now()}`, 'falsch-geraten');
    const noPassword = await login(staff.anmeldename, 'falsch-geraten');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ messageCode: 'ANMELDUNG_FEHLGESCHLAGEN', httpStatus: 401 });
    for (const other of [unknown, noPassword]) {
      expect(other.status).toBe(wrong.status);
      expect(withoutIds(other.body as Record<string, unknown>)).toEqual(withoutIds(wrong.body as Record<string, unknown>));
      expect(comparable(other.headers)).toEqual(comparable(wrong.headers));
    }
  });

  it('verifies against a real Argon2id hash with the parameters of the stored ones (a malformed one would answer at once)', async () => {
    const known = await f.benutzer();
    const stored = (await t.handle.db.selectFrom('benutzer').select('passwortHash').where('id', '=', known.id).executeTakeFirstOrThrow()).passwortHash;
    const params = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(params(DUMMY_HASH)).toBe(params(stored));
    expect(params(stored)).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    // a parse error would reject (and be caught as false without the hash work): the dummy resolves false
    const { verify } = await import('@node-rs/argon2');
    await expect(verify(DUMMY_HASH, 'irgendwas')).resolves.toBe(false);
    await expect(verifyPassword(undefined, 'irgendwas')).resolves.toBe(false);
    await expect(verifyPassword(NO_LOGIN, NO_LOGIN)).resolves.toBe(false);
  });
});
