import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/** Who may take a lock, on what, how many, for how long, and what the X-Lock-Token sent with a change must be. */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const lock = (caller: { as?: string; token?: string }, tabelle: string, datensatzId: number) =>
  c.call(endpoints.sperreCreate, { ...caller, body: { data: { tabelle, datensatzId } } });
const rename = (caller: { as?: string; token?: string }, id: number, lockToken?: string) =>
  c.call(endpoints.adresseUpdate, {
    ...caller,
    params: { id },
    headers: lockToken === undefined ? {} : { 'x-lock-token': lockToken },
    body: { data: { name2: `geändert ${Date.now()}` }, ProtokollBemerkung: 'Test' },
  });
const locksOf = (benutzerId: number) => db.selectFrom('sperren').select('id').where('benutzerId', '=', benutzerId).execute();

describe('taking a lock', () => {
  it('needs the right to change the record: a user denied ADR_AENDERN gets 403, ART_AENDERN likewise', async () => {
    const a = await f.adresse();
    const art = await f.artikel();
    const u = await f.benutzer({ rechte: { ADR_AENDERN: false, ART_AENDERN: false } });
    expect(expectError(await lock({ as: u.anmeldename }, 'ADR', a.id), 403).messageParameters).toEqual(['ADR_AENDERN']);
    expect(expectError(await lock({ as: u.anmeldename }, 'ART', art.id), 403).messageParameters).toEqual(['ART_AENDERN']);
    expect(await locksOf(u.id)).toEqual([]);
  });

  it('needs an existing record (404) of a known table code (400 on tabelle)', async () => {
    expectError(await lock({ as: 'buero' }, 'ADR', 99_999_999), 404);
    const body = expectError(await lock({ as: 'buero' }, 'XYZ', 1), 400);
    expect(Object.keys(body.errors.fieldErrors)).toEqual(['tabelle']);
  });

  it("a reminder is locked only by its addressee (another user's answers 404)", async () => {
    const r = await f.erinnerung({}, { as: 'techniker' });
    expectError(await lock({ as: 'buero' }, 'ERI', r.id), 404);
    expect((await lock({ as: 'techniker' }, 'ERI', r.id)).status).toBe(201);
  });

  it('a user holds at most 50 live locks (422), expired ones do not count', async () => {
    const u = await f.benutzer();
    const ids = (await db.selectFrom('adressen').select('id').orderBy('id').limit(51).execute()).map((r) => r.id);
    for (const id of ids.slice(0, 50)) expect((await lock({ as: u.anmeldename }, 'ADR', id)).status).toBe(201);
    const body = expectError(await lock({ as: u.anmeldename }, 'ADR', ids[50]!), 422);
    expect(body.errors.services[0]?.message).toMatch(/50/);
    // renewing one already held is fine
    expect((await lock({ as: u.anmeldename }, 'ADR', ids[0]!)).status).toBe(201);
    await db.updateTable('sperren').set({ gueltigBis: '2000-01-01T00:00:00.000Z' }).where('benutzerId', '=', u.id).where('datensatzId', '=', ids[1]!).execute();
    expect((await lock({ as: u.anmeldename }, 'ADR', ids[50]!)).status).toBe(201);
    await c.call(endpoints.logout, { as: u.anmeldename });
  });
});

describe('the X-Lock-Token sent with a change', () => {
  it('must be the token of the live lock on that record: another lock’s token or a made-up one is refused (423)', async () => {
    const a = await f.adresse();
    const b = await f.adresse();
    const mine = expectOk(await lock({ as: 'admin' }, 'ADR', a.id)).result;
    const other = expectOk(await lock({ as: 'admin' }, 'ADR', b.id)).result;
    expectError(await rename({ as: 'admin' }, a.id, other.token), 423);
    expectError(await rename({ as: 'admin' }, a.id, 'A'.repeat(43)), 423);
    expect((await rename({ as: 'admin' }, a.id, mine.token)).status).toBe(200);
  });

  it('a token that is not a token at all is a 400 naming the header', async () => {
    const a = await f.adresse();
    const body = expectError(await rename({ as: 'admin' }, a.id, 'irgendwas'), 400);
    expect(Object.keys(body.errors.fieldErrors)).toEqual(['X-Lock-Token']);
  });

  it('without a lock on the record, a sent token is refused (423)', async () => {
    const a = await f.adresse();
    const b = await f.adresse();
    const other = expectOk(await lock({ as: 'admin' }, 'ADR', b.id)).result;
    expectError(await rename({ as: 'admin' }, a.id, other.token), 423);
  });
});

describe('locks end with the session', () => {
  it('logout releases the locks taken in that session, not those of the other session', async () => {
    const u = await f.benutzer();
    const a = await f.adresse();
    const b = await f.adresse();
    const s1 = await c.login(u.anmeldename);
    const s2 = await c.login(u.anmeldename);
    expect((await lock({ token: s1 }, 'ADR', a.id)).status).toBe(201);
    expect((await lock({ token: s2 }, 'ADR', b.id)).status).toBe(201);
    expect((await c.call(endpoints.logout, { token: s1 })).status).toBe(204);
    const left = await db.selectFrom('sperren').select('datensatzId').where('benutzerId', '=', u.id).where('tabelle', '=', 'ADR').execute();
    expect(left.map((r) => r.datensatzId)).toEqual([b.id]);
    expect((await lock({ as: 'buero' }, 'ADR', a.id)).status).toBe(201);
  });

  it('a lock lasts no longer than its session', async () => {
    const u = await f.benutzer();
    const a = await f.adresse();
    const s = await c.login(u.anmeldename);
    await db
      .updateTable('sitzungen')
      .set({ gueltigBis: new Date(Date.now() + 60_000).toISOString() })
      .where('benutzerId', '=', u.id)
      .execute();
    const taken = expectOk(await lock({ token: s }, 'ADR', a.id)).result;
    expect(Date.parse(taken.gueltigBis)).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('deleting the sessions (password change, purge of expired ones) releases their locks', async () => {
    const u = await f.benutzer();
    const a = await f.adresse();
    const s = await c.login(u.anmeldename);
    expect((await lock({ token: s }, 'ADR', a.id)).status).toBe(201);
    await db.deleteFrom('sitzungen').where('benutzerId', '=', u.id).execute();
    expect(await locksOf(u.id)).toEqual([]);
  });
});
