import type { Db } from '../../db/index';
import { money2 } from '../../lib/codecs';
import { badRequest, notFound } from '../../lib/errors';
import { assertRef } from '../../lib/refs';
import { assertOffen, auftragFuer, BEMERKUNG_PFLICHT, type Daten, fehler, MAX_KM, MAX_KOSTEN, PRUEFEN, type Schritt, schrittLoggen } from './service.basis';
import { assertNichtInZukunft, schrittZeit } from './service.zeit';

/** Additional work of a task (SVC-015, SVC-041..047): by the type's typ a time range, costs or a distance. */

/** SVC-041..047: the fields each type needs; the others are cleared. */
async function mehraufwandWerte(trx: Db, d: Daten<'mehraufwand'>, t: string) {
  const art = await trx.selectFrom('serviceMehraufwandsarten').selectAll().where('id', '=', d.mehraufwandArtId).executeTakeFirst();
  if (!art) throw fehler('mehraufwandArtId', `Unbekannte Mehraufwandsart: ${d.mehraufwandArtId}`);
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  const werte = {
    mehraufwandArtId: art.id,
    bemerkung: d.bemerkung?.trim() || null,
    abrechnungsartId: d.abrechnungsartId ?? null,
    vonZeitpunkt: null as string | null,
    bisZeitpunkt: null as string | null,
    kosten: null as number | null,
    strecke: null as number | null,
  };
  const pflicht = 'Bitte einen Wert eingeben';
  if (art.typ === 1) {
    if (!d.vonZeitpunkt || !d.bisZeitpunkt) {
      throw badRequest(PRUEFEN, { ...(d.vonZeitpunkt ? {} : { vonZeitpunkt: [pflicht] }), ...(d.bisZeitpunkt ? {} : { bisZeitpunkt: [pflicht] }) });
    }
    const von = new Date(d.vonZeitpunkt).toISOString();
    const bis = new Date(d.bisZeitpunkt).toISOString();
    if (von >= bis) throw fehler('bisZeitpunkt', 'Der Beginn muss vor dem Ende liegen');
    assertNichtInZukunft(bis, t, 'bisZeitpunkt');
    werte.vonZeitpunkt = von;
    werte.bisZeitpunkt = bis;
  } else if (art.typ === 2) {
    if (d.kosten === null || d.kosten === undefined) throw fehler('kosten', pflicht);
    if (d.kosten <= 0) throw fehler('kosten', 'zu klein');
    if (d.kosten > MAX_KOSTEN) throw fehler('kosten', 'zu groß');
    if (money2.toDb(d.kosten) / 100 !== d.kosten) throw fehler('kosten', 'Bitte einen ganzen Preis (höchstens 2 Nachkommastellen) eingeben');
    werte.kosten = money2.toDb(d.kosten);
  } else {
    if (d.strecke === null || d.strecke === undefined) throw fehler('strecke', pflicht);
    if (!Number.isInteger(d.strecke) || d.strecke <= 0 || d.strecke > MAX_KM) throw fehler('strecke', 'Bitte eine ganze Zahl größer 0 eingeben');
    werte.strecke = d.strecke;
  }
  return { werte, typ: art.typ, bezeichnung: art.bezeichnung };
}

/** Save additional work of a task (new, or change with `mehraufwandId`). */
export async function mehraufwandSpeichern(trx: Db, s: Schritt, auftragId: number, d: Daten<'mehraufwand'>, mehraufwandId?: number) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  // SVC-040: a change of recorded work names why (the alteration comment), logged with the step
  const kommentar = d.aenderungskommentar?.trim() || null;
  if (mehraufwandId !== undefined && !kommentar) throw fehler('aenderungskommentar', BEMERKUNG_PFLICHT);
  const t = schrittZeit(d.zeitpunkt);
  const { werte, bezeichnung } = await mehraufwandWerte(trx, d, t);
  let id: number;
  if (mehraufwandId === undefined) {
    ({ id } = await trx
      .insertInto('serviceMehraufwaende')
      .values({ ...werte, serviceAuftragId: a.id, technikerId: s.wer.technikerId ?? a.technikerId, zeitpunkt: t })
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    const alt = await trx
      .selectFrom('serviceMehraufwaende')
      .select('id')
      .where('id', '=', mehraufwandId)
      .where('serviceAuftragId', '=', a.id)
      .executeTakeFirst();
    if (!alt) throw notFound('Mehraufwand');
    await trx.updateTable('serviceMehraufwaende').set(werte).where('id', '=', alt.id).execute();
    id = alt.id;
  }
  await schrittLoggen(
    trx,
    s,
    a.id,
    null,
    mehraufwandId === undefined ? 'mehraufwand' : 'mehraufwandAendern',
    t,
    kommentar ? `${bezeichnung}: ${kommentar}` : bezeichnung,
  );
  return id;
}

export async function mehraufwandLoeschen(trx: Db, s: Schritt, auftragId: number, mehraufwandId: number, zeitpunkt?: string) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const res = await trx.deleteFrom('serviceMehraufwaende').where('id', '=', mehraufwandId).where('serviceAuftragId', '=', a.id).executeTakeFirst();
  if (!Number(res.numDeletedRows)) throw notFound('Mehraufwand');
  await schrittLoggen(trx, s, a.id, null, 'mehraufwandLoeschen', schrittZeit(zeitpunkt));
}
