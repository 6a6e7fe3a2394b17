import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { type Daten, fehler, forUpdate, type Schritt } from './service.basis';
import { kalenderOut, nachbuchungOut } from './service.out';
import type { Wer } from './service.wer';
import { assertNichtInZukunft, heute, schrittZeit, tagVon } from './service.zeit';

/** The technician's own bookings beside the tasks: subsequent log-on/log-off bookings (SVC-017/055) and calendar entries (SVC-018, SVC-056..058). */

/** SVC-055: a subsequent booking for a day after today is refused. */
export async function nachbuchung(trx: Db, s: Schritt, d: Daten<'nachbuchung'>) {
  const ts = new Date(d.nachbuchungTimeStamp).toISOString();
  if (tagVon(ts) > heute()) {
    throw fehler('nachbuchungTimeStamp', 'Eine Nachbuchung für einen Tag nach heute ist nicht möglich', 422);
  }
  assertNichtInZukunft(ts, schrittZeit(d.zeitpunkt), 'nachbuchungTimeStamp');
  const { id } = await trx
    .insertInto('serviceNachbuchungen')
    .values({ ben_id: s.wer.id, istAnmeldung: d.istAnmeldung, nachbuchungTimeStamp: ts, kommentar: d.kommentar?.trim() || null, erfasstAm: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SNB', datensatzId: id, aktion: 'NEU', benutzerId: s.wer.id });
  return id;
}

/** SVC-056..058: defaults today / same day / type 1; start ≠ end forces both half days; a single day needs one half. */
async function kalenderWerte(
  trx: Db,
  d: Daten<'kalendereintrag'>,
  alt?: { KAL_TYP_ID: number; Vormittags: boolean; Nachmittags: boolean; StartDatum: string; EndeDatum: string; Kommentar: string | null },
) {
  const start = d.StartDatum ?? alt?.StartDatum ?? heute();
  const ende = d.EndeDatum ?? (d.StartDatum !== undefined ? start : (alt?.EndeDatum ?? start));
  const typ = d.KAL_TYP_ID ?? alt?.KAL_TYP_ID ?? 1;
  if (!(await trx.selectFrom('serviceKalenderTypen').select('id').where('id', '=', typ).executeTakeFirst())) {
    throw fehler('KAL_TYP_ID', `Unbekannter Kalendertyp: ${typ}`);
  }
  if (ende < start) throw fehler('EndeDatum', 'Das Ende darf nicht vor dem Beginn liegen');
  let vor = d.Vormittags ?? alt?.Vormittags ?? true;
  let nach = d.Nachmittags ?? alt?.Nachmittags ?? true;
  if (start !== ende) {
    vor = true;
    nach = true;
  } else if (!vor && !nach) throw fehler('Vormittags', 'Bitte Vormittag und/oder Nachmittag wählen');
  const kommentar = d.Kommentar === undefined ? (alt?.Kommentar ?? null) : d.Kommentar?.trim() || null;
  return { KAL_TYP_ID: typ, Vormittags: vor, Nachmittags: nach, StartDatum: start, EndeDatum: ende, Kommentar: kommentar };
}

async function eigenerEintrag(trx: Db, wer: Wer, id: number) {
  const e = await forUpdate(trx, trx.selectFrom('serviceKalendereintraege').selectAll().where('id', '=', id)).executeTakeFirst();
  if (!e || (!wer.alle && e.BEN_ID !== wer.id)) throw notFound('Kalendereintrag');
  return e;
}

export async function kalenderNeu(trx: Db, s: Schritt, d: Daten<'kalendereintrag'>) {
  const werte = await kalenderWerte(trx, d);
  const { id } = await trx
    .insertInto('serviceKalendereintraege')
    .values({ ...werte, BEN_ID: s.wer.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'NEU', benutzerId: s.wer.id });
  return id;
}

export async function kalenderAendern(trx: Db, s: Schritt, id: number, d: Daten<'kalendereintrag'>) {
  const alt = await eigenerEintrag(trx, s.wer, id);
  const werte = await kalenderWerte(trx, d, alt);
  await trx.updateTable('serviceKalendereintraege').set(werte).where('id', '=', id).execute();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'AENDERN', benutzerId: s.wer.id, felder: Object.keys(d).filter((k) => k !== 'zeitpunkt') });
  return id;
}

export async function kalenderLoeschen(trx: Db, s: Schritt, id: number) {
  await eigenerEintrag(trx, s.wer, id);
  await trx.deleteFrom('serviceKalendereintraege').where('id', '=', id).execute();
  await logChange(trx, { tabelle: 'SKE', datensatzId: id, aktion: 'LOESCHEN', benutzerId: s.wer.id });
}

export async function kalenderLesen(db: Db, id: number) {
  return kalenderOut(await db.selectFrom('serviceKalendereintraege').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

export async function nachbuchungLesen(db: Db, id: number) {
  return nachbuchungOut(await db.selectFrom('serviceNachbuchungen').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}
