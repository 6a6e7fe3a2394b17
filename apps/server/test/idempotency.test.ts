import { endpoints } from '@vario/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { KEY_TTL_MS } from '../src/lib/idempotency';
import { api, docEndpoints, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'admin';
const db = t.handle.db;

const countByName = async (name1: string) => (await db.selectFrom('adressen').select('id').where('name1', '=', name1).execute()).length;
const create = (name1: string, key?: string, by = as) =>
  c.call(endpoints.adresseCreate, {
    as: by,
    body: { data: { name1, istKunde: true }, ProtokollBemerkung: 'x' },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('durability', () => {
  it.skipIf(DB_KIND !== 'sqlite')('the SQLite connection runs with synchronous=FULL', async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]?.synchronous).toBe(2); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
  });
});

describe('Idempotency-Key on creates', () => {
  it('a repeated key answers the first result (status, body, Location) without creating again', async () => {
    const name = `Idem ${unique()}`;
    const key = unique('k-');
    const first = await create(name, key);
    expect(first.status).toBe(201);
    const again = await create(name, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countByName(name)).toBe(1);
    // without a key, or with another key, it creates again
    expect((await create(name, unique('k-'))).status).toBe(201);
    expect((await create(name)).status).toBe(201);
    expect(await countByName(name)).toBe(3);
  });

  it('the same key with another body is a 422 naming the header, and creates nothing', async () => {
    const key = unique('k-');
    const name = `Idem ${unique()}`;
    expectOk(await create(name, key));
    const other = `Idem ${unique()}`;
    const res = await create(other, key);
    expect(Object.keys(expectError(res, 422).errors.fieldErrors)).toContain('Idempotency-Key');
    expect(await countByName(other)).toBe(0);
  });

  it('keys belong to the user and the endpoint', async () => {
    const user = await f.benutzer();
    const key = unique('k-');
    const name = `Idem ${unique()}`;
    expectOk(await create(name, key));
    expectOk(await create(name, key, user.anmeldename));
    expect(await countByName(name)).toBe(2);
    const a = await f.adresse();
    const person = await c.call(endpoints.ansprechpartnerCreate, {
      as,
      params: { id: a.id },
      body: { data: { name: 'Idem' } },
      headers: { 'idempotency-key': key },
    });
    expect(person.status).toBe(201);
  });

  it('a key expires after 24 hours, then it creates again', async () => {
    const key = unique('k-');
    const name = `Idem ${unique()}`;
    expectOk(await create(name, key));
    const old = new Date(Date.now() - KEY_TTL_MS - 1000).toISOString();
    await db.updateTable('idempotenz').set({ erstelltAm: old }).where('schluessel', '=', key).execute();
    expect((await create(name, key)).headers['idempotent-replayed']).toBeUndefined();
    expect(await countByName(name)).toBe(2);
  });

  it('the key is stored in the create transaction: a refused create leaves no key behind', async () => {
    const key = unique('k-');
    const res = await c.call(endpoints.adresseCreate, { as, body: { data: { name1: '', istKunde: true } }, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(400);
    expect(await db.selectFrom('idempotenz').select('schluessel').where('schluessel', '=', key).execute()).toHaveLength(0);
    const bad = await create(`Idem ${unique()}`, 'mit leerzeichen');
    expect(Object.keys(expectError(bad, 400).errors.fieldErrors)).toContain('Idempotency-Key');
  });

  it('creates outside the resource layer (a reminder) answer the first result too', async () => {
    const key = unique('k-');
    const me = expectOk(await c.call(endpoints.me, { as })).result.benutzer.id;
    const body = { data: { benutzerId: me, erinnerungDatum: '2030-01-01T10:00:00+01:00', bemerkung: `Idem ${unique()}` } };
    const first = expectOk(await c.call(endpoints.erinnerungCreate, { as, body, headers: { 'idempotency-key': key } }));
    const again = expectOk(await c.call(endpoints.erinnerungCreate, { as, body, headers: { 'idempotency-key': key } }));
    expect(again).toEqual(first);
    expect(await db.selectFrom('erinnerungen').select('id').where('bemerkung', '=', body.data.bemerkung).execute()).toHaveLength(1);
  });

  it('the same key sent 10 times in parallel creates once, every answer is the first result', async () => {
    const key = unique('k-');
    const name = `Idem ${unique()}`;
    await c.call(endpoints.me, { as });
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(name, key)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await countByName(name)).toBe(1);
  });

  it('a stock booking and an asset picture (creates with their own transaction) are made once per key, also in parallel', async () => {
    const a = await f.artikel();
    const lager = await db.selectFrom('lager').select('id').where('hatLagerplaetze', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const key = unique('k-');
    const book = () =>
      c.call(endpoints.buchung, { as, body: { data: { art: 'ZUGANG', artikelId: a.id, lagerId: lager.id, menge: 5 } }, headers: { 'idempotency-key': key } });
    const answers = [await book(), ...(await Promise.all(Array.from({ length: 6 }, book)))];
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const moves = await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', a.id).execute();
    expect(moves).toHaveLength(1);

    const asset = await db.selectFrom('assets').select('id').orderBy('id').executeTakeFirstOrThrow();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const count = async () => (await db.selectFrom('assetBilder').select('id').where('assetId', '=', asset.id).execute()).length;
    const before = await count();
    const pkey = unique('k-');
    const upload = () =>
      c.call(endpoints.assetBildCreate, {
        as,
        params: { id: asset.id },
        body: { data: { dateiname: 'p.png', daten: png.toString('base64') } },
        headers: { 'idempotency-key': pkey },
      });
    const ups = await Promise.all(Array.from({ length: 4 }, upload));
    for (const r of ups) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(ups.map((r) => r.headers.location)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('a customer price is created once per key, also in parallel', async () => {
    const a = await f.adresse();
    const { artikelnummer } = await f.artikel();
    const key = unique('k-');
    const send = () =>
      c.call(endpoints.preisCreate, { as, params: { id: a.id }, body: { data: { artikelnummer, sonderpreis: 12.5 } }, headers: { 'idempotency-key': key } });
    const answers = await Promise.all(Array.from({ length: 4 }, send));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(new Set(answers.map((r) => r.headers.location)).size).toBe(1);
    const rows = await db.selectFrom('kundensonderpreise').select('id').where('adresseId', '=', a.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('the OpenAPI document describes the header on creates', async () => {
    const doc = (await c.callRaw(docEndpoints.openapi)).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const post = doc.paths['/stammdaten/adressen']?.post;
    expect(post?.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
  });
});
