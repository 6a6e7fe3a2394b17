import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const get = async (url: string) => t.call(admin, { method: 'GET', url });
const list = async (url: string) => {
  const res = await get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { result: Record<string, unknown>[]; resultCount?: number; hasMoreData: boolean };
};

describe('list envelope and window', () => {
  it('[HTTP-021] a list answers result, hasMoreData and, on request, resultCount', async () => {
    const all = await t.handle.db
      .selectFrom('erinnerungen')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const page = await list('/vario-api/crm/erinnerungen?limit=5&returnTotal=true');
    expect(page.result).toHaveLength(5);
    expect(page.hasMoreData).toBe(true);
    expect(page.resultCount).toBe(Number(all.n));
    const noTotal = await list('/vario-api/crm/erinnerungen?limit=5');
    expect(noTotal.resultCount).toBeUndefined();
  });

  it('[HTTP-024] limit and offset page through a stable order without gaps or repeats', async () => {
    const whole = await list('/vario-api/crm/erinnerungen?limit=40&orderBy=bemerkung');
    const a = await list('/vario-api/crm/erinnerungen?limit=20&offset=0&orderBy=bemerkung');
    const b = await list('/vario-api/crm/erinnerungen?limit=20&offset=20&orderBy=bemerkung');
    expect([...a.result, ...b.result].map((r) => r.id)).toEqual(whole.result.map((r) => r.id));
  });

  it('a deep window (late row lookup) answers the same rows as a plain scan, with filters', async () => {
    const me = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'admin').executeTakeFirstOrThrow()).id;
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      benutzerId: me,
      erinnerungDatum: new Date(Date.UTC(2030, 0, 1, 0, i % 1440)).toISOString(),
      bemerkung: `Massen ${String(i % 97).padStart(3, '0')}`,
      tabelle: i % 2 ? 'ADR' : null,
      tabelleId: i,
      erstelltVon: me,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.handle.db
        .insertInto('erinnerungen')
        .values(rows.slice(i, i + 200))
        .execute();
    const q = `filter=${encodeURIComponent('bemerkung~Massen,tabelle=ADR')}&orderBy=-bemerkung`;
    const plain = await list(`/vario-api/crm/erinnerungen?${q}&limit=1300&offset=0`);
    const deep = await list(`/vario-api/crm/erinnerungen?${q}&limit=50&offset=1250`);
    const deeper = await list(`/vario-api/crm/erinnerungen?${q}&limit=100&offset=2050&returnTotal=true`);
    expect(plain.result).toHaveLength(1300);
    expect(deeper.resultCount).toBe(1300);
    expect(deeper.result).toEqual([]);
    expect(deep.result.map((r) => r.id)).toEqual(plain.result.slice(1250, 1300).map((r) => r.id));
    const all = await list(`/vario-api/crm/erinnerungen?orderBy=erinnerungDatum&limit=10000&offset=0`);
    const window = await list(`/vario-api/crm/erinnerungen?orderBy=erinnerungDatum&limit=100&offset=2100`);
    expect(window.result.map((r) => r.id)).toEqual(all.result.slice(2100, 2200).map((r) => r.id));
    expect(window.hasMoreData).toBe(all.result.length > 2200);
  });

  it('the last window says hasMoreData=false', async () => {
    const total = (await list('/vario-api/crm/erinnerungen?limit=1&returnTotal=true')).resultCount ?? 0;
    const last = await list(`/vario-api/crm/erinnerungen?limit=10&offset=${total - 3}`);
    expect(last.result).toHaveLength(3);
    expect(last.hasMoreData).toBe(false);
  });

  it('orderBy sorts ascending, and descending with a leading minus', async () => {
    const asc = (await list('/vario-api/stammdaten/preisgruppen?orderBy=nummer')).result.map((r) => r.nummer);
    const desc = (await list('/vario-api/stammdaten/preisgruppen?orderBy=-nummer')).result.map((r) => r.nummer);
    expect(asc).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(desc).toEqual([...asc].reverse());
  });

  it('an unknown sort field is a 400, never SQL', async () => {
    expectError(await get('/vario-api/crm/erinnerungen?orderBy=id;drop table benutzer'), 400);
    expectError(await get('/vario-api/crm/erinnerungen?orderBy=passwortHash'), 400);
  });

  it('a negative or huge limit is a 400', async () => {
    expectError(await get('/vario-api/crm/erinnerungen?limit=-1'), 400);
    expectError(await get('/vario-api/crm/erinnerungen?limit=100000'), 400);
    expectError(await get('/vario-api/crm/erinnerungen?offset=abc'), 400);
  });
});

describe('[HTTP-023] filter grammar', () => {
  it('feld=wert and several conditions joined by comma (all must hold)', async () => {
    const rows = (await list('/vario-api/stammdaten/texte?filter=schluessel=ADR.Anrede,istAktiv=true&limit=100')).result;
    expect(rows.map((r) => r.wert)).toEqual(['Firma', 'Herr', 'Frau', 'Divers', 'Eheleute']);
    expect(rows.every((r) => r.istAktiv === true)).toBe(true);
  });

  it('booleans filter the same on both databases', async () => {
    const inactive = (await list('/vario-api/stammdaten/texte?filter=istAktiv=false')).result;
    expect(inactive.map((r) => r.wert)).toEqual(['Fräulein']);
    expect(inactive[0]?.istAktiv).toBe(false);
  });

  it('!=, >, >=, <, <= on numbers', async () => {
    const ids = async (f: string) => (await list(`/vario-api/stammdaten/preisgruppen?filter=${encodeURIComponent(f)}`)).result.map((r) => r.nummer);
    expect(await ids('nummer>15')).toEqual([16, 17]);
    expect(await ids('nummer>=16')).toEqual([16, 17]);
    expect(await ids('nummer<2')).toEqual([1]);
    expect(await ids('nummer<=2')).toEqual([1, 2]);
    expect(await ids('nummer!=1,nummer<4')).toEqual([2, 3]);
  });

  it('feld=a|b|c is one of', async () => {
    const rows = (await list(`/vario-api/stammdaten/preisgruppen?filter=${encodeURIComponent('nummer=3|5|17')}`)).result;
    expect(rows.map((r) => r.nummer)).toEqual([3, 5, 17]);
  });

  it('feld~text contains, case-insensitive', async () => {
    const rows = (await list(`/vario-api/stammdaten/landeskennzeichen?filter=${encodeURIComponent('land~DEUTSCH')}`)).result;
    expect(rows).toEqual([{ lkz: 'DE', land: 'Deutschland' }]);
  });

  it('feld!null and feld=null', async () => {
    const withTable = (await list('/vario-api/crm/erinnerungen?filter=tabelle!null&limit=500')).result;
    const without = (await list('/vario-api/crm/erinnerungen?filter=tabelle=null&limit=5')).result;
    expect(withTable.length).toBeGreaterThan(0);
    expect(withTable.every((r) => r.tabelle !== null)).toBe(true);
    expect(without.every((r) => r.tabelle === null)).toBe(true);
  });

  it('an escaped comma stays part of the value', async () => {
    await t.handle.db.insertInto('texte').values({ schluessel: 'TEST.Komma', wert: 'a,b', bezeichnung: 'a,b', sortierung: 1, istAktiv: true }).execute();
    const rows = (await list(`/vario-api/stammdaten/texte?filter=${encodeURIComponent('wert=a\\,b')}`)).result;
    expect(rows.map((r) => r.schluessel)).toEqual(['TEST.Komma']);
  });

  it('an unknown field is a 400 naming it', async () => {
    const body = expectError(await get('/vario-api/crm/erinnerungen?filter=passwortHash=x'), 400, 'VALIDIERUNG_FEHLGESCHLAGEN');
    expect(body.errors.fieldErrors.filter?.[0]).toContain('passwortHash');
  });

  it('a malformed condition or a non-number for a number field is a 400', async () => {
    expectError(await get('/vario-api/crm/erinnerungen?filter=benutzerId'), 400);
    expectError(await get('/vario-api/crm/erinnerungen?filter=benutzerId=eins'), 400);
    expectError(await get('/vario-api/stammdaten/texte?filter=istAktiv=vielleicht'), 400);
    expectError(await get(`/vario-api/crm/erinnerungen?filter=${encodeURIComponent('tabelle!nullx')}`), 400);
  });

  it('quotes and SQL fragments stay data', async () => {
    for (const evil of ["x' or '1'='1", "'; drop table benutzer; --", '" or 1=1 --', '%', '_', '\\']) {
      const rows = (await list(`/vario-api/crm/erinnerungen?filter=${encodeURIComponent(`bemerkung~${evil}`)}`)).result;
      expect(rows).toEqual([]);
      const eq = (await list(`/vario-api/stammdaten/landeskennzeichen?filter=${encodeURIComponent(`land=${evil}`)}`)).result;
      expect(eq).toEqual([]);
    }
    const users = await t.handle.db.selectFrom('benutzer').select('id').execute();
    expect(users.length).toBeGreaterThan(3);
  });

  it('no filter, order or search string produces a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.constantFrom('filter', 'orderBy', 'search'), async (text, param) => {
        const res = await get(`/vario-api/crm/erinnerungen?${param}=${encodeURIComponent(text)}&limit=5`);
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('search', () => {
  it('search finds by a text fragment of the key fields', async () => {
    const rows = (await list('/vario-api/stammdaten/landeskennzeichen?search=reich&orderBy=land')).result.map((r) => r.land);
    expect(rows).toContain('Österreich');
    expect(rows).toContain('Frankreich');
    expect(rows.every((l) => String(l).toLowerCase().includes('reich'))).toBe(true);
  });

  it('a country list for the address form: orderBy=land&limit=2000 gives every ISO country', async () => {
    const rows = (await list('/vario-api/stammdaten/landeskennzeichen?orderBy=land&limit=2000')).result;
    expect(rows.length).toBeGreaterThanOrEqual(249);
    expect(rows).toContainEqual({ lkz: 'CH', land: 'Schweiz' });
  });
});
