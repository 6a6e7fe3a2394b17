import { endpoints, MessageCode } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);

describe('[APP-040] the web app licence on the server', async () => {
  const schnittstelle = await f.benutzer({ typ: 9 });
  const buero = await f.benutzer({ typ: 0 });
  const adresse = await f.adresse();

  it('[HTTP-056] a user type without the web app licence gets 403 with the licence code on data calls', async () => {
    const as = schnittstelle.anmeldename;
    const calls = [
      await c.call(endpoints.adressenList, { as }),
      await c.call(endpoints.adresseGet, { as, params: { id: adresse.id } }),
      await c.call(endpoints.artikelList, { as }),
      await c.call(endpoints.systemInfo, { as }),
      await c.call(endpoints.basisdaten, { as }),
      await c.call(endpoints.erinnerungenList, { as }),
      await c.call(endpoints.adresseCreate, { as, body: { data: { name1: 'Ohne Lizenz', istKunde: true }, ProtokollBemerkung: 'x' } }),
    ];
    for (const res of calls) {
      const err = expectError(res, 403, MessageCode.noLicence);
      expect(err.messageCode).not.toBe(MessageCode.forbidden);
    }
    const created = await t.handle.db.selectFrom('adressen').select('id').where('name1', '=', 'Ohne Lizenz').execute();
    expect(created).toHaveLength(0);
  });

  it('login, /webapp/me and logout still answer, so the web can show the licence notice and end the session', async () => {
    const token = await c.login(schnittstelle.anmeldename);
    const me = expectOk(await c.call(endpoints.me, { token }));
    expect(me.result.benutzer.webappBerechtigt).toBe(false);
    expectOk(await c.call(endpoints.logout, { token }));
    expectError(await c.call(endpoints.me, { token }), 401);
  });

  it('a licensed user type is not affected', async () => {
    expectOk(await c.call(endpoints.adressenList, { as: buero.anmeldename }));
  });
});
