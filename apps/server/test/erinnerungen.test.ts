import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const ids = Object.fromEntries((await t.handle.db.selectFrom('benutzer').select(['id', 'anmeldename']).execute()).map((u) => [u.anmeldename, u.id]));
const blocked = await t.handle.db.selectFrom('benutzer').select('id').where('gesperrt', '=', true).executeTakeFirstOrThrow();
const url = '/vario-api/crm/erinnerungen';

describe('reminders API', () => {
  it('[REM-013] a user lists their own reminders ordered by erinnerungDatum', async () => {
    const res = await t.call(buero, { method: 'GET', url: `${url}?limit=500&filter=benutzerId=${ids.buero}&orderBy=erinnerungDatum` });
    const rows = res.json().result as { benutzerId: number; erinnerungDatum: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.benutzerId === ids.buero)).toBe(true);
    expect(rows.map((r) => r.erinnerungDatum)).toEqual([...rows.map((r) => r.erinnerungDatum)].sort());
  });

  it("a user never sees another user's reminders, even when asking for them", async () => {
    const res = await t.call(buero, { method: 'GET', url: `${url}?filter=benutzerId=${ids.admin}` });
    expect(res.json().result).toEqual([]);
    const adminsOwn = (await t.call(admin, { method: 'GET', url: `${url}?filter=benutzerId=${ids.admin}&limit=1` })).json().result[0];
    expectError(await t.call(buero, { method: 'GET', url: `${url}/${adminsOwn.id}` }), 404);
    expectError(await t.call(buero, { method: 'PATCH', url: `${url}/${adminsOwn.id}`, payload: { data: { bemerkung: 'x' } } }), 404);
    expectError(await t.call(buero, { method: 'DELETE', url: `${url}/${adminsOwn.id}` }), 404);
  });

  it('[REM-014] create answers 201, a Location with the new id, and writes the change log with the remark', async () => {
    const when = new Date(Date.now() + 15 * 60_000).toISOString();
    const res = await t.call(buero, {
      method: 'POST',
      url,
      payload: {
        data: { benutzerId: ids.buero, bemerkung: ' Kunde anrufen ', erinnerungDatum: when, tabelle: 'ADR', tabelleId: 12 },
        ProtokollBemerkung: 'per Telefon',
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().result;
    expect(res.headers.location).toBe(`/vario-api/crm/erinnerungen/${created.id}`);
    expect(created).toMatchObject({
      benutzerId: ids.buero,
      bemerkung: 'Kunde anrufen',
      erinnerungDatum: when,
      tabelle: 'ADR',
      tabelleId: 12,
      erstelltVon: ids.buero,
    });
    const log = await t.handle.db.selectFrom('protokoll').selectAll().where('tabelle', '=', 'ERI').where('datensatzId', '=', created.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ aktion: 'NEU', benutzerId: ids.buero, bemerkung: 'per Telefon' });
  });

  it('a date with an offset is stored in UTC', async () => {
    const res = await t.call(buero, {
      method: 'POST',
      url,
      payload: { data: { benutzerId: ids.buero, bemerkung: 'Zeitzone', erinnerungDatum: '2026-12-01T10:00:00+01:00' } },
    });
    expect(res.json().result.erinnerungDatum).toBe('2026-12-01T09:00:00.000Z');
  });

  it('[REM-020] a reminder can be addressed to another user, but not to a blocked or unknown one', async () => {
    const ok = await t.call(buero, {
      method: 'POST',
      url,
      payload: { data: { benutzerId: ids.techniker, bemerkung: 'Für Tom', erinnerungDatum: new Date().toISOString() } },
    });
    expect(ok.statusCode).toBe(201);
    const before = await t.handle.db
      .selectFrom('erinnerungen')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const benutzerId of [blocked.id, 999_999]) {
      const res = await t.call(buero, { method: 'POST', url, payload: { data: { benutzerId, bemerkung: 'x', erinnerungDatum: new Date().toISOString() } } });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toEqual(['benutzerId']);
    }
    const after = await t.handle.db
      .selectFrom('erinnerungen')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('bad input gets field errors and writes nothing', async () => {
    const cases = [
      { data: { benutzerId: ids.buero, bemerkung: '   ', erinnerungDatum: new Date().toISOString() } },
      { data: { benutzerId: ids.buero, bemerkung: 'x', erinnerungDatum: 'morgen' } },
      { data: { benutzerId: ids.buero, bemerkung: 'x', erinnerungDatum: new Date().toISOString(), tabelle: 'XYZ' } },
      { data: { benutzerId: 2 ** 40, bemerkung: 'x', erinnerungDatum: new Date().toISOString() } },
      { nodata: true },
    ];
    for (const payload of cases) {
      const res = await t.call(buero, { method: 'POST', url, payload });
      expect([400]).toContain(res.statusCode);
    }
  });

  it('[REM-015] change only the given fields and log which changed', async () => {
    const created = (
      await t.call(buero, { method: 'POST', url, payload: { data: { benutzerId: ids.buero, bemerkung: 'alt', erinnerungDatum: '2026-12-24T08:00:00.000Z' } } })
    ).json().result;
    const res = await t.call(buero, {
      method: 'PATCH',
      url: `${url}/${created.id}`,
      payload: { data: { bemerkung: 'neu', erinnerungDatum: '2026-12-24T08:00:00.000Z' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ bemerkung: 'neu', erinnerungDatum: '2026-12-24T08:00:00.000Z', benutzerId: ids.buero });
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
    const created = (
      await t.call(buero, { method: 'POST', url, payload: { data: { benutzerId: ids.buero, bemerkung: 'weg', erinnerungDatum: new Date().toISOString() } } })
    ).json().result;
    expect((await t.call(buero, { method: 'DELETE', url: `${url}/${created.id}` })).statusCode).toBe(204);
    expectError(await t.call(buero, { method: 'GET', url: `${url}/${created.id}` }), 404);
    expectError(await t.call(buero, { method: 'DELETE', url: `${url}/${created.id}` }), 404);
    const log = await t.handle.db.selectFrom('protokoll').select('aktion').where('tabelle', '=', 'ERI').where('datensatzId', '=', created.id).execute();
    expect(log.map((l) => l.aktion)).toEqual(['NEU', 'LOESCHEN']);
  });

  it('an administrator sees and changes every reminder', async () => {
    const bueros = (await t.call(buero, { method: 'GET', url: `${url}?limit=1` })).json().result[0];
    const res = await t.call(admin, { method: 'PATCH', url: `${url}/${bueros.id}`, payload: { data: { bemerkung: 'vom Admin' } } });
    expect(res.statusCode).toBe(200);
  });
});
