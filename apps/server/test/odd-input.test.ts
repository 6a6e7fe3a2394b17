import { type Endpoint, endpoints, listQuery } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'admin';

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

/** Every GET of the contract that declares the list query, with path parameters of a record that exists. */
async function lists() {
  const adresse = await f.adresse();
  const artikel = await f.artikel();
  const lager = await t.handle.db.selectFrom('lager').select('id').executeTakeFirstOrThrow();
  const asset = await t.handle.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
  const beleg = await f.beleg();
  const offenerPosten = await f.offenerPosten();
  const ticket = expectOk(await c.call(endpoints.ticketCreate, { as, body: { data: { betreff: 'Odd input', adresseId: adresse.id } } })).result;
  const deal = expectOk(await c.call(endpoints.dealCreate, { as, body: { data: { titel: 'Odd input', adresseId: adresse.id } } })).result;
  // the record a path's :id names; a new list under another record needs its line here (no id of another table by chance)
  const ids: [string, number][] = [
    ['/stammdaten/adressen/', adresse.id],
    ['/stammdaten/artikel/', artikel.id],
    ['/stammdaten/lager/', lager.id],
    ['/stammdaten/assets/', asset.id],
    ['/verkauf/belege/', beleg.id],
    ['/finanzen/offeneposten/', offenerPosten.id],
    ['/crm/tickets/', ticket.id],
    ['/crm/deals/', deal.id],
  ];
  const idFor = (path: string) => {
    const hit = ids.find(([prefix]) => path.startsWith(prefix));
    if (!hit) throw new Error(`odd-input: no record for the list ${path} — add its parent to ids`);
    return hit[1];
  };
  return Object.entries(endpoints)
    .filter(([, e]) => e.method === 'GET' && (e as Endpoint).query === listQuery)
    .map(([name, e]) => ({ name, e: e as Endpoint, params: (e.path.includes(':id') ? { id: idFor(e.path) } : {}) as Record<string, number> }));
}

describe('odd input in list queries', async () => {
  const all = await lists();

  it('every list declaring the list query answers it', () => {
    expect(all.length).toBeGreaterThan(15);
  });

  for (const name of PROTO_NAMES) {
    it(`[HTTP-045] a filter or orderBy on the field "${name}" is a 400 with a field error on every list`, async () => {
      for (const l of all) {
        const ok = await c.callRaw(l.e, { as, params: l.params, query: { limit: 1 } });
        expect(ok.statusCode, `${l.name}: ${ok.body}`).toBe(200);
        const byOrder = await c.callRaw(l.e, { as, params: l.params, query: { orderBy: name } });
        expect(byOrder.statusCode, `${l.name} orderBy=${name}: ${byOrder.body}`).toBe(400);
        expect(Object.keys(expectError(byOrder, 400).errors.fieldErrors)).toContain('orderBy');
        const byFilter = await c.callRaw(l.e, { as, params: l.params, query: { filter: `${name}=1` } });
        expect(byFilter.statusCode, `${l.name} filter=${name}: ${byFilter.body}`).toBe(400);
        expect(Object.keys(expectError(byFilter, 400).errors.fieldErrors)).toContain('filter');
      }
    });
  }

  it('a list declaring the list query applies filter, orderBy and limit (no list ignores them)', async () => {
    for (const l of all) {
      const res = await c.callRaw(l.e, { as, params: l.params, query: { filter: 'nichtDa=1' } });
      expect(res.statusCode, `${l.name} ignores the filter: ${res.body}`).toBe(400);
      const order = await c.callRaw(l.e, { as, params: l.params, query: { orderBy: 'nichtDa' } });
      expect(order.statusCode, `${l.name} ignores orderBy: ${order.body}`).toBe(400);
      const one = await c.callRaw(l.e, { as, params: l.params, query: { limit: 1 } });
      expect((one.json() as { result: unknown[] }).result.length, `${l.name} ignores limit`).toBeLessThanOrEqual(1);
    }
  });

  it('product groups and activity types filter and sort', async () => {
    const groups = expectOk(await c.call(endpoints.warengruppen, { as })).result;
    expect(groups.length).toBeGreaterThan(1);
    const first = groups[0]!;
    const one = expectOk(await c.call(endpoints.warengruppen, { as, query: { filter: `id=${first.id}` } })).result;
    expect(one.map((g) => g.id)).toEqual([first.id]);
    const desc = expectOk(await c.call(endpoints.warengruppen, { as, query: { orderBy: '-id' } })).result;
    expect(desc[0]!.id).toBe(Math.max(...groups.map((g) => g.id)));
    const arten = expectOk(await c.call(endpoints.aktivitaetsarten, { as, query: { limit: 1 } }));
    expect(arten.result).toHaveLength(1);
  });

  it('a NUL byte in a filter, orderBy or search is a 400 naming the field (it matched every row on SQLite)', async () => {
    for (const query of [{ filter: 'name1~\u0000' }, { search: 'a\u0000b' }, { orderBy: 'name1\u0000' }]) {
      const res = await c.call(endpoints.adressenList, { as, query });
      const err = expectError(res, 400);
      expect(Object.keys(err.errors.fieldErrors)).toContain(Object.keys(query)[0]);
    }
  });
});

describe('odd input in bodies', () => {
  it('a NUL byte in a text field of a create or change is a 400 naming the field', async () => {
    const res = await c.call(endpoints.adresseCreate, { as, body: { data: { name1: 'Fir\u0000ma', istKunde: true }, ProtokollBemerkung: 'x' } });
    expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toContain('name1');
    const a = await f.adresse();
    const upd = await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { ort: 'Ber\u0000lin' }, ProtokollBemerkung: 'x' } });
    expect(Object.keys(expectError(upd, 400).errors.fieldErrors)).toContain('ort');
    const remark = await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { ort: 'Berlin' }, ProtokollBemerkung: 'a\u0000' } });
    expect(Object.keys(expectError(remark, 400).errors.fieldErrors)).toContain('ProtokollBemerkung');
  });

  it('prototype names as body keys never reach a handler: poisoning is a 400, other names are dropped', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const payload of [
      '{"data":{"name1":"Proto","istKunde":true,"__proto__":{"istAdmin":true}},"ProtokollBemerkung":"x"}',
      '{"data":{"name1":"Proto","istKunde":true,"constructor":{"prototype":{"x":1}}},"ProtokollBemerkung":"x"}',
    ]) {
      const res = await c.callRaw(endpoints.adresseCreate, { as, headers, payload });
      expect(expectError(res, 400).errors.fieldErrors.ProtokollBemerkung).toBeUndefined();
    }
    for (const key of ['toString', 'valueOf', 'hasOwnProperty']) {
      const res = await c.callRaw(endpoints.adresseCreate, {
        as,
        headers,
        payload: `{"data":{"name1":"Proto","istKunde":true,"${key}":"x"},"ProtokollBemerkung":"x"}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('a file named after a prototype member (x.constructor, y.toString) is stored as octet-stream, not a 500', async () => {
    const a = await f.adresse();
    for (const dateiname of ['x.constructor', 'y.toString', 'z.__proto__']) {
      const res = await c.call(endpoints.dateiCreate, {
        as,
        params: { id: a.id },
        body: { data: { dateiname, daten: Buffer.from('hallo').toString('base64') } },
      });
      expect(expectOk(res).result.mimeType, dateiname).toBe('application/octet-stream');
    }
  });

  it('impossible dates are refused as dates, in bodies and in filters on date fields', async () => {
    for (const erstkontakt of ['0000-00-00', '2024-13-45', '2023-02-29', '2024-04-31']) {
      const res = await c.call(endpoints.adresseCreate, { as, body: { data: { name1: 'Datumstest', istKunde: true, erstkontakt }, ProtokollBemerkung: 'x' } });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toContain('erstkontakt');
    }
    const a = await f.adresse({ erstkontakt: '2024-02-29' });
    expect(a.erstkontakt).toBe('2024-02-29');
    for (const d of ['0000-00-00', '2024-13-45', '2023-02-29']) {
      const res = await c.call(endpoints.erinnerungenList, { as, query: { filter: `erinnerungDatum>=${d}` } });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toContain('filter');
    }
    expectOk(await c.call(endpoints.erinnerungenList, { as, query: { filter: 'erinnerungDatum>=2024-02-29' } }));
    expectOk(await c.call(endpoints.erinnerungenList, { as, query: { filter: 'erinnerungDatum>=2024-02-29T10:00:00Z' } }));
  });
});
