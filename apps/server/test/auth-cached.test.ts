import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_PARAMETER } from '../src/app';
import { api, expectOk } from './client';
import { createTestApp, expectError } from './helper';

// The production caches switched on: sessions kept 60 s, system parameters 60 s. Requests of a signed-in user are then
// decided from the caches; the answers must stay the same as on the uncached path the other tests use.
const t = await createTestApp({ sessionCacheMs: 60_000, parameterCacheMs: 60_000 });
const c = api(t);
const me = (token: string) => c.call(endpoints.me, { token });
// a second instance in maintenance: it reads the flag once, then answers from its cache
const m = await createTestApp({ sessionCacheMs: 60_000, parameterCacheMs: 60_000 });
const mc = api(m);
await m.handle.db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', MAINTENANCE_PARAMETER).execute();

describe('authentication from the session cache', () => {
  it('a cached session answers /webapp/me like the first call', async () => {
    const buero = await c.login('buero');
    const first = await me(buero);
    const second = await me(buero);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
  });

  it('[RIGHT-003] a right the route declares is still checked on a cached session', async () => {
    const buero = await c.login('buero');
    await me(buero);
    const a = expectOk(await c.call(endpoints.adressenList, { token: buero, query: { limit: 1 } })).result[0]!;
    const res = await c.call(endpoints.adresseDelete, { token: buero, params: { id: a.id }, query: { ProtokollBemerkung: 'x' } });
    const body = expectError(res, 403);
    expect(body.messageParameters).toEqual(['ADR_LOESCHEN']);
  });

  it('an unknown token and a logged-out session are refused with 401 although the cache is warm', async () => {
    const buero = await c.login('buero');
    expect((await me(buero)).status).toBe(200);
    expectError(await me(`${buero}x`), 401);
    expect((await c.call(endpoints.logout, { token: buero })).status).toBeLessThan(300);
    expectError(await me(buero), 401);
  });

  // HTTP-063's 503 page is checked in e2e errors.spec; here the server's answer with a warm cache
  it('with the maintenance flag cached, non-administrators get 503 and administrators get through', async () => {
    const buero = await mc.login('buero');
    const admin = await mc.login('admin');
    for (let i = 0; i < 2; i++) {
      expectError(await mc.call(endpoints.me, { token: buero }), 503, 'WARTUNG');
      expect((await mc.call(endpoints.me, { token: admin })).status).toBe(200);
    }
  });
});
