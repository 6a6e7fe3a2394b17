import { DEAL_PHASEN, endpoints } from '@vario/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const neuerDeal = async (data: Record<string, unknown> = {}, as = 'admin') => {
  const adresseId = (data.adresseId as number | undefined) ?? (await f.adresse()).id;
  return expectOk(await c.call(endpoints.dealCreate, { as, body: { data: { titel: 'Kältemaschine', adresseId, ...data } } })).result;
};
const dealRow = (id: number) => db.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const kontaktErinnerungen = (id: number) =>
  db
    .selectFrom('erinnerungen')
    .selectAll()
    .where('tabelle', '=', 'DEALS')
    .where('tabelleId', '=', id)
    .where('bemerkung', 'like', 'Nächster Kontakt%')
    .execute();

describe(`deals (${DB_KIND})`, () => {
  it('[DEAL-004] [DEAL-011] [DEAL-012] every field is stored and read back; the list has returnTotal, id descending and the address', async () => {
    const adresse = await f.adresse({ name1: 'Kühlhaus Nordsee' });
    const ap = await f.ansprechpartner(adresse.id);
    const data = {
      typ: 2 as const,
      titel: 'Wärmepumpe Halle 3',
      chance: 40,
      phase: 2 as const,
      note: 'Notiz',
      investitionsdatumGeplant: '2027-03-31',
      investitionssummeGeplant: 12345.67,
      archived: false,
      naechsterKontakt: '2027-01-15T09:30:00.000Z',
      frei01: 'eins',
      frei02: 'zwei',
      ansprechpartnerId: ap.id,
      adresseId: adresse.id,
    };
    const d = expectOk(await c.call(endpoints.dealCreate, { as: 'buero', body: { data } }));
    expect(d.result).toMatchObject({ ...data, status: 0, adresseName: 'Kühlhaus Nordsee', kundennr: adresse.kundennummer, verlustgrund: null });
    // DEAL-004's fields beyond the input: the reached date and sum, and the address's supplier number and salutation
    const adr = await db.selectFrom('adressen').select(['lieferantennummer', 'anrede']).where('id', '=', adresse.id).executeTakeFirstOrThrow();
    expect(d.result).toMatchObject({ investitionsdatumErreicht: null, investitionssummeErreicht: null, liefernr: adr.lieferantennummer, anrede: adr.anrede });
    expect(d.result.id).toBeGreaterThan(0);
    expect(d.result.zustaendigerBenutzer).toBe(await f.benutzerId('buero'));
    expect(expectOk(await c.call(endpoints.dealGet, { as: 'buero', params: { id: d.result.id } })).result).toEqual(d.result);
    expect((await dealRow(d.result.id)).investitionssummeGeplant).toBe(1234567);
    const second = await neuerDeal({ adresseId: adresse.id });
    const list = expectOk(await c.call(endpoints.dealsList, { as: 'buero', query: { returnTotal: 'true', limit: 2 } }));
    expect(list.result.map((r) => r.id)).toEqual([second.id, d.result.id]);
    expect(list.resultCount).toBeGreaterThanOrEqual(2);
    const found = expectOk(await c.call(endpoints.dealsList, { as: 'buero', query: { search: 'Kühlhaus', returnTotal: 'true' } }));
    expect(found.result.map((r) => r.id)).toEqual([second.id, d.result.id]);
    const byTitle = expectOk(await c.call(endpoints.dealsList, { as: 'buero', query: { search: 'waermepumpe halle' } }));
    expect(byTitle.result.map((r) => r.id)).toContain(d.result.id);
    const byNumber = expectOk(await c.call(endpoints.dealsList, { as: 'buero', query: { search: String(adresse.kundennummer) } }));
    expect(byNumber.result.map((r) => r.id)).toEqual([second.id, d.result.id]);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const adresse = await f.adresse();
    const other = await f.adresse();
    const ap = await f.ansprechpartner(other.id);
    const before = (
      await db
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const cases: [Record<string, unknown>, string][] = [
      [{ chance: 101 }, 'chance'],
      [{ chance: 12.5 }, 'chance'],
      [{ phase: 5 }, 'phase'],
      [{ status: 3 }, 'status'],
      [{ typ: 0 }, 'typ'],
      [{ investitionssummeGeplant: 1.005 }, 'investitionssummeGeplant'],
      [{ investitionssummeGeplant: -1 }, 'investitionssummeGeplant'],
      [{ investitionsdatumGeplant: '31.12.2026' }, 'investitionsdatumGeplant'],
      [{ naechsterKontakt: 'morgen' }, 'naechsterKontakt'],
      [{ titel: '  ' }, 'titel'],
      [{ adresseId: 999_999 }, 'adresseId'],
      [{ ansprechpartnerId: ap.id }, 'ansprechpartnerId'],
    ];
    for (const [data, field] of cases) {
      const res = await c.call(endpoints.dealCreate, { as: 'admin', body: invalid({ data: { titel: 'x', adresseId: adresse.id, ...data } }) });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors), field).toContain(field);
    }
    const after = (
      await db
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('an open deal is changed with DEALS_AENDERN and deleted with DEALS_LOESCHEN, refused without them', async () => {
    const ohneAendern = await f.benutzer({ rechte: { DEALS_AENDERN: false } });
    const ohneLoeschen = await f.benutzer({ rechte: { DEALS_LOESCHEN: false } });
    const mitRechten = await f.benutzer({ rechte: { DEALS_AENDERN: true, DEALS_LOESCHEN: true, ABGL_DEALS_AENDERN: false } });
    const d = await neuerDeal();
    const params = { id: d.id };
    expectError(await c.call(endpoints.dealUpdate, { as: ohneAendern.anmeldename, params, body: { data: { titel: 'neu' } } }), 403);
    expectError(await c.call(endpoints.dealCreate, { as: ohneAendern.anmeldename, body: { data: { titel: 'x', adresseId: d.adresseId } } }), 403);
    expect((await dealRow(d.id)).titel).toBe('Kältemaschine');
    expect(expectOk(await c.call(endpoints.dealUpdate, { as: mitRechten.anmeldename, params, body: { data: { titel: 'neu' } } })).result.titel).toBe('neu');
    expectError(await c.call(endpoints.dealDelete, { as: ohneLoeschen.anmeldename, params }), 403);
    expect((await c.call(endpoints.dealDelete, { as: mitRechten.anmeldename, params })).status).toBe(204);
    expectError(await c.call(endpoints.dealGet, { as: 'admin', params }), 404);
  });

  it('a won or lost deal is changed only with ABGL_DEALS_AENDERN and never deleted', async () => {
    const ohneAbgl = await f.benutzer({ rechte: { DEALS_AENDERN: true, DEALS_LOESCHEN: true, ABGL_DEALS_AENDERN: false } });
    const nurAbgl = await f.benutzer({ rechte: { DEALS_AENDERN: false, ABGL_DEALS_AENDERN: true } });
    for (const close of ['won', 'lost'] as const) {
      const d = await neuerDeal();
      const params = { id: d.id };
      if (close === 'won') expectOk(await c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: {} } }));
      else expectOk(await c.call(endpoints.dealVerloren, { as: 'admin', params, body: { data: { grund: 'Preis' } } }));
      expectError(await c.call(endpoints.dealUpdate, { as: ohneAbgl.anmeldename, params, body: { data: { note: 'x' } } }), 403);
      expect((await dealRow(d.id)).note).toBeNull();
      expect(expectOk(await c.call(endpoints.dealUpdate, { as: nurAbgl.anmeldename, params, body: { data: { note: 'x' } } })).result.note).toBe('x');
      expectError(await c.call(endpoints.dealDelete, { as: 'admin', params }), 409);
      expectError(await c.call(endpoints.dealDelete, { as: ohneAbgl.anmeldename, params }), 409);
      expect(await dealRow(d.id)).toBeTruthy();
    }
  });

  it('without DEALS_SEHEN no deal is listed or read', async () => {
    const ohne = await f.benutzer({ rechte: { DEALS_SEHEN: false } });
    const d = await neuerDeal();
    expectError(await c.call(endpoints.dealsList, { as: ohne.anmeldename }), 403);
    expectError(await c.call(endpoints.dealGet, { as: ohne.anmeldename, params: { id: d.id } }), 403);
    expectError(await c.call(endpoints.dealBoard, { as: ohne.anmeldename }), 403);
  });

  it('the usage parameter deals off answers 403 on every deals call and changes nothing', async () => {
    const d = await neuerDeal();
    const params = { id: d.id };
    await db.updateTable('systemParameter').set({ wert: '0' }).where('name', '=', 'NUTZUNG.DEALS').execute();
    try {
      const calls = [
        c.call(endpoints.dealsList, { as: 'admin' }),
        c.call(endpoints.dealGet, { as: 'admin', params }),
        c.call(endpoints.dealBoard, { as: 'admin' }),
        c.call(endpoints.dealVerlustgruende, { as: 'admin' }),
        c.call(endpoints.dealCreate, { as: 'admin', body: { data: { titel: 'x', adresseId: d.adresseId } } }),
        c.call(endpoints.dealUpdate, { as: 'admin', params, body: { data: { titel: 'aus' } } }),
        c.call(endpoints.dealPhase, { as: 'admin', params, body: { data: { phase: 3 } } }),
        c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: {} } }),
        c.call(endpoints.dealBelege, { as: 'admin', params }),
        c.call(endpoints.dealDelete, { as: 'admin', params }),
      ];
      for (const res of await Promise.all(calls)) expectError(res, 403);
      expect(await dealRow(d.id)).toMatchObject({ titel: 'Kältemaschine', phase: 1, status: 0 });
    } finally {
      await db.updateTable('systemParameter').set({ wert: '1' }).where('name', '=', 'NUTZUNG.DEALS').execute();
    }
    expectOk(await c.call(endpoints.dealGet, { as: 'admin', params }));
  });

  it('[DEAL-014] [DEAL-005] assigns a document of the address; a document of another address is a 422 and changes nothing', async () => {
    const d = await neuerDeal();
    const eigener = await f.beleg({ adresseId: d.adresseId });
    const fremder = await f.beleg();
    const params = { id: d.id };
    const res = expectError(await c.call(endpoints.dealBelegZuweisen, { as: 'admin', params, body: { belegId: fremder.id } }), 422);
    expect(Object.keys(res.errors.fieldErrors)).toEqual(['belegId']);
    expect((await db.selectFrom('belege').select('dealId').where('id', '=', fremder.id).executeTakeFirstOrThrow()).dealId).toBeNull();
    expectError(await c.call(endpoints.dealBelegZuweisen, { as: 'admin', params, body: { belegId: 999_999_9 } }), 422);
    const ok = expectOk(await c.call(endpoints.dealBelegZuweisen, { as: 'admin', params, body: { belegId: eigener.id } })).result;
    expect(ok).toMatchObject({ id: eigener.id, adresseId: d.adresseId, belegart: '0100', belegnummer: eigener.belegnummer });
    const belege = expectOk(await c.call(endpoints.dealBelege, { as: 'admin', params })).result;
    expect(belege.map((b) => b.id)).toEqual([eigener.id]);
    expect(Object.keys(belege[0]!)).toEqual(expect.arrayContaining(['adresseId', 'belegart', 'belegstatus', 'belegnummer', 'endbetragNetto', 'belegdatum']));
    // the address cannot change under its documents; a deal with documents cannot be deleted
    const other = await f.adresse();
    expectError(await c.call(endpoints.dealUpdate, { as: 'admin', params, body: { data: { adresseId: other.id } } }), 409);
    expectError(await c.call(endpoints.dealDelete, { as: 'admin', params }), 409);
    // a closed deal takes documents only with ABGL_DEALS_AENDERN
    const ohneAbgl = await f.benutzer({ rechte: { ABGL_DEALS_AENDERN: false } });
    expectOk(await c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: {} } }));
    const noch = await f.beleg({ adresseId: d.adresseId });
    expectError(await c.call(endpoints.dealBelegZuweisen, { as: ohneAbgl.anmeldename, params, body: { belegId: noch.id } }), 403);
  });

  it('won proposes the booked documents net total and today; lost takes a reason of the list only', async () => {
    const d = await neuerDeal({ investitionssummeGeplant: 1000 });
    const params = { id: d.id };
    const angebot = await f.beleg({ adresseId: d.adresseId, dealId: d.id });
    await f.position(angebot.id, { menge: 2, einzelpreis: 150.25 });
    expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: angebot.id }, body: {} }));
    const offen = await f.beleg({ adresseId: d.adresseId, dealId: d.id });
    await f.position(offen.id, { menge: 1, einzelpreis: 999 });
    const vorschlag = expectOk(await c.call(endpoints.dealGewinnVorschlag, { as: 'admin', params })).result;
    expect(vorschlag).toMatchObject({ summe: 300.5, belegart: '0100' });
    expect(vorschlag.datum).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const won = expectOk(await c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: {} } })).result;
    expect(won).toMatchObject({ status: 1, investitionssummeErreicht: 300.5, investitionsdatumErreicht: vorschlag.datum });
    expectError(await c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: {} } }), 409);
    expectError(await c.call(endpoints.dealVerloren, { as: 'admin', params, body: { data: { grund: 'Preis' } } }), 409);

    const l = await neuerDeal();
    const gruende = expectOk(await c.call(endpoints.dealVerlustgruende, { as: 'admin' })).result.map((g) => g.bezeichnung);
    expect(gruende).toEqual(expect.arrayContaining(['Preis', 'Wettbewerber', 'Kein Bedarf', 'Terminverschiebung']));
    const bad = expectError(await c.call(endpoints.dealVerloren, { as: 'admin', params: { id: l.id }, body: { data: { grund: 'Laune' } } }), 422);
    expect(Object.keys(bad.errors.fieldErrors)).toEqual(['grund']);
    expect((await dealRow(l.id)).status).toBe(0);
    const lost = expectOk(await c.call(endpoints.dealVerloren, { as: 'admin', params: { id: l.id }, body: { data: { grund: 'Wettbewerber' } } })).result;
    expect(lost).toMatchObject({ status: 2, verlustgrund: 'Wettbewerber' });
    const given = await neuerDeal();
    const g = expectOk(
      await c.call(endpoints.dealGewonnen, { as: 'admin', params: { id: given.id }, body: { data: { datum: '2026-12-31', summe: 77.7 } } }),
    ).result;
    expect(g).toMatchObject({ investitionsdatumErreicht: '2026-12-31', investitionssummeErreicht: 77.7 });
  });

  it('phase moves: an open deal moves, a closed one is a 409; the board aggregates equal a hand sum', async () => {
    const user = await f.benutzer({ rechte: {} });
    const filter = `zustaendigerBenutzer=${user.id}`;
    const specs = [
      { chance: 10, investitionssummeGeplant: 1000.55, phase: 1 },
      { chance: 33, investitionssummeGeplant: 200.01, phase: 1 },
      { chance: 75, investitionssummeGeplant: 5000, phase: 3 },
      { chance: 50, investitionssummeGeplant: null, phase: 3 },
      { chance: 90, investitionssummeGeplant: 10, phase: 4, naechsterKontakt: '2027-02-01T08:00:00.000Z' },
    ];
    const deals = [];
    for (const s of specs) deals.push(await neuerDeal({ ...s, zustaendigerBenutzer: user.id }));
    const lost = await neuerDeal({ chance: 100, investitionssummeGeplant: 999, phase: 2, zustaendigerBenutzer: user.id });
    expectOk(await c.call(endpoints.dealVerloren, { as: 'admin', params: { id: lost.id }, body: { data: { grund: 'Preis' } } }));
    expectError(await c.call(endpoints.dealPhase, { as: 'admin', params: { id: lost.id }, body: { data: { phase: 3 } } }), 409);
    const moved = expectOk(await c.call(endpoints.dealPhase, { as: 'admin', params: { id: deals[1]!.id }, body: { data: { phase: 2 } } })).result;
    expect(moved.phase).toBe(2);
    specs[1]!.phase = 2;

    const board = expectOk(await c.call(endpoints.dealBoard, { as: 'admin', query: { filter } })).result;
    expect(board.spalten.map((s) => s.phase)).toEqual([...DEAL_PHASEN]);
    for (const phase of DEAL_PHASEN) {
      const mine = specs.filter((s) => s.phase === phase);
      const cents = mine.map((s) => Math.round((s.investitionssummeGeplant ?? 0) * 100));
      const summe = cents.reduce((a, b) => a + b, 0) / 100;
      const gewichtet = mine.reduce((a, s, i) => a + Math.floor(((cents[i] as number) * s.chance + 50) / 100), 0) / 100;
      const col = board.spalten.find((s) => s.phase === phase)!;
      expect({ phase, anzahl: col.anzahl, summe: col.summeGeplant, gewichtet: col.summeGewichtet }).toEqual({ phase, anzahl: mine.length, summe, gewichtet });
      expect(col.karten).toHaveLength(mine.length);
    }
    expect(board.spalten[3]!.karten[0]!.naechsterKontakt).toBe('2027-02-01T08:00:00.000Z');
    const small = expectOk(await c.call(endpoints.dealBoard, { as: 'admin', query: { filter, karten: 1 } })).result;
    expect(small.spalten[0]!).toMatchObject({ anzahl: 1, mehr: false });
    expect(small.spalten[2]!).toMatchObject({ anzahl: 2, mehr: true });
    expect(small.spalten[2]!.karten).toHaveLength(1);
    const ohneAendern = await f.benutzer({ rechte: { DEALS_AENDERN: false } });
    expectError(await c.call(endpoints.dealPhase, { as: ohneAendern.anmeldename, params: { id: deals[0]!.id }, body: { data: { phase: 4 } } }), 403);
  });

  it('naechsterKontakt creates one reminder for the responsible user and moves it on change, in the same transaction', async () => {
    const buero = await f.benutzerId('buero');
    const admin = await f.benutzerId('admin');
    const d = await neuerDeal({ naechsterKontakt: '2027-05-01T10:00:00+02:00', zustaendigerBenutzer: buero });
    let r = await kontaktErinnerungen(d.id);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ benutzerId: buero, erinnerungDatum: '2027-05-01T08:00:00.000Z' });
    const params = { id: d.id };
    expectOk(
      await c.call(endpoints.dealUpdate, {
        as: 'admin',
        params,
        body: { data: { naechsterKontakt: '2027-06-01T08:00:00.000Z', zustaendigerBenutzer: admin } },
      }),
    );
    r = await kontaktErinnerungen(d.id);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ benutzerId: admin, erinnerungDatum: '2027-06-01T08:00:00.000Z' });
    // a refused change (a bad contact person) moves nothing
    expectError(
      await c.call(endpoints.dealUpdate, {
        as: 'admin',
        params,
        body: invalid({ data: { naechsterKontakt: '2028-01-01T08:00:00.000Z', ansprechpartnerId: 999_999 } }),
      }),
      400,
    );
    expect((await kontaktErinnerungen(d.id))[0]!.erinnerungDatum).toBe('2027-06-01T08:00:00.000Z');
    expectOk(await c.call(endpoints.dealUpdate, { as: 'admin', params, body: { data: { naechsterKontakt: null } } }));
    expect(await kontaktErinnerungen(d.id)).toHaveLength(0);
    // the reminder links to the deal
    const mine = expectOk(await c.call(endpoints.erinnerungenList, { as: 'buero', query: { limit: 500, filter: `benutzerId=${buero}` } })).result;
    expect(mine.some((e) => e.tabelle === 'DEALS' && e.tabelleId === d.id)).toBe(false);
  });

  it('a change takes the record lock into account (423 while another user holds it)', async () => {
    const d = await neuerDeal();
    expectOk(await c.call(endpoints.sperreCreate, { as: 'buero', body: { data: { tabelle: 'DEALS', datensatzId: d.id } } }));
    expectError(await c.call(endpoints.dealUpdate, { as: 'admin', params: { id: d.id }, body: { data: { titel: 'x' } } }), 423);
    expectError(await c.call(endpoints.dealPhase, { as: 'admin', params: { id: d.id }, body: { data: { phase: 2 } } }), 423);
    expect((await dealRow(d.id)).titel).toBe('Kältemaschine');
  });

  it('the whole board reads the phase sums the deal writes keep, and they equal a recount after every kind of write', async () => {
    const recount = async () => {
      const rows = await db
        .selectFrom('deals')
        .where('status', '=', 0)
        .where('archived', '=', false)
        .select((eb) => [
          'phase',
          eb.fn.countAll<number>().as('anzahl'),
          sql<number>`coalesce(sum(coalesce("investitionssummeGeplant", 0)), 0)`.as('summe'),
          sql<number>`coalesce(sum((coalesce("investitionssummeGeplant", 0) * "chance" + 50) / 100), 0)`.as('gewichtet'),
        ])
        .groupBy('phase')
        .execute();
      return DEAL_PHASEN.map((phase) => {
        const r = rows.find((x) => Number(x.phase) === phase);
        return { phase, anzahl: Number(r?.anzahl ?? 0), summeGeplant: Number(r?.summe ?? 0) / 100, summeGewichtet: Number(r?.gewichtet ?? 0) / 100 };
      });
    };
    const board = async () =>
      expectOk(await c.call(endpoints.dealBoard, { as: 'admin', query: { karten: 0 } })).result.spalten.map((s) => ({
        phase: s.phase,
        anzahl: s.anzahl,
        summeGeplant: s.summeGeplant,
        summeGewichtet: s.summeGewichtet,
      }));
    const before = await board();
    expect(before).toEqual(await recount());
    const a = await neuerDeal({ chance: 35, investitionssummeGeplant: 1234.57, phase: 2 });
    const b = await neuerDeal({ chance: 80, investitionssummeGeplant: 99.99, phase: 3 });
    const d = await neuerDeal({ chance: 10, phase: 1 });
    const e = await neuerDeal({ chance: 50, investitionssummeGeplant: 10, phase: 4 });
    const after = await board();
    expect(after[1]!.anzahl).toBe(before[1]!.anzahl + 1);
    expect(after[1]!.summeGewichtet).toBeCloseTo(before[1]!.summeGewichtet + 432.1, 2);
    expect(after).toEqual(await recount());
    expectOk(await c.call(endpoints.dealPhase, { as: 'admin', params: { id: a.id }, body: { data: { phase: 4 } } }));
    expectOk(await c.call(endpoints.dealUpdate, { as: 'admin', params: { id: b.id }, body: { data: { chance: 5, investitionssummeGeplant: 1000 } } }));
    expectOk(await c.call(endpoints.dealGewonnen, { as: 'admin', params: { id: d.id }, body: { data: { summe: 1 } } }));
    expectOk(await c.call(endpoints.dealUpdate, { as: 'admin', params: { id: e.id }, body: { data: { archived: true } } }));
    expect(await board()).toEqual(await recount());
    const f2 = await neuerDeal({ chance: 20, investitionssummeGeplant: 7, phase: 1 });
    expect((await c.call(endpoints.dealDelete, { as: 'admin', params: { id: f2.id } })).status).toBe(204);
    expectOk(await c.call(endpoints.dealVerloren, { as: 'admin', params: { id: b.id }, body: { data: { grund: 'Preis' } } }));
    expect(await board()).toEqual(await recount());
    if (DB_KIND === 'postgres') {
      // moves in opposite directions at once lock the two phase rows in the same order: no deadlock, sums exact
      const many = [];
      for (let i = 0; i < 8; i++) many.push(await neuerDeal({ chance: 10 + i, investitionssummeGeplant: 100 + i, phase: ((i % 4) + 1) as 1 | 2 | 3 | 4 }));
      const res = await Promise.all(
        many.flatMap((m, i) =>
          [1, 2, 3, 4].map((p) =>
            c.call(endpoints.dealPhase, { as: 'admin', params: { id: m.id }, body: { data: { phase: (((p + i) % 4) + 1) as 1 | 2 | 3 | 4 } } }),
          ),
        ),
      );
      for (const r of res) expect([200, 423]).toContain(r.status);
      expect(res.some((r) => r.status === 200)).toBe(true);
      expect(await board()).toEqual(await recount());
    }
  });

  it.runIf(DB_KIND === 'postgres')('parallel phase moves and a parallel win of one deal keep the rules (PostgreSQL)', async () => {
    const d = await neuerDeal();
    const params = { id: d.id };
    const moves = Array.from({ length: 12 }, (_, i) =>
      c.call(endpoints.dealPhase, { as: 'admin', params, body: { data: { phase: ((i % 4) + 1) as 1 | 2 | 3 | 4 } } }),
    );
    const win = c.call(endpoints.dealGewonnen, { as: 'admin', params, body: { data: { summe: 10 } } });
    const results = await Promise.all([...moves, win]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.at(-1)!.status).toBe(200);
    const row = await dealRow(d.id);
    expect(row.status).toBe(1);
    // after the win no move went through: the phase is that of the last move answered before it
    const log = await db
      .selectFrom('protokoll')
      .select(['felder', 'id'])
      .where('tabelle', '=', 'DEALS')
      .where('datensatzId', '=', d.id)
      .orderBy('id')
      .execute();
    const winAt = log.findIndex((l) => l.felder?.includes('status'));
    expect(log.slice(winAt + 1).some((l) => l.felder === 'phase')).toBe(false);
  });
});
