import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * Races: N parallel requests at once (PostgreSQL runs them on separate connections, where the races show; SQLite
 * serialises the write transactions). The invariant is checked afterwards: unique numbers, one lock holder,
 * stock = sum of movements.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const lagerOhnePlaetze = (await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;

describe(`concurrent writes (${DB_KIND})`, () => {
  it('50 address creates at once all succeed with unique address, customer and supplier numbers', async () => {
    await c.call(endpoints.me, { as: 'admin' }); // log in once, before the burst
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.call(endpoints.adresseCreate, {
          as: 'admin',
          body: { data: { name1: `Parallel ${i}`, istKunde: true, istLieferant: i % 2 === 0 }, ProtokollBemerkung: 'Test' },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const created = results.map((r) => expectOk(r).result);
    expect(new Set(created.map((a) => a.adressnummer)).size).toBe(50);
    expect(new Set(created.map((a) => a.kundennummer)).size).toBe(50);
    const lieferanten = created.filter((a) => a.istLieferant).map((a) => a.lieferantennummer);
    expect(lieferanten.every((n) => typeof n === 'number')).toBe(true);
    expect(new Set(lieferanten).size).toBe(25);
  });

  it('creates with and without a given customer number at once neither deadlock nor collide', async () => {
    const base = (await db.selectFrom('nummernkreise').select('naechste').where('name', '=', 'KUNDE').executeTakeFirstOrThrow()).naechste;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.call(endpoints.adresseCreate, {
          as: 'admin',
          body: {
            data: { name1: `Gemischt ${i}`, istKunde: true, ...(i % 3 === 0 ? { kundennummer: Number(base) + 1000 * (i + 1) } : {}) },
            ProtokollBemerkung: 'Test',
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const created = results.map((r) => expectOk(r).result);
    expect(new Set(created.map((a) => a.kundennummer)).size).toBe(30);
    expect(new Set(created.map((a) => a.adressnummer)).size).toBe(30);
  });

  it('ten users locking one record at once: exactly one gets the lock, the others 423 naming the holder', async () => {
    const users = [];
    for (let i = 0; i < 10; i++) users.push(await f.benutzer());
    for (const u of users) await c.call(endpoints.me, { as: u.anmeldename });
    for (let round = 0; round < 3; round++) {
      const a = await f.adresse();
      const results = await Promise.all(
        users.map((u) => c.call(endpoints.sperreCreate, { as: u.anmeldename, body: { data: { tabelle: 'ADR', datensatzId: a.id } } })),
      );
      const won = results.filter((r) => r.status === 201);
      expect(won).toHaveLength(1);
      const holder = expectOk(won[0]!).result;
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(expectError(r, 423, 'DATENSATZ_GESPERRT').messageParameters[0]).toBe(holder.benutzerName);
      }
      const rows = await db.selectFrom('sperren').select(['benutzerId']).where('tabelle', '=', 'ADR').where('datensatzId', '=', a.id).execute();
      expect(rows).toEqual([{ benutzerId: holder.benutzerId }]);
    }
  });

  it('one user locking one record from two sessions at once keeps a single lock', async () => {
    const u = await f.benutzer();
    const a = await f.adresse();
    const tokens = [await c.login(u.anmeldename), await c.login(u.anmeldename)];
    const results = await Promise.all(tokens.map((token) => c.call(endpoints.sperreCreate, { token, body: { data: { tabelle: 'ADR', datensatzId: a.id } } })));
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([201, 423]).toContain(r.status);
    const rows = await db.selectFrom('sperren').select('id').where('tabelle', '=', 'ADR').where('datensatzId', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    // the same user taking it again takes it over: of the tokens handed out exactly one still opens the record
    const accepted = [];
    for (const [i, r] of results.entries()) {
      if (r.status !== 201) continue;
      const lockToken = expectOk(r).result.token;
      const change = await c.call(endpoints.adresseUpdate, {
        token: tokens[i]!,
        params: { id: a.id },
        headers: { 'x-lock-token': lockToken },
        body: { data: { name2: `Sitzung ${i}` }, ProtokollBemerkung: 'Test' },
      });
      if (change.status === 200) accepted.push(i);
      else expectError(change, 423);
    }
    expect(accepted).toHaveLength(1);
  });

  it('20 concurrent inventory counts of 10 leave a stock of 10 equal to the sum of movements', async () => {
    const artikel = await f.artikel();
    await f.buchung({ artikelId: artikel.id, lagerId: lagerOhnePlaetze, menge: 3 });
    const data = { art: 'INVENTUR' as const, artikelId: artikel.id, lagerId: lagerOhnePlaetze, menge: 10 };
    const results = await Promise.all(Array.from({ length: 20 }, () => c.call(endpoints.buchung, { as: 'admin', body: { data } })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const row = await db
      .selectFrom('bestaende')
      .select('bestand')
      .where('artikelId', '=', artikel.id)
      .where('lagerId', '=', lagerOhnePlaetze)
      .executeTakeFirstOrThrow();
    const sum = await db
      .selectFrom('lagerbewegungen')
      .select((eb) => eb.fn.sum<number>('menge').as('s'))
      .where('artikelId', '=', artikel.id)
      .where('lagerId', '=', lagerOhnePlaetze)
      .where('feld', '=', 'bestand')
      .executeTakeFirstOrThrow();
    expect(Number(row.bestand)).toBe(10_000);
    expect(Number(sum.s)).toBe(10_000);
    const total = await db.selectFrom('artikel').select('bestand').where('id', '=', artikel.id).executeTakeFirstOrThrow();
    expect(Number(total.bestand)).toBe(10_000);
  });

  it('20 concurrent issues of 1 from a stock of 10: exactly 10 succeed, the rest 422, stock never below zero', async () => {
    const artikel = await f.artikel();
    await f.buchung({ artikelId: artikel.id, lagerId: lagerOhnePlaetze, menge: 10 });
    const data = { art: 'ABGANG' as const, artikelId: artikel.id, lagerId: lagerOhnePlaetze, menge: 1 };
    const results = await Promise.all(Array.from({ length: 20 }, () => c.call(endpoints.buchung, { as: 'admin', body: { data } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 422);
    const row = await db
      .selectFrom('bestaende')
      .select('bestand')
      .where('artikelId', '=', artikel.id)
      .where('lagerId', '=', lagerOhnePlaetze)
      .executeTakeFirstOrThrow();
    expect(Number(row.bestand)).toBe(0);
  });
});

describe('number ranges', () => {
  const ranges = async () => expectOk(await c.call(endpoints.nummernkreise, { as: 'admin' })).result;

  it('administrators read the ranges; they continue after the demo data', async () => {
    expectError(await c.call(endpoints.nummernkreise, { as: 'buero' }), 403);
    const list = await ranges();
    expect(list.map((r) => r.name)).toEqual(expect.arrayContaining(['ADRESSE', 'KUNDE', 'LIEFERANT', 'BELEG', 'TICKET']));
    const max = await db
      .selectFrom('adressen')
      .select((eb) => [eb.fn.max('adressnummer').as('a'), eb.fn.max('kundennummer').as('k'), eb.fn.max('lieferantennummer').as('l')])
      .executeTakeFirstOrThrow();
    const next = Object.fromEntries(list.map((r) => [r.name, r.naechste]));
    expect(next.ADRESSE).toBeGreaterThan(Number(max.a));
    expect(next.KUNDE).toBeGreaterThan(Number(max.k));
    expect(next.LIEFERANT).toBeGreaterThan(Number(max.l));
    const a = await f.adresse();
    expect(a.adressnummer).toBe(next.ADRESSE);
  });

  it('a number the user gives must be free (409 naming the field); the range continues after it', async () => {
    const next = (await ranges()).find((r) => r.name === 'KUNDE')!.naechste;
    const given = next + 5;
    const a = await f.adresse({ kundennummer: given });
    expect(a.kundennummer).toBe(given);
    const body = expectError(
      await c.call(endpoints.adresseCreate, {
        as: 'admin',
        body: { data: { name1: 'Doppelt', istKunde: true, kundennummer: given }, ProtokollBemerkung: 'Test' },
      }),
      409,
    );
    expect(Object.keys(body.errors.fieldErrors)).toEqual(['kundennummer']);
    expect((await f.adresse()).kundennummer).toBe(given + 1);
  });
});
