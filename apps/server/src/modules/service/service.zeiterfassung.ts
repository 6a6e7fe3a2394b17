import { MessageCode } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError, conflict, unprocessable } from '../../lib/errors';
import {
  auftragZu,
  type Daten,
  fehler,
  journeyPruefen,
  type PlanungRow,
  planungFuer,
  type Schritt,
  type SchrittErgebnis,
  schrittLoggen,
  statusNachSchritt,
} from './service.basis';
import { zeitOut } from './service.out';
import type { Wer } from './service.wer';
import { assertNichtInZukunft, berlinZuUtc, heute, minutenZwischen, schrittZeit, tagVon, uhrzeitVon } from './service.zeit';

/**
 * Time recordings (SVC-021, SVC-025, SVC-049, SVC-050): the automatic recording (start/stop, one running per
 * technician) and the manual service time; their minutes add up in the task's used time.
 */

export async function laufendeZeit(trx: Db, technikerId: number) {
  return trx.selectFrom('serviceZeiten').selectAll().where('technikerId', '=', technikerId).where('laeuft', '=', 1).executeTakeFirst();
}

/** Ends a running automatic recording at `bis` (never before its start) and adds its minutes to its task. */
export async function zeitBeenden(trx: Db, z: { id: number; von: string; serviceAuftragId: number }, bis: string, abgebrochen: boolean) {
  const ende = bis < z.von ? z.von : bis;
  const minuten = minutenZwischen(z.von, ende);
  await trx.updateTable('serviceZeiten').set({ bis: ende, minuten, laeuft: null, abgebrochen }).where('id', '=', z.id).execute();
  await trx
    .updateTable('serviceAuftraege')
    .set((eb) => ({ gebrauchteZeit: eb('gebrauchteZeit', '+', minuten) }))
    .where('id', '=', z.serviceAuftragId)
    .execute();
}

/** Ends every running recording of a task (completion, cancellation). */
export async function zeitenDesAuftragsBeenden(trx: Db, auftragId: number, bis: string, abgebrochen: boolean) {
  const laufend = await trx.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', auftragId).where('laeuft', '=', 1).execute();
  for (const z of laufend) await zeitBeenden(trx, z, bis, abgebrochen);
}

/** Stops the technician's running recording when it belongs to this planning item (suspend, return, end duty, completion). */
export async function zeitDesEinsatzesStoppen(trx: Db, p: PlanungRow, bis: string) {
  if (p.technikerId === null) return;
  const z = await laufendeZeit(trx, p.technikerId);
  if (z && z.planungId === p.id) await zeitBeenden(trx, z, bis, false);
}

/** SVC-049: not before the arrival (the message names the arrival time as HH:mm). */
export function assertNachAnkunft(p: PlanungRow, zeit: string, feld: string) {
  if (p.vorOrtDatum && zeit < p.vorOrtDatum) {
    const text =
      tagVon(zeit) === tagVon(p.vorOrtDatum)
        ? `Die Zeit darf nicht vor der Ankunft um ${uhrzeitVon(p.vorOrtDatum)} liegen`
        : `Die Zeit darf nicht vor der Ankunft (${tagVon(p.vorOrtDatum)} ${uhrzeitVon(p.vorOrtDatum)}) liegen`;
    throw unprocessable(text, { [feld]: [text] });
  }
}

/**
 * Start the automatic recording (SVC-021/025/049): on site, not before the arrival; one active automatic recording per
 * technician — another running one refuses (409, its planning item id as message parameter) unless `abbrechen`, which
 * ends it at this start.
 */
export async function zeitStart(trx: Db, s: Schritt, id: number, d: Daten<'zeitStart'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('zeitStart', p);
  const t = schrittZeit(d.zeitpunkt, d.datum);
  assertNachAnkunft(p, t, 'datum');
  const technikerId = p.technikerId as number;
  const laeuft = await laufendeZeit(trx, technikerId);
  if (laeuft) {
    if (!d.abbrechen) {
      const nr = await trx.selectFrom('serviceAuftraege').select('auftragsnummer').where('id', '=', laeuft.serviceAuftragId).executeTakeFirst();
      throw new ApiError(
        409,
        MessageCode.conflict,
        `Es läuft bereits eine Zeiterfassung (Auftrag ${nr?.auftragsnummer ?? laeuft.serviceAuftragId}). Soll sie abgebrochen werden?`,
        {
          messageParameters: [String(laeuft.planungId), String(laeuft.id)],
          fieldErrors: { abbrechen: ['Es läuft bereits eine Zeiterfassung'] },
        },
      );
    }
    await zeitBeenden(trx, laeuft, t, true);
  }
  const { id: zeitId } = await trx
    .insertInto('serviceZeiten')
    .values({ technikerId, serviceAuftragId: a.id, planungId: p.id, art: 'A', von: t, bis: null, minuten: null, bemerkung: null, laeuft: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: { code?: string }) => {
      // a start from another device in the same moment (unique: one running recording per technician)
      if (err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE')
        throw conflict('Es läuft bereits eine Zeiterfassung', { abbrechen: ['Es läuft bereits eine Zeiterfassung'] });
      throw err;
    });
  await statusNachSchritt(trx, a.id, 'zeitStart');
  await schrittLoggen(trx, s, a.id, p.id, 'zeitStart', t, laeuft ? 'laufende Zeiterfassung abgebrochen' : null);
  return { planungId: p.id, meldung: 'Zeiterfassung gestartet', zeitId };
}

/** Stop the running recording of this item; the end after its start (SVC-050); minutes added to the task. Status 07. */
export async function zeitStopp(trx: Db, s: Schritt, id: number, d: Daten<'zeitStopp'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('zeitStopp', p, true);
  const t = schrittZeit(d.zeitpunkt, d.datum);
  const laeuft = p.technikerId === null ? undefined : await laufendeZeit(trx, p.technikerId);
  if (!laeuft || laeuft.planungId !== p.id) journeyPruefen('zeitStopp', p, false);
  const z = laeuft as NonNullable<typeof laeuft>;
  if (t <= z.von) throw fehler('datum', `Die Bis-Zeit muss nach der Von-Zeit (${uhrzeitVon(z.von)}) liegen`, 422);
  await zeitBeenden(trx, z, t, false);
  await statusNachSchritt(trx, a.id, 'zeitStopp');
  await schrittLoggen(trx, s, a.id, p.id, 'zeitStopp', t, `${minutenZwischen(z.von, t)} min`);
  return { planungId: p.id, meldung: 'Zeiterfassung beendet', zeitId: z.id };
}

/** Service time dialog: a manual recording von–bis on a day (SVC-021/049/050); minutes added to the task. */
export async function serviceZeit(trx: Db, s: Schritt, id: number, d: Daten<'serviceZeit'>): Promise<SchrittErgebnis> {
  const p = await planungFuer(trx, s.wer, id);
  const a = await auftragZu(trx, p);
  journeyPruefen('serviceZeit', p);
  const t = schrittZeit(d.zeitpunkt);
  const tag = d.tag ?? tagVon(t);
  const von = berlinZuUtc(tag, d.von);
  const bis = berlinZuUtc(tag, d.bis);
  if (bis <= von) throw fehler('bis', 'Die Bis-Zeit muss nach der Von-Zeit liegen', 422);
  assertNachAnkunft(p, von, 'von');
  if (tag > heute()) throw fehler('tag', 'Zeiten können nicht für einen Tag nach heute gebucht werden', 422);
  assertNichtInZukunft(bis, t, 'bis');
  const minuten = minutenZwischen(von, bis);
  const { id: zeitId } = await trx
    .insertInto('serviceZeiten')
    .values({
      technikerId: p.technikerId as number,
      serviceAuftragId: a.id,
      planungId: p.id,
      art: 'M',
      von,
      bis,
      minuten,
      bemerkung: d.bemerkung?.trim() || null,
      laeuft: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('serviceAuftraege')
    .set((eb) => ({ gebrauchteZeit: eb('gebrauchteZeit', '+', minuten), geaendertAm: nowIso() }))
    .where('id', '=', a.id)
    .execute();
  await schrittLoggen(trx, s, a.id, p.id, 'serviceZeit', t, `${d.von}–${d.bis} (${minuten} min)`);
  return { planungId: p.id, meldung: 'Servicezeit gebucht', zeitId };
}

export async function zeitLesen(db: Db, id: number | null | undefined) {
  if (!id) return null;
  const z = await db.selectFrom('serviceZeiten').selectAll().where('id', '=', id).executeTakeFirst();
  return z ? zeitOut(z) : null;
}

export async function aktiveZeit(db: Db, wer: Wer) {
  if (wer.technikerId === null) return null;
  const z = await laufendeZeit(db, wer.technikerId);
  return z ? zeitOut(z) : null;
}
