import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const techniker = await t.login('techniker');
const base = '/vario-api/stammdaten/adressen';
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const remark = { ProtokollBemerkung: 'Test' };

async function neueAdresse(data: Record<string, unknown> = {}) {
  const res = await t.call(admin, { method: 'POST', url: base, payload: { data: { name1: 'Testfirma Nord GmbH', istKunde: true, ...data }, ...remark } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().result as Record<string, unknown> & { id: number };
}

describe('address list', () => {
  it('[ADR-002] [ADR-004] answers the index columns with returnTotal and filters', async () => {
    const res = (await get(buero, `${base}?limit=20&returnTotal=true&filter=gesperrt=false,istKunde=true&orderBy=name1`)).json();
    expect(res.result).toHaveLength(20);
    expect(res.resultCount).toBeGreaterThan(20);
    expect(Object.keys(res.result[0]).sort()).toEqual(
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
    expect(res.result.every((r: { istKunde: boolean; gesperrt: boolean }) => r.istKunde && !r.gesperrt)).toBe(true);
    const names = res.result.map((r: { name1: string }) => r.name1.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('[ADR-003] the relation filter: real suppliers are suppliers that are not customers', async () => {
    const rows = (await get(buero, `${base}?limit=500&filter=istLieferant=true,istKunde=false`)).json().result;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { istKunde: boolean; istLieferant: boolean }) => r.istLieferant && !r.istKunde)).toBe(true);
  });

  it('quick search finds by a name fragment at the start of a word, case- and order-insensitive', async () => {
    const a = await neueAdresse({ name1: 'Zwölfender Maschinenbau KG', ort: 'Quedlinburg' });
    for (const term of ['zwölf', 'ZWÖLFENDER masch', 'quedlin', String(a.adressnummer)]) {
      const rows = (await get(buero, `${base}?search=${encodeURIComponent(term)}`)).json().result;
      expect(
        rows.map((r: { id: number }) => r.id),
        term,
      ).toContain(a.id);
    }
    expect((await get(buero, `${base}?search=${encodeURIComponent('"*)(; drop')}`)).statusCode).toBe(200);
    expect((await get(buero, `${base}?search=${encodeURIComponent('%%')}`)).json().result).toEqual([]);
  });

  it('the search index follows changes and deletes', async () => {
    const a = await neueAdresse({ name1: 'Xylophon Handel' });
    await t.call(admin, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data: { name1: 'Yggdrasil Handel' }, ...remark } });
    expect((await get(buero, `${base}?search=xylophon`)).json().result).toEqual([]);
    expect((await get(buero, `${base}?search=yggdrasil`)).json().result.map((r: { id: number }) => r.id)).toEqual([a.id]);
    await t.call(admin, { method: 'DELETE', url: `${base}/${a.id}?ProtokollBemerkung=weg` });
    expect((await get(buero, `${base}?search=yggdrasil`)).json().result).toEqual([]);
  });

  it('[RIGHT-007] without ADR_SEHEN the list is refused', async () => {
    const id = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'techniker').executeTakeFirstOrThrow()).id;
    await t.handle.db.updateTable('rechte').set({ genehmigt: false }).where('benutzerId', '=', id).where('recht', '=', 'ADR_SEHEN').execute();
    expectError(await get(techniker, base), 403);
    await t.handle.db.updateTable('rechte').set({ genehmigt: true }).where('benutzerId', '=', id).where('recht', '=', 'ADR_SEHEN').execute();
  });
});

describe('address record', () => {
  it('[ADR-013] reads one address with every field; money in euro', async () => {
    const a = await neueAdresse({ kreditlimit: 2500.5, lkz: 'AT', email: 'info@nord.example', s01: 'Handel' });
    const res = (await get(buero, `${base}/${a.id}`)).json().result;
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
    const a = await neueAdresse();
    const b = await neueAdresse({ istKunde: false, istLieferant: true });
    expect(b.adressnummer).toBe((a.adressnummer as number) + 1);
    expect(a.kundennummer).toBeGreaterThanOrEqual(100_000);
    expect(b.kundennummer).toBeNull();
    expect(b.lieferantennummer).toBeGreaterThanOrEqual(700_000);
  });

  it('[ADR-017] [ADR-018] a change without a remark is refused while the parameter is set; the remark lands in the change log', async () => {
    const a = await neueAdresse();
    for (const ProtokollBemerkung of [undefined, '', '   ']) {
      const body = expectError(await t.call(buero, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data: { ort: 'Kiel' }, ProtokollBemerkung } }), 400);
      expect(body.errors.fieldErrors.ProtokollBemerkung).toEqual(['Es muss eine Bemerkung eingegeben werden!']);
    }
    expect((await get(buero, `${base}/${a.id}`)).json().result.ort).toBeNull();
    const ok = await t.call(buero, {
      method: 'PATCH',
      url: `${base}/${a.id}`,
      payload: { data: { ort: 'Kiel' }, ProtokollBemerkung: '  Umzug laut Telefonat ' },
    });
    expect(ok.json().result.ort).toBe('Kiel');
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
    await t.handle.db.updateTable('systemParameter').set({ wert: '0' }).where('name', '=', 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN').execute();
    const a = await neueAdresse();
    expect((await t.call(buero, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data: { ort: 'Kiel' } } })).statusCode).toBe(200);
    await t.handle.db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN').execute();
  });

  it('bad fields answer 400 with field errors and change nothing', async () => {
    const a = await neueAdresse();
    const cases: [Record<string, unknown>, string][] = [
      [{ name1: '' }, 'name1'],
      [{ email: 'kein-mail' }, 'email'],
      [{ lkz: 'deu' }, 'lkz'],
      [{ lkz: 'QQ' }, 'lkz'],
      [{ anrede: 'Graf' }, 'anrede'],
      [{ zahlart: 9999 }, 'zahlart'],
      [{ kreditlimit: -5 }, 'kreditlimit'],
      [{ erstkontakt: '31.12.2024' }, 'erstkontakt'],
    ];
    for (const [data, field] of cases) {
      const body = expectError(await t.call(admin, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data, ...remark } }), 400);
      expect(Object.keys(body.errors.fieldErrors), JSON.stringify(data)).toContain(field);
    }
    expect((await get(admin, `${base}/${a.id}`)).json().result).toMatchObject({ name1: 'Testfirma Nord GmbH', email: null, lkz: null });
  });

  it('a duplicate customer number is a 409', async () => {
    const a = await neueAdresse();
    const b = await neueAdresse();
    expectError(await t.call(admin, { method: 'PATCH', url: `${base}/${b.id}`, payload: { data: { kundennummer: a.kundennummer }, ...remark } }), 409);
  });

  it('[RIGHT-008] without ADR_AENDERN create and change are refused', async () => {
    const a = await neueAdresse();
    const id = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirstOrThrow()).id;
    await t.handle.db.updateTable('rechte').set({ genehmigt: false }).where('benutzerId', '=', id).where('recht', '=', 'ADR_AENDERN').execute();
    expectError(await t.call(buero, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data: { ort: 'X' }, ...remark } }), 403);
    expectError(await t.call(buero, { method: 'POST', url: base, payload: { data: { name1: 'X' }, ...remark } }), 403);
    await t.handle.db.updateTable('rechte').set({ genehmigt: true }).where('benutzerId', '=', id).where('recht', '=', 'ADR_AENDERN').execute();
  });

  it('a record locked by another user cannot be changed (423)', async () => {
    const a = await neueAdresse();
    const lock = (await t.call(admin, { method: 'POST', url: '/vario-api/system/sperren', payload: { data: { tabelle: 'ADR', datensatzId: a.id } } })).json()
      .result;
    expectError(await t.call(buero, { method: 'PATCH', url: `${base}/${a.id}`, payload: { data: { ort: 'X' }, ...remark } }), 423);
    const ok = await t.call(admin, {
      method: 'PATCH',
      url: `${base}/${a.id}`,
      headers: { 'x-lock-token': lock.token },
      payload: { data: { ort: 'Y' }, ...remark },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('[ADR-015] [RIGHT-009] delete needs ADR_LOESCHEN and a remark, and removes persons with it', async () => {
    const a = await neueAdresse();
    await t.call(admin, { method: 'POST', url: `${base}/${a.id}/ansprechpartner`, payload: { data: { name: 'Weg' } } });
    expectError(await t.call(buero, { method: 'DELETE', url: `${base}/${a.id}?ProtokollBemerkung=x` }), 403);
    expectError(await t.call(admin, { method: 'DELETE', url: `${base}/${a.id}` }), 400);
    expect((await t.call(admin, { method: 'DELETE', url: `${base}/${a.id}?ProtokollBemerkung=Dublette` })).statusCode).toBe(204);
    expectError(await get(admin, `${base}/${a.id}`), 404);
    expect(await t.handle.db.selectFrom('ansprechpartner').select('id').where('adresseId', '=', a.id).execute()).toEqual([]);
  });

  it('an address with documents cannot be deleted (409) and stays', async () => {
    const withDocs = await t.handle.db.selectFrom('belege').select('adresseId').executeTakeFirstOrThrow();
    expectError(await t.call(admin, { method: 'DELETE', url: `${base}/${withDocs.adresseId}?ProtokollBemerkung=x` }), 409);
    expect((await get(admin, `${base}/${withDocs.adresseId}`)).statusCode).toBe(200);
  });
});
