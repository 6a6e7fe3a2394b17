import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { belegSummen, verteile, zeilenWerte } from '../src/modules/belege/belege.summen';
import { api, buildUrl, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

/** Sets a document's status directly (booking belongs to the transitions; here only the rule that follows from it). */
const setStatus = (id: number, belegstatus: number, gebucht = belegstatus === 3) =>
  db
    .updateTable('belege')
    .set({ belegstatus, gebuchtAm: gebucht ? new Date().toISOString() : null })
    .where('id', '=', id)
    .execute();

const ohneLoeschen = await f.benutzer({ rechte: { BEK_LOESCHEN: false, BEK_FREMDBEARB: false, ART_EK: false } });
const mitFremd = await f.benutzer({ rechte: { BEK_FREMDBEARB: true, BEK_LOESCHEN: true } });
const nurSehen = await f.benutzer({ rechte: { BEK_AENDERN: false } });
const ohneSehen = await f.benutzer({ rechte: { BEK_SEHEN: false } });

describe('create', () => {
  it('[BEL-018] creates an offer in status 1 with a number from the range of its type, Location and history row A', async () => {
    const adresse = await f.adresse({ zahlart: 2 });
    const res = await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: adresse.id, betreff: 'Bestellung 4711' } } });
    expect(res.status).toBe(201);
    const b = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.belegGet.path, { id: b.id }));
    expect(b).toMatchObject({
      belegart: '0100',
      belegtyp: '01',
      belegstatus: 1,
      adresseId: adresse.id,
      adresseName: adresse.name1,
      betreff: 'Bestellung 4711',
    });
    expect(b.belegnummer).toMatch(new RegExp(`^AN${b.belegdatum.slice(0, 4)}-\\d{5}$`));
    expect(b).toMatchObject({ zahlart: 2, betragNetto: 0, betragBrutto: 0, bearbeitbar: true, benutzer: 'ADM', waehrung: 'EUR', waehrungkurs: 1 });
    // every field the spec names for a document head (adresse as adresseName, each discount as percent, amount and text)
    expect(Object.keys(b)).toEqual(
      expect.arrayContaining([
        'belegart',
        'belegtyp',
        'belegnummer',
        'betreff',
        'adresseName',
        'adresseId',
        'belegdatum',
        'belegstatus',
        'freigabe',
        'liefertermin',
        'fixtermin',
        'auftragsDatum',
        'endbetragNetto',
        'betragBrutto',
        'betragNetto',
        'frachtkosten',
        'frachtkostenBrutto',
        'nachnahme',
        'versicherung',
        'rabatt1Prozent',
        'rabatt1Betrag',
        'rabatt1Text',
        'rabatt2Prozent',
        'rabatt2Betrag',
        'rabatt2Text',
        'mwstBetrag',
        'rohertrag',
        'gewicht',
        'anzahlPakete',
        'waehrung',
        'waehrungkurs',
        'zustaendigerMitarbeiter',
        'projekt',
        'benutzer',
      ]),
    );
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie).toHaveLength(1);
    expect(historie[0]).toMatchObject({ art: 'A', artText: 'angelegt', benutzer: 'ADM', belegstatus: 1 });
    expect(historie[0]?.datum).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(historie[0]?.uhrzeit).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('numbers rise per type and the prefix follows the type (AU for orders, RE for invoices)', async () => {
    const adresse = await f.adresse();
    const a = await f.beleg({ belegart: '0200', adresseId: adresse.id });
    const b = await f.beleg({ belegart: '0200', adresseId: adresse.id });
    const r = await f.beleg({ belegart: '0400', adresseId: adresse.id });
    expect(a.belegnummer.slice(0, 2)).toBe('AU');
    expect(r.belegnummer.slice(0, 2)).toBe('RE');
    expect(Number(b.belegnummer.slice(-5))).toBe(Number(a.belegnummer.slice(-5)) + 1);
  });

  it("50 parallel creates draw 50 different numbers (one range row, drawn in each create's transaction)", async () => {
    const adresse = await f.adresse();
    const res = await Promise.all(
      Array.from({ length: 50 }, () => c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0300', adresseId: adresse.id } } })),
    );
    const nummern = res.map((r) => expectOk(r).result.belegnummer);
    expect(new Set(nummern).size).toBe(50);
    const zahlen = nummern.map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
    expect((zahlen.at(-1) as number) - (zahlen[0] as number)).toBe(49);
  });

  it('takes the billing and delivery address of the address when it has them', async () => {
    const adresse = await f.adresse();
    const lief = expectOk(
      await c.call(endpoints.zusatzadresseCreate, { as: 'admin', params: { id: adresse.id }, body: { data: { art: 'LIEFERADRESSE', name1: 'Lager Nord' } } }),
    ).result;
    const b = await f.beleg({ adresseId: adresse.id });
    expect(b.lieferadresseId).toBe(lief.id);
    expect(b.rechnungsadresseId).toBeNull();
  });

  it('an Idempotency-Key repeated answers the first document and creates no second one', async () => {
    const adresse = await f.adresse();
    const body = { data: { belegart: '0100' as const, adresseId: adresse.id } };
    const headers = { 'idempotency-key': `bel-${adresse.id}` };
    const first = await c.call(endpoints.belegCreate, { as: 'admin', body, headers });
    const second = await c.call(endpoints.belegCreate, { as: 'admin', body, headers });
    expect(expectOk(second).result.id).toBe(expectOk(first).result.id);
    expect(second.headers.location).toBe(first.headers.location);
    const list = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, returnTotal: true } }));
    expect(list.resultCount).toBe(1);
  });

  it('refuses an unknown type, an unknown or blocked address, and a user without BEK_AENDERN', async () => {
    const adresse = await f.adresse();
    const art = expectError(await c.call(endpoints.belegCreate, { as: 'admin', body: invalid({ data: { belegart: '0900', adresseId: adresse.id } }) }), 400);
    expect(art.errors.fieldErrors.belegart).toBeDefined();
    const unbekannt = expectError(await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: 99_999_999 } } }), 400);
    expect(unbekannt.errors.fieldErrors.adresseId).toEqual(['Die Adresse gibt es nicht']);
    const gesperrt = await f.adresse({ gesperrt: true });
    expectError(await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: gesperrt.id } } }), 422);
    const recht = expectError(
      await c.call(endpoints.belegCreate, { as: nurSehen.anmeldename, body: { data: { belegart: '0100', adresseId: adresse.id } } }),
      403,
    );
    expect(recht.messageParameters).toContain('BEK_AENDERN');
    const fremdeZusatz = await f.adresse();
    const z = expectOk(
      await c.call(endpoints.zusatzadresseCreate, {
        as: 'admin',
        params: { id: fremdeZusatz.id },
        body: { data: { art: 'RECHNUNGSADRESSE', name1: 'Fremd' } },
      }),
    ).result;
    const ref = expectError(
      await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: adresse.id, rechnungsadresseId: z.id } } }),
      400,
    );
    expect(ref.errors.fieldErrors.rechnungsadresseId).toBeDefined();
    const rabatt = expectError(
      await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: adresse.id, rabatt1Prozent: 5, rabatt1Betrag: 3 } } }),
      400,
    );
    expect(rabatt.errors.fieldErrors.rabatt1Betrag).toBeDefined();
    const deal = expectError(
      await c.call(endpoints.belegCreate, { as: 'admin', body: { data: { belegart: '0100', adresseId: adresse.id, dealId: 99_999_999 } } }),
      400,
    );
    expect(deal.errors.fieldErrors.dealId).toBeDefined();
  });

  it("a new document for a deal is an offer (0100) or an order (0200) of the deal's address, linked to the deal", async () => {
    const kunde = await f.adresse();
    const jetzt = new Date().toISOString();
    const { id: dealId } = await db
      .insertInto('deals')
      .values({ titel: 'Neue Heizungsanlage', adresseId: kunde.id, angelegtAm: jetzt, geaendertAm: jetzt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const neu: Record<string, number> = {};
    for (const belegart of ['0100', '0200'] as const) {
      const b = expectOk(await c.call(endpoints.belegCreate, { as: 'buero', body: { data: { belegart, adresseId: kunde.id, dealId } } })).result;
      expect(b).toMatchObject({ belegart, adresseId: kunde.id, dealId });
      neu[belegart] = b.id;
    }
    // the documents made from them keep the deal (the rule is for new documents, not transforms)
    await f.position(neu['0200'] as number, { menge: 1 });
    const ls = expectOk(await c.call(endpoints.belegUmwandeln, { as: 'buero', params: { id: neu['0200'] as number, targetType: '0300' }, body: {} }));
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'buero', params: { id: ls.result.id } })).result).toMatchObject({ belegart: '0300', dealId });
    const vorher = await db
      .selectFrom('belege')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const belegart of ['0300', '0400', '0500'] as const) {
      const art = expectError(await c.call(endpoints.belegCreate, { as: 'buero', body: { data: { belegart, adresseId: kunde.id, dealId } } }), 400);
      expect(art.errors.fieldErrors.belegart?.[0], belegart).toBe('Zu einem Deal kann nur ein Angebot oder ein Auftrag angelegt werden');
    }
    const andere = await f.adresse();
    const fremd = expectError(await c.call(endpoints.belegCreate, { as: 'buero', body: { data: { belegart: '0100', adresseId: andere.id, dealId } } }), 400);
    expect(fremd.errors.fieldErrors.adresseId?.[0]).toBe(`Deal ${dealId} gehört zu einer anderen Adresse`);
    const nachher = await db
      .selectFrom('belege')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(nachher.n)).toBe(Number(vorher.n));
  });

  it('[RIGHT-018] reading needs BEK_SEHEN', async () => {
    const b = await f.beleg();
    expectError(await c.call(endpoints.belegGet, { as: ohneSehen.anmeldename, params: { id: b.id } }), 403);
    expectError(await c.call(endpoints.belegeList, { as: ohneSehen.anmeldename }), 403);
    expectOk(await c.call(endpoints.belegGet, { as: nurSehen.anmeldename, params: { id: b.id } }));
  });
});

describe('change head and foot', () => {
  it('changes the given fields, writes history G and answers the refreshed head', async () => {
    const b = await f.beleg();
    const res = expectOk(
      await c.call(endpoints.belegUpdate, {
        as: 'admin',
        params: { id: b.id },
        body: { data: { betreff: 'Neu', projekt: 'Halle 3', liefertermin: '2030-01-15', frachtkosten: 4.9, anzahlPakete: 2 } },
      }),
    ).result;
    expect(res).toMatchObject({ betreff: 'Neu', projekt: 'Halle 3', liefertermin: '2030-01-15', frachtkosten: 4.9, anzahlPakete: 2 });
    // freight alone: taxed at 19 % (no lines)
    expect(res).toMatchObject({ endbetragNetto: 4.9, mwstBetrag: 0.93, betragBrutto: 5.83, frachtkostenBrutto: 5.83 });
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie[0]?.art).toBe('G');
  });

  it('a discount given as amount clears its percent and vice versa', async () => {
    const b = await f.beleg({ rabatt1Prozent: 10 });
    const r = expectOk(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { rabatt1Betrag: 5 } } })).result;
    expect(r).toMatchObject({ rabatt1Prozent: null, rabatt1Betrag: 5 });
  });

  it('[BEL-027] a booked document cannot be changed (422); printed (status 2) still can', async () => {
    const b = await f.beleg();
    expectOk(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'gespeichert' } } }));
    await setStatus(b.id, 2);
    expectOk(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'gedruckt' } } }));
    for (const s of [3, 4, 5, 6, 8, 9]) {
      await setStatus(b.id, s);
      const err = expectError(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'x' } } }), 422);
      expect(err.errors.services[0]?.message).toContain('nicht mehr bearbeitbar');
      expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.bearbeitbar).toBe(false);
    }
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.betreff).toBe('gedruckt');
  });

  it("[RIGHT-021] another user's document needs BEK_FREMDBEARB; the owner changes their own", async () => {
    const b = await f.beleg({}, { as: 'buero' });
    const fremd = expectError(
      await c.call(endpoints.belegUpdate, { as: ohneLoeschen.anmeldename, params: { id: b.id }, body: { data: { betreff: 'fremd' } } }),
      403,
    );
    expect(fremd.messageParameters).toContain('BEK_FREMDBEARB');
    expect(expectOk(await c.call(endpoints.belegGet, { as: ohneLoeschen.anmeldename, params: { id: b.id } })).result.bearbeitbar).toBe(false);
    expectError(
      await c.call(endpoints.belegPositionCreate, {
        as: ohneLoeschen.anmeldename,
        params: { id: b.id },
        body: { data: { positionsArt: 'T', bezeichnung: 'x' } },
      }),
      403,
    );
    expectOk(await c.call(endpoints.belegUpdate, { as: mitFremd.anmeldename, params: { id: b.id }, body: { data: { betreff: 'mit Recht' } } }));
    expectOk(await c.call(endpoints.belegUpdate, { as: 'buero', params: { id: b.id }, body: { data: { betreff: 'eigener' } } }));
    const own = await f.beleg({}, { as: ohneLoeschen.anmeldename });
    expect(own.bearbeitbar).toBe(true);
  });

  it('[RIGHT-019] changing needs BEK_AENDERN', async () => {
    const b = await f.beleg();
    expectError(await c.call(endpoints.belegUpdate, { as: nurSehen.anmeldename, params: { id: b.id }, body: { data: { betreff: 'x' } } }), 403);
  });

  it("another user's record lock refuses the change with 423 naming the holder", async () => {
    const b = await f.beleg();
    await f.sperre({ tabelle: 'BEK', datensatzId: b.id }, { as: 'buero' });
    const err = expectError(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { betreff: 'x' } } }), 423);
    expect(err.messageParameters.length).toBeGreaterThan(0);
  });

  it('the holder of the lock changes with its token; a token of another record is refused (423)', async () => {
    const b = await f.beleg();
    const other = await f.beleg();
    const lock = await f.sperre({ tabelle: 'BEK', datensatzId: b.id });
    const ok = await c.call(endpoints.belegPositionCreate, {
      as: 'admin',
      params: { id: b.id },
      body: { data: { positionsArt: 'T', bezeichnung: 'gesperrt bearbeitet' } },
      headers: { 'x-lock-token': lock.token },
    });
    expect(ok.status).toBe(201);
    expectError(
      await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: other.id }, body: { data: { betreff: 'x' } }, headers: { 'x-lock-token': lock.token } }),
      423,
    );
    const fremd = await f.sperre({ tabelle: 'BEK', datensatzId: other.id }, { as: 'buero' });
    expect(fremd.token).toBeTruthy();
    expectError(await c.call(endpoints.belegDelete, { as: 'admin', params: { id: other.id } }), 423);
  });

  it('validation errors are 400 with field errors, never 500', async () => {
    const b = await f.beleg();
    const cases: [unknown, string][] = [
      [{ belegdatum: '2024-02-30' }, 'belegdatum'],
      [{ rabatt1Prozent: 101 }, 'rabatt1Prozent'],
      [{ waehrung: 'euro' }, 'waehrung'],
      [{ zahlart: 99_999 }, 'zahlart'],
      [{ zustaendigerMitarbeiter: 99_999 }, 'zustaendigerMitarbeiter'],
      [{ ansprechpartnerId: 99_999 }, 'ansprechpartnerId'],
      [{ frachtkosten: 'viel' }, 'frachtkosten'],
    ];
    for (const [data, feld] of cases) {
      const err = expectError(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: invalid({ data }) }), 400);
      expect(Object.keys(err.errors.fieldErrors).join()).toContain(feld);
    }
    expectError(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: 99_999_999 }, body: { data: { betreff: 'x' } } }), 404);
  });
});

describe('delete', () => {
  it('[RIGHT-020] needs BEK_LOESCHEN; deletes an unbooked document with positions and history', async () => {
    const b = await f.beleg({}, { as: ohneLoeschen.anmeldename });
    await f.position(b.id, {}, { as: ohneLoeschen.anmeldename });
    const err = expectError(await c.call(endpoints.belegDelete, { as: ohneLoeschen.anmeldename, params: { id: b.id } }), 403);
    expect(err.messageParameters).toContain('BEK_LOESCHEN');
    const res = await c.call(endpoints.belegDelete, { as: 'admin', params: { id: b.id } });
    expect(res.status).toBe(204);
    expectError(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } }), 404);
    expect(await db.selectFrom('belegPositionen').select('id').where('belegId', '=', b.id).execute()).toEqual([]);
    expect(await db.selectFrom('belegStatushistorie').select('id').where('belegId', '=', b.id).execute()).toEqual([]);
  });

  it('[BEL-027] a document in any status but 1 and 2 cannot be deleted (422); a saved or printed one can', async () => {
    for (const status of [3, 4, 5, 6, 8, 9]) {
      const b = await f.beleg();
      await setStatus(b.id, status, status !== 8);
      expectError(await c.call(endpoints.belegDelete, { as: 'admin', params: { id: b.id } }), 422);
      expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.belegstatus, `status ${status}`).toBe(status);
    }
    for (const status of [1, 2]) {
      const b = await f.beleg();
      await setStatus(b.id, status, false);
      expect((await c.call(endpoints.belegDelete, { as: 'admin', params: { id: b.id } })).status, `status ${status}`).toBe(204);
    }
  });

  it("another user's document needs BEK_FREMDBEARB to be deleted", async () => {
    const loescherOhneFremd = await f.benutzer({ rechte: { BEK_FREMDBEARB: false, BEK_LOESCHEN: true } });
    const b = await f.beleg({}, { as: 'buero' });
    expectError(await c.call(endpoints.belegDelete, { as: loescherOhneFremd.anmeldename, params: { id: b.id } }), 403);
    expect((await c.call(endpoints.belegDelete, { as: mitFremd.anmeldename, params: { id: b.id } })).status).toBe(204);
  });
});

describe('positions', () => {
  it('[BEL-022] adds an article line by number with the base price and answers the position and the refreshed head', async () => {
    const artikel = await f.artikel({ vknetto: 12.5, mengeneinheit: 'Stk', bezeichnung: 'Kugelhahn DN25' });
    const b = await f.beleg();
    const res = await c.call(endpoints.belegPositionCreate, {
      as: 'admin',
      params: { id: b.id },
      body: { data: { artikelnummer: artikel.artikelnummer, menge: 4 } },
    });
    expect(res.status).toBe(201);
    const { position, beleg } = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.belegPositionGet.path, { id: b.id, positionId: position.id }));
    expect(position).toMatchObject({
      positionsArt: 'A',
      position: 10,
      artikelId: artikel.id,
      bezeichnung: 'Kugelhahn DN25',
      mengeneinheit: 'Stk',
      menge: 4,
      einzelpreis: 12.5,
      endpreis: 12.5,
      gesamtpreis: 50,
      mwstSatz: 19,
    });
    expect(position.artikelnummer).toBe(artikel.artikelnummer);
    // every field the spec names for a position
    expect(Object.keys(position)).toEqual(
      expect.arrayContaining([
        'positionsArt',
        'position',
        'menge',
        'artikelnummer',
        'bezeichnung',
        'mengeneinheit',
        'einzelpreis',
        'rabatt1',
        'rabatt2',
        'gesamtpreis',
        'endpreis',
        'lagId',
        'lagerNr',
        'teuerungszuschlag',
        'eilzuschlag',
      ]),
    );
    expect(position.preisHerkunft).toMatchObject({ regel: 'GRUNDPREIS', quelle: 'artikel', quelleId: artikel.id, grundpreis: 12.5, ergebnis: 12.5 });
    expect(beleg).toMatchObject({ betragNetto: 50, endbetragNetto: 50, mwstBetrag: 9.5, betragBrutto: 59.5 });
    expect(expectOk(await c.call(endpoints.belegPositionGet, { as: 'admin', params: { id: b.id, positionId: position.id } })).result).toEqual(position);
  });

  it('an unknown article is a field error (400), a blocked one 422, a missing one 400', async () => {
    const b = await f.beleg();
    const nr = expectError(
      await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { artikelnummer: 'GIBT-ES-NICHT' } } }),
      400,
    );
    expect(nr.errors.fieldErrors.artikelnummer?.[0]).toContain('GIBT-ES-NICHT');
    const id = expectError(await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { artikelId: 99_999_999 } } }), 400);
    expect(id.errors.fieldErrors.artikelId).toBeDefined();
    const ohne = expectError(await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { menge: 2 } } }), 400);
    expect(ohne.errors.fieldErrors.artikelnummer).toBeDefined();
    const gesperrt = await f.artikel({ gesperrt: true });
    expectError(await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { artikelId: gesperrt.id } } }), 422);
    const menge = expectError(
      await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: invalid({ data: { artikelId: gesperrt.id, menge: 'zwei' } }) }),
      400,
    );
    expect(menge.errors.fieldErrors.menge).toBeDefined();
    expectError(
      await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: 99_999_999 }, body: { data: { positionsArt: 'T', bezeichnung: 'x' } } }),
      404,
    );
  });

  it('[BEL-023] a text line has title and description; quantity and prices are blanked', async () => {
    const b = await f.beleg();
    await f.position(b.id);
    const { position, beleg } = await f.position(b.id, {
      positionsArt: 'T',
      bezeichnung: 'Hinweis',
      beschreibung: 'Lieferung frei Baustelle',
      menge: 5,
      einzelpreis: 99,
    });
    expect(position).toMatchObject({
      positionsArt: 'T',
      bezeichnung: 'Hinweis',
      beschreibung: 'Lieferung frei Baustelle',
      menge: null,
      einzelpreis: null,
      gesamtpreis: null,
      endpreis: null,
      preisHerkunft: null,
    });
    expect(beleg.betragNetto).toBe(100);
    const titel = expectError(
      await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { positionsArt: 'T', bezeichnung: ' ' } } }),
      400,
    );
    expect(titel.errors.fieldErrors.bezeichnung).toEqual(['Bitte einen Titel eingeben']);
    const changed = expectOk(
      await c.call(endpoints.belegPositionUpdate, {
        as: 'admin',
        params: { id: b.id, positionId: position.id },
        body: { data: { beschreibung: 'Neu', menge: 3 } },
      }),
    ).result.position;
    expect(changed).toMatchObject({ beschreibung: 'Neu', menge: null });
  });

  it('changes quantity and discounts; the line and the head follow', async () => {
    const b = await f.beleg();
    const { position } = await f.position(b.id, { menge: 2 });
    const r = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { menge: 3, rabatt1: 10 } } }),
    ).result;
    expect(r.position).toMatchObject({ menge: 3, rabatt1: 10, endpreis: 90, gesamtpreis: 270 });
    expect(r.beleg).toMatchObject({ betragNetto: 270, mwstBetrag: 51.3, betragBrutto: 321.3 });
    const manual = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { einzelpreis: 80 } } }),
    ).result.position;
    expect(manual).toMatchObject({ einzelpreis: 80, preisManuell: true, gesamtpreis: 216 });
    expect(manual.preisHerkunft?.regel).toBe('MANUELL');
    // a manual price stays when the quantity changes; preisNeuErmitteln drops it
    const stays = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { menge: 1 } } }),
    ).result.position;
    expect(stays.einzelpreis).toBe(80);
    const again = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { preisNeuErmitteln: true } } }),
    ).result.position;
    expect(again).toMatchObject({ einzelpreis: 100, preisManuell: false });
    expect(again.preisHerkunft?.regel).toBe('GRUNDPREIS');
  });

  it('deletes a position (numbers close up) and reorders; a wrong order list is a 400', async () => {
    const b = await f.beleg();
    const p1 = (await f.position(b.id)).position;
    const p2 = (await f.position(b.id, { positionsArt: 'T', bezeichnung: 'Zwischentitel' })).position;
    const p3 = (await f.position(b.id)).position;
    const ins = (await f.position(b.id, { positionsArt: 'T', bezeichnung: 'Vorne', position: 10 })).position;
    const order = () =>
      c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: b.id } }).then((r) => expectOk(r).result.map((p) => [p.id, p.position]));
    expect(await order()).toEqual([
      [ins.id, 10],
      [p1.id, 20],
      [p2.id, 30],
      [p3.id, 40],
    ]);
    expect((await c.call(endpoints.belegPositionDelete, { as: 'admin', params: { id: b.id, positionId: p1.id } })).status).toBe(204);
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result.betragNetto).toBe(100);
    expect(await order()).toEqual([
      [ins.id, 10],
      [p2.id, 20],
      [p3.id, 30],
    ]);
    const re = expectOk(
      await c.call(endpoints.belegPositionenReihenfolge, { as: 'admin', params: { id: b.id }, body: { data: { positionIds: [p3.id, ins.id, p2.id] } } }),
    ).result;
    expect(re.positionen.map((p) => [p.id, p.position])).toEqual([
      [p3.id, 10],
      [ins.id, 20],
      [p2.id, 30],
    ]);
    expect(re.beleg.betragNetto).toBe(100);
    const bad = expectError(
      await c.call(endpoints.belegPositionenReihenfolge, { as: 'admin', params: { id: b.id }, body: { data: { positionIds: [p3.id, ins.id] } } }),
      400,
    );
    expect(bad.errors.fieldErrors.positionIds).toBeDefined();
    expectError(
      await c.call(endpoints.belegPositionenReihenfolge, { as: 'admin', params: { id: b.id }, body: { data: { positionIds: [p3.id, ins.id, p2.id, p1.id] } } }),
      400,
    );
    expectError(await c.call(endpoints.belegPositionDelete, { as: 'admin', params: { id: b.id, positionId: p1.id } }), 404);
  });

  it('[BEL-027] positions of a document in any status but 1 and 2 cannot be added, changed, deleted or reordered', async () => {
    for (const status of [3, 4, 5, 6, 8, 9]) {
      const b = await f.beleg();
      const { position } = await f.position(b.id);
      await setStatus(b.id, status, status !== 8);
      expectError(
        await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { positionsArt: 'T', bezeichnung: 'x' } } }),
        422,
      );
      expectError(
        await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { menge: 9 } } }),
        422,
      );
      expectError(await c.call(endpoints.belegPositionDelete, { as: 'admin', params: { id: b.id, positionId: position.id } }), 422);
      expectError(
        await c.call(endpoints.belegPositionenReihenfolge, { as: 'admin', params: { id: b.id }, body: { data: { positionIds: [position.id] } } }),
        422,
      );
      const row = expectOk(await c.call(endpoints.belegPositionGet, { as: 'admin', params: { id: b.id, positionId: position.id } })).result;
      expect(row.menge, `status ${status}`).toBe(1);
    }
    // printed (2) still takes changes
    const gedruckt = await f.beleg();
    const { position } = await f.position(gedruckt.id);
    await setStatus(gedruckt.id, 2);
    expectOk(await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: gedruckt.id, positionId: position.id }, body: { data: { menge: 9 } } }));
  });

  it('amounts beyond the safe range are a 422 on quantity and price, never a 500, and nothing is written', async () => {
    const b = await f.beleg();
    const art = await f.artikel({ vknetto: 1e9 });
    const err = expectError(
      await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { artikelId: art.id, menge: 1e9 } } }),
      422,
    );
    expect(err.errors.fieldErrors.menge).toBeDefined();
    expect(expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: b.id } })).result).toEqual([]);
  });

  it('a repeated Idempotency-Key adds the position once', async () => {
    const b = await f.beleg();
    const art = await f.artikel();
    const call = () =>
      c.call(endpoints.belegPositionCreate, {
        as: 'admin',
        params: { id: b.id },
        body: { data: { artikelId: art.id } },
        headers: { 'idempotency-key': `pos-${b.id}` },
      });
    const first = expectOk(await call()).result;
    const second = expectOk(await call()).result;
    expect(second.position.id).toBe(first.position.id);
    expect(expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: b.id } })).result).toHaveLength(1);
  });

  it('parallel position writes on one document are serialised: distinct numbers and totals of every line', async () => {
    const b = await f.beleg();
    const art = await f.artikel({ vknetto: 10 });
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data: { artikelId: art.id, menge: i + 1 } } }),
      ),
    );
    for (const r of res) expectOk(r);
    const positionen = expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id: b.id } })).result;
    expect(positionen.map((p) => p.position)).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 10));
    // 10 € × (1 + 2 + … + 12) = 780 €
    expect(expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result).toMatchObject({ betragNetto: 780, mwstBetrag: 148.2 });
  });

  it('a position of another document is not found', async () => {
    const a = await f.beleg();
    const b = await f.beleg();
    const { position } = await f.position(a.id);
    expectError(await c.call(endpoints.belegPositionGet, { as: 'admin', params: { id: b.id, positionId: position.id } }), 404);
    expectError(await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { menge: 2 } } }), 404);
  });
});

describe('totals', () => {
  it('both head discounts, freight, cash on delivery, insurance and two VAT rates to the cent (hand-computed)', async () => {
    const a19 = await f.artikel({ vknetto: 19.99, mwstsatz: 19 });
    const a7 = await f.artikel({ vknetto: 7.5, mwstsatz: 7 });
    const a19b = await f.artikel({ vknetto: 12.3456, mwstsatz: 19 });
    const b = await f.beleg({ rabatt1Prozent: 10, rabatt1Text: 'Treuerabatt', rabatt2Betrag: 5, frachtkosten: 4.9, nachnahme: 2, versicherung: 1.1 });
    // 3 × 19.99 less 10 % and 5 % = 59.97 × 0.855 = 51.27435 → 51.27
    const l1 = (await f.position(b.id, { artikelId: a19.id, menge: 3, rabatt1: 10, rabatt2: 5, ek: 10 })).position;
    // the effective unit price 19.99 × 0.855 = 17.09145 is shown as money: rounded to the cent
    expect(l1).toMatchObject({ gesamtpreis: 51.27, endpreis: 17.09 });
    // 2 × 7.50 at 7 %
    await f.position(b.id, { artikelId: a7.id, menge: 2, ek: 5 });
    await f.position(b.id, { positionsArt: 'T', bezeichnung: 'Text zählt nicht' });
    // 1 × 12.3456 = 12.3456 → 12.35
    const last = (await f.position(b.id, { artikelId: a19b.id, menge: 1 })).beleg;
    // lines 78.62 (19 %: 63.62, 7 %: 15.00); discount 1: 10 % = 7.862 → 7.86; discount 2: 5.00; together 12.86
    // split: 7 % gets 12.86 × 15.00 / 78.62 = 2.4536 → 2.45, 19 % the rest 10.41
    // 19 %: 63.62 − 10.41 + 4.90 + 2.00 + 1.10 = 61.21 → VAT 11.6299 → 11.63; 7 %: 12.55 → VAT 0.8785 → 0.88
    expect(last).toMatchObject({
      betragNetto: 78.62,
      rabatt1Wert: 7.86,
      rabatt2Wert: 5,
      rabatt1Text: 'Treuerabatt',
      endbetragNetto: 73.76,
      mwstBetrag: 12.51,
      betragBrutto: 86.27,
      frachtkostenBrutto: 5.83,
      // 78.62 − 12.86 − (3 × 10 + 2 × 5) = 25.76
      rohertrag: 25.76,
    });
    expect(last.mwstAufteilung).toEqual([
      { satz: 7, netto: 12.55, mwst: 0.88 },
      { satz: 19, netto: 61.21, mwst: 11.63 },
    ]);
  });

  it('a surcharge percent and a rush amount raise the line; weight sums per unit × quantity', async () => {
    const art = await f.artikel({ vknetto: 10, gewicht: 1500 });
    const b = await f.beleg();
    const { position, beleg } = await f.position(b.id, { artikelId: art.id, menge: 2.5, teuerungszuschlag: 3, eilzuschlag: 1.5 });
    // 2.5 × 10 × 1.03 = 25.75 + 1.50 = 27.25
    expect(position).toMatchObject({ gesamtpreis: 27.25, endpreis: 10.3, gewicht: 1.5 });
    expect(beleg).toMatchObject({ betragNetto: 27.25, gewicht: 3.75, mwstBetrag: 5.18, betragBrutto: 32.43 });
  });
});

describe('totals (unit)', () => {
  const zeile = (menge: number, einzelpreis: number, mwstSatz: number, extra: Partial<Parameters<typeof zeilenWerte>[0]> = {}) => {
    const z = {
      positionsArt: 'A',
      menge,
      einzelpreis,
      rabatt1: 0,
      rabatt2: 0,
      teuerungszuschlag: 0,
      eilzuschlag: 0,
      mwstSatz,
      ek: null,
      gewicht: null,
      ...extra,
    };
    return { ...z, ...zeilenWerte(z) };
  };
  const kopf = { frachtkosten: 0, nachnahme: 0, versicherung: 0, rabatt1Prozent: null, rabatt1Betrag: null, rabatt2Prozent: null, rabatt2Betrag: null };

  it('splits a discount over the rates exactly; the largest rate takes the remainder', () => {
    expect(verteile(100n, [1n, 1n, 1n], 2)).toEqual([33n, 33n, 34n]);
    expect(verteile(1n, [5n, 5n], 0)).toEqual([0n, 1n]);
    expect(verteile(7n, [0n, 0n], 1)).toEqual([0n, 7n]);
  });

  it('an empty document is all zeros with no VAT rows; text lines count nothing', () => {
    expect(belegSummen(kopf, [])).toMatchObject({ betragNetto: 0, endbetragNetto: 0, mwstBetrag: 0, betragBrutto: 0, mwstAufteilung: [] });
    const text = { ...zeile(0, 0, 0), positionsArt: 'T' };
    expect(belegSummen(kopf, [text]).mwstAufteilung).toEqual([]);
  });

  it('VAT is rounded once per rate on the sum of the lines, not per line (3 × 0.33 € at 19 %)', () => {
    // per line 0.0627 → 0.06, three lines 0.18; per rate on 0.99 → 0.1881 → 0.19
    const lines = [zeile(1000, 3300, 1900), zeile(1000, 3300, 1900), zeile(1000, 3300, 1900)];
    expect(belegSummen(kopf, lines)).toMatchObject({ betragNetto: 99, mwstBetrag: 19, betragBrutto: 118 });
  });

  it('a percent discount of 100 % leaves only the charges', () => {
    const s = belegSummen({ ...kopf, rabatt1Prozent: 10_000, frachtkosten: 1000 }, [zeile(2000, 500_000, 700), zeile(1000, 100_000, 1900)]);
    expect(s).toMatchObject({ betragNetto: 11_000, rabatt1Wert: 11_000, endbetragNetto: 1000, hauptsatz: 700 });
    expect(s.mwstAufteilung).toEqual([
      { satz: 700, netto: 1000, mwst: 70 },
      { satz: 1900, netto: 0, mwst: 0 },
    ]);
  });
});

describe('purchase price (ART_EK)', () => {
  it('[RIGHT-012] ek and rohertrag are left out of every answer without ART_EK; setting ek needs it', async () => {
    const b = await f.beleg({}, { as: ohneLoeschen.anmeldename });
    const { position, beleg } = await f.position(b.id, {}, { as: ohneLoeschen.anmeldename });
    expect('ek' in position).toBe(false);
    expect('rohertrag' in beleg).toBe(false);
    const list = expectOk(await c.call(endpoints.belegPositionenList, { as: ohneLoeschen.anmeldename, params: { id: b.id } })).result;
    expect(list.every((p) => !('ek' in p))).toBe(true);
    expect(
      'ek' in expectOk(await c.call(endpoints.belegPositionGet, { as: ohneLoeschen.anmeldename, params: { id: b.id, positionId: position.id } })).result,
    ).toBe(false);
    const err = expectError(
      await c.call(endpoints.belegPositionUpdate, { as: ohneLoeschen.anmeldename, params: { id: b.id, positionId: position.id }, body: { data: { ek: 1 } } }),
      403,
    );
    expect(err.messageParameters).toContain('ART_EK');
    expectError(await c.call(endpoints.belegPositionenList, { as: ohneLoeschen.anmeldename, params: { id: b.id }, query: { orderBy: 'ek' } }), 400);
    const admin = expectOk(
      await c.call(endpoints.belegPositionUpdate, { as: 'admin', params: { id: b.id, positionId: position.id }, body: { data: { ek: 60 } } }),
    ).result;
    expect(admin.position.ek).toBe(60);
    expect(admin.beleg.rohertrag).toBe(40);
    const historie = expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id: b.id } })).result;
    expect(historie.some((h) => h.art === 'H')).toBe(true);
  });
});

const listen = await (async () => {
  const adresse = await f.adresse({ name1: 'Listenkunde Ökotherm' });
  const angebot = await f.beleg({ adresseId: adresse.id, belegart: '0100', betreff: 'Wärmepumpe Süd', belegdatum: '2031-03-01' });
  const auftrag = await f.beleg({ adresseId: adresse.id, belegart: '0200', belegdatum: '2031-03-02' });
  const rechnung = await f.beleg({ adresseId: adresse.id, belegart: '0400', belegdatum: '2031-03-03' });
  await setStatus(auftrag.id, 3);
  return { adresse, angebot, auftrag, rechnung };
})();

describe('list', () => {
  const { adresse, angebot, auftrag, rechnung } = listen;

  it('[BEL-037] lists with returnTotal and the filters belegart, belegstatus and adresse (alias adresseId); newest first by default', async () => {
    const gefiltert = expectOk(
      await c.call(endpoints.belegeList, { as: 'admin', query: { adresse: adresse.id, belegart: '0100,0200', belegstatus: '1,2,3', returnTotal: true } }),
    );
    expect(gefiltert.result.map((b) => b.id)).toEqual([auftrag.id, angebot.id]);
    expect(gefiltert.resultCount).toBe(2);
    const nurGebucht = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresse: adresse.id, belegstatus: '3', returnTotal: true } }));
    expect([nurGebucht.result.map((b) => b.id), nurGebucht.resultCount]).toEqual([[auftrag.id], 1]);
    const nurRechnung = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresse: adresse.id, belegart: '0400', returnTotal: true } }));
    expect([nurRechnung.result.map((b) => b.id), nurRechnung.resultCount]).toEqual([[rechnung.id], 1]);
    const r = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, returnTotal: true } }));
    expect(r.result.map((b) => b.id)).toEqual([rechnung.id, auftrag.id, angebot.id]);
    expect(r.resultCount).toBe(3);
    const alias = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresse: adresse.id } })).result;
    expect(alias.map((b) => b.id)).toEqual([rechnung.id, auftrag.id, angebot.id]);
    const all = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { limit: 50 } })).result;
    const dates = all.map((b) => b.belegdatum);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters belegart and belegstatus as comma lists (the default pick-list filter)', async () => {
    const r = expectOk(
      await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, belegart: '0100,0200', belegstatus: '1,2,3' } }),
    ).result;
    expect(r.map((b) => b.id).sort()).toEqual([angebot.id, auftrag.id].sort());
    const booked = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, belegstatus: '3' } })).result;
    expect(booked.map((b) => b.id)).toEqual([auftrag.id]);
    const viaFilter = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { filter: `adresseId=${adresse.id},belegtyp=04` } })).result;
    expect(viaFilter.map((b) => b.id)).toEqual([rechnung.id]);
    expectError(await c.call(endpoints.belegeList, { as: 'admin', query: { belegstatus: invalid('1;2') } }), 400);
    expectError(await c.call(endpoints.belegeList, { as: 'admin', query: { belegart: invalid('01') } }), 400);
    expectError(await c.call(endpoints.belegeList, { as: 'admin', query: { orderBy: 'gibtsnicht' } }), 400);
  });

  it('q searches the number, the address name and the subject', async () => {
    const byNr = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { q: rechnung.belegnummer } })).result;
    expect(byNr.map((b) => b.id)).toContain(rechnung.id);
    expect(byNr.every((b) => b.belegnummer === rechnung.belegnummer || b.belegnummer.includes(rechnung.belegnummer.slice(-5)))).toBe(true);
    const byName = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { q: 'Ökotherm' } })).result;
    expect(byName.map((b) => b.id).sort()).toEqual([angebot.id, auftrag.id, rechnung.id].sort());
    const bySubject = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { q: 'wärmepumpe süd' } })).result;
    expect(bySubject.map((b) => b.id)).toEqual([angebot.id]);
    expect(expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { q: 'zzqqxxnichtda' } })).result).toEqual([]);
  });

  it('deep windows (late row lookup past 2,000 rows) answer the same rows as the full order', async () => {
    const adresse = await f.adresse({ name1: 'Fenstertest' });
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      belegart: i % 2 ? '0100' : '0200',
      belegnummer: `FT-${i}`,
      belegdatum: `2019-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      belegstatus: (i % 3) + 1,
      adresseId: adresse.id,
      adresseName: 'Fenstertest',
      angelegtAm: now,
      geaendertAm: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('belege')
        .values(rows.slice(i, i + 500))
        .execute();
    const all = await db.selectFrom('belege').select(['id', 'belegdatum']).where('adresseId', '=', adresse.id).where('belegstatus', 'in', [1, 2]).execute();
    const expected = all.sort((a, b) => (a.belegdatum === b.belegdatum ? b.id - a.id : a.belegdatum < b.belegdatum ? 1 : -1)).map((r) => r.id);
    const page = expectOk(
      await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, belegstatus: '1,2', offset: 1700, limit: 50, returnTotal: true } }),
    );
    expect(page.resultCount).toBe(expected.length);
    expect(page.result.map((b) => b.id)).toEqual(expected.slice(1700, 1750));
    const alle = (await db.selectFrom('belege').select(['id', 'belegdatum']).where('adresseId', '=', adresse.id).execute())
      .sort((a, b) => (a.belegdatum === b.belegdatum ? b.id - a.id : a.belegdatum < b.belegdatum ? 1 : -1))
      .map((r) => r.id);
    const deep = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: adresse.id, offset: 2500, limit: 50 } })).result;
    expect(deep.map((b) => b.id)).toEqual(alle.slice(2500, 2550));
    expect(deep[0]?.belegtyp).toMatch(/^0[12]$/);
  });

  it('sorts the address name in German order (Ä as A)', async () => {
    for (const name1 of ['Sortiertest Zander', 'Sortiertest Ärzte', 'Sortiertest Bäcker', 'Sortiertest Amsel']) {
      await f.beleg({ adresseId: (await f.adresse({ name1 })).id });
    }
    const r = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { filter: 'adresseName~Sortiertest', orderBy: 'adresseName' } })).result;
    expect(r.map((b) => b.adresseName)).toEqual(['Sortiertest Amsel', 'Sortiertest Ärzte', 'Sortiertest Bäcker', 'Sortiertest Zander']);
  });
});
