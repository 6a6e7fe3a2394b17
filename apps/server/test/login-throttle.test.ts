import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, buildUrl } from './client';
import { factories } from './factories';
import { basic, createTestApp, expectError } from './helper';

/** Login throttling: per normalised user name and client (5 a minute here), and per client across names (12 here). */
const t = await createTestApp({ loginLimit: { max: 5, timeWindow: 60_000, perClient: 12 } });
const c = api(t);
const f = factories(c);

const login = (user: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: endpoints.login.method, url: buildUrl(endpoints.login.path), remoteAddress, headers: { authorization: basic(user, password) } });

describe('login throttling', () => {
  it('spaces, tabs or capitals around the name count against the same account', async () => {
    const u = await f.benutzer();
    const ip = '10.0.0.1';
    for (let i = 0; i < 5; i++) expectError(await login(u.anmeldename, 'falsch', ip), 401);
    for (const variant of [` ${u.anmeldename}`, `${u.anmeldename}\t`, `\t ${u.anmeldename.toUpperCase()} `]) {
      const res = await login(variant, 'falsch', ip);
      expectError(res, 429);
      expect(res.headers['retry-after']).toBeTruthy();
    }
    // the right password is throttled too until the window ends
    expectError(await login(u.anmeldename, u.anmeldename, ip), 429);
    // another client is not affected
    expect((await login(u.anmeldename, u.anmeldename, '10.0.0.2')).statusCode).toBe(200);
  });

  it('one client address is limited across names', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 12; i++) expectError(await login(`niemand${i}`, 'falsch', ip), 401);
    const res = await login('niemand-neu', 'falsch', ip);
    expectError(res, 429);
    expect(res.headers['retry-after']).toBeTruthy();
    expectError(await login('niemand-neu', 'falsch', '10.0.0.4'), 401);
  });
});
