import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { CHANGE_REMARK_PARAMETER } from '../src/modules/adressen/adressen.resources';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/**
 * A change or delete of a record someone else holds answers 423 (locked) before the change remark is checked
 * (issue 19 item 7c): the user learns first that the record cannot be changed now, not that a remark is missing.
 * The remark rule (SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN, set in the demo data) lives in the resource helpers.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const remarkRequired = async () =>
  (await db.selectFrom('systemParameter').select('wert').where('name', '=', CHANGE_REMARK_PARAMETER).executeTakeFirstOrThrow()).wert;
const ortOf = async (id: number) => (await db.selectFrom('adressen').select('ort').where('id', '=', id).executeTakeFirstOrThrow()).ort;
const changesOf = async (id: number) =>
  (await db.selectFrom('protokoll').select('id').where('tabelle', '=', 'ADR').where('datensatzId', '=', id).where('aktion', '!=', 'NEU').execute()).length;

describe('a record held by another user, the change remark missing', () => {
  it('a change of an address answers 423 naming the holder, not 400 for the remark; nothing changes', async () => {
    expect(await remarkRequired()).toBe('1');
    const a = await f.adresse({ ort: 'Kiel' });
    await f.sperre({ tabelle: 'ADR', datensatzId: a.id }, { as: 'buero' });
    const withoutRemark = await c.call(endpoints.adresseUpdate, { as: 'admin', params: { id: a.id }, body: { data: { ort: 'Lübeck' } } });
    const body = expectError(withoutRemark, 423, 'DATENSATZ_GESPERRT');
    expect(body.messageParameters[0]).toBe('Bernd Büro');
    expect(body.errors.fieldErrors).toEqual({});
    const blank = await c.call(endpoints.adresseUpdate, { as: 'admin', params: { id: a.id }, body: { data: { ort: 'Lübeck' }, ProtokollBemerkung: '   ' } });
    expectError(blank, 423, 'DATENSATZ_GESPERRT');
    expect(await ortOf(a.id)).toBe('Kiel');
    expect(await changesOf(a.id)).toBe(0);
  });

  it('a delete of an address answers 423, not 400 for the remark; the address stays', async () => {
    const a = await f.adresse();
    await f.sperre({ tabelle: 'ADR', datensatzId: a.id }, { as: 'buero' });
    expectError(await c.call(endpoints.adresseDelete, { as: 'admin', params: { id: a.id } }), 423, 'DATENSATZ_GESPERRT');
    expect(await db.selectFrom('adressen').select('id').where('id', '=', a.id).executeTakeFirst()).toBeDefined();
    expect(await changesOf(a.id)).toBe(0);
  });

  it('a lock token that is not the live lock of the record is a 423 before the remark too', async () => {
    const a = await f.adresse();
    const res = await c.call(endpoints.adresseUpdate, {
      as: 'admin',
      params: { id: a.id },
      headers: { 'x-lock-token': 'A'.repeat(43) },
      body: { data: { ort: 'Lübeck' } },
    });
    expectError(res, 423, 'DATENSATZ_GESPERRT');
  });

  it('the holder itself, and anyone on a free record, still needs the remark (400 on ProtokollBemerkung), then may change', async () => {
    const held = await f.adresse({ ort: 'Kiel' });
    await f.sperre({ tabelle: 'ADR', datensatzId: held.id }, { as: 'buero' });
    const holder = await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: held.id }, body: { data: { ort: 'Lübeck' } } });
    expect(Object.keys(expectError(holder, 400).errors.fieldErrors)).toEqual(['ProtokollBemerkung']);
    const free = await f.adresse();
    expectError(await c.call(endpoints.adresseDelete, { as: 'admin', params: { id: free.id } }), 400);
    const ok = await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: held.id }, body: { data: { ort: 'Lübeck' }, ProtokollBemerkung: 'Umzug' } });
    expect(expectOk(ok).result.ort).toBe('Lübeck');
  });
});
