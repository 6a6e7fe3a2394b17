import {
  ARBZG,
  arbzgWarnungen,
  dauerText,
  URLAUB_KALENDERTYP,
  urlaubsanspruch,
  ZEITMODELL_TAGE,
  type ZeitEintrag,
  type Zeitmodell,
  type ZeitTag,
  type zeitmodellEingabe,
} from '@vario/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { berlinZuUtc, heute, plusTage } from '../../lib/berlin-time';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import type { Daten } from '../service/service.basis';
import { nachbuchung } from '../service/service.kalender';
import type { Wer } from '../service/service.wer';
import type { ZeitbuchungTable, ZeitmodellTable } from './zeiterfassung.tables';

/**
 * Time tracking (ZEIT-001…006, issue 25 items 7–9). Entries are sign-in/sign-out pairs in UTC; a day is a Berlin
 * calendar day from local midnight to the next (23 or 25 hours on the DST change days), so every duration is the
 * difference of two instants and an entry across midnight counts on each day with its part.
 */

type Row = Selectable<ZeitbuchungTable>;
type ModellRow = Selectable<ZeitmodellTable>;
const TABELLE = 'ZEB';

/** Start of a Berlin day as epoch ms. */
const tagBeginn = (tag: string) => Date.parse(berlinZuUtc(tag, '00:00'));
/** The weekday column of a Berlin day. */
const wochentag = (tag: string) => ZEITMODELL_TAGE[new Date(`${tag}T12:00:00Z`).getUTCDay()] as (typeof ZEITMODELL_TAGE)[number];

/** Seconds of [a, b) inside [von, bis). */
const ueberlappung = (a: number, b: number, von: number, bis: number) => Math.max(0, Math.min(b, bis) - Math.max(a, von)) / 1000;

/** An entry's counted interval (ms), or null when it has no sign-in or its sign-in is after its sign-out (a dash). */
function intervall(r: Row, jetzt: number): [number, number] | null {
  if (!r.anmeldung) return null;
  const a = Date.parse(r.anmeldung);
  const b = r.abmeldung ? Date.parse(r.abmeldung) : Math.max(a, jetzt);
  return b < a ? null : [a, b];
}

export function eintragOut(r: Row, jetzt = Date.now()): ZeitEintrag {
  const iv = intervall(r, jetzt);
  return {
    id: r.id,
    benutzerId: r.benutzerId,
    anmeldung: r.anmeldung,
    abmeldung: r.abmeldung,
    dauer: dauerText(r.anmeldung, r.abmeldung, jetzt),
    dauerSekunden: iv ? Math.floor((iv[1] - iv[0]) / 1000) : 0,
    laeuft: !!r.anmeldung && !r.abmeldung,
    typ: r.typ,
    kommentar: r.kommentar,
    nachgebucht: r.nachbuchungId !== null,
  };
}

const modellOut = (m: ModellRow): Zeitmodell => {
  const { urlaubHalbtage, ...rest } = m;
  return { ...rest, urlaubstage: urlaubHalbtage / 2 };
};

async function offenerEintrag(trx: Db, benutzerId: number) {
  return trx
    .selectFrom('zeitbuchungen')
    .selectAll()
    .where('benutzerId', '=', benutzerId)
    .where('anmeldung', 'is not', null)
    .where('abmeldung', 'is', null)
    .executeTakeFirst();
}

const bereitsAngemeldet = () => conflict('Sie sind bereits angemeldet', { anmeldung: ['Sie sind bereits angemeldet'] });

async function eintragNeu(trx: Db, row: Omit<Row, 'id'>): Promise<Row> {
  return trx
    .insertInto('zeitbuchungen')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: { code?: string }) => {
      // a sign-in from another device in the same moment (one running entry per user)
      if (err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE') throw bereitsAngemeldet();
      throw err;
    });
}

/** Sign in now: a running entry (409 while one runs). */
export async function anmelden(trx: Db, who: Actor, d: { typ?: number; kommentar?: string | null }): Promise<ZeitEintrag> {
  if (await offenerEintrag(trx, who.id)) throw bereitsAngemeldet();
  const jetzt = nowIso();
  const row = await eintragNeu(trx, {
    benutzerId: who.id,
    anmeldung: jetzt,
    abmeldung: null,
    typ: d.typ ?? 1,
    kommentar: d.kommentar || null,
    nachbuchungId: null,
    erfasstAm: jetzt,
  });
  await logChange(trx, { tabelle: TABELLE, datensatzId: row.id, aktion: 'NEU', benutzerId: who.id, zeitpunkt: jetzt });
  return eintragOut(row);
}

/** Sign out now: ends the running entry (409 when none runs); a comment is added to the entry's. */
export async function abmelden(trx: Db, who: Actor, d: { kommentar?: string | null }): Promise<ZeitEintrag> {
  const jetzt = nowIso();
  const offen = d.kommentar ? await offenerEintrag(trx, who.id) : undefined;
  const kommentar = d.kommentar ? (offen?.kommentar ? `${offen.kommentar}\n${d.kommentar}` : d.kommentar) : undefined;
  // one statement: the running entry of the user, ended now (two sign-outs at once: the second finds none)
  const changed = await trx
    .updateTable('zeitbuchungen')
    .set({ abmeldung: jetzt, ...(kommentar === undefined ? {} : { kommentar }) })
    .where('benutzerId', '=', who.id)
    .where('anmeldung', 'is not', null)
    .where('abmeldung', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!changed) throw conflict('Sie sind nicht angemeldet', { abmeldung: ['Sie sind nicht angemeldet'] });
  await logChange(trx, { tabelle: TABELLE, datensatzId: changed.id, aktion: 'AENDERN', benutzerId: who.id, felder: ['abmeldung'], zeitpunkt: jetzt });
  return eintragOut(changed);
}

/**
 * A subsequent booking: the field service's (its rules and its record, SVC-017/055), applied to the entries. A
 * sign-out ends the running entry at its time (before the sign-in it shows a dash) or stands alone; a sign-in opens an
 * entry (409 while one runs).
 */
export async function nachbuchen(trx: Db, wer: Wer, d: Daten<'nachbuchung'>): Promise<ZeitEintrag> {
  const offen = await offenerEintrag(trx, wer.id);
  if (d.istAnmeldung && offen) throw bereitsAngemeldet();
  const nachbuchungId = await nachbuchung(trx, { wer, quelle: 'online' }, d);
  const nb = await trx.selectFrom('serviceNachbuchungen').selectAll().where('id', '=', nachbuchungId).executeTakeFirstOrThrow();
  const jetzt = nowIso();
  if (!d.istAnmeldung && offen) {
    const row = await trx
      .updateTable('zeitbuchungen')
      .set({ abmeldung: nb.nachbuchungTimeStamp, nachbuchungId, kommentar: nb.kommentar ?? offen.kommentar })
      .where('id', '=', offen.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logChange(trx, { tabelle: TABELLE, datensatzId: row.id, aktion: 'AENDERN', benutzerId: wer.id, felder: ['abmeldung'], bemerkung: 'Nachbuchung' });
    return eintragOut(row);
  }
  const row = await eintragNeu(trx, {
    benutzerId: wer.id,
    anmeldung: d.istAnmeldung ? nb.nachbuchungTimeStamp : null,
    abmeldung: d.istAnmeldung ? null : nb.nachbuchungTimeStamp,
    typ: 1,
    kommentar: nb.kommentar,
    nachbuchungId,
    erfasstAm: jetzt,
  });
  await logChange(trx, { tabelle: TABELLE, datensatzId: row.id, aktion: 'NEU', benutzerId: wer.id, bemerkung: 'Nachbuchung' });
  return eintragOut(row);
}

export async function zeitmodelle(db: Db, benutzerId: number): Promise<Zeitmodell[]> {
  const rows = await db.selectFrom('zeitmodelle').selectAll().where('benutzerId', '=', benutzerId).orderBy('gueltigAb').execute();
  return rows.map(modellOut);
}

/** Sets a user's model from gueltigAb on (the same day replaces it); earlier days keep theirs. */
export async function zeitmodellSetzen(trx: Db, who: Actor, d: z.output<typeof zeitmodellEingabe>): Promise<Zeitmodell> {
  if (!(await trx.selectFrom('benutzer').select('id').where('id', '=', d.benutzerId).executeTakeFirst())) throw notFound('Benutzer');
  const { urlaubstage, ...rest } = d;
  const values = { ...rest, urlaubHalbtage: Math.round(urlaubstage * 2) };
  const { benutzerId: _b, gueltigAb: _g, ...update } = values;
  const row = await trx
    .insertInto('zeitmodelle')
    .values(values)
    .onConflict((oc) => oc.columns(['benutzerId', 'gueltigAb']).doUpdateSet(update))
    .returningAll()
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'ZMO', datensatzId: row.id, aktion: 'AENDERN', benutzerId: who.id });
  return modellOut(row);
}

/** Leave per day (1 whole, 0.5 half) of a user between two days, from the leave calendar entries. */
async function urlaubJeTag(db: Db, benutzerId: number, von: string, bis: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('serviceKalendereintraege')
    .select(['StartDatum', 'EndeDatum', 'Vormittags', 'Nachmittags'])
    .where('BEN_ID', '=', benutzerId)
    .where('KAL_TYP_ID', '=', URLAUB_KALENDERTYP)
    .where('StartDatum', '<=', bis)
    .where('EndeDatum', '>=', von)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const teil = r.Vormittags && r.Nachmittags ? 1 : 0.5;
    for (let t = r.StartDatum < von ? von : r.StartDatum; t <= r.EndeDatum && t <= bis; t = plusTage(t, 1)) out.set(t, Math.min(1, (out.get(t) ?? 0) + teil));
  }
  return out;
}

/** The target seconds of a day: the model valid on it for its weekday, less its leave. */
function soll(modelle: ModellRow[], urlaub: Map<string, number>, tag: string): number {
  let m: ModellRow | undefined;
  for (const x of modelle) if (x.gueltigAb <= tag) m = x;
  if (!m) return 0;
  return Math.round(m[wochentag(tag)] * 60 * (1 - (urlaub.get(tag) ?? 0)));
}

/**
 * ZEIT-005/006 and the law's warnings: the day's entries (overlapping it), its total, target and balance, the hour
 * balance from the first model's day through this day (today: until now), the remaining leave of the year, the regular
 * end of work while signed in today, and PAUSE_6 / PAUSE_9 / MAX_10 / RUHE_11.
 */
export async function tag(db: Db, benutzerId: number, datum: string, jetztMs = Date.now()): Promise<ZeitTag> {
  const von = tagBeginn(datum);
  const bis = tagBeginn(plusTage(datum, 1));
  const vonIso = new Date(von).toISOString();
  const bisIso = new Date(bis).toISOString();
  const kandidaten = await db
    .selectFrom('zeitbuchungen')
    .selectAll()
    .where('benutzerId', '=', benutzerId)
    .where((eb) =>
      eb.or([
        eb.and([eb('anmeldung', '<', bisIso), eb.or([eb('abmeldung', '>=', vonIso), eb('abmeldung', 'is', null)])]),
        eb.and([eb('anmeldung', 'is', null), eb('abmeldung', '>=', vonIso), eb('abmeldung', '<', bisIso)]),
      ]),
    )
    .orderBy('anmeldung')
    .orderBy('id')
    .execute();
  const eintraege = kandidaten.filter((r) => {
    const iv = intervall(r, jetztMs);
    if (iv) return iv[1] > von || (iv[0] >= von && iv[0] < bis);
    const punkt = Date.parse((r.anmeldung ?? r.abmeldung) as string);
    return punkt >= von && punkt < bis;
  });
  const iv = eintraege
    .map((r) => intervall(r, jetztMs))
    .filter((x): x is [number, number] => x !== null)
    .map(([a, b]) => [Math.max(a, von), Math.min(b, bis)] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const tagesSumme = Math.floor(iv.reduce((s, [a, b]) => s + (b - a) / 1000, 0));
  let pausen = 0;
  for (let i = 1; i < iv.length; i++) {
    const luecke = (iv[i]![0] - Math.max(...iv.slice(0, i).map((x) => x[1]))) / 1000;
    if (luecke >= ARBZG.MIN_PAUSENBLOCK) pausen += luecke;
  }
  pausen = Math.floor(pausen);
  // rest: from the last sign-out before the day's first sign-in to that sign-in
  const ersteAnmeldung = eintraege
    .map((r) => r.anmeldung)
    .filter((a): a is string => !!a && Date.parse(a) >= von && Date.parse(a) < bis)
    .sort()[0];
  let ruhe: number | null = null;
  if (ersteAnmeldung) {
    const vorher = await db
      .selectFrom('zeitbuchungen')
      .select('abmeldung')
      .where('benutzerId', '=', benutzerId)
      .where('abmeldung', '<=', ersteAnmeldung)
      .orderBy('abmeldung', 'desc')
      .executeTakeFirst();
    if (vorher?.abmeldung) ruhe = Math.floor((Date.parse(ersteAnmeldung) - Date.parse(vorher.abmeldung)) / 1000);
  }

  const modelle = await db.selectFrom('zeitmodelle').selectAll().where('benutzerId', '=', benutzerId).orderBy('gueltigAb').execute();
  const saldoAb = modelle[0]?.gueltigAb ?? null;
  const jahr = datum.slice(0, 4);
  const urlaubVon = saldoAb && saldoAb < `${jahr}-01-01` ? saldoAb : `${jahr}-01-01`;
  const urlaub = await urlaubJeTag(db, benutzerId, urlaubVon, `${jahr}-12-31`);
  const tagesSoll = soll(modelle, urlaub, datum);

  let stundenSaldo = 0;
  if (saldoAb && saldoAb <= datum) {
    const start = tagBeginn(saldoAb);
    const ende = Math.min(bis, Math.max(jetztMs, start));
    const alle = await db
      .selectFrom('zeitbuchungen')
      .selectAll()
      .where('benutzerId', '=', benutzerId)
      .where('anmeldung', '<', bisIso)
      .where((eb) => eb.or([eb('abmeldung', '>=', new Date(start).toISOString()), eb('abmeldung', 'is', null)]))
      .execute();
    let gearbeitet = 0;
    for (const r of alle) {
      const x = intervall(r, jetztMs);
      if (x) gearbeitet += ueberlappung(x[0], x[1], start, ende);
    }
    let sollSumme = 0;
    for (let t = saldoAb; t <= datum; t = plusTage(t, 1)) sollSumme += soll(modelle, urlaub, t);
    stundenSaldo = Math.floor(gearbeitet) - sollSumme;
  }

  let genommen = 0;
  for (const [t, teil] of urlaub) if (t.startsWith(jahr) && soll(modelle, new Map(), t) > 0) genommen += teil;
  // the year's entitlement, prorated for a start or a contract change in the year (BUrlG § 5)
  const anspruch = urlaubsanspruch(
    modelle.map((m) => ({ gueltigAb: m.gueltigAb, urlaubstage: m.urlaubHalbtage / 2 })),
    Number(jahr),
  );
  const resturlaub = Math.round((anspruch - genommen) * 100) / 100;

  const angemeldet = eintraege.some((r) => r.anmeldung && !r.abmeldung) || !!(await offenerEintrag(db, benutzerId));
  let regulaeresArbeitsende: string | null = null;
  if (angemeldet && datum === heute(new Date(jetztMs)) && tagesSoll > 0) {
    const rest = Math.max(0, tagesSoll - tagesSumme);
    const gesamt = tagesSumme + rest;
    const pflicht = gesamt > ARBZG.PAUSE_AB_9H ? ARBZG.PAUSE_9H : gesamt > ARBZG.PAUSE_AB_6H ? ARBZG.PAUSE_6H : 0;
    regulaeresArbeitsende = new Date(jetztMs + (rest + Math.max(0, pflicht - pausen)) * 1000).toISOString();
  }

  return {
    datum,
    ergebnisEintraege: eintraege.map((r) => eintragOut(r, jetztMs)),
    angemeldet,
    tagesSumme,
    tagesSoll,
    tagesSaldo: tagesSumme - tagesSoll,
    stundenSaldo,
    saldoAb,
    resturlaub,
    regulaeresArbeitsende,
    pausenSekunden: pausen,
    warnungen: arbzgWarnungen({ arbeitSek: tagesSumme, pausenSek: pausen, ruheSek: ruhe }),
  };
}

/** A past, finished entry as recorded (the demo month; imports): sign-in before sign-out, both in the past. */
export async function eintragErfassen(trx: Db, benutzerId: number, e: { anmeldung: string; abmeldung: string; typ?: number; kommentar?: string | null }) {
  if (!(e.anmeldung < e.abmeldung && e.abmeldung <= nowIso())) throw conflict('Ein erfasster Eintrag liegt in der Vergangenheit und endet nach seinem Beginn');
  return eintragNeu(trx, {
    benutzerId,
    anmeldung: e.anmeldung,
    abmeldung: e.abmeldung,
    typ: e.typ ?? 1,
    kommentar: e.kommentar ?? null,
    nachbuchungId: null,
    erfasstAm: e.abmeldung,
  });
}
