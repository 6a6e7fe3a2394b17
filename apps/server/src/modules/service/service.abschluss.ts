import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import { assertOffen, auftragFuer, type Daten, fehler, type Schritt, schrittLoggen, statusNachSchritt } from './service.basis';
import { renderAbschlussbericht } from './service.pdf';
import { schrittZeit } from './service.zeit';
import { zeitenDesAuftragsBeenden } from './service.zeiterfassung';

/** The end of a task: the customer's signature and the completion with its report (PDF with the signature, SHA-256). */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The customer's signature (PNG, name of the signer). */
export async function unterschrift(trx: Db, s: Schritt, auftragId: number, d: Daten<'unterschrift'>) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const bytes = Buffer.from(d.daten.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length < 60 || !bytes.subarray(0, 8).equals(PNG)) throw fehler('daten', 'Die Unterschrift muss ein PNG-Bild sein');
  const t = schrittZeit(d.zeitpunkt);
  await trx
    .updateTable('serviceAuftraege')
    .set({ unterschriftDaten: bytes.toString('base64'), unterschriftName: d.name.trim(), unterschriftAm: t, geaendertAm: nowIso() })
    .where('id', '=', a.id)
    .execute();
  await schrittLoggen(trx, s, a.id, null, 'unterschrift', t, d.name.trim());
  return a.id;
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
  await zeitenDesAuftragsBeenden(trx, a.id, t, false);
  await trx.updateTable('servicePlanungen').set({ aktiv: false, erledigtDatum: t }).where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).execute();
  await statusNachSchritt(trx, a.id, 'abschluss', {}, { abgeschlossenAm: t });
  await schrittLoggen(trx, s, a.id, null, 'abschluss', t, d.bemerkung?.trim() || null);
  const { pdf, sha256 } = await renderAbschlussbericht(trx, a.id);
  await trx.updateTable('serviceAuftraege').set({ abschlussbericht: pdf, abschlussberichtSha256: sha256 }).where('id', '=', a.id).execute();
  return { auftragId: a.id, sha256 };
}
