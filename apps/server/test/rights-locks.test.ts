import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const techniker = await t.login('techniker');
const bueroId = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirstOrThrow()).id;
const setRight = async (genehmigt: boolean | null) => {
  await t.handle.db.deleteFrom('rechte').where('benutzerId', '=', bueroId).where('recht', '=', 'LAG_SEHEN').execute();
  if (genehmigt !== null) await t.handle.db.insertInto('rechte').values({ benutzerId: bueroId, recht: 'LAG_SEHEN', genehmigt }).execute();
};

describe('rights (RIGHT-001..004)', () => {
  it('[RIGHT-001] /webapp/me lists the rights with recht and genehmigt', async () => {
    const me = (await t.call(buero, { method: 'GET', url: '/vario-api/webapp/me' })).json().result;
    expect(me.rechte).toContainEqual({ recht: 'ADR_LOESCHEN', genehmigt: false });
    expect(me.rechte).toContainEqual({ recht: 'ADR_AENDERN', genehmigt: true });
    expect(me.rechte).toContainEqual({ recht: 'ART_EK', genehmigt: false });
    expect(me.rechte).toContainEqual({ recht: 'AUS_FREIESQL', genehmigt: false });
  });

  it('[RIGHT-003] a listed right with genehmigt=false is refused with 403 naming the right', async () => {
    await setRight(false);
    const body = expectError(await t.call(buero, { method: 'GET', url: '/vario-api/stammdaten/lager/1' }), 403, 'KEINE_BERECHTIGUNG');
    expect(body.messageParameters).toEqual(['LAG_SEHEN']);
  });

  it('[RIGHT-017] a granted LAG_SEHEN reads the warehouse', async () => {
    await setRight(true);
    const res = await t.call(buero, { method: 'GET', url: '/vario-api/stammdaten/lager/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id: 1, kurzbezeichnung: 'HL', hatLagerplaetze: true });
  });

  it('[RIGHT-004] a right not listed on the user counts as granted', async () => {
    await setRight(null);
    expect((await t.call(buero, { method: 'GET', url: '/vario-api/stammdaten/lager/1' })).statusCode).toBe(200);
  });

  it('[RIGHT-002] an administrator has every right, even one listed as denied', async () => {
    const adminId = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'admin').executeTakeFirstOrThrow()).id;
    await t.handle.db.insertInto('rechte').values({ benutzerId: adminId, recht: 'LAG_SEHEN', genehmigt: false }).execute();
    expect((await t.call(admin, { method: 'GET', url: '/vario-api/stammdaten/lager/1' })).statusCode).toBe(200);
  });

  it('administrator-only routes refuse everybody else', async () => {
    expectError(await t.call(buero, { method: 'GET', url: '/vario-api/system/sperren' }), 403);
    expectError(await t.call(techniker, { method: 'GET', url: '/vario-api/system/protokoll' }), 403);
    expect((await t.call(admin, { method: 'GET', url: '/vario-api/system/sperren' })).statusCode).toBe(200);
  });
});

describe('record locks', () => {
  const lock = (token: string, datensatzId: number) =>
    t.call(token, { method: 'POST', url: '/vario-api/system/sperren', payload: { data: { tabelle: 'ERI', datensatzId } } });
  const ownReminder = async (token: string, offset = 0) =>
    (await t.call(token, { method: 'GET', url: `/vario-api/crm/erinnerungen?limit=1&offset=${offset}` })).json().result[0] as {
      id: number;
      benutzerId: number;
    };

  it('taking a lock answers 201 with a token; the same user may take it again', async () => {
    const first = await lock(buero, 500);
    expect(first.statusCode).toBe(201);
    expect(first.json().result).toMatchObject({ tabelle: 'ERI', datensatzId: 500, benutzerName: 'Bernd Büro' });
    expect(first.json().result.token).toBeTruthy();
    expect((await lock(buero, 500)).statusCode).toBe(201);
  });

  it('[HTTP-059] another user gets 423 with the holder, and the locks list shows the lock', async () => {
    const body = expectError(await lock(techniker, 500), 423, 'DATENSATZ_GESPERRT');
    expect(body.messageParameters).toEqual(['Bernd Büro']);
    const locks = (await t.call(admin, { method: 'GET', url: '/vario-api/system/sperren?filter=datensatzId=500' })).json().result;
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ benutzerName: 'Bernd Büro', tabelle: 'ERI' });
    expect(locks[0].token).toBeUndefined();
  });

  it('a change to a record another user holds is refused with 423 and changes nothing', async () => {
    const r = await ownReminder(techniker);
    const taken = (await lock(admin, r.id)).json().result;
    const res = await t.call(techniker, { method: 'PATCH', url: `/vario-api/crm/erinnerungen/${r.id}`, payload: { data: { bemerkung: 'überschrieben' } } });
    expectError(res, 423);
    const del = await t.call(techniker, { method: 'DELETE', url: `/vario-api/crm/erinnerungen/${r.id}` });
    expectError(del, 423);
    const after = (await t.call(techniker, { method: 'GET', url: `/vario-api/crm/erinnerungen/${r.id}` })).json().result;
    expect(after.bemerkung).not.toBe('überschrieben');
    // The holder changes it with the lock token in X-Lock-Token.
    const ok = await t.call(admin, {
      method: 'PATCH',
      url: `/vario-api/crm/erinnerungen/${r.id}`,
      headers: { 'x-lock-token': taken.token },
      payload: { data: { bemerkung: 'vom Admin' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.bemerkung).toBe('vom Admin');
  });

  it('only the holder or an administrator releases a lock', async () => {
    const taken = (await lock(buero, 777)).json().result;
    expectError(await t.call(techniker, { method: 'DELETE', url: `/vario-api/system/sperren/${taken.id}` }), 403);
    expect((await t.call(buero, { method: 'DELETE', url: `/vario-api/system/sperren/${taken.id}` })).statusCode).toBe(204);
    expectError(await t.call(admin, { method: 'DELETE', url: `/vario-api/system/sperren/${taken.id}` }), 404);
    expect((await lock(techniker, 777)).statusCode).toBe(201);
    const other = (await lock(buero, 778)).json().result;
    expect((await t.call(admin, { method: 'DELETE', url: `/vario-api/system/sperren/${other.id}` })).statusCode).toBe(204);
  });

  it('an expired lock no longer blocks, and a stale token is refused', async () => {
    const r = await ownReminder(techniker, 1);
    const taken = (await lock(techniker, r.id)).json().result;
    await t.handle.db.updateTable('sperren').set({ gueltigBis: '2000-01-01T00:00:00.000Z' }).where('id', '=', taken.id).execute();
    expect((await lock(admin, 9999)).statusCode).toBe(201);
    expectError(
      await t.call(techniker, {
        method: 'PATCH',
        url: `/vario-api/crm/erinnerungen/${r.id}`,
        headers: { 'x-lock-token': taken.token },
        payload: { data: { bemerkung: 'spät' } },
      }),
      423,
    );
    expect((await lock(buero, r.id)).statusCode).toBe(201);
  });

  it('a malformed lock request is a 400', async () => {
    const res = await t.call(buero, { method: 'POST', url: '/vario-api/system/sperren', payload: { data: { tabelle: 'adr; drop', datensatzId: -1 } } });
    const body = expectError(res, 400);
    expect(Object.keys(body.errors.fieldErrors).sort()).toEqual(['datensatzId', 'tabelle']);
  });
});
