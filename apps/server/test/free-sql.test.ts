import { endpoints, type FreieSqlParameter } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const pg = DB_KIND === 'postgres';
const ZEITLIMIT_MS = 1000;
await db
  .insertInto('systemParameter')
  .values({ name: 'FREIESQL.ZEITLIMIT_MS', wert: String(ZEITLIMIT_MS) })
  .execute();

/** A report stored as it is, past the checks of create: the run itself must refuse what the save would have. */
async function gespeichert(text: string, parameter: FreieSqlParameter[] = []) {
  const row = await db
    .insertInto('freieSql')
    .values({ name: `Test ${text.slice(0, 30)}`, sql: text, parameter: JSON.stringify(parameter), erstelltVon: null, erstelltAm: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const lauf = (id: number, query: Record<string, string> = {}, as = 'admin') => c.call(endpoints.freieSqlDaten, { as, params: { id }, query });
const benutzerZahl = async () =>
  Number(
    (
      await db
        .selectFrom('benutzer')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const laeufe = (id: number) => db.selectFrom('freieSqlLaeufe').selectAll().where('auswertungId', '=', id).orderBy('id').execute();

describe('free SQL reports', () => {
  it('[STAT-018][STAT-020][STAT-023] an administrator saves a report with two parameters; it is listed, read with result.parameter and run with bound values', async () => {
    const leser = (await f.benutzer({ rechte: { AUS_FREIESQL: true } })).anmeldename;
    const kunde = await f.adresse({ name1: 'Freisql Kunde GmbH' });
    const created = expectOk(
      await c.call(endpoints.freieSqlCreate, {
        as: 'admin',
        body: {
          data: {
            name: 'Adressen nach Nummer und Name',
            sql: 'select adressnummer, name1 from rpt_adressen where id = :kunde and name1 like :muster order by adressnummer',
            parameter: [
              { name: 'kunde', bezeichnung: 'Kunde', typ: 'zahl' },
              { name: 'muster', bezeichnung: 'Name wie', typ: 'text' },
            ],
          },
        },
      }),
    ).result;
    expect(created.parameter.map((p) => p.name)).toEqual(['kunde', 'muster']);
    const liste = expectOk(await c.call(endpoints.freieSqlList, { as: leser, query: { returnTotal: 'true' } }));
    expect(liste.result.find((r) => r.id === created.id)).toEqual({ id: created.id, name: created.name, parameter: created.parameter });
    expect(liste.resultCount).toBeGreaterThanOrEqual(1);
    const detail = expectOk(await c.call(endpoints.freieSqlGet, { as: leser, params: { id: created.id } })).result;
    expect(detail.parameter).toEqual(created.parameter);

    const daten = expectOk(await lauf(created.id, { kunde: String(kunde.id), muster: 'Freisql%' }, leser)).daten[0]!;
    expect(daten.spalten.map((s) => s.name.toLowerCase())).toEqual(['adressnummer', 'name1']);
    expect(daten.datensaetze).toHaveLength(1);
    expect(Object.values(daten.datensaetze[0]!)).toEqual([kunde.adressnummer, 'Freisql Kunde GmbH']);
    expect(daten.truncated).toBe(false);
    // the run is logged: user, report, values, duration, rows, outcome
    const log = (await laeufe(created.id)).at(-1)!;
    expect(log).toMatchObject({ auswertungId: created.id, zeilen: 1, ergebnis: 'OK' });
    expect(JSON.parse(log.parameter)).toEqual({ kunde: kunde.id, muster: 'Freisql%' });
  });

  it('[STAT-022] every parameter is required: a run without all values is a 400 naming the missing ones', async () => {
    const id = await gespeichert('select :a as a, :b as b', [
      { name: 'a', bezeichnung: 'Erster', typ: 'text' },
      { name: 'b', bezeichnung: 'Zweiter', typ: 'datum' },
    ]);
    const body = expectError(await lauf(id, { a: 'x' }), 400);
    expect(Object.keys(body.errors.fieldErrors)).toEqual(['b']);
    expect(body.errors.services[0]!.message).toContain('Zweiter');
    expect(expectError(await lauf(id, { a: 'x', b: '31.12.2026' }), 400).errors.fieldErrors.b).toBeDefined();
  });

  it('values are bound as parameters, never spliced into the text', async () => {
    const id = await gespeichert('select :wert as wert, (select count(*) from rpt_benutzer where name = :wert) as treffer', [
      { name: 'wert', bezeichnung: 'Wert', typ: 'text' },
    ]);
    const boese = "x' or '1'='1";
    const zeile = expectOk(await lauf(id, { wert: boese })).daten[0]!.datensaetze[0]!;
    expect(zeile.wert).toBe(boese);
    expect(Number(zeile.treffer)).toBe(0);
  });

  it('a report over many rows answers the first rows with truncated: true', async () => {
    const id = await gespeichert('with recursive n(x) as (select 1 union all select x + 1 from n where x < 5000) select x from n');
    const d = expectOk(await lauf(id, { limit: '100' })).daten[0]!;
    expect(d.datensaetze).toHaveLength(100);
    expect(d.truncated).toBe(true);
    expect(expectOk(await lauf(id)).daten[0]!.datensaetze).toHaveLength(1000);
  });

  const verboten: [string, string][] = [
    ['INSERT', "insert into rpt_benutzer (name) values ('x')"],
    ['INSERT after WITH', "with x as (select 1) insert into warengruppen (bezeichnung) values ('x')"],
    ['UPDATE', "update benutzer set name = 'x'"],
    ['DELETE', 'delete from benutzer'],
    ['DROP', 'drop table benutzer'],
    ['ATTACH', `attach database '/tmp/freiesql-angriff.sqlite' as angriff`],
    ['PRAGMA writable_schema', 'pragma writable_schema = 1'],
    ['PRAGMA function', "select * from pragma_table_info('benutzer')"],
    ['load_extension(...)', "select load_extension('/tmp/angriff.so')"],
    ['two statements in one', 'select 1; delete from benutzer'],
    ['two statements after a string with a ;', "select ';' as x; delete from benutzer"],
    ['reading the password hashes', 'select anmeldename, passwortHash from benutzer'],
    ['reading the password hashes quoted', 'select "passwortHash" from "benutzer"'],
    ['reading the session tokens', 'select * from sitzungen'],
  ];
  if (pg) {
    verboten.push(['WITH x AS (DELETE …)', 'with x as (delete from rpt_benutzer returning id) select * from x']);
    verboten.push(['WITH x AS (DELETE …) on a table', 'with x as (delete from public.benutzer returning id) select * from x']);
    verboten.push(['the password hashes by schema', 'select "passwortHash" from public.benutzer']);
    verboten.push(['a second statement that ends the transaction', 'select 1; commit; delete from public.benutzer']);
  }
  for (const [was, text] of verboten) {
    it(`refuses ${was}: nothing changes, the run is logged, saving it is refused too`, async () => {
      const vorher = await benutzerZahl();
      const id = await gespeichert(text);
      const body = expectError(await lauf(id), 400);
      expect(body.errors.services[0]!.message).toMatch(/\S/);
      expect(await benutzerZahl()).toBe(vorher);
      expect((await laeufe(id)).map((l) => l.ergebnis)).toEqual([expect.stringMatching(/^(ABGELEHNT|FEHLER)$/)]);
      expect(JSON.stringify((await lauf(id)).body)).not.toMatch(/\$argon2|\$scrypt/);
      if (!pg || !/^with x as \(delete/.test(text)) {
        const save = await c.call(endpoints.freieSqlCreate, { as: 'admin', body: { data: { name: was, sql: text } } });
        if (!pg) expect(expectError(save, 400).errors.fieldErrors.sql).toBeDefined();
      }
    });
  }

  it(`a runaway recursive query is stopped within the limit plus half a second, and the server answers meanwhile`, async () => {
    const id = await gespeichert('with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c');
    // the screen lists the reports before it runs one (the list readies the process of the next run)
    expectOk(await c.call(endpoints.freieSqlList, { as: 'admin' }));
    await new Promise((r) => setTimeout(r, 1500));
    const start = performance.now();
    const langsam = lauf(id).then((r) => ({ r, ms: performance.now() - start }));
    await new Promise((r) => setTimeout(r, 200));
    const nebenbei = await c.call(endpoints.freieSqlList, { as: 'admin' });
    const nebenbeiMs = performance.now() - start;
    expectOk(nebenbei);
    const { r, ms } = await langsam;
    expectError(r, 422);
    expect(nebenbeiMs).toBeLessThan(ms);
    expect(ms).toBeLessThan(ZEITLIMIT_MS + 500);
    expect((await laeufe(id)).map((l) => l.ergebnis)).toEqual(['ZEITLIMIT']);
    // the next run works again
    const ok = await gespeichert('select 1 as eins');
    expect(expectOk(await lauf(ok)).daten[0]!.datensaetze).toEqual([{ eins: 1 }]);
  });

  it('[RIGHT-033] without AUS_FREIESQL every call is a 403; only administrators create, change and delete', async () => {
    const ohne = await f.benutzer({ rechte: { AUS_FREIESQL: false } });
    const mit = await f.benutzer({ rechte: { AUS_FREIESQL: true } });
    const id = await gespeichert('select 1 as eins');
    expectError(await c.call(endpoints.freieSqlList, { as: ohne.anmeldename }), 403);
    expectError(await c.call(endpoints.freieSqlGet, { as: ohne.anmeldename, params: { id } }), 403);
    expectError(await lauf(id, {}, ohne.anmeldename), 403);
    expectError(await c.call(endpoints.freieSqlExport, { as: ohne.anmeldename, params: { id }, query: { format: 'csv', encoding: 'utf8' } }), 403);
    expectOk(await lauf(id, {}, mit.anmeldename));
    expectError(await c.call(endpoints.freieSqlCreate, { as: mit.anmeldename, body: { data: { name: 'x', sql: 'select 1' } } }), 403);
    expectError(await c.call(endpoints.freieSqlUpdate, { as: mit.anmeldename, params: { id }, body: { data: { name: 'y' } } }), 403);
    expectError(await c.call(endpoints.freieSqlDelete, { as: mit.anmeldename, params: { id } }), 403);
    expect(await db.selectFrom('freieSql').select('name').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });

  it('create and change check placeholders against the parameter definitions; delete keeps the run log', async () => {
    const falsch = await c.call(endpoints.freieSqlCreate, {
      as: 'admin',
      body: { data: { name: 'x', sql: 'select :a as a', parameter: [{ name: 'b', bezeichnung: 'B', typ: 'text' }] } },
    });
    expect(expectError(falsch, 400).errors.fieldErrors.parameter).toBeDefined();
    const r = expectOk(await c.call(endpoints.freieSqlCreate, { as: 'admin', body: { data: { name: 'Eins', sql: 'select 1 as eins' } } })).result;
    const geaendert = expectOk(await c.call(endpoints.freieSqlUpdate, { as: 'admin', params: { id: r.id }, body: { data: { name: 'Zwei' } } })).result;
    expect(geaendert.name).toBe('Zwei');
    expect(geaendert.geaendertAm).not.toBeNull();
    expectError(await c.call(endpoints.freieSqlUpdate, { as: 'admin', params: { id: r.id }, body: { data: { sql: 'delete from benutzer' } } }), 400);
    expectOk(await lauf(r.id));
    expectOk(await c.call(endpoints.freieSqlDelete, { as: 'admin', params: { id: r.id } }));
    expectError(await c.call(endpoints.freieSqlGet, { as: 'admin', params: { id: r.id } }), 404);
    expect(await laeufe(r.id)).toHaveLength(1);
  });

  it('the CSV export: semicolons, German numbers and dates, UTF-8 with BOM or Windows-1252', async () => {
    const id = await gespeichert("select 'Müller; Söhne' as name, 1234.5 as betrag, '2026-12-31' as datum, 7 as anzahl");
    const utf8 = await c.callRaw(endpoints.freieSqlExport, { as: 'admin', params: { id }, query: {} });
    expect(utf8.statusCode).toBe(200);
    expect(utf8.headers['content-type']).toContain('utf-8');
    expect([...utf8.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(utf8.rawPayload.subarray(3).toString('utf8')).toBe('name;betrag;datum;anzahl\r\n"Müller; Söhne";1.234,5;31.12.2026;7\r\n');
    const win = await c.callRaw(endpoints.freieSqlExport, { as: 'admin', params: { id }, query: { encoding: 'windows1252' } });
    expect(win.headers['content-type']).toContain('windows-1252');
    expect(win.rawPayload.indexOf(Buffer.from([0xfc]))).toBeGreaterThan(0); // ü in Windows-1252
  });

  it('the reporting views run the same text on both databases', async () => {
    const id = await gespeichert('select count(*) as n from rpt_belege where betragbrutto >= 0');
    const n = Number(expectOk(await lauf(id)).daten[0]!.datensaetze[0]!.n);
    const direkt = await sql<{ n: number }>`select count(*) as n from belege where "betragBrutto" >= 0`.execute(db);
    expect(n).toBe(Number(direkt.rows[0]!.n));
  });
});
