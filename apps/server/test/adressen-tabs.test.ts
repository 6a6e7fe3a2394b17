import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { avatarPng } from '../src/seed/png';
import { api, type BodyOf, buildUrl, expectOk, invalid, type ParamsOf, type QueryOf } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const adresse = (await t.handle.db.selectFrom('adressen').select('id').where('anrede', '=', 'Firma').orderBy('id').executeTakeFirstOrThrow()).id;
const andere = (await t.handle.db.selectFrom('adressen').select('id').where('id', '!=', adresse).orderBy('id').executeTakeFirstOrThrow()).id;
const b64 = (b: Buffer) => b.toString('base64');
const as = 'buero';

describe('persons', () => {
  const create = (data: BodyOf<typeof endpoints.ansprechpartnerCreate>['data']) =>
    c.call(endpoints.ansprechpartnerCreate, { as, params: { id: adresse }, body: { data } });
  const upload = (id: number, dateiname: string, daten: Buffer) =>
    c.call(endpoints.ansprechpartnerBild, { as, params: { id }, body: { data: { dateiname, daten: b64(daten) } } });

  it('[ADR-036] [ADR-037] lists the persons of an address ordered by sortierung', async () => {
    // two persons whose order by sortierung is the reverse of their creation order
    const spaet = await f.ansprechpartner(adresse, { name: 'Zuerst angelegt', sortierung: 900_002 }, { as });
    const frueh = await f.ansprechpartner(adresse, { name: 'Danach angelegt', sortierung: 900_001 }, { as });
    const rows = expectOk(await c.call(endpoints.ansprechpartnerVonAdresse, { as, params: { id: adresse }, query: { orderBy: 'sortierung' } })).result;
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(frueh.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(frueh.id)).toBeLessThan(ids.indexOf(spaet.id));
    expect(rows.every((r) => r.adresseId === adresse)).toBe(true);
    const s = rows.map((r) => r.sortierung);
    expect(s).toEqual([...s].sort((a, b) => a - b));
  });

  it('[ADR-043] [ADR-046] create needs a last name, answers Location of the person', async () => {
    const bad = expectError(await c.call(endpoints.ansprechpartnerCreate, { as, params: { id: adresse }, body: invalid({ data: { vorname: 'Ohne' } }) }), 400);
    expect(bad.errors.fieldErrors.name).toBeDefined();
    const blank = expectError(await create({ name: '  ' }), 400);
    expect(blank.errors.fieldErrors.name).toEqual(['Please enter a last name to continue']);
    const res = await create({ name: 'Neumann', vorname: 'Nora', anrede: 'Frau' });
    expect(res.status).toBe(201);
    const p = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.ansprechpartnerGet.path, { id: p.id }));
    expect(p).toMatchObject({ adresseId: adresse, name: 'Neumann', vorname: 'Nora', gfxid: null });
    expect(expectOk(await c.call(endpoints.ansprechpartnerGet, { as, params: { id: p.id } })).result.name).toBe('Neumann');
  });

  it('a person of an unknown address is a 404', async () => {
    expectError(await c.call(endpoints.ansprechpartnerCreate, { as, params: { id: 999999 }, body: { data: { name: 'X' } } }), 404);
  });

  it('[APP-108] [ADR-042] a picture must be an image; the image is served as binary', async () => {
    const p = await f.ansprechpartner(adresse, { name: 'Bild' }, { as });
    const refused = await upload(p.id, 'foto.png', Buffer.from('kein Bild, nur Text'));
    expect(expectError(refused, 400).errors.fieldErrors.daten).toBeDefined();
    const image = avatarPng(200, 32);
    const gfxid = expectOk(await upload(p.id, 'foto.png', image)).result.gfxid;
    expect(gfxid).toBeGreaterThan(0);
    const gfx = await c.callRaw(endpoints.bild, { as, params: { id: gfxid! } });
    expect(gfx.headers['content-type']).toBe('image/png');
    expect(gfx.rawPayload.equals(image)).toBe(true);
    expectError(await c.callRaw(endpoints.bild, { params: { id: gfxid! } }), 401);
  });

  it('[ADR-049] delete removes the person and its picture', async () => {
    const p = await f.ansprechpartner(adresse, { name: 'Kurz' }, { as });
    const withPic = expectOk(await upload(p.id, 'a.png', avatarPng(10, 16))).result;
    expect((await c.call(endpoints.ansprechpartnerDelete, { as, params: { id: p.id } })).status).toBe(204);
    expectError(await c.call(endpoints.ansprechpartnerGet, { as, params: { id: p.id } }), 404);
    expectError(await c.callRaw(endpoints.bild, { as, params: { id: withPic.gfxid! } }), 404);
  });
});

describe('activities', () => {
  const arten = async () => expectOk(await c.call(endpoints.aktivitaetsarten, { as })).result;

  it('[ADR-050] [ADR-051] [ADR-052] create, read one by id with its type and fields, list newest first, change, delete', async () => {
    const art = (await arten())[0]!;
    const person = await f.ansprechpartner(adresse, { name: 'Aktiv' }, { as });
    const res = await c.call(endpoints.aktivitaetCreate, {
      as,
      body: {
        data: {
          adresseId: adresse,
          artId: art.id,
          ansprechpartnerId: person.id,
          beschreibung: 'Anruf wegen Wartung',
          dauer: 15,
          datum: '2099-01-02T10:00:00+01:00',
        },
      },
    });
    expect(res.status).toBe(201);
    const a = expectOk(res).result;
    // created after it but dated earlier: the list is by datum, newest first, not by creation
    const aelter = expectOk(
      await c.call(endpoints.aktivitaetCreate, {
        as,
        body: { data: { adresseId: adresse, artId: art.id, beschreibung: 'Vorher', dauer: 5, datum: '2099-01-01T10:00:00+01:00' } },
      }),
    ).result;
    const one = expectOk(await c.call(endpoints.aktivitaetGet, { as, params: { id: a.id } })).result;
    expect(one).toMatchObject({
      id: a.id,
      adresseId: adresse,
      ansprechpartnerId: person.id,
      artId: art.id,
      art: { wert: art.wert, bezeichnung: art.bezeichnung },
      beschreibung: 'Anruf wegen Wartung',
      dauer: 15,
      datum: '2099-01-02T09:00:00.000Z',
      ticketId: null,
      dealId: null,
    });
    expect(one.benutzerId).toBeGreaterThan(0);
    expect(Date.parse(one.angelegtDatum)).not.toBeNaN();
    expect(Date.parse(one.geaendertDatum)).not.toBeNaN();
    const list = expectOk(await c.call(endpoints.aktivitaetenVonAdresse, { as, params: { id: adresse } })).result;
    expect(list[0]?.id).toBe(a.id);
    expect(list.map((r) => r.id).indexOf(aelter.id)).toBeGreaterThan(0);
    const changed = await c.call(endpoints.aktivitaetUpdate, { as, params: { id: a.id }, body: { data: { dauer: 30 } } });
    expect(expectOk(changed).result.dauer).toBe(30);
    expect(expectOk(await c.call(endpoints.aktivitaetGet, { as, params: { id: a.id } })).result.dauer).toBe(30);
    expect((await c.call(endpoints.aktivitaetDelete, { as, params: { id: a.id } })).status).toBe(204);
    expectError(await c.call(endpoints.aktivitaetGet, { as, params: { id: a.id } }), 404);
  });

  it('an unknown type, a negative duration or a person of another address are 400', async () => {
    const art = (await arten())[0]!;
    const fremd = (await t.handle.db.selectFrom('ansprechpartner').select('id').where('adresseId', '!=', adresse).executeTakeFirstOrThrow()).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ artId: 9999 }, 'artId'],
      [{ artId: art.id, dauer: -1 }, 'dauer'],
      [{ artId: art.id, ansprechpartnerId: fremd }, 'ansprechpartnerId'],
    ];
    for (const [extra, field] of cases) {
      const data = { adresseId: adresse, beschreibung: 'x', dauer: 5, datum: new Date().toISOString(), ...extra };
      const res = await c.call(endpoints.aktivitaetCreate, { as, body: invalid({ data }) });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toContain(field);
    }
  });
});

describe('additional addresses', () => {
  it('[ADR-034] [ADR-035] create, filter by art, read, change, delete — always under their own address', async () => {
    const res = await c.call(endpoints.zusatzadresseCreate, {
      as,
      params: { id: adresse },
      body: { data: { art: 'LIEFERADRESSE', name1: 'Lager Süd', ort: 'Ulm' } },
    });
    expect(res.status).toBe(201);
    const z = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.zusatzadresseGet.path, { id: adresse, subId: z.id }));
    const byArt = async (art: string) =>
      expectOk(await c.call(endpoints.zusatzadressenList, { as, params: { id: adresse }, query: { filter: `art=${art}` } })).result;
    const rows = await byArt('LIEFERADRESSE');
    expect(rows.map((r) => r.id)).toContain(z.id);
    expect(rows.every((r) => r.art === 'LIEFERADRESSE')).toBe(true);
    expect((await byArt('RECHNUNGSADRESSE')).map((r) => r.id)).not.toContain(z.id);
    expectError(await c.call(endpoints.zusatzadresseGet, { as, params: { id: andere, subId: z.id } }), 404);
    expectError(await c.call(endpoints.zusatzadresseUpdate, { as, params: { id: andere, subId: z.id }, body: { data: { ort: 'X' } } }), 404);
    const changed = await c.call(endpoints.zusatzadresseUpdate, { as, params: { id: adresse, subId: z.id }, body: { data: { ort: 'Neu-Ulm' } } });
    expect(expectOk(changed).result.ort).toBe('Neu-Ulm');
    expectError(await c.call(endpoints.zusatzadresseCreate, { as, params: { id: adresse }, body: invalid({ data: { art: 'IRGENDWAS', name1: 'x' } }) }), 400);
    expect((await c.call(endpoints.zusatzadresseDelete, { as, params: { id: adresse, subId: z.id } })).status).toBe(204);
  });
});

describe('files', () => {
  const upload = (data: BodyOf<typeof endpoints.dateiCreate>['data']) => c.call(endpoints.dateiCreate, { as, params: { id: adresse }, body: { data } });

  it('[ADR-069] [ADR-070] [ADR-071] upload, list without e-mails, read base64, download binary, delete', async () => {
    const content = Buffer.from('%PDF-1.4\n% Testdokument\n', 'latin1');
    const up = await upload({ dateiname: 'Angebot Ä.pdf', daten: b64(content), betreff: 'Angebot' });
    expect(up.status).toBe(201);
    const file = expectOk(up).result;
    expect(file).toMatchObject({ dateiname: 'Angebot Ä.pdf', mimeType: 'application/pdf', groesse: content.length, istEmail: false });
    expect(file).not.toHaveProperty('daten');
    const mail = expectOk(await upload({ dateiname: 'Mail.eml', daten: b64(Buffer.from('Subject: x')) })).result;
    expect(mail.istEmail).toBe(true);
    const list = expectOk(await c.call(endpoints.dateienList, { as, params: { id: adresse }, query: { filter: 'istEmail=false', returnTotal: true } }));
    expect(list.result.every((r) => !r.istEmail)).toBe(true);
    expect(list.result.map((r) => r.id)).toContain(file.id);
    expect(list.result.map((r) => r.id)).not.toContain(mail.id);
    expect(list.resultCount).toBe(list.result.length);
    const params = { id: adresse, subId: file.id };
    const one = expectOk(await c.call(endpoints.dateiGet, { as, params })).result;
    expect(one).toMatchObject({ id: file.id, dateiname: 'Angebot Ä.pdf', betreff: 'Angebot', istEmail: false, dealId: null, ticketId: null });
    expect(Date.parse(one.datum)).not.toBeNaN();
    expect(Buffer.from(one.daten, 'base64').equals(content)).toBe(true);
    const dl = await c.callRaw(endpoints.dateiDownload, { as, params });
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''Angebot%20%C3%84.pdf");
    expect(dl.rawPayload.equals(content)).toBe(true);
    expectError(await c.call(endpoints.dateiGet, { as, params: { id: andere, subId: file.id } }), 404);
    expect((await c.call(endpoints.dateiDelete, { as, params })).status).toBe(204);
  });

  it('an empty or non-base64 upload is a 400', async () => {
    expectError(await upload({ dateiname: 'x.txt', daten: '' }), 400);
    expectError(await upload({ dateiname: 'x.txt', daten: '###' }), 400);
  });
});

describe('customer-specific prices', () => {
  const create = (data: Parameters<typeof f.preis>[1]) => f.preis(adresse, data, { as });
  const update = (params: ParamsOf<typeof endpoints.preisUpdate>, data: BodyOf<typeof endpoints.preisUpdate>['data'], by = as) =>
    c.call(endpoints.preisUpdate, { as: by, params, body: { data } });

  it('[ADR-054] [ADR-060] a price answers gross, the effective price after both discounts', async () => {
    const p = await create({ sonderpreis: 100, rabatt1: 10, rabatt2: 5, preisart: 0 });
    expect(p).toMatchObject({ sonderpreis: 100, sonderpreisBrutto: 119, rabatt1: 10, rabatt2: 5, effektiverPreis: 85.5, mwstSatz: 19 });
  });

  it('[ADR-056] [ADR-061] [ADR-064] tiers: set by number, deleted by null, gross derived and ignored on input', async () => {
    const p = await create({ sonderpreis: 50, preisart: 1 });
    const params = { id: adresse, priceId: p.id };
    const set = await c.call(endpoints.preisUpdate, {
      as,
      params,
      body: invalid({ data: { mengenabhaengigePreise: { menge2: 10, vk2: 45, vk2Brutto: 999, menge3: 50, vk3: 40, rabatt3: 2 } } }),
    });
    expect(set.status).toBe(200);
    expect(expectOk(set).result.mengenabhaengigePreise).toEqual({
      menge2: 10,
      vk2: 45,
      vk2Brutto: 53.55,
      rabatt2: null,
      menge3: 50,
      vk3: 40,
      vk3Brutto: 47.6,
      rabatt3: 2,
    });
    const del = await update(params, { mengenabhaengigePreise: { menge3: null, vk3: null, rabatt3: null, vk2: null } });
    expect(expectOk(del).result.mengenabhaengigePreise).toEqual({ menge2: 10, vk2: null, vk2Brutto: null, rabatt2: null });
    const rab = expectOk(await update(params, { mengenabhaengigeRabatte: { menge2: 5, rabatt2: 3 } })).result;
    expect(rab.mengenabhaengigeRabatte).toEqual({ menge2: 5, rabatt2: 3 });
    expect(rab.mengenabhaengigePreise).toEqual({ menge2: 10, vk2: null, vk2Brutto: null, rabatt2: null });
  });

  it('tier values out of range are 400', async () => {
    const p = await create({ preisart: 2 });
    const params = { id: adresse, priceId: p.id };
    expectError(await update(params, { mengenabhaengigeRabatte: { rabatt2: 150 } }), 400);
    expectError(await c.call(endpoints.preisUpdate, { as, params, body: invalid({ data: { mengenabhaengigePreise: { vk2: 'zehn' } } }) }), 400);
  });

  it('[ADR-065] [ADR-066] [ADR-067] [ADR-068] [ART-019] time- and quantity-dependent records: create, read, change, delete', async () => {
    const p = await create({ preisart: 3, sonderpreis: 20 });
    const params = { id: adresse, priceId: p.id };
    const res = await c.call(endpoints.apzCreate, {
      as,
      params,
      body: { data: { abMenge: 10, sonderpreis: 18.5, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30' } },
    });
    expect(res.status).toBe(201);
    const apz = expectOk(res).result;
    const apzParams = { ...params, apzId: apz.id };
    expect(res.headers.location).toBe(buildUrl(endpoints.apzGet.path, apzParams));
    expect(expectOk(await c.call(endpoints.apzGet, { as, params: apzParams })).result).toEqual({
      id: apz.id,
      abMenge: 10,
      sonderpreis: 18.5,
      // gross at the price's 19 % to the cent, half away from zero: 18.5 × 1.19 = 22.015 → 22.02
      sonderpreisBrutto: 22.02,
      gueltigVon: '2026-01-01',
      gueltigBis: '2026-06-30',
    });
    const changed = await c.call(endpoints.apzUpdate, {
      as,
      params: apzParams,
      body: { data: { abMenge: 20, sonderpreis: 17, gueltigVon: '2026-01-01', gueltigBis: null } },
    });
    expect(expectOk(changed).result).toMatchObject({ abMenge: 20, gueltigBis: null });
    const bad = expectError(
      await c.call(endpoints.apzCreate, { as, params, body: { data: { abMenge: 1, sonderpreis: 1, gueltigVon: '2026-05-01', gueltigBis: '2026-04-01' } } }),
      400,
    );
    expect(bad.errors.fieldErrors.gueltigBis).toBeDefined();
    expect(expectOk(await c.call(endpoints.preisGet, { as, params })).result.zeitabhaengigePreise).toHaveLength(1);
    expect((await c.call(endpoints.apzDelete, { as, params: apzParams })).status).toBe(204);
    expectError(await c.call(endpoints.apzGet, { as, params: apzParams }), 404);
  });

  it('[RIGHT-011] without ART_SONDERPREISE prices can be read but not changed', async () => {
    const p = await create({ sonderpreis: 10 });
    const params = { id: adresse, priceId: p.id };
    expect((await c.call(endpoints.preisGet, { as: 'techniker', params })).status).toBe(200);
    expectError(await update(params, { sonderpreis: 1 }, 'techniker'), 403);
    expectError(await c.call(endpoints.apzCreate, { as: 'techniker', params, body: { data: { abMenge: 1, sonderpreis: 1 } } }), 403);
    expectError(await c.call(endpoints.preisDelete, { as: 'techniker', params }), 403);
    expect(expectOk(await c.call(endpoints.preisGet, { as: 'admin', params })).result.sonderpreis).toBe(10);
  });

  it('a price of another address is a 404', async () => {
    const p = await create({ sonderpreis: 10 });
    expectError(await c.call(endpoints.preisGet, { as, params: { id: andere, priceId: p.id } }), 404);
  });
});

describe('turnover, backorders, history', () => {
  const kunde = async () =>
    (await t.handle.db.selectFrom('belege').select('adresseId').where('belegart', '=', '0400').orderBy('adresseId').executeTakeFirstOrThrow()).adresseId;
  const historie = async (id: number, query: QueryOf<typeof endpoints.historie> = {}) =>
    expectOk(await c.call(endpoints.historie, { as, params: { id }, query }));

  it('[ADR-020] turnover by month equals the invoices less credit notes', async () => {
    const id = await kunde();
    const res = expectOk(await c.call(endpoints.umsatzstatistik, { as, query: { adresseId: id } }));
    const rows = res.daten[0]!.datensaetze;
    const belege = await t.handle.db
      .selectFrom('belege')
      .select(['belegart', 'belegdatum', 'betragNetto'])
      .where('adresseId', '=', id)
      .where('belegart', 'in', ['0400', '0500'])
      .where('gebuchtAm', 'is not', null)
      .where('storniertAm', 'is', null)
      .execute();
    const expected = new Map<string, number>();
    for (const b of belege) {
      const key = `${Number(b.belegdatum.slice(0, 4))}-${Number(b.belegdatum.slice(5, 7))}`;
      expected.set(key, (expected.get(key) ?? 0) + (b.belegart === '0500' ? -1 : 1) * Number(b.betragNetto));
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(rows.length).toBe(expected.size);
    for (const r of rows) expect(Math.round(r.summe * 100)).toBe(expected.get(`${r.jahr}-${r.monat}`));
  });

  it('[ADR-072] [ADR-073] [ADR-074] backorders list only open order lines, oldest document first', async () => {
    const offen = await t.handle.db
      .selectFrom('belege as b')
      .innerJoin('belegPositionen as p', 'p.belegId', 'b.id')
      .select('b.adresseId')
      .where('b.belegart', '=', '0200')
      .where('b.belegstatus', 'in', [1, 2])
      .whereRef('p.mengeGeliefert', '<', 'p.menge')
      .executeTakeFirstOrThrow();
    const rows = expectOk(await c.call(endpoints.auftragsrueckstaende, { as, query: { adresseId: offen.adresseId } })).daten[0]!.datensaetze;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.offeneMenge > 0 && r.offeneMenge === r.menge - r.mengeGeliefert)).toBe(true);
    const dates = rows.map((r) => r.belegdatum);
    expect(dates).toEqual([...dates].sort());
    expect(rows[0]).toEqual(expect.objectContaining({ belegid: expect.any(Number), belegnr: expect.stringMatching(/^AU/), belegdatum: expect.any(String) }));
  });

  it('[ADR-076] [ADR-077] [ADR-079] history lists invoice lines and filters by article, description and dates', async () => {
    const id = await kunde();
    const all = await historie(id, { returnTotal: true });
    expect(all.result.length).toBeGreaterThan(0);
    expect(all.resultCount).toBe(all.result.length);
    expect(all.result[0]).toEqual(
      expect.objectContaining({ rowKey: expect.any(String), belegId: expect.any(Number), belegnummer: expect.stringMatching(/^RE/) }),
    );
    const first = all.result[0]!;
    const byArticle = (await historie(id, { artikelnr: first.artikelnummer! })).result;
    expect(byArticle.length).toBeGreaterThan(0);
    expect(byArticle.every((r) => r.artikelnummer === first.artikelnummer)).toBe(true);
    const word = first.bezeichnung.split(' ')[0]!.toLowerCase();
    expect((await historie(id, { bezeichnung: word })).result.every((r) => r.bezeichnung.toLowerCase().includes(word))).toBe(true);
    const von = first.belegdatum;
    const ranged = (await historie(id, { datumvon: von, datumbis: von })).result;
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((r) => r.belegdatum === von)).toBe(true);
    expectError(await c.call(endpoints.historie, { as, params: { id }, query: { datumvon: '01.01.2024' } }), 400);
  });

  it('reports of an unknown address are 404', async () => {
    expectError(await c.call(endpoints.umsatzstatistik, { as, query: { adresseId: 999999 } }), 404);
    expectError(await c.call(endpoints.auftragsrueckstaende, { as, query: invalid({}) }), 400);
  });
});
