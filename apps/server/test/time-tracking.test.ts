import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { berlinZuUtc, heute, plusTage } from '../src/lib/berlin-time';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * Time tracking (issue 25 items 7–9, ZEIT-002…006): sign in and out, the day with its entries, durations as hh:mm:ss
 * (a dash, a running one), day total and balance, hour balance from the contract model's start, remaining leave,
 * regular end of work, the working-time law's four warnings; days are Europe/Berlin (23 and 25 hours at the DST
 * changes), entries across midnight count on both days.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const tagAbfrage = (as: string, Datum: string) => c.call(endpoints.zeitTag, { as, query: { Datum } });
const tagVon = async (as: string, Datum: string) => expectOk(await tagAbfrage(as, Datum)).result;
const nb = (as: string, istAnmeldung: boolean, nachbuchungTimeStamp: string, kommentar?: string) =>
  c.call(endpoints.zeitNachbuchen, { as, body: { data: { istAnmeldung, nachbuchungTimeStamp, ...(kommentar ? { kommentar } : {}) } } });
/** A finished past entry through two subsequent bookings (Berlin day and times HH:mm). */
async function eintrag(as: string, tag: string, von: string, bis: string, bisTag = tag) {
  expectOk(await nb(as, true, berlinZuUtc(tag, von)));
  expectOk(await nb(as, false, berlinZuUtc(bisTag, bis)));
}
const modell = (benutzerId: number, gueltigAb: string, minuten: number, urlaubstage = 30, wochenende = 0) =>
  c.call(endpoints.zeitmodellSetzen, {
    as: 'admin',
    body: {
      data: {
        benutzerId,
        gueltigAb,
        minutenMo: minuten,
        minutenDi: minuten,
        minutenMi: minuten,
        minutenDo: minuten,
        minutenFr: minuten,
        minutenSa: wochenende,
        minutenSo: wochenende,
        urlaubstage,
      },
    },
  });
const H = 3600;

describe(`signing in and out (${DB_KIND})`, () => {
  it('ZEIT-002/ZEIT-006: sign-in opens a running entry, sign-out ends it; the day lists them under ergebnisEintraege; twice is 409', async () => {
    const u = await f.benutzer();
    const an = await c.call(endpoints.zeitAnmelden, { as: u.anmeldename, body: { data: { typ: 2, kommentar: 'Homeoffice' } } });
    expect(an.status).toBe(201);
    expect(expectOk(an).result).toMatchObject({ abmeldung: null, laeuft: true, typ: 2, kommentar: 'Homeoffice', nachgebucht: false });
    expectError(await c.call(endpoints.zeitAnmelden, { as: u.anmeldename, body: { data: {} } }), 409);
    const offen = await tagVon(u.anmeldename, heute());
    expect(offen.angemeldet).toBe(true);
    expect(offen.ergebnisEintraege).toHaveLength(1);
    expect(offen.ergebnisEintraege[0]?.dauer).toMatch(/^00:00:0\d$/);
    const ab = expectOk(await c.call(endpoints.zeitAbmelden, { as: u.anmeldename, body: { data: { kommentar: 'fertig' } } })).result;
    expect(ab.laeuft).toBe(false);
    expect(ab.abmeldung! >= ab.anmeldung!).toBe(true);
    expect(ab.kommentar).toBe('Homeoffice\nfertig');
    expectError(await c.call(endpoints.zeitAbmelden, { as: u.anmeldename, body: { data: {} } }), 409);
    const tag = await tagVon(u.anmeldename, heute());
    expect(tag.angemeldet).toBe(false);
    expect(tag.ergebnisEintraege.map((e) => e.id)).toEqual([ab.id]);
    // another user sees none of them
    expect((await tagVon((await f.benutzer()).anmeldename, heute())).ergebnisEintraege).toEqual([]);
  });

  it('refuses an unknown type, a bad day and a subsequent booking for a day after today (SVC-055), changing nothing', async () => {
    const u = await f.benutzer();
    expectError(await c.call(endpoints.zeitAnmelden, { as: u.anmeldename, body: { data: { typ: 9 } } }), 400);
    expectError(await tagAbfrage(u.anmeldename, '2026-02-30'), 400);
    expectError(await nb(u.anmeldename, true, berlinZuUtc(plusTage(heute(), 2), '08:00')), 422);
    expect(await db.selectFrom('zeitbuchungen').select('id').where('benutzerId', '=', u.id).execute()).toEqual([]);
  });

  it('a subsequent booking is the field service one: stored there and applied to the entries', async () => {
    const u = await f.benutzer();
    const gestern = plusTage(heute(), -1);
    const e = expectOk(await nb(u.anmeldename, true, berlinZuUtc(gestern, '07:45'), 'vergessen')).result;
    expect(e).toMatchObject({ nachgebucht: true, laeuft: true, kommentar: 'vergessen' });
    const rows = await db.selectFrom('serviceNachbuchungen').select(['istAnmeldung', 'kommentar']).where('ben_id', '=', u.id).execute();
    expect(rows.map((r) => [Boolean(r.istAnmeldung), r.kommentar])).toEqual([[true, 'vergessen']]);
    expectError(await nb(u.anmeldename, true, berlinZuUtc(gestern, '08:00')), 409);
    expectOk(await nb(u.anmeldename, false, berlinZuUtc(gestern, '16:15')));
    expect((await tagVon(u.anmeldename, gestern)).ergebnisEintraege.map((x) => x.dauer)).toEqual(['08:30:00']);
  });
});

describe(`durations (${DB_KIND})`, () => {
  it('ZEIT-003: hh:mm:ss to the second; a running entry counts up to now', async () => {
    const u = await f.benutzer();
    const tag = plusTage(heute(), -3);
    expectOk(await nb(u.anmeldename, true, new Date(Date.parse(berlinZuUtc(tag, '08:00')) + 0).toISOString()));
    expectOk(await nb(u.anmeldename, false, new Date(Date.parse(berlinZuUtc(tag, '12:34')) + 56_000).toISOString()));
    const d = await tagVon(u.anmeldename, tag);
    expect(d.ergebnisEintraege.map((e) => [e.dauer, e.dauerSekunden])).toEqual([['04:34:56', 4 * H + 34 * 60 + 56]]);
    const seit = new Date(Date.now() - 2 * H * 1000 - 5000).toISOString();
    expectOk(await nb(u.anmeldename, true, seit));
    const jetzt = await tagVon(u.anmeldename, heute());
    const laufend = jetzt.ergebnisEintraege.find((e) => e.laeuft);
    expect(laufend?.dauer).toMatch(/^02:00:(0[5-9]|[1-5]\d)$/);
  });

  it('ZEIT-004: a sign-out booked before the sign-in shows a dash and counts nothing', async () => {
    const u = await f.benutzer();
    const tag = plusTage(heute(), -2);
    expectOk(await nb(u.anmeldename, true, berlinZuUtc(tag, '09:00')));
    const e = expectOk(await nb(u.anmeldename, false, berlinZuUtc(tag, '08:00'))).result;
    expect([e.dauer, e.dauerSekunden]).toEqual(['–', 0]);
    const d = await tagVon(u.anmeldename, tag);
    expect(d.ergebnisEintraege.map((x) => x.dauer)).toEqual(['–']);
    expect(d.tagesSumme).toBe(0);
  });

  it('an entry across midnight counts on each day with its part; the spring DST night has an hour less, the autumn one an hour more', async () => {
    const u = await f.benutzer();
    // 22:00 → 06:00 on an ordinary night: 2 h + 6 h
    await eintrag(u.anmeldename, '2026-03-10', '22:00', '06:00', '2026-03-11');
    expect([(await tagVon(u.anmeldename, '2026-03-10')).tagesSumme, (await tagVon(u.anmeldename, '2026-03-11')).tagesSumme]).toEqual([2 * H, 6 * H]);
    // 29 March 2026: 02:00 becomes 03:00 — 22:00 → 06:00 is 7 hours, 5 of them on the 29th
    await eintrag(u.anmeldename, '2026-03-28', '22:00', '06:00', '2026-03-29');
    const fr = await tagVon(u.anmeldename, '2026-03-29');
    expect([(await tagVon(u.anmeldename, '2026-03-28')).tagesSumme, fr.tagesSumme]).toEqual([2 * H, 5 * H]);
    expect(fr.ergebnisEintraege[0]?.dauer).toBe('07:00:00');
    // 25 October 2026: 03:00 becomes 02:00 — 22:00 → 06:00 is 9 hours, 7 of them on the 25th
    await eintrag(u.anmeldename, '2026-10-24', '22:00', '06:00', '2026-10-25');
    const he = await tagVon(u.anmeldename, '2026-10-25');
    expect([(await tagVon(u.anmeldename, '2026-10-24')).tagesSumme, he.tagesSumme]).toEqual([2 * H, 7 * H]);
    expect(he.ergebnisEintraege[0]?.dauer).toBe('09:00:00');
    // the whole 25 October is 25 hours long: 00:00 → 00:00 of the next day
    const v = await f.benutzer();
    await eintrag(v.anmeldename, '2026-10-25', '00:00', '00:00', '2026-10-26');
    expect((await tagVon(v.anmeldename, '2026-10-25')).tagesSumme).toBe(25 * H);
  });
});

describe(`balances and leave (${DB_KIND})`, () => {
  it('day total, target and balance; hour balance from the start date; a model change keeps past balances; DST days', async () => {
    const u = await f.benutzer();
    // Monday 23 March 2026 on: 8 h Monday to Friday
    expectOk(await modell(u.id, '2026-03-23', 480));
    await eintrag(u.anmeldename, '2026-03-23', '08:00', '12:00');
    await eintrag(u.anmeldename, '2026-03-23', '12:30', '17:30');
    const mo = await tagVon(u.anmeldename, '2026-03-23');
    expect(mo).toMatchObject({ tagesSumme: 9 * H, tagesSoll: 8 * H, tagesSaldo: H, stundenSaldo: H, saldoAb: '2026-03-23', pausenSekunden: 30 * 60 });
    // Tuesday: 6 h worked → −2 h; balance through Tuesday 1 − 2 = −1 h
    await eintrag(u.anmeldename, '2026-03-24', '08:00', '14:00');
    expect(await tagVon(u.anmeldename, '2026-03-24')).toMatchObject({ tagesSaldo: -2 * H, stundenSaldo: -H });
    // the week to Sunday 29 March (the 23-hour day): no target on the weekend, nothing worked Wed–Fri: −1 − 24 h
    expect((await tagVon(u.anmeldename, '2026-03-29')).stundenSaldo).toBe(-25 * H);
    // before the start date there is no balance
    expect(await tagVon(u.anmeldename, '2026-03-20')).toMatchObject({ stundenSaldo: 0, tagesSoll: 0 });
    // from 1 April a part-time model (4 h): the March balances stay as they were
    expectOk(await modell(u.id, '2026-04-01', 240, 15));
    expect((await tagVon(u.anmeldename, '2026-03-24')).stundenSaldo).toBe(-H);
    expect((await tagVon(u.anmeldename, '2026-04-01')).tagesSoll).toBe(4 * H);
    expect((await tagVon(u.anmeldename, '2026-03-31')).tagesSoll).toBe(8 * H);
    const modelle = expectOk(await c.call(endpoints.zeitmodelle, { as: u.anmeldename })).result;
    expect(modelle.map((m) => [m.gueltigAb, m.minutenMo, m.urlaubstage])).toEqual([
      ['2026-03-23', 480, 30],
      ['2026-04-01', 240, 15],
    ]);
  });

  it("remaining leave: the year's days less the leave entries (half days count half); a leave day has no target", async () => {
    const u = await f.benutzer();
    expectOk(await modell(u.id, '2026-01-01', 480, 30));
    const kal = (data: Record<string, unknown>) =>
      c.call(endpoints.serviceKalendereintragCreate, { as: u.anmeldename, body: { data: { KAL_TYP_ID: 1, ...data } } });
    expectOk(await kal({ StartDatum: '2026-08-03', EndeDatum: '2026-08-07' })); // Monday to Friday: 5 days
    expectOk(await kal({ StartDatum: '2026-08-10', EndeDatum: '2026-08-10', Vormittags: true, Nachmittags: false })); // half a day
    expectOk(await kal({ StartDatum: '2026-08-08', EndeDatum: '2026-08-09' })); // a weekend uses no leave
    expectOk(await kal({ KAL_TYP_ID: 2, StartDatum: '2026-08-11', EndeDatum: '2026-08-11' })); // sick, not leave
    const d = await tagVon(u.anmeldename, '2026-08-05');
    expect(d.resturlaub).toBe(24.5);
    expect(d.tagesSoll).toBe(0);
    expect((await tagVon(u.anmeldename, '2026-08-10')).tagesSoll).toBe(4 * H);
  });

  it('[issue 25] remaining leave of a start in the year: a twelfth per full month (BUrlG § 5), a contract change weighs both models', async () => {
    const u = await f.benutzer();
    // from 15 April 2026, 30 days a year: 8 full months → 20 days; a half day taken → 19.5
    expectOk(await modell(u.id, '2026-04-15', 480, 30));
    expect((await tagVon(u.anmeldename, '2026-06-01')).resturlaub).toBe(20);
    expectOk(
      await c.call(endpoints.serviceKalendereintragCreate, {
        as: u.anmeldename,
        body: { data: { KAL_TYP_ID: 1, StartDatum: '2026-06-03', EndeDatum: '2026-06-03', Vormittags: true, Nachmittags: false } },
      }),
    );
    expect((await tagVon(u.anmeldename, '2026-06-01')).resturlaub).toBe(19.5);
    // the next year is a whole one
    expect((await tagVon(u.anmeldename, '2027-02-01')).resturlaub).toBe(30);
    // part time from 1 January 2027 with 15 days: 2026 keeps its 19.5, 2027 has 15
    expectOk(await modell(u.id, '2027-01-01', 240, 15));
    expect((await tagVon(u.anmeldename, '2026-06-01')).resturlaub).toBe(19.5);
    expect((await tagVon(u.anmeldename, '2027-02-01')).resturlaub).toBe(15);
  });

  it('regular end of work while signed in today: now + the rest of the target + the break the law still asks for', async () => {
    const u = await f.benutzer();
    expectOk(await modell(u.id, '2026-01-01', 480, 30, 480));
    expectOk(await c.call(endpoints.zeitAnmelden, { as: u.anmeldename, body: { data: {} } }));
    const d = await tagVon(u.anmeldename, heute());
    const erwartet = Date.now() + (8 * H + 30 * 60) * 1000 - d.tagesSumme * 1000;
    expect(Math.abs(Date.parse(d.regulaeresArbeitsende as string) - erwartet)).toBeLessThan(5000);
    expectOk(await c.call(endpoints.zeitAbmelden, { as: u.anmeldename, body: { data: {} } }));
    expect((await tagVon(u.anmeldename, heute())).regulaeresArbeitsende).toBeNull();
  });
});

describe(`the working-time law's warnings (${DB_KIND})`, () => {
  it('PAUSE_6: more than 6 hours without a 30-minute break (15-minute gaps count, shorter ones not)', async () => {
    const u = await f.benutzer();
    await eintrag(u.anmeldename, '2026-06-01', '08:00', '11:00');
    await eintrag(u.anmeldename, '2026-06-01', '11:10', '12:00'); // 10 min: no break
    await eintrag(u.anmeldename, '2026-06-01', '12:15', '14:30'); // 15 min: a break
    const d = await tagVon(u.anmeldename, '2026-06-01');
    expect([d.tagesSumme, d.pausenSekunden, d.warnungen]).toEqual([6 * H + 5 * 60, 15 * 60, ['PAUSE_6']]);
    const ok = await f.benutzer();
    await eintrag(ok.anmeldename, '2026-06-01', '08:00', '12:00');
    await eintrag(ok.anmeldename, '2026-06-01', '12:30', '15:00');
    expect((await tagVon(ok.anmeldename, '2026-06-01')).warnungen).toEqual([]);
  });

  it('PAUSE_9: more than 9 hours without 45 minutes of breaks', async () => {
    const u = await f.benutzer();
    await eintrag(u.anmeldename, '2026-06-02', '07:00', '12:00');
    await eintrag(u.anmeldename, '2026-06-02', '12:30', '17:00');
    expect((await tagVon(u.anmeldename, '2026-06-02')).warnungen).toEqual(['PAUSE_9']);
  });

  it('MAX_10: more than 10 hours of work in a day', async () => {
    const u = await f.benutzer();
    await eintrag(u.anmeldename, '2026-06-03', '06:00', '12:00');
    await eintrag(u.anmeldename, '2026-06-03', '12:45', '17:00');
    expect((await tagVon(u.anmeldename, '2026-06-03')).warnungen).toEqual(['MAX_10']);
  });

  it('RUHE_11: less than 11 hours of rest since the last sign-out', async () => {
    const u = await f.benutzer();
    await eintrag(u.anmeldename, '2026-06-04', '13:00', '22:00');
    await eintrag(u.anmeldename, '2026-06-05', '08:59', '12:00');
    expect((await tagVon(u.anmeldename, '2026-06-05')).warnungen).toEqual(['RUHE_11']);
    await eintrag(u.anmeldename, '2026-06-06', '09:00', '12:00');
    expect((await tagVon(u.anmeldename, '2026-06-06')).warnungen).toEqual([]);
  });
});

describe(`contract models: rights (${DB_KIND})`, () => {
  it("only administrators set models; a user reads their own, not another's", async () => {
    const u = await f.benutzer();
    const v = await f.benutzer();
    expectError(
      await c.call(endpoints.zeitmodellSetzen, {
        as: u.anmeldename,
        body: {
          data: {
            benutzerId: u.id,
            gueltigAb: '2026-01-01',
            minutenMo: 1,
            minutenDi: 1,
            minutenMi: 1,
            minutenDo: 1,
            minutenFr: 1,
            minutenSa: 0,
            minutenSo: 0,
            urlaubstage: 1,
          },
        },
      }),
      403,
    );
    expectError(await c.call(endpoints.zeitmodelle, { as: u.anmeldename, query: { benutzerId: v.id } }), 403);
    expectError(await modell(2_000_000_000, '2026-01-01', 480), 404);
    expectError(
      await c.call(endpoints.zeitmodellSetzen, {
        as: 'admin',
        body: {
          data: {
            benutzerId: u.id,
            gueltigAb: '2026-01-01',
            minutenMo: 1441,
            minutenDi: 1,
            minutenMi: 1,
            minutenDo: 1,
            minutenFr: 1,
            minutenSa: 0,
            minutenSo: 0,
            urlaubstage: 1,
          },
        },
      }),
      400,
    );
    expect(expectOk(await c.call(endpoints.zeitmodelle, { as: u.anmeldename })).result).toEqual([]);
  });
});
