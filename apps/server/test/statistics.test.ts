import { endpoints, GEBURTSTAGE_MAX, PRESETS_WARENGRUPPEN_CHART } from '@vario/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { umsatzNachgezaehlt, umsatzNeuAufbauen } from '../src/db/umsatz';
import { api, expectOk, invalid } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/** Issue 23 items 4–6 and 9: the statistics dashboard, birthdays, the turnover aggregate and computed queries. */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const as = 'admin';

const heute = () => new Date().toISOString().slice(0, 10);
const buchen = (id: number) => c.call(endpoints.belegBuchen, { as, params: { id }, body: {} });
const stornieren = (id: number) => c.call(endpoints.belegStornieren, { as, params: { id }, body: {} });

/** A booked document of `art` with one line of `netto` euro of an article (of product group `warengruppeId`). */
async function gebucht(art: '0400' | '0500', adresseId: number, netto: number, warengruppeId: number | null = null) {
  const a = await f.artikel({ artikelart: '3', vknetto: netto, warengruppeId });
  const b = await f.beleg({ belegart: art, adresseId });
  await f.position(b.id, { artikelId: a.id, menge: 1, einzelpreis: netto, mwstSatz: 19 });
  expectOk(await buchen(b.id));
  return b;
}

const firma = async () => expectOk(await c.call(endpoints.umsatzGesamt, { as })).daten[0]!.datensaetze;
const monatVon = (rows: { jahr: number; monat: number; summe: number }[], jahr: number, monat: number) =>
  rows.find((r) => r.jahr === jahr && r.monat === monat)?.summe ?? 0;
const jetzt = () => ({ jahr: Number(heute().slice(0, 4)), monat: Number(heute().slice(5, 7)) });
const adressUmsatz = async (adresseId: number) => expectOk(await c.call(endpoints.umsatzstatistik, { as, query: { adresseId } })).daten[0]!.datensaetze;
const gruppen = async (query: { geschaeftsjahr?: number } = {}) => expectOk(await c.call(endpoints.umsatzWarengruppen, { as, query })).daten[0]!.datensaetze;

/** The aggregate as stored, without cells that net to zero (the rebuild leaves those out). */
const gespeichert = async () =>
  (
    await db.selectFrom('umsatzMonate').selectAll().where('summe', '<>', 0).orderBy('ebene').orderBy('schluessel').orderBy('jahr').orderBy('monat').execute()
  ).map((r) => ({ ...r, schluessel: Number(r.schluessel), jahr: Number(r.jahr), monat: Number(r.monat), summe: Number(r.summe) }));

describe(`turnover on the dashboard (${DB_KIND})`, () => {
  it('[STAT-004] [STAT-007] company turnover by year and month: a new booked invoice adds its net, a credit note takes its net off, a cancelled invoice nets out', async () => {
    const { jahr, monat } = jetzt();
    const kunde = await f.adresse();
    const vorher = monatVon(await firma(), jahr, monat);
    const re = await gebucht('0400', kunde.id, 1234.56);
    expect(monatVon(await firma(), jahr, monat)).toBeCloseTo(vorher + 1234.56, 2);
    await gebucht('0500', kunde.id, 34.56);
    expect(monatVon(await firma(), jahr, monat)).toBeCloseTo(vorher + 1200, 2);
    // not booked: not counted
    const offen = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    await f.position(offen.id, { menge: 1, einzelpreis: 999 });
    expect(monatVon(await firma(), jahr, monat)).toBeCloseTo(vorher + 1200, 2);
    // GoBD: the cancellation document (booked now, this month) nets the invoice out
    expectOk(await stornieren(re.id));
    expect(monatVon(await firma(), jahr, monat)).toBeCloseTo(vorher - 34.56, 2);
    const rows = await firma();
    expect(rows.every((r) => r.monat >= 1 && r.monat <= 12 && Number.isInteger(r.jahr))).toBe(true);
    expect(rows.map((r) => r.jahr * 100 + r.monat)).toEqual([...rows.map((r) => r.jahr * 100 + r.monat)].sort((a, b) => a - b));
  });

  it('the dashboard figures equal the address turnover tab summed over every address, month by month', async () => {
    await gebucht('0400', (await f.adresse()).id, 77.7);
    const adressen = await db.selectFrom('belege').select('adresseId').distinct().where('gebuchtAm', 'is not', null).execute();
    const summe = new Map<string, number>();
    for (const { adresseId } of adressen)
      for (const r of await adressUmsatz(adresseId)) summe.set(`${r.jahr}-${r.monat}`, (summe.get(`${r.jahr}-${r.monat}`) ?? 0) + Math.round(r.summe * 100));
    const gesamt = await firma();
    expect(gesamt.length).toBeGreaterThan(0);
    for (const r of gesamt) expect(summe.get(`${r.jahr}-${r.monat}`) ?? 0, `${r.jahr}-${r.monat}`).toBe(Math.round(r.summe * 100));
    expect([...summe.values()].filter((v) => v !== 0).length).toBe(gesamt.length);
  });

  it('[STAT-008] turnover by product group: rows in daten[0].datensaetze with warengruppe, summe, monat; per month the groups add up to the company turnover', async () => {
    const wg = (await db.selectFrom('warengruppen').select(['id', 'bezeichnung']).orderBy('id').limit(2).execute()) as { id: number; bezeichnung: string }[];
    expect(wg.length).toBe(2);
    const { jahr, monat } = jetzt();
    const vorher = (await gruppen()).filter((r) => r.jahr === jahr && r.monat === monat);
    const von = (rows: typeof vorher, id: number) => rows.find((r) => r.warengruppeId === id)?.summe ?? 0;
    const kunde = await f.adresse();
    await gebucht('0400', kunde.id, 500, wg[0]!.id);
    await gebucht('0400', kunde.id, 20.25, wg[1]!.id);
    await gebucht('0400', kunde.id, 3, null);
    const nachher = (await gruppen()).filter((r) => r.jahr === jahr && r.monat === monat);
    expect(von(nachher, wg[0]!.id) - von(vorher, wg[0]!.id)).toBeCloseTo(500, 2);
    expect(von(nachher, wg[1]!.id) - von(vorher, wg[1]!.id)).toBeCloseTo(20.25, 2);
    expect(von(nachher, 0) - von(vorher, 0)).toBeCloseTo(3, 2);
    expect(nachher.find((r) => r.warengruppeId === wg[0]!.id)).toMatchObject({ warengruppe: wg[0]!.bezeichnung, monat, jahr });
    expect(nachher.find((r) => r.warengruppeId === 0)?.warengruppe).toBeNull();
    const summe = nachher.reduce((s, r) => s + Math.round(r.summe * 100), 0);
    expect(summe).toBe(Math.round(monatVon(await firma(), jahr, monat) * 100));
  });

  it('[STAT-005] [STAT-006] product-group turnover covers the twelve months of the fiscal year that starts with the system parameter', async () => {
    const start = Number((await db.selectFrom('systemParameter').select('wert').where('name', '=', 'PFA.WIRTSCHAFTSJAHRBEGINN').executeTakeFirst())?.wert ?? 1);
    const { jahr, monat } = jetzt();
    const gj = monat >= start ? jahr : jahr - 1;
    const erster = gj * 100 + start;
    const letzter = start === 1 ? gj * 100 + 12 : (gj + 1) * 100 + start - 1;
    const rows = await gruppen();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.jahr * 100 + r.monat).toBeGreaterThanOrEqual(erster);
    for (const r of rows) expect(r.jahr * 100 + r.monat).toBeLessThanOrEqual(letzter);
    // an earlier fiscal year by its first calendar year
    const frueher = await gruppen({ geschaeftsjahr: gj - 1 });
    for (const r of frueher) expect(r.jahr * 100 + r.monat).toBeLessThan(erster);
    expectError(await c.call(endpoints.umsatzWarengruppen, { as, query: invalid({ geschaeftsjahr: 'x' }) }), 400);
  });

  it('[STAT-009] hidden legend entries are kept per user as a JSON string in presetsTurnOverGroupChart', async () => {
    const wert = JSON.stringify(['Pumpen', 'Ohne Warengruppe']);
    expectOk(await c.call(endpoints.webappParameterSet, { as: 'buero', params: { name: PRESETS_WARENGRUPPEN_CHART }, body: { data: { wert } } }));
    expect(expectOk(await c.call(endpoints.webappParameterGet, { as: 'buero', params: { name: PRESETS_WARENGRUPPEN_CHART } })).result.wert).toBe(wert);
    expect(expectOk(await c.call(endpoints.webappParameterGet, { as, params: { name: PRESETS_WARENGRUPPEN_CHART } })).result.wert).not.toBe(wert);
  });

  it('turnover needs the documents see-right, birthdays the addresses see-right', async () => {
    const ohneBek = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    const ohneAdr = await f.benutzer({ rechte: { ADR_SEHEN: false } });
    expectError(await c.call(endpoints.umsatzGesamt, { as: ohneBek.anmeldename }), 403);
    expectError(await c.call(endpoints.umsatzWarengruppen, { as: ohneBek.anmeldename }), 403);
    expectError(await c.call(endpoints.geburtstage, { as: ohneAdr.anmeldename }), 403);
    expectOk(await c.call(endpoints.geburtstage, { as: ohneBek.anmeldename }));
    expectOk(await c.call(endpoints.umsatzGesamt, { as: ohneAdr.anmeldename }));
  });

  it('open items by dunning level: the overview equals the open items list counted by level', async () => {
    await f.offenerPosten({ betrag: 321.09 });
    const o = expectOk(await c.call(endpoints.offenePostenUebersicht, { as })).daten[0]!.datensaetze[0]!;
    const rows = await db.selectFrom('offenePosten').select(['mahnstufe', 'offenerBetrag']).where('abgeschlossen', '=', false).execute();
    for (let stufe = 0; stufe <= 5; stufe++) {
      const auf = rows.filter((r) => Number(r.mahnstufe) === stufe);
      expect(o[`stufe${stufe}_Anzahl` as keyof typeof o]).toBe(auf.length);
      expect(Math.round(Number(o[`stufe${stufe}_Betrag` as keyof typeof o]) * 100)).toBe(auf.reduce((s, r) => s + Number(r.offenerBetrag), 0));
    }
  });
});

describe(`the turnover aggregate (${DB_KIND})`, () => {
  it('kept in the booking and cancelling transaction: the stored cells equal a recount; the rebuild gives the same cells and the same answers', async () => {
    const kunde = await f.adresse();
    const re = await gebucht('0400', kunde.id, 10.01);
    await gebucht('0500', kunde.id, 2.02);
    expectOk(await stornieren(re.id));
    await gebucht('0400', kunde.id, 5.05);
    expect(await gespeichert()).toEqual(await umsatzNachgezaehlt(db));
    const vorher = { firma: await firma(), adresse: await adressUmsatz(kunde.id), gruppen: await gruppen() };
    await db.transaction().execute((trx) => umsatzNeuAufbauen(trx));
    expect(await gespeichert()).toEqual(await umsatzNachgezaehlt(db));
    expect({ firma: await firma(), adresse: await adressUmsatz(kunde.id), gruppen: await gruppen() }).toEqual(vorher);
  });

  it('a refused booking changes nothing in the aggregate', async () => {
    const kunde = await f.adresse();
    const b = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    await f.position(b.id, { menge: 1, einzelpreis: 50 });
    expectOk(await buchen(b.id));
    const vorher = await gespeichert();
    expectError(await buchen(b.id), 409);
    expect(await gespeichert()).toEqual(vorher);
  });
});

describe(`computed queries (${DB_KIND})`, () => {
  const run = (groupKey: string, id: string, body: object, who = as) =>
    c.call(endpoints.computedQuery, { as: who, params: { groupKey, id }, body: body as never });

  it('[HTTP-035] [HTTP-036] the named query answers its list with the substituted variable, ANDed with the additional predicate (operator default EQUALS)', async () => {
    const ort = `Ort${unique()}`;
    const a = await f.adresse({ ort, name1: 'Alpha Rechner' });
    const b = await f.adresse({ ort, name1: 'Beta Rechner' });
    await f.adresse({ name1: 'Anderswo' });
    const alle = expectOk(
      await run('adressen', 'ort', { variableSubstitutionList: [{ name: 'ort', value: ort }], pageable: { sortOrders: [{ property: 'id' }] } }),
    );
    expect(alle.result.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(alle.resultCount).toBe(2);
    // the same rows as the grid's list endpoint
    const liste = expectOk(await c.call(endpoints.adressenList, { as, query: { filter: `ort=${ort}`, orderBy: '-id' } })).result;
    expect(alle.result).toEqual(liste);
    const und = expectOk(
      await run('adressen', 'ort', {
        variableSubstitutionList: [{ name: 'ort', value: ort }],
        additionalPredicate: {
          junction: 'AND',
          predicates: [
            { property: 'name1', values: ['Beta Rechner'] },
            { property: 'id', operator: 'GREATER', values: [0] },
          ],
        },
      }),
    );
    expect(und.result.map((r) => r.id)).toEqual([b.id]);
    const einzeln = expectOk(await run('adressen', 'alle', { additionalPredicate: { property: 'id', values: [a.id] } }));
    expect(einzeln.result.map((r) => r.id)).toEqual([a.id]);
  });

  it('[HTTP-037] pageable: start and limit window the rows, a sort order without direction sorts descending', async () => {
    const ort = `Ort${unique()}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await f.adresse({ ort })).id);
    const vars = { variableSubstitutionList: [{ name: 'ort', value: ort }] };
    const desc = expectOk(await run('adressen', 'ort', { ...vars, pageable: { sortOrders: [{ property: 'id' }] } }));
    expect(desc.result.map((r) => r.id)).toEqual([...ids].sort((x, y) => y - x));
    const asc = expectOk(await run('adressen', 'ort', { ...vars, pageable: { start: 1, limit: 1, sortOrders: [{ property: 'id', direction: 'ASC' }] } }));
    expect(asc.result.map((r) => r.id)).toEqual([[...ids].sort((x, y) => x - y)[1]]);
    expect(asc).toMatchObject({ resultCount: 3, hasMoreData: true });
  });

  it('presets and overrideResults: a saved grid preset orders the rows, an ad hoc one too; overrideResults answers only the named properties', async () => {
    const ort = `Ort${unique()}`;
    const ids = [(await f.adresse({ ort })).id, (await f.adresse({ ort })).id];
    const vars = { variableSubstitutionList: [{ name: 'ort', value: ort }] };
    const name = `presetsCq${unique()}`;
    expectOk(
      await c.call(endpoints.webappParameterSet, {
        as,
        params: { name },
        body: { data: { wert: JSON.stringify({ sortBy: 'id', descending: false, rowsPerPage: 1 }) } },
      }),
    );
    const saved = expectOk(await run('adressen', 'ort', { ...vars, presetId: name }));
    expect(saved.result.map((r) => r.id)).toEqual([Math.min(...ids)]);
    const adhoc = expectOk(await run('adressen', 'ort', { ...vars, adhocPreset: { sortBy: 'id', descending: true } }));
    expect(adhoc.result.map((r) => r.id)).toEqual([...ids].sort((x, y) => y - x));
    const schmal = expectOk(await run('adressen', 'ort', { ...vars, overrideResults: ['id', 'ort'] }));
    expect(schmal.result.every((r) => Object.keys(r).sort().join() === 'id,ort')).toBe(true);
  });

  it('refusals: unknown query 404, the list right 403, a missing variable, an unknown property or a malformed body 400 with a field error', async () => {
    expectError(await run('adressen', 'gibtsnicht', {}), 404);
    expectError(await run('tostring', 'alle', {}), 404);
    const ohne = await f.benutzer({ rechte: { ART_SEHEN: false } });
    expectError(await run('artikel', 'alle', {}, ohne.anmeldename), 403);
    expectOk(await run('adressen', 'alle', { pageable: { limit: 1 } }, ohne.anmeldename));
    expect(expectError(await run('adressen', 'ort', {}), 400).errors.fieldErrors.variableSubstitutionList).toBeDefined();
    expectError(await run('adressen', 'alle', { additionalPredicate: { property: 'passwortHash', values: ['x'] } }), 400);
    expect(expectError(await run('adressen', 'alle', { overrideResults: ['geheim'] }), 400).errors.fieldErrors['overrideResults.0']).toBeDefined();
    expectError(await run('adressen', 'alle', { pageable: { limit: -1 } }), 400);
    expectError(await run('adressen', 'alle', { additionalPredicate: { junction: 'OR', predicates: [] } }), 400);
    expectError(await run('adressen', 'alle', { unbekannt: 1 }), 400);
    expectError(await run('adressen', 'alle', { presetId: 'gibtesnicht' }), 400);
  });
});

describe(`birthdays (${DB_KIND})`, () => {
  afterEach(() => vi.useRealTimers());

  /** Calls the birthdays at a faked "now" with a session opened then. */
  async function geburtstageAm(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    const token = await c.login('buero');
    return expectOk(await c.call(endpoints.geburtstage, { token })).daten;
  }
  /** Persons with these birthdays; a fresh client, as a faked "now" ends the sessions opened before it. */
  async function personen(geburtstage: string[]) {
    const neu = factories(api(t));
    const adresse = await neu.adresse();
    const out = [];
    for (const g of geburtstage)
      out.push({ ...(await neu.ansprechpartner(adresse.id, { name: `Geb ${unique()}`, vorname: 'Gerd', anrede: 'Herr', geburtstag: g })), g });
    return out;
  }

  it('[STAT-010] [STAT-011] [STAT-014] [STAT-015] from 3 days back to 5 ahead across New Year, ascending, rows in daten[1].datensaetze with anrede, name, geburtstag', async () => {
    const [vier, drei, heute_, fuenf, sechs] = await personen(['1985-12-26', '1980-12-27', '1975-12-30', '1990-01-04', '1970-01-05']);
    const daten = await geburtstageAm('2026-12-30T10:00:00Z');
    expect(daten[0].datensaetze[0]).toEqual({ heute: '2026-12-30', von: '2026-12-27', bis: '2027-01-04', anzahl: daten[1].datensaetze.length });
    const rows = daten[1].datensaetze;
    const ids = rows.map((r) => r.personId);
    expect(ids).not.toContain(vier!.id);
    expect(ids).not.toContain(sechs!.id);
    const mine = rows.filter((r) => [drei!.id, heute_!.id, fuenf!.id].includes(r.personId));
    expect(mine.map((r) => r.personId)).toEqual([drei!.id, heute_!.id, fuenf!.id]);
    expect(mine.map((r) => [r.datum, r.tage, r.alter])).toEqual([
      ['2026-12-27', -3, 46],
      ['2026-12-30', 0, 51],
      ['2027-01-04', 5, 37],
    ]);
    expect(mine[0]).toMatchObject({ anrede: 'Herr', geburtstag: '1980-12-27' });
    expect(mine[0]!.name).toMatch(/^Gerd Geb /);
    // every row in the window, ascending by the day it falls on
    expect(rows.every((r) => r.tage >= -3 && r.tage <= 5)).toBe(true);
    expect(rows.map((r) => r.datum)).toEqual([...rows.map((r) => r.datum)].sort());
  });

  it('[STAT-012] a window without birthdays answers an empty list', async () => {
    // the persons' birthdays that fall in a window: none is on 1 January 1970's window unless seeded; a far window of a fresh address proves the filter
    const rows = (await geburtstageAm('2026-06-15T10:00:00Z'))[1].datensaetze;
    const [p] = await personen(['1999-07-01']);
    expect(rows.some((r) => r.personId === p!.id)).toBe(false);
    await db.updateTable('ansprechpartner').set({ geburtstag: null }).where('geburtstag', 'like', '%-06-1%').execute();
    await db.updateTable('ansprechpartner').set({ geburtstag: null }).where('geburtstag', 'like', '%-06-20').execute();
    expect((await geburtstageAm('2026-06-15T10:00:00Z'))[1].datensaetze).toEqual([]);
  });

  it('29 February falls on 28 February in a year without one, and on itself in a leap year', async () => {
    const [schalt, achtundzwanzig] = await personen(['2000-02-29', '1990-02-28']);
    const rows = (await geburtstageAm('2027-02-26T10:00:00Z'))[1].datensaetze.filter((r) => [schalt!.id, achtundzwanzig!.id].includes(r.personId));
    // the same day: their order is the names' (random here), so compared by person
    expect(rows.map((r) => [r.personId, r.datum, r.tage]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [schalt!.id, '2027-02-28', 2],
      [achtundzwanzig!.id, '2027-02-28', 2],
    ]);
    const leap = (await geburtstageAm('2028-02-27T10:00:00Z'))[1].datensaetze.filter((r) => [schalt!.id, achtundzwanzig!.id].includes(r.personId));
    expect(leap.map((r) => [r.personId, r.datum, r.tage])).toEqual([
      [achtundzwanzig!.id, '2028-02-28', 1],
      [schalt!.id, '2028-02-29', 2],
    ]);
  });

  it('a window with more birthdays than GEBURTSTAGE_MAX answers the first ones by day and counts them all', async () => {
    const adresse = await factories(api(t)).adresse();
    await db
      .insertInto('ansprechpartner')
      .values(Array.from({ length: GEBURTSTAGE_MAX + 5 }, (_, i) => ({ adresseId: adresse.id, name: `Viele ${i}`, geburtstag: '1980-08-12' })))
      .execute();
    const daten = await geburtstageAm('2026-08-10T10:00:00Z');
    expect(daten[1].datensaetze).toHaveLength(GEBURTSTAGE_MAX);
    expect(daten[0].datensaetze[0]!.anzahl).toBeGreaterThanOrEqual(GEBURTSTAGE_MAX + 5);
    const tage = daten[1].datensaetze.map((r) => r.datum);
    expect(tage).toEqual([...tage].sort());
  });
});
