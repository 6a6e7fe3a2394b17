import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, type BodyOf, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/** Issue 9 items 2, 3, 7, 10, 11: what the server refuses of typed input, with German field errors. */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const adresse = (await db.selectFrom('adressen').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const as = 'admin';

const createPrice = (data: BodyOf<typeof endpoints.preisCreate>['data']) => c.call(endpoints.preisCreate, { as, params: { id: adresse }, body: { data } });
const fieldErrors = (res: Parameters<typeof expectError>[0]) => expectError(res, 400).errors.fieldErrors;

describe('customer-specific prices: references and ranges (issue 9 item 3)', () => {
  it('refuses an unknown article, naming the field', async () => {
    const errors = fieldErrors(await createPrice({ artikelnummer: 'GIBTESNICHT', sonderpreis: 10 }));
    expect(errors.artikelnummer?.[0]).toContain('GIBTESNICHT');
    expect(await db.selectFrom('kundensonderpreise').select('id').where('artikelnummer', '=', 'GIBTESNICHT').execute()).toHaveLength(0);
  });

  it('refuses a one-price record without its price, and a discount of 150 % (not stored as 100 %)', async () => {
    const { artikelnummer } = await f.artikel();
    expect(Object.keys(fieldErrors(await createPrice({ artikelnummer, preisart: 0 })))).toEqual(['sonderpreis']);
    expect(Object.keys(fieldErrors(await createPrice({ artikelnummer, sonderpreis: 10, rabatt1: 150 })))).toEqual(['rabatt1']);
    expect(await db.selectFrom('kundensonderpreise').select('id').where('artikelnummer', '=', artikelnummer).execute()).toHaveLength(0);
    const ok = await createPrice({ artikelnummer, sonderpreis: 12.5, rabatt1: 100 });
    expect(expectOk(ok).result).toMatchObject({ artikelnummer, sonderpreis: 12.5, rabatt1: 100 });
  });

  it('refuses changing a price to an unknown article', async () => {
    const p = await f.preis(adresse);
    const res = await c.call(endpoints.preisUpdate, { as, params: { id: adresse, priceId: p.id }, body: { data: { artikelnummer: 'GIBTESNICHT' } } });
    expect(Object.keys(fieldErrors(res))).toEqual(['artikelnummer']);
  });
});

describe('price tiers (issue 9 item 2)', () => {
  const tiers = async (data: BodyOf<typeof endpoints.preisUpdate>['data']) => {
    const p = await f.preis(adresse, { preisart: 1 });
    return { p, res: await c.call(endpoints.preisUpdate, { as, params: { id: adresse, priceId: p.id }, body: { data } }) };
  };

  it('refuses quantities out of order (10, 5, 100) and keeps the stored tiers', async () => {
    const { p, res } = await tiers({ mengenabhaengigePreise: { menge2: 10, vk2: 9, menge3: 5, vk3: 8, menge4: 100, vk4: 7 } });
    expect(Object.keys(fieldErrors(res))).toEqual(['mengenabhaengigePreise.menge3']);
    const stored = expectOk(await c.call(endpoints.preisGet, { as, params: { id: adresse, priceId: p.id } })).result;
    expect(stored.mengenabhaengigePreise).toEqual({});
  });

  it('refuses a quantity of 0 or below, and letters (never deleting the tier)', async () => {
    expect(Object.keys(fieldErrors((await tiers({ mengenabhaengigePreise: { menge2: 0, vk2: 9 } })).res))).toEqual(['mengenabhaengigePreise.menge2']);
    const letters = await tiers({ mengenabhaengigePreise: invalid({ menge2: 'zehn', vk2: 'neun' }) });
    expect(Object.keys(fieldErrors(letters.res)).sort()).toEqual(['mengenabhaengigePreise.menge2', 'mengenabhaengigePreise.vk2']);
  });

  it('refuses, after a partial change, a tier that falls below the one before it', async () => {
    const { p, res } = await tiers({ mengenabhaengigeRabatte: { menge2: 10, rabatt2: 2, menge3: 20, rabatt3: 3 } });
    expect(res.status).toBe(200);
    const lower = await c.call(endpoints.preisUpdate, {
      as,
      params: { id: adresse, priceId: p.id },
      body: { data: { mengenabhaengigeRabatte: { menge3: 5 } } },
    });
    expect(Object.keys(fieldErrors(lower))).toEqual(['mengenabhaengigeRabatte.menge3']);
    const stored = expectOk(await c.call(endpoints.preisGet, { as, params: { id: adresse, priceId: p.id } })).result;
    expect(stored.mengenabhaengigeRabatte).toEqual({ menge2: 10, rabatt2: 2, menge3: 20, rabatt3: 3 });
  });

  it('refuses discounts above 100', async () => {
    const { res } = await tiers({ mengenabhaengigeRabatte: { menge2: 10, rabatt2: 101 } });
    expect(Object.keys(fieldErrors(res))).toEqual(['mengenabhaengigeRabatte.rabatt2']);
  });
});

describe('other typed values', () => {
  it('[HTTP-043] an activity duration of -5 is refused with "enter a larger value", not saved as 0', async () => {
    const artId = expectOk(await c.call(endpoints.aktivitaetsarten, { as, query: { limit: 1 } })).result[0]!.id;
    const res = await c.call(endpoints.aktivitaetCreate, {
      as,
      body: { data: { adresseId: adresse, artId, beschreibung: 'Dauer', dauer: -5, datum: new Date().toISOString() } },
    });
    expect(fieldErrors(res).dauer).toEqual(['Bitte einen größeren Wert eingeben']);
  });

  it('PLZ beyond 12 and Name 2 beyond 120 characters are refused with a field error naming the limit (issue 9 item 10)', async () => {
    const res = await c.call(endpoints.adresseCreate, { as, body: { data: { name1: 'Limit GmbH', plz: '1234567890123', name2: 'x'.repeat(121) } } });
    const errors = fieldErrors(res);
    expect(errors.plz).toEqual(['Höchstens 12 Zeichen (jetzt 13)']);
    expect(errors.name2).toEqual(['Höchstens 120 Zeichen (jetzt 121)']);
  });

  it('server field errors are German, not zod English (issue 9 item 11)', async () => {
    const res = await c.call(endpoints.adresseCreate, { as, body: invalid({ data: { name1: 'Typ GmbH', kreditlimit: 'viel', istKunde: 'ja' } }) });
    const errors = fieldErrors(res);
    expect(errors.kreditlimit).toEqual(['Bitte eine Zahl eingeben']);
    expect(errors.istKunde).toEqual(['Bitte ja oder nein angeben']);
    for (const messages of Object.values(errors)) for (const m of messages) expect(m).not.toMatch(/expected|Invalid|received/i);
  });
});

describe('stock bookings (issue 9 item 7)', () => {
  it('refuses a transfer to the same warehouse and place', async () => {
    const lager = await db.selectFrom('lager').selectAll().orderBy('id').execute();
    const ohne = lager.find((l) => !l.hatLagerplaetze)!;
    const a = await f.artikel();
    await f.buchung({ artikelId: a.id, lagerId: ohne.id, menge: 5 });
    const res = await c.call(endpoints.buchung, {
      as,
      body: { data: { art: 'UMBUCHUNG', artikelId: a.id, lagerId: ohne.id, nachLagerId: ohne.id, menge: 1 } },
    });
    expect(Object.keys(fieldErrors(res))).toEqual(['nachLagerId']);
    const mit = lager.find((l) => l.hatLagerplaetze)!;
    const platz = (await db.selectFrom('lagerplaetze').select('id').where('lagerId', '=', mit.id).orderBy('id').executeTakeFirstOrThrow()).id;
    const same = { art: 'UMBUCHUNG' as const, artikelId: a.id, lagerId: mit.id, lagerplatzId: platz, nachLagerId: mit.id, nachLagerplatzId: platz, menge: 1 };
    expect(Object.keys(fieldErrors(await c.call(endpoints.buchung, { as, body: { data: same } })))).toEqual(['nachLagerId']);
  });
});
