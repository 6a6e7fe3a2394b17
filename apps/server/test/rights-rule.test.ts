import { endpoints, PROJEKT_RECHTE, rechtGilt, SPEC_RECHTE } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { up as migrateProjectRights } from '../src/db/migrations/0016_projekt_rechte';
import { may } from '../src/lib/rights';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

describe('one rights rule (`rechtGilt` of the contract, `may` on the server)', () => {
  it('admin has all; a listed right decides; an unlisted spec right is granted, an unlisted project right denied', () => {
    expect(rechtGilt(true, false, 'ADR_LOESCHEN')).toBe(true);
    expect(rechtGilt(true, undefined, 'SVC_DISPO')).toBe(true);
    expect(rechtGilt(false, false, 'ADR_LOESCHEN')).toBe(false);
    expect(rechtGilt(false, true, 'SVC_DISPO')).toBe(true);
    expect(rechtGilt(false, undefined, 'ADR_LOESCHEN')).toBe(true);
    expect(rechtGilt(false, undefined, 'SVC_DISPO')).toBe(false);
    expect(SPEC_RECHTE.filter((r) => (PROJEKT_RECHTE as readonly string[]).includes(r))).toEqual([]);
  });

  it('`may` reads the user rows the same way, with and without the session cache', async () => {
    const user = await f.benutzer({ rechte: { ADR_LOESCHEN: false } });
    const actor = { id: user.id, name: user.name, istAdmin: false };
    const admin = { ...actor, istAdmin: true };
    for (const cache of [undefined, {}]) {
      expect(await may(db, actor, 'ADR_LOESCHEN', cache)).toBe(false);
      expect(await may(db, actor, 'ADR_AENDERN', cache)).toBe(true);
      expect(await may(db, actor, 'SVC_DISPO', cache)).toBe(false);
      expect(await may(db, admin, 'SVC_DISPO', cache)).toBe(true);
    }
  });

  it('the route hook denies a project right without a row (403 naming it) and /webapp/me lists it as denied', async () => {
    const user = await f.benutzer();
    const e = expectError(await c.call(endpoints.serviceAuftragCreate, { as: user.anmeldename, body: { data: { bezeichnung: 'x' } } }), 403);
    expect(e.messageParameters).toEqual(['SVC_DISPO']);
    const me = expectOk(await c.call(endpoints.me, { as: user.anmeldename })).result;
    expect(me.rechte).toEqual([
      { recht: 'DATEV_EXPORT', genehmigt: false },
      { recht: 'SVC_DISPO', genehmigt: false },
    ]);
    const granted = await f.benutzer({ rechte: { SVC_DISPO: true } });
    expect(expectOk(await c.call(endpoints.me, { as: granted.anmeldename })).result.rechte).toEqual([
      { recht: 'DATEV_EXPORT', genehmigt: false },
      { recht: 'SVC_DISPO', genehmigt: true },
    ]);
  });

  it('the migration grants the project rights to existing users without a row (nothing changes for them), keeps rows', async () => {
    const ohne = await f.benutzer();
    const verweigert = await f.benutzer({ rechte: { SVC_DISPO: false } });
    await migrateProjectRights(db as never);
    const row = (id: number) => db.selectFrom('rechte').select('genehmigt').where('benutzerId', '=', id).where('recht', '=', 'SVC_DISPO').executeTakeFirst();
    expect(!!(await row(ohne.id))?.genehmigt).toBe(true);
    expect(!!(await row(verweigert.id))?.genehmigt).toBe(false);
    const admin = await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'admin').executeTakeFirstOrThrow();
    expect(await row(admin.id)).toBeUndefined();
  });
});
