import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, buildUrl, expectOk, invalid, type QueryOf } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const ids = Object.fromEntries((await t.handle.db.selectFrom('benutzer').select(['id', 'anmeldename']).execute()).map((u) => [u.anmeldename, u.id]));
const blocked = await t.handle.db.selectFrom('benutzer').select('id').where('gesperrt', '=', true).executeTakeFirstOrThrow();
const bueroId = ids.buero!;
const list = async (as: string, query: QueryOf<typeof endpoints.erinnerungenList>) => expectOk(await c.call(endpoints.erinnerungenList, { as, query })).result;

describe('reminders API', () => {
  it('[REM-013] a user lists their own reminders ordered by erinnerungDatum', async () => {
    // created in the reverse of their order by date
    const spaeter = await f.erinnerung({ benutzerId: bueroId, bemerkung: 'später', erinnerungDatum: '2031-01-02T08:00:00.000Z' }, { as: 'buero' });
    const frueher = await f.erinnerung({ benutzerId: bueroId, bemerkung: 'früher', erinnerungDatum: '2031-01-01T08:00:00.000Z' }, { as: 'buero' });
    const rows = await list('buero', { limit: 500, filter: `benutzerId=${bueroId}`, orderBy: 'erinnerungDatum' });
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(frueher.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(frueher.id)).toBeLessThan(ids.indexOf(spaeter.id));
    expect(rows.every((r) => r.benutzerId === bueroId)).toBe(true);
    expect(rows.map((r) => r.erinnerungDatum)).toEqual([...rows.map((r) => r.erinnerungDatum)].sort());
  });

  it("a user never sees another user's reminders, even when asking for them", async () => {
    expect(await list('buero', { filter: `benutzerId=${ids.admin}` })).toEqual([]);
    const adminsOwn = (await list('admin', { filter: `benutzerId=${ids.admin}`, limit: 1 }))[0]!;
    const params = { id: adminsOwn.id };
    expectError(await c.call(endpoints.erinnerungGet, { as: 'buero', params }), 404);
    expectError(await c.call(endpoints.erinnerungUpdate, { as: 'buero', params, body: { data: { bemerkung: 'x' } } }), 404);
    expectError(await c.call(endpoints.erinnerungDelete, { as: 'buero', params }), 404);
  });

  it('[REM-014] create answers 201, a Location with the new id, and writes the change log with the remark', async () => {
    const when = new Date(Date.now() + 15 * 60_000).toISOString();
    const res = await c.call(endpoints.erinnerungCreate, {
      as: 'buero',
      body: {
        data: { benutzerId: bueroId, bemerkung: ' Kunde anrufen ', erinnerungDatum: when, tabelle: 'ADR', tabelleId: 12 },
        ProtokollBemerkung: 'per Telefon',
      },
    });
    expect(res.status).toBe(201);
    const created = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.erinnerungGet.path, { id: created.id }));
    expect(created).toMatchObject({
      benutzerId: bueroId,
      bemerkung: 'Kunde anrufen',
      erinnerungDatum: when,
      tabelle: 'ADR',
      tabelleId: 12,
      erstelltVon: bueroId,
    });
    const log = await t.handle.db.selectFrom('protokoll').selectAll().where('tabelle', '=', 'ERI').where('datensatzId', '=', created.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ aktion: 'NEU', benutzerId: bueroId, bemerkung: 'per Telefon' });
  });

  it('a date with an offset is stored in UTC', async () => {
    const created = await f.erinnerung({ benutzerId: bueroId, bemerkung: 'Zeitzone', erinnerungDatum: '2026-12-01T10:00:00+01:00' }, { as: 'buero' });
    expect(created.erinnerungDatum).toBe('2026-12-01T09:00:00.000Z');
  });

  it('[REM-020] a reminder can be addressed to another user, but not to a blocked or unknown one', async () => {
    const ok = await c.call(endpoints.erinnerungCreate, {
      as: 'buero',
      body: { data: { benutzerId: ids.techniker!, bemerkung: 'Für Tom', erinnerungDatum: new Date().toISOString() } },
    });
    expect(ok.status).toBe(201);
    const count = async () =>
      Number(
        (
          await t.handle.db
            .selectFrom('erinnerungen')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const benutzerId of [blocked.id, 999_999]) {
      const res = await c.call(endpoints.erinnerungCreate, {
        as: 'buero',
        body: { data: { benutzerId, bemerkung: 'x', erinnerungDatum: new Date().toISOString() } },
      });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toEqual(['benutzerId']);
    }
    expect(await count()).toBe(before);
  });

  it('bad input gets field errors and writes nothing', async () => {
    const cases = [
      { data: { benutzerId: bueroId, bemerkung: '   ', erinnerungDatum: new Date().toISOString() } },
      { data: { benutzerId: bueroId, bemerkung: 'x', erinnerungDatum: 'morgen' } },
      { data: { benutzerId: bueroId, bemerkung: 'x', erinnerungDatum: new Date().toISOString(), tabelle: 'XYZ' } },
      { data: { benutzerId: 2 ** 40, bemerkung: 'x', erinnerungDatum: new Date().toISOString() } },
      { nodata: true },
    ];
    for (const body of cases) {
      const res = await c.call(endpoints.erinnerungCreate, { as: 'buero', body: invalid(body) });
      expect([400]).toContain(res.status);
    }
  });

  it('[REM-015] change only the given fields and log which changed', async () => {
    const created = await f.erinnerung({ benutzerId: bueroId, bemerkung: 'alt', erinnerungDatum: '2026-12-24T08:00:00.000Z' }, { as: 'buero' });
    const res = await c.call(endpoints.erinnerungUpdate, {
      as: 'buero',
      params: { id: created.id },
      body: { data: { bemerkung: 'neu', erinnerungDatum: '2026-12-24T08:00:00.000Z' } },
    });
    expect(res.status).toBe(200);
    expect(expectOk(res).result).toMatchObject({ bemerkung: 'neu', erinnerungDatum: '2026-12-24T08:00:00.000Z', benutzerId: bueroId });
    const log = await t.handle.db
      .selectFrom('protokoll')
      .selectAll()
      .where('tabelle', '=', 'ERI')
      .where('datensatzId', '=', created.id)
      .where('aktion', '=', 'AENDERN')
      .execute();
    expect(log.map((l) => l.felder)).toEqual(['bemerkung']);
  });

  it('[REM-016] delete answers 204, the record is gone, and the deletion is logged', async () => {
    const params = { id: (await f.erinnerung({ benutzerId: bueroId, bemerkung: 'weg' }, { as: 'buero' })).id };
    expect((await c.call(endpoints.erinnerungDelete, { as: 'buero', params })).status).toBe(204);
    expectError(await c.call(endpoints.erinnerungGet, { as: 'buero', params }), 404);
    expectError(await c.call(endpoints.erinnerungDelete, { as: 'buero', params }), 404);
    const log = await t.handle.db.selectFrom('protokoll').select('aktion').where('tabelle', '=', 'ERI').where('datensatzId', '=', params.id).execute();
    expect(log.map((l) => l.aktion)).toEqual(['NEU', 'LOESCHEN']);
  });

  it('an administrator sees and changes every reminder', async () => {
    const bueros = (await list('buero', { limit: 1 }))[0]!;
    expect(expectOk(await c.call(endpoints.erinnerungGet, { as: 'admin', params: { id: bueros.id } })).result.benutzerId).toBe(bueros.benutzerId);
    const res = await c.call(endpoints.erinnerungUpdate, { as: 'admin', params: { id: bueros.id }, body: { data: { bemerkung: 'vom Admin' } } });
    expect(res.status).toBe(200);
  });
});
