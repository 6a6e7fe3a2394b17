import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { ApiError, unprocessable } from '../../lib/errors';
import { pruefeUnterschrift } from '../belege/belege.dokumente.service';
import { assertOffen, auftragFuer, type Daten, type Schritt, schrittLoggen, statusNachSchritt } from './service.basis';
import { renderAbschlussbericht } from './service.pdf';
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
  await gespeicherteUnterschriftLesbar(a.unterschriftDaten);
  let bericht: { pdf: Buffer; sha256: string };
  try {
    bericht = await renderAbschlussbericht(trx, a.id);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unprocessable(`Der Abschlussbericht kann nicht erstellt werden: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { pdf, sha256 } = bericht;
  await trx.updateTable('serviceAuftraege').set({ abschlussbericht: pdf, abschlussberichtSha256: sha256 }).where('id', '=', a.id).execute();
  return { auftragId: a.id, sha256 };
}
