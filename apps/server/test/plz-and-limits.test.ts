import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/** Issue 20 items 5 and 11: postcodes by country, too-long texts and too-large numbers refused with their limit. */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const as = 'admin';
const fieldErrors = (res: Parameters<typeof expectError>[0]) => expectError(res, 400).errors.fieldErrors;
const stored = async (id: number) => db.selectFrom('adressen').select(['plz', 'lkz', 'name1']).where('id', '=', id).executeTakeFirstOrThrow();

describe('postcodes by country (DE 5 digits, AT/CH 4, others free)', () => {
  it('a new address: ABCDE or four digits for Germany are refused on the field, nothing is stored', async () => {
    for (const [lkz, plz] of [
      ['DE', 'ABCDE'],
      ['DE', '1234'],
      ['DE', '123456'],
      ['AT', '10100'],
      ['CH', 'ABCD'],
    ] as const) {
      const name1 = `PLZ ${lkz} ${plz} GmbH`;
      const errors = fieldErrors(await c.call(endpoints.adresseCreate, { as, body: { data: { name1, lkz, plz } } }));
      expect(errors.plz, `${lkz} ${plz}`).toEqual([`Bitte eine PLZ mit ${lkz === 'DE' ? 5 : 4} Ziffern eingeben`]);
      expect(await db.selectFrom('adressen').select('id').where('name1', '=', name1).execute()).toHaveLength(0);
    }
  });

  it('fitting postcodes are stored as given; other countries and an empty postcode are free', async () => {
    for (const [lkz, plz] of [
      ['DE', '30159'],
      ['DE', '01067'],
      ['AT', '1010'],
      ['CH', '8001'],
      ['NL', '1012 AB'],
      ['GB', 'SW1A 1AA'],
      ['DE', null],
    ] as const) {
      const a = expectOk(await c.call(endpoints.adresseCreate, { as, body: { data: { name1: `PLZ gut ${lkz}`, lkz, plz } } })).result;
      expect(await stored(a.id)).toMatchObject({ lkz, plz });
    }
  });

  it('a change is checked with the stored country or postcode: a new country keeps no unfitting postcode', async () => {
    const a = await f.adresse({ lkz: 'DE', plz: '30159' });
    const remark = { ProtokollBemerkung: 'Test' };
    const plzOnly = await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { plz: 'ABCDE' }, ...remark } });
    expect(fieldErrors(plzOnly).plz).toEqual(['Bitte eine PLZ mit 5 Ziffern eingeben']);
    const countryOnly = await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { lkz: 'AT' }, ...remark } });
    expect(fieldErrors(countryOnly).plz).toEqual(['Bitte eine PLZ mit 4 Ziffern eingeben']);
    expect(await stored(a.id)).toMatchObject({ lkz: 'DE', plz: '30159' });
    expectOk(await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { lkz: 'AT', plz: '1010' }, ...remark } }));
    expect(await stored(a.id)).toMatchObject({ lkz: 'AT', plz: '1010' });
  });

  it('an additional address follows the same rule on create and change', async () => {
    const a = await f.adresse();
    const bad = await c.call(endpoints.zusatzadresseCreate, {
      as,
      params: { id: a.id },
      body: { data: { art: 'LIEFERADRESSE', name1: 'Lager', lkz: 'DE', plz: 'ABCDE' } },
    });
    expect(fieldErrors(bad).plz).toEqual(['Bitte eine PLZ mit 5 Ziffern eingeben']);
    const z = expectOk(
      await c.call(endpoints.zusatzadresseCreate, {
        as,
        params: { id: a.id },
        body: { data: { art: 'LIEFERADRESSE', name1: 'Lager', lkz: 'DE', plz: '30159' } },
      }),
    ).result;
    const change = await c.call(endpoints.zusatzadresseUpdate, { as, params: { id: a.id, subId: z.id }, body: { data: { plz: '123' } } });
    expect(fieldErrors(change).plz).toEqual(['Bitte eine PLZ mit 5 Ziffern eingeben']);
    const kept = await db.selectFrom('zusatzadressen').select('plz').where('id', '=', z.id).executeTakeFirstOrThrow();
    expect(kept.plz).toBe('30159');
  });
});

describe('too long texts and too large numbers are refused with their limit, never cut', () => {
  it('every text field of an address refuses 300 characters with "Höchstens N Zeichen (jetzt 300)"; nothing is stored', async () => {
    const limits = { name1: 120, name2: 120, name3: 120, kurzname: 40, strasse: 120, plz: 12, ort: 80, telefon: 40, website: 200, notiz: null, s01: 255 };
    for (const [field, max] of Object.entries(limits)) {
      const name1 = field === 'name1' ? 'N'.repeat(300) : `Lang ${field} GmbH`;
      const res = await c.call(endpoints.adresseCreate, { as, body: { data: { name1, [field]: 'x'.repeat(300) } } });
      if (max === null) {
        expect(res.status, field).toBe(201);
        continue;
      }
      expect(fieldErrors(res)[field], field).toEqual([`Höchstens ${max} Zeichen (jetzt 300)`]);
      expect(await db.selectFrom('adressen').select('id').where('name1', '=', name1).execute()).toHaveLength(0);
    }
  });

  it('a remark of 2,001 characters is refused, not cut', async () => {
    const a = await f.adresse();
    const res = await c.call(endpoints.adresseUpdate, { as, params: { id: a.id }, body: { data: { ort: 'Kiel' }, ProtokollBemerkung: 'b'.repeat(2001) } });
    expect(fieldErrors(res).ProtokollBemerkung).toEqual(['Höchstens 2000 Zeichen (jetzt 2001)']);
  });

  it('a number above its maximum names the maximum in German writing', async () => {
    const limit = await c.call(endpoints.adresseCreate, { as, body: invalid({ data: { name1: 'Kreditlimit GmbH', kreditlimit: 2e10 } }) });
    expect(fieldErrors(limit).kreditlimit).toEqual(['Bitte einen Wert bis 10.000.000.000 eingeben']);
    const beleg = await f.beleg();
    const { artikelnummer } = await f.artikel();
    const menge = await c.call(endpoints.belegPositionCreate, { as, params: { id: beleg.id }, body: { data: { artikelnummer, menge: 2e9 } } });
    expect(fieldErrors(menge).menge).toEqual(['Bitte einen Wert bis 1.000.000.000 eingeben']);
  });

  it('letters in a number field say "Bitte eine Zahl eingeben"', async () => {
    const beleg = await f.beleg();
    const { artikelnummer } = await f.artikel();
    const res = await c.call(endpoints.belegPositionCreate, { as, params: { id: beleg.id }, body: invalid({ data: { artikelnummer, menge: 'abc' } }) });
    expect(fieldErrors(res).menge).toEqual(['Bitte eine Zahl eingeben']);
  });
});

describe('change remark', () => {
  it('a new address needs no change remark; a change of it does (the parameter is set)', async () => {
    const created = await c.call(endpoints.adresseCreate, { as: 'buero', body: { data: { name1: 'Ohne Bemerkung GmbH' } } });
    expect(created.status).toBe(201);
    const id = expectOk(created).result.id;
    const log = await db.selectFrom('protokoll').select('aktion').where('tabelle', '=', 'ADR').where('datensatzId', '=', id).execute();
    expect(log.map((l) => l.aktion)).toEqual(['NEU']);
    const change = await c.call(endpoints.adresseUpdate, { as: 'buero', params: { id }, body: { data: { ort: 'Kiel' } } });
    expect(fieldErrors(change).ProtokollBemerkung).toEqual(['Es muss eine Bemerkung eingegeben werden!']);
  });
});
