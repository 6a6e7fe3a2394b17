import { describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAMETER } from '../src/app';
import { createTestApp, expectError } from './helper';

// The production caches switched on: sessions kept 60 s, system parameters 60 s. Requests of a signed-in user are then
// decided from the caches; the answers must stay the same as on the uncached path the other tests use.
const t = await createTestApp({ sessionCacheMs: 60_000, parameterCacheMs: 60_000 });
const me = (token: string) => t.call(token, { method: 'GET', url: '/vario-api/webapp/me' });
// a second instance in maintenance: it reads the flag once, then answers from its cache
const m = await createTestApp({ sessionCacheMs: 60_000, parameterCacheMs: 60_000 });
await m.handle.db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', MAINTENANCE_PARAMETER).execute();

describe('authentication from the session cache', () => {
  it('a cached session answers /webapp/me like the first call', async () => {
    const buero = await t.login('buero');
    const first = await me(buero);
    const second = await me(buero);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('[RIGHT-003] a right the route declares is still checked on a cached session', async () => {
    const buero = await t.login('buero');
    await me(buero);
    const a = (await t.call(buero, { method: 'GET', url: '/vario-api/stammdaten/adressen?limit=1' })).json().result[0];
    const body = expectError(await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/adressen/${a.id}?ProtokollBemerkung=x` }), 403);
    expect(body.messageParameters).toEqual(['ADR_LOESCHEN']);
  });

  it('an unknown token and a logged-out session are refused with 401 although the cache is warm', async () => {
    const buero = await t.login('buero');
    expect((await me(buero)).statusCode).toBe(200);
    expectError(await me(`${buero}x`), 401);
    expect((await t.call(buero, { method: 'POST', url: '/vario-api/logout' })).statusCode).toBeLessThan(300);
    expectError(await me(buero), 401);
  });

  it('[HTTP-063] with the maintenance flag cached, non-administrators get 503 and administrators get through', async () => {
    const buero = await m.login('buero');
    const admin = await m.login('admin');
    for (let i = 0; i < 2; i++) {
      expectError(await m.call(buero, { method: 'GET', url: '/vario-api/webapp/me' }), 503, 'WARTUNG');
      expect((await m.call(admin, { method: 'GET', url: '/vario-api/webapp/me' })).statusCode).toBe(200);
    }
  });
});
