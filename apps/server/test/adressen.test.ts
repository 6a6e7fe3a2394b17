import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const remark = { ProtokollBemerkung: 'Test' };
const search = async (term: string) => expectOk(await c.call(endpoints.adressenList, { as: 'buero', query: { search: term } })).result;
const read = async (id: number, as = 'buero') => expectOk(await c.call(endpoints.adresseGet, { as, params: { id } })).result;
const REMARK_PARAMETER = 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN';

describe('address list', () => {
  it('[ADR-002] [ADR-004] answers the index columns with returnTotal and filters', async () => {
    const query = { limit: 20, returnTotal: true, filter: 'gesperrt=false,istKunde=true', orderBy: 'name1' };
    const res = expectOk(await c.call(endpoints.adressenList, { as: 'buero', query }));
    expect(res.result).toHaveLength(20);
    expect(res.resultCount).toBeGreaterThan(20);
    expect(Object.keys(res.result[0]!).sort()).toEqual(
      [
        'adressnummer',
        'anrede',
        'art',
        'email',
        'gesperrt',
        'id',
        'istKunde',
        'istLieferant',
        'kundennummer',
        'lieferantennummer',
        'lkz',
        'name1',
        'name2',
        'name3',
        'ort',
        'plz',
        'strasse',
        'unvollstaendig',
      ].sort(),
    );
    expect(res.result.every((r) => r.istKunde && !r.gesperrt)).toBe(true);
    const names = res.result.map((r) => r.name1.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('[ADR-003] the relation filter: customers, real suppliers (suppliers that are not customers), both', async () => {
    const kunde = await f.adresse({ name1: 'Relation Kunde', istKunde: true, istLieferant: false });
    const lieferant = await f.adresse({ name1: 'Relation Lieferant', istKunde: false, istLieferant: true });
    const beides = await f.adresse({ name1: 'Relation Beides', istKunde: true, istLieferant: true });
    const ids = async (filter: string) =>
      expectOk(await c.call(endpoints.adressenList, { as: 'buero', query: { limit: 50, filter: `${filter},name1~Relation ` } })).result;
    const kunden = await ids('istKunde=true');
    expect(kunden.every((r) => r.istKunde)).toBe(true);
    expect(kunden.map((r) => r.id).sort()).toEqual([kunde.id, beides.id].sort());
    const echte = await ids('istLieferant=true,istKunde=false');
    expect(echte.every((r) => r.istLieferant && !r.istKunde)).toBe(true);
    expect(echte.map((r) => r.id)).toEqual([lieferant.id]);
    const beide = await ids('istLieferant=true,istKunde=true');
    expect(beide.map((r) => r.id)).toEqual([beides.id]);
  });

  it('quick search finds by a name fragment at the start of a word, case- and order-insensitive', async () => {
    const a = await f.adresse({ name1: 'Zwölfender Maschinenbau KG', ort: 'Quedlinburg' });
    for (const term of ['zwölf', 'ZWÖLFENDER masch', 'quedlin', String(a.adressnummer)]) {
      expect(
        (await search(term)).map((r) => r.id),
        term,
      ).toContain(a.id);
    }
    expect((await c.call(endpoints.adressenList, { as: 'buero', query: { search: '"*)(; drop' } })).status).toBe(200);
    expect(await search('%%')).toEqual([]);
  });

  it('the search index follows changes and deletes', async () => {
    const a = await f.adresse({ name1: 'Xylophon Handel' });
    expectOk(await c.call(endpoints.adresseUpdate, { as: 'admin', params: { id: a.id }, body: { data: { name1: 'Yggdrasil Handel' }, ...remark } }));
    expect(await search('xylophon')).toEqual([]);
    expect((await search('yggdrasil')).map((r) => r.id)).toEqual([a.id]);
    expectOk(await c.call(endpoints.adresseDelete, { as: 'admin', params: { id: a.id }, query: { ProtokollBemerkung: 'weg' } }));
    expect(await search('yggdrasil')).toEqual([]);
  });

  it('[RIGHT-007] without ADR_SEHEN addresses and persons cannot be seen', async () => {
    const user = await f.benutzer({ typ: 2, rechte: { ADR_SEHEN: false } });
    const a = await f.adresse();
    const p = await f.ansprechpartner(a.id, { name: 'Unsichtbar' });
    expectError(await c.call(endpoints.adressenList, { as: user.anmeldename }), 403);
    expectError(await c.call(endpoints.adresseGet, { as: user.anmeldename, params: { id: a.id } }), 403);
    expectError(await c.call(endpoints.ansprechpartnerVonAdresse, { as: user.anmeldename, params: { id: a.id } }), 403);
    expectError(await c.call(endpoints.ansprechpartnerGet, { as: user.anmeldename, params: { id: p.id } }), 403);
    // the same calls answer a user who has the right
    expect((await c.call(endpoints.adresseGet, { as: 'buero', params: { id: a.id } })).status).toBe(200);
  });
});

describe('address record', () => {
  it('[ADR-013] reads one address with every field; money in euro', async () => {
    const a = await f.adresse({ name1: 'Testfirma Nord GmbH', kreditlimit: 2500.5, lkz: 'AT', email: 'info@nord.example', s01: 'Handel' });
    const res = await read(a.id);
    expect(res).toMatchObject({
      name1: 'Testfirma Nord GmbH',
      kreditlimit: 2500.5,
      opvBetrag: 0,
      lkz: 'AT',
      email: 'info@nord.example',
      s01: 'Handel',
      istKunde: true,
      gesperrt: false,
      art: 'LEGAL',
    });
    for (let i = 1; i <= 10; i++) expect(res).toHaveProperty(`s${String(i).padStart(2, '0')}`);
  });

  it('create assigns the address number and, for a customer, the customer number', async () => {
    const a = await f.adresse();
    const b = await f.adresse({ istKunde: false, istLieferant: true });
    expect(b.adressnummer).toBe(a.adressnummer + 1);
    expect(a.kundennummer).toBeGreaterThanOrEqual(100_000);
    expect(b.kundennummer).toBeNull();
    expect(b.lieferantennummer).toBeGreaterThanOrEqual(700_000);
  });

  it('[ADR-017] [ADR-018] a change without a remark is refused while the parameter is set; the remark lands in the change log', async () => {
    const a = await f.adresse();
    for (const ProtokollBemerkung of [undefined, '', '   ']) {
      const res = await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { ort: 'Kiel' }, ProtokollBemerkung } });
      expect(expectError(res, 400).errors.fieldErrors.ProtokollBemerkung).toEqual(['Es muss eine Bemerkung eingegeben werden!']);
    }
    expect((await read(a.id)).ort).toBeNull();
    const ok = await c.call(endpoints.adresseUpdate, {
      as: 'buero',
      params: { id: a.id },
      body: { data: { ort: 'Kiel' }, ProtokollBemerkung: '  Umzug laut Telefonat ' },
    });
    expect(expectOk(ok).result.ort).toBe('Kiel');
    const log = await t.handle.db
      .selectFrom('protokoll')
      .selectAll()
      .where('tabelle', '=', 'ADR')
      .where('datensatzId', '=', a.id)
      .where('aktion', '=', 'AENDERN')
      .execute();
    expect(log.map((l) => [l.bemerkung, l.felder])).toEqual([['Umzug laut Telefonat', 'ort']]);
  });

  it('without the parameter no remark is needed', async () => {
    const setParameter = (wert: string) => t.handle.db.updateTable('systemParameter').set({ wert }).where('name', '=', REMARK_PARAMETER).execute();
    await setParameter('0');
    try {
      const a = await f.adresse();
      expect((await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { ort: 'Kiel' } } })).status).toBe(200);
    } finally {
      await setParameter('1');
    }
  });

  it('bad fields answer 400 with field errors and change nothing', async () => {
    const a = await f.adresse({ name1: 'Testfirma Nord GmbH' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name1: '' }, 'name1'],
      [{ email: 'kein-mail' }, 'email'],
      [{ lkz: 'deu' }, 'lkz'],
      [{ lkz: 'QQ' }, 'lkz'],
      [{ anrede: 'Graf' }, 'anrede'],
      [{ zahlart: 9999 }, 'zahlart'],
      [{ preisgruppe: 0 }, 'preisgruppe'],
      [{ preisgruppe: 18 }, 'preisgruppe'],
      [{ preisgruppe: 2.5 }, 'preisgruppe'],
      [{ preisgruppe: '3' }, 'preisgruppe'],
      [{ kreditlimit: -5 }, 'kreditlimit'],
      [{ erstkontakt: '31.12.2024' }, 'erstkontakt'],
    ];
    for (const [data, field] of cases) {
      const body = expectError(await c.call(endpoints.adresseUpdate, { as: 'admin', params: { id: a.id }, body: invalid({ data, ...remark }) }), 400);
      expect(Object.keys(body.errors.fieldErrors), JSON.stringify(data)).toContain(field);
    }
    expect(await read(a.id, 'admin')).toMatchObject({ name1: 'Testfirma Nord GmbH', email: null, lkz: null });
  });

  it('[APP-028] the price group (1–17 of the reference data, or none) is kept; one missing from the reference data is a field error', async () => {
    const a = await f.adresse();
    expect(a.preisgruppe).toBeNull();
    const gruppen = expectOk(await c.call(endpoints.preisgruppen, { as: 'buero', query: { limit: 17 } })).result;
    expect(gruppen.map((g) => g.nummer)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const gesetzt = expectOk(await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { preisgruppe: 17 }, ...remark } }));
    expect(gesetzt.result.preisgruppe).toBe(17);
    expect((await read(a.id, 'buero')).preisgruppe).toBe(17);
    const neu = expectOk(await c.call(endpoints.adresseCreate, { as: 'buero', body: { data: { name1: 'Preisgruppe 3 GmbH', preisgruppe: 3 }, ...remark } }));
    expect(neu.result.preisgruppe).toBe(3);
    expectOk(await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { preisgruppe: null }, ...remark } }));
    expect((await read(a.id, 'buero')).preisgruppe).toBeNull();
    // a group the client removed from its reference data
    await t.handle.db.deleteFrom('preisgruppen').where('nummer', '=', 16).execute();
    try {
      const body = expectError(
        await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { preisgruppe: 16 }, ...remark } }),
        400,
      );
      expect(body.errors.fieldErrors.preisgruppe?.[0]).toBe('Unbekannte Preisgruppe: 16');
      expect((await read(a.id, 'buero')).preisgruppe).toBeNull();
    } finally {
      await t.handle.db.insertInto('preisgruppen').values({ nummer: 16, bezeichnung: 'Preisgruppe 16' }).execute();
    }
  });

  it('a duplicate customer number is a 409', async () => {
    const a = await f.adresse();
    const b = await f.adresse();
    expectError(await c.call(endpoints.adresseUpdate, { as: 'admin', params: { id: b.id }, body: { data: { kundennummer: a.kundennummer }, ...remark } }), 409);
  });

  it('[RIGHT-008] without ADR_AENDERN create and change are refused', async () => {
    const a = await f.adresse();
    const user = (await f.benutzer({ rechte: { ADR_AENDERN: false } })).anmeldename;
    expectError(await c.call(endpoints.adresseUpdate, { as: user, params: { id: a.id }, body: { data: { ort: 'X' }, ...remark } }), 403);
    expectError(await c.call(endpoints.adresseCreate, { as: user, body: { data: { name1: 'X' }, ...remark } }), 403);
  });

  it('a record locked by another user cannot be changed (423)', async () => {
    const a = await f.adresse();
    const lock = await f.sperre({ tabelle: 'ADR', datensatzId: a.id }, { as: 'admin' });
    expectError(await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id: a.id }, body: { data: { ort: 'X' }, ...remark } }), 423);
    const ok = await c.call(endpoints.adresseUpdate, {
      as: 'admin',
      params: { id: a.id },
      headers: { 'x-lock-token': lock.token },
      body: { data: { ort: 'Y' }, ...remark },
    });
    expect(ok.status).toBe(200);
  });

  it('[ADR-015] [RIGHT-009] delete needs ADR_LOESCHEN and a remark, and removes persons with it', async () => {
    const a = await f.adresse();
    await f.ansprechpartner(a.id, { name: 'Weg' });
    const params = { id: a.id };
    expectError(await c.call(endpoints.adresseDelete, { as: 'buero', params, query: { ProtokollBemerkung: 'x' } }), 403);
    expectError(await c.call(endpoints.adresseDelete, { as: 'admin', params }), 400);
    expect((await c.call(endpoints.adresseDelete, { as: 'admin', params, query: { ProtokollBemerkung: 'Dublette' } })).status).toBe(204);
    expectError(await c.call(endpoints.adresseGet, { as: 'admin', params }), 404);
    expect(await t.handle.db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', a.id).execute()).toEqual([]);
  });

  it('an address with documents cannot be deleted (409) and stays', async () => {
    const withDocs = await t.handle.db.selectFrom('belege').select('adresseId').executeTakeFirstOrThrow();
    const params = { id: withDocs.adresseId };
    expectError(await c.call(endpoints.adresseDelete, { as: 'admin', params, query: { ProtokollBemerkung: 'x' } }), 409);
    expect((await c.call(endpoints.adresseGet, { as: 'admin', params })).status).toBe(200);
  });
});
