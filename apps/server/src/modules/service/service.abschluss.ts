import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { ApiError, conflict, unprocessable } from '../../lib/errors';
import { pruefeUnterschrift } from '../belege/belege.dokumente.service';
import { assertDispo, assertOffen, auftragFuer, type Daten, fehler, jetzt, type Schritt, schrittLoggen, statusNachSchritt } from './service.basis';
import { ABSCHLUSS_OHNE_UNTERSCHRIFT, OHNE_UNTERSCHRIFT, renderAbschlussbericht } from './service.pdf';
import type { Wer } from './service.wer';
import { schrittZeit } from './service.zeit';
import { zeitenDesAuftragsBeenden } from './service.zeiterfassung';

/** The end of a task: the customer's signature and the completion with its report (PDF with the signature, SHA-256). */

/** The signature's PNG bytes (base64, optionally as a data URL). */
const unterschriftBytes = (d: Daten<'unterschrift'>) => Buffer.from(d.daten.replace(/^data:image\/png;base64,/, ''), 'base64');

/**
 * Checks the signature like the document signature (`pruefeUnterschrift`: a real PNG by its bytes, fully decodable, at
 * most 40 megapixels and 1 MiB — else 400 on `daten`), so the completion report can always render it. Called before
 * the step's transaction (service.sync.ts `VORAB`): decoding waits for its turn and holds no transaction meanwhile.
 */
export async function unterschriftPruefen(d: Daten<'unterschrift'>): Promise<void> {
  await pruefeUnterschrift(unterschriftBytes(d));
}

/** The customer's signature (PNG, name of the signer); its image checked by `unterschriftPruefen` before. */
export async function unterschrift(trx: Db, s: Schritt, auftragId: number, d: Daten<'unterschrift'>) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const bytes = unterschriftBytes(d);
  const t = schrittZeit(d.zeitpunkt);
  await trx
    .updateTable('serviceAuftraege')
    .set({ unterschriftDaten: bytes.toString('base64'), unterschriftName: d.name.trim(), unterschriftAm: t, geaendertAm: nowIso() })
    .where('id', '=', a.id)
    .execute();
  await schrittLoggen(trx, s, a.id, null, 'unterschrift', t, d.name.trim());
  return a.id;
}

/** A signature stored before it was checked (older data): refused with a 422 naming the cause, before rendering. */
async function gespeicherteUnterschriftLesbar(daten: string) {
  try {
    await pruefeUnterschrift(Buffer.from(daten, 'base64'));
  } catch (err) {
    const grund = err instanceof ApiError ? (err.options.fieldErrors?.daten?.[0] ?? err.message) : String(err);
    throw unprocessable(
      `Der Abschlussbericht kann nicht erstellt werden: die gespeicherte Unterschrift ist unbrauchbar (${grund}); bitte die Unterschrift neu erfassen`,
      {
        unterschrift: [grund],
      },
    );
  }
}

/** Renders the completion report and keeps it with its SHA-256 (a report that cannot render is a 422: nothing written). */
async function berichtAblegen(trx: Db, auftragId: number) {
  let bericht: { pdf: Buffer; sha256: string };
  try {
    bericht = await renderAbschlussbericht(trx, auftragId);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unprocessable(`Der Abschlussbericht kann nicht erstellt werden: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { pdf, sha256 } = bericht;
  await trx.updateTable('serviceAuftraege').set({ abschlussbericht: pdf, abschlussberichtSha256: sha256 }).where('id', '=', auftragId).execute();
  return sha256;
}

/** What completing does besides the report: a running recording on the task stopped, its planning items ended, status 12 with the completion time. */
async function beenden(trx: Db, auftragId: number, t: string, extra: Record<string, unknown> = {}) {
  await zeitenDesAuftragsBeenden(trx, auftragId, t, false);
  await trx
    .updateTable('servicePlanungen')
    .set({ aktiv: false, erledigtDatum: t })
    .where('serviceAuftragId', '=', auftragId)
    .where('aktiv', '=', true)
    .execute();
  await statusNachSchritt(trx, auftragId, 'abschluss', {}, { abgeschlossenAm: t, ...extra });
}

/**
 * Completion: needs the signature; a running recording on the task is stopped; the completion report (PDF with the
 * signature) is rendered and kept with its SHA-256; status 12; the task's planning items end.
 */
export async function abschliessen(trx: Db, s: Schritt, auftragId: number, d: Daten<'abschluss'>) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  if (!a.unterschriftDaten) throw unprocessable('Bitte zuerst die Unterschrift des Kunden erfassen');
  const t = schrittZeit(d.zeitpunkt);
  await beenden(trx, a.id, t);
  await schrittLoggen(trx, s, a.id, null, 'abschluss', t, d.bemerkung?.trim() || null);
  await gespeicherteUnterschriftLesbar(a.unterschriftDaten);
  const sha256 = await berichtAblegen(trx, a.id);
  return { auftragId: a.id, sha256 };
}

/**
 * Office: completion without the customer's signature (issue 19 item 18; SVC_DISPO). The reason is required; a task
 * with a stored signature is completed with it (409 here). Like the technician's completion: running time stopped,
 * planning items ended, status 12 with the completion date; the report states "ohne Unterschrift des Kunden" and the
 * reason; the journey log and the change log record it.
 */
export async function abschliessenOhneUnterschrift(trx: Db, wer: Wer, auftragId: number, d: { grund: string }) {
  assertDispo(wer);
  const grund = d.grund.trim();
  if (!grund) throw fehler('grund', 'Bitte den Grund angeben, warum ohne Unterschrift des Kunden abgeschlossen wird');
  const a = await auftragFuer(trx, wer, auftragId);
  assertOffen(a);
  if (a.unterschriftDaten) throw conflict(`Für den Auftrag ${a.auftragsnummer} liegt die Unterschrift des Kunden vor: bitte mit Unterschrift abschließen`);
  const t = jetzt();
  await beenden(trx, a.id, t, { ohneUnterschriftGrund: grund });
  await schrittLoggen(trx, { wer, quelle: 'online' }, a.id, null, ABSCHLUSS_OHNE_UNTERSCHRIFT, t, grund);
  await logChange(trx, {
    tabelle: 'SVA',
    datensatzId: a.id,
    aktion: 'AENDERN',
    benutzerId: wer.id,
    bemerkung: `Abgeschlossen ${OHNE_UNTERSCHRIFT}: ${grund}`,
    felder: ['auftragsstatus', 'abgeschlossenAm', 'ohneUnterschriftGrund'],
  });
  const sha256 = await berichtAblegen(trx, a.id);
  return { auftragId: a.id, sha256 };
}
