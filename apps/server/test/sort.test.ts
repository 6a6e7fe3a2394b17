import { endpoints, type ListQuery } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sortKeyExpression } from '../src/db/migrations/0004_german_sort';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
/** A list read by the administrator; anything but 200 fails the test. */
const adressen = async (query: ListQuery) => expectOk(await c.call(endpoints.adressenList, { as: 'admin', query }));

/** DIN 5007-1 as a German reader expects it, written independently of the server: umlauts as their base letter, ß as ss, any case. */
const din = (s: string) =>
  s
    .replace(/ß|ẞ/g, 'ss')
    .replace(/[Ææ]/g, 'ae')
    .replace(/[Œœ]/g, 'oe')
    .replace(/[Øø]/g, 'o')
    .replace(/[Łł]/g, 'l')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const expectDinOrder = (names: string[], desc = false) => {
  const keys = names.map(din);
  const sorted = [...keys].sort(byCodeUnits);
  expect(keys).toEqual(desc ? sorted.reverse() : sorted);
};

const NAMES = ['Müller', 'Mueller', 'Muller', 'müller', 'Straße', 'Strasse', 'Überacker', 'Zander', 'Äpfel', 'Apfel'];
const MARK = 'Sortiertest DIN 5007';
for (const name1 of NAMES) {
  await f.adresse({ name1, name2: MARK, ort: name1 === 'Zander' ? 'Österreich-Stadt' : 'Aachen' }, { ProtokollBemerkung: 'Sortiertest' });
}
const marked = `name2=${MARK}`;

describe('German sort order (DIN 5007-1)', () => {
  it('names that differ only in umlauts, ß and case sort together; ties keep the key order', async () => {
    const asc = (await adressen({ filter: marked, orderBy: 'name1', limit: 100 })).result.map((r) => r.name1);
    // Groups of equal DIN keys in key order; inside a group the record key (id) decides, here the order of creation.
    expect(asc).toEqual(['Äpfel', 'Apfel', 'Mueller', 'Müller', 'Muller', 'müller', 'Straße', 'Strasse', 'Überacker', 'Zander']);
    const desc = (await adressen({ filter: marked, orderBy: '-name1', limit: 100 })).result.map((r) => r.name1);
    expect(desc).toEqual(['Zander', 'Überacker', 'Strasse', 'Straße', 'müller', 'Muller', 'Müller', 'Mueller', 'Apfel', 'Äpfel']);
  });

  it('windows (limit/offset) page through the same order in both directions', async () => {
    for (const orderBy of ['name1', '-name1', 'ort,-name1']) {
      const whole = (await adressen({ filter: marked, orderBy, limit: 100 })).result.map((r) => r.id);
      const paged: number[] = [];
      for (let offset = 0; offset < NAMES.length; offset += 3) {
        const page = await adressen({ filter: marked, orderBy, limit: 3, offset });
        paged.push(...page.result.map((r) => r.id));
        expect(page.hasMoreData).toBe(offset + 3 < NAMES.length);
      }
      expect(paged).toEqual(whole);
    }
  });

  it('a second sort field sorts in German order too (ort, then name1 descending)', async () => {
    const rows = (await adressen({ filter: marked, orderBy: 'ort,-name1', limit: 100 })).result;
    expect(rows.at(-1)?.name1).toBe('Zander');
    expectDinOrder(
      rows.slice(0, -1).map((r) => String(r.name1)),
      true,
    );
  });

  it('filters are unchanged: equality and contains still match the stored text', async () => {
    const eq = await adressen({ filter: `${marked},name1=Straße` });
    expect(eq.result.map((r) => r.name1)).toEqual(['Straße']);
    const contains = await adressen({ filter: `${marked},name1~ller`, orderBy: 'name1' });
    expect(contains.result.map((r) => r.name1)).toEqual(['Mueller', 'Müller', 'Muller', 'müller']);
  });

  it('the whole demo address list sorts by name1 in DIN order (Ü is not after Z)', async () => {
    const names = (await adressen({ orderBy: 'name1', limit: 10000 })).result.map((r) => String(r.name1));
    expectDinOrder(names);
    const ueber = names.indexOf('Überacker');
    expect(ueber).toBeGreaterThan(-1);
    expect(ueber).toBeLessThan(names.indexOf('Zander'));
    expectDinOrder((await adressen({ orderBy: '-ort', limit: 10000 })).result.map((r) => String(r.ort ?? '')).filter(Boolean), true);
  });

  it('countries by land put Österreich among the O', async () => {
    const lands = expectOk(await c.call(endpoints.laender, { as: 'admin', query: { orderBy: 'land', limit: 1000 } })).result.map((r) => String(r.land));
    expectDinOrder(lands);
    const i = lands.indexOf('Österreich');
    expect(i).toBeGreaterThan(0);
    expect(din(lands[i - 1] as string).startsWith('o') || din(lands[i + 1] as string).startsWith('o')).toBe(true);
    expect(lands.at(-1)).not.toBe('Österreich');
    expectDinOrder(
      expectOk(await c.call(endpoints.laender, { as: 'admin', query: { orderBy: '-land', limit: 1000 } })).result.map((r) => String(r.land)),
      true,
    );
  });

  it('products by bezeichnung, persons by name (a nested list without its own index) sort in DIN order', async () => {
    const stamp = { angelegtAm: '2026-01-01T00:00:00.000Z', geaendertAm: '2026-01-01T00:00:00.000Z' };
    const products = ['Zündkerze', 'Ölfilter', 'Olive', 'ölwanne', 'Übergang', 'Uhr'];
    await t.handle.db
      .insertInto('artikel')
      .values(products.map((bezeichnung, i) => ({ artikelnummer: `SORT-${i}`, artikelart: '3', bezeichnung, ...stamp })))
      .execute();
    const byName = expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { filter: 'artikelnummer~SORT-', orderBy: 'bezeichnung' } })).result;
    expect(byName.map((r) => r.bezeichnung)).toEqual(['Ölfilter', 'Olive', 'ölwanne', 'Übergang', 'Uhr', 'Zündkerze']);
    expectDinOrder(
      expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { orderBy: 'bezeichnung', limit: 10000 } })).result.map((r) => String(r.bezeichnung)),
    );
    expectDinOrder(
      expectOk(await c.call(endpoints.assetsList, { as: 'admin', query: { orderBy: '-bezeichnung', limit: 10000 } })).result.map((r) => String(r.bezeichnung)),
      true,
    );
    const adresseId = (await adressen({ filter: marked, limit: 1 })).result[0]?.id as number;
    await t.handle.db
      .insertInto('ansprechpartner')
      .values(['Zeller', 'Özdemir', 'Ohm', 'oswald'].map((name) => ({ adresseId, name })))
      .execute();
    const persons = expectOk(await c.call(endpoints.ansprechpartnerVonAdresse, { as: 'admin', params: { id: adresseId }, query: { orderBy: '-name' } })).result;
    expect(persons.map((r) => r.name)).toEqual(['Zeller', 'Özdemir', 'oswald', 'Ohm']);
  });

  it('a deep window (late row lookup through the key index) answers the same rows as a plain scan', async () => {
    const first = ['Äbi', 'Abe', 'Öko', 'Ozon', 'Über', 'Uhu', 'Soße', 'Sosse', 'zett', 'Zett'];
    const rows = Array.from({ length: 2300 }, (_, i) => ({
      adressnummer: 900_000 + i,
      name1: `${first[i % first.length]} ${String(i % 37).padStart(2, '0')}`,
      name2: 'Tiefes Fenster',
      angelegtAm: '2026-01-01T00:00:00.000Z',
      geaendertAm: '2026-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await t.handle.db
        .insertInto('adressen')
        .values(rows.slice(i, i + 250))
        .execute();
    }
    const filter = 'name2=Tiefes Fenster';
    for (const orderBy of ['name1', '-name1']) {
      const all = (await adressen({ filter, orderBy, limit: 10000 })).result;
      expect(all).toHaveLength(2300);
      expectDinOrder(
        all.map((r) => String(r.name1)),
        orderBy.startsWith('-'),
      );
      const deep = (await adressen({ filter, orderBy, limit: 100, offset: 2150 })).result;
      expect(deep.map((r) => r.id)).toEqual(all.slice(2150, 2250).map((r) => r.id));
    }
  });

  it('the list order is index-backed: the key index alone serves the order and deep windows, without a sort', async () => {
    const key = sortKeyExpression('"adressen"."name1"', DB_KIND);
    if (DB_KIND === 'sqlite') {
      for (const dir of ['asc', 'desc']) {
        const q = `explain query plan select "id" from "adressen" order by ${key} ${dir}, "id" ${dir} limit 100 offset 5000`;
        const details = (await sql<{ detail: string }>`${sql.raw(q)}`.execute(t.handle.db)).rows.map((r) => r.detail).join('\n');
        expect(details).toContain('COVERING INDEX adressen_name1_de_idx');
        expect(details).not.toContain('TEMP B-TREE');
      }
    } else {
      const details = await t.handle.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        const q = `explain select "id" from "adressen" order by ${key}, "id" limit 100 offset 5000`;
        return (await sql<{ 'QUERY PLAN': string }>`${sql.raw(q)}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(details).toContain('Index Only Scan using adressen_name1_de_idx');
      expect(details).not.toMatch(/\bSort\b/);
    }
  });

  it('computes the same key on both databases', async () => {
    const cases: [string, string][] = [
      ['Müller', 'muller'],
      ['MÜLLER', 'muller'],
      ['Straße', 'strasse'],
      ['STRAẞE', 'strasse'],
      ['Äpfel', 'apfel'],
      ['Überacker KG', 'uberacker kg'],
      ['Österreich', 'osterreich'],
      ['Éclair Ça Ñu', 'eclair ca nu'],
      ['Ørsted Æbelø Œuvre', 'orsted aebelo oeuvre'],
      ['Łukasz Šimić Žiga Dvořák Źdźbło', 'lukasz simic ziga dvorak zdzblo'],
      // Letters outside the map stay as they are on both databases (no locale-dependent folding).
      ['Őz Ωmega', 'Őz Ωmega'],
      ['ABC-xyz 123', 'abc-xyz 123'],
    ];
    for (const [text, expected] of cases) {
      const expr = sortKeyExpression(`'${text}'`, DB_KIND);
      const row = (await sql<{ k: string }>`select ${sql.raw(expr)} as k`.execute(t.handle.db)).rows[0];
      expect(row?.k, text).toBe(expected);
    }
  });
});
