import { createHash } from 'node:crypto';
import { BELEGSTATUS_WERTE, ersetzenErlaubt } from '@vario/contract';
import { type Db, inTransaction } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { checkImage, validateImage } from '../../lib/images';
import type { Actor } from '../../lib/locks';
import { ablehnung, belegName, descriptorVon, loadKopf, pruefeFremdUndSperre, pruefeZustand } from './belege.core';
import { addHistory } from './belege.history';
import { ladeBelegFuerPdf, modelAus } from './belege.pdf-model';
import { renderPdf } from './belege.pdf-pool';

/**
 * Sales documents on paper (issue 11 item 3): the PDF of a document, printing (status 1 → 2), the signature. The PDF's
 * model is belege.pdf-model.ts.
 *
 * Rules, decided here:
 * - The PDF can be read in every status (BEK_SEHEN); each rendering keeps the SHA-256, time and size of the bytes it
 *   served with the document (`belegDokumente`). The bytes are reproducible: the same document gives the same file.
 * - Its model is read in one transaction; the rendering runs in the PDF worker pool (belege.pdf-pool.ts: bounds 422,
 *   a full queue 503) after that transaction, and an unchanged document is answered from the pool's cache.
 * - Printing (`druckeBeleg`) follows the status table's `drucken` (`@vario/contract` BELEG_AKTIONEN): status 1
 *   or 2 only (booked, adopted, resolved or cancelled documents: 422 — their PDF stays available for preview and
 *   download), another user's document only with BEK_FREMDBEARB (403), a lock another user holds answers 423. It renders, keeps the hash, moves 1 → 2 and writes history row D in one transaction.
 * - A signature may be captured or replaced in every status — a delivery note is typically signed on delivery, after
 *   booking — except on a cancelled document or on a cancellation itself (422; the table's `unterschreiben`). It must be a real PNG (by its bytes,
 *   fully decodable, at most 40 megapixels and 1 MiB); it writes history row Q and appears on the next PDF.
 */

/** Who acts: the user and the sent lock token (`X-Lock-Token`). */
export interface DokumentActor extends Actor {
  lockToken?: string;
}

export { belegPdfModel, briefkopf, zahlungsbedingungen } from './belege.pdf-model';

export const UNTERSCHRIFT_MAX_BYTES = 1024 * 1024;

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The document's PDF model, read in one transaction (the caller's, or a new one for the root `db`). */
async function pdfModel(db: Db, belegId: number) {
  return inTransaction(db, async (trx) => {
    const g = await ladeBelegFuerPdf(trx, belegId);
    return { model: await modelAus(trx, g), belegnummer: g.b.belegnummer };
  });
}

/**
 * Renders the document's PDF and keeps its SHA-256, time and size with the document. Given the root `db`, the model is
 * read in its own transaction, the rendering waits for no transaction and keeping the hash is one statement; given a
 * transaction, all of it runs in that one (see `pdfVorab`).
 */
export async function renderBelegPdf(db: Db, belegId: number): Promise<{ pdf: Buffer; sha256: string; erstelltAm: string; belegnummer: string }> {
  const { model, belegnummer } = await pdfModel(db, belegId);
  const { pdf, sha256 } = await renderPdf(model, { cache: true });
  const erstelltAm = nowIso();
  await db
    .insertInto('belegDokumente')
    .values({ belegId, pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length })
    .onConflict((oc) => oc.column('belegId').doUpdateSet({ pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length }))
    .execute();
  return { pdf, sha256, erstelltAm, belegnummer };
}

/**
 * Renders the document's PDF into the pool's cache before a transaction that needs it (printing), so that the
 * transaction finds it there instead of waiting for the worker (on SQLite an open transaction holds the one
 * connection). Any refusal is left to the transaction, which checks the document again and answers it.
 */
export async function pdfVorab(db: Db, belegId: number): Promise<void> {
  try {
    await renderPdf((await pdfModel(db, belegId)).model, { cache: true });
  } catch {
    // the transaction that follows renders again and answers the refusal in its order of checks
  }
}

const istStorniert = (b: { storniertAm: string | null; stornoVonId: number | null }) => b.storniertAm !== null || b.stornoVonId !== null;

/** Print (status 1 → 2, history row D) with the PDF's hash kept; see the rules above. */
export async function druckeBeleg(trx: Db, actor: DokumentActor, belegId: number) {
  const b = await loadKopf(trx, belegId, true);
  if (istStorniert(b)) throw ablehnung('drucken', `${belegName(b)} ist storniert und kann nicht gedruckt werden; die PDF-Vorschau bleibt verfügbar`);
  // the status table's `drucken`: status 1 or 2 (422), own document or BEK_FREMDBEARB (403), no other user's lock (423)
  pruefeZustand(
    'drucken',
    b,
    () => `${belegName(b)} ist nicht mehr bearbeitbar: nur Belege im Status 1 (gespeichert) oder 2 (gedruckt) können geändert werden`,
  );
  await pruefeFremdUndSperre(trx, actor, 'drucken', b, actor.lockToken);
  const { sha256, erstelltAm, pdf } = await renderBelegPdf(trx, belegId);
  const { gespeichert, gedruckt } = BELEGSTATUS_WERTE;
  if (b.belegstatus === gespeichert) {
    const res = await trx
      .updateTable('belege')
      .set({ belegstatus: gedruckt, geaendertAm: nowIso() })
      .where('id', '=', b.id)
      .where('belegstatus', '=', gespeichert)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('Der Beleg wurde gerade von jemand anderem geändert; bitte neu laden');
  }
  await addHistory(trx, b.id, 'D', b.belegstatus === gespeichert ? 'gedruckt (Status 1 → 2)' : 'erneut gedruckt', actor, gedruckt);
  return { id: b.id, belegnummer: b.belegnummer, belegstatus: gedruckt, pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length };
}

/** Checks the signature is a real PNG within the limits: 400 on `daten` otherwise (413 for more than 1 MiB). */
export async function pruefeUnterschrift(png: Buffer): Promise<void> {
  if (png.length === 0) throw badRequest('Die Unterschrift ist leer', { daten: ['Die Unterschrift ist leer'] });
  if (png.length > UNTERSCHRIFT_MAX_BYTES) {
    throw badRequest('Die Unterschrift ist zu groß (höchstens 1 MB)', { daten: ['Die Unterschrift ist zu groß (höchstens 1 MB)'] });
  }
  const { mimeType } = await checkImage(png);
  if (mimeType !== 'image/png') throw badRequest('Die Unterschrift muss ein PNG-Bild sein', { daten: ['Die Unterschrift muss ein PNG-Bild sein'] });
  await validateImage(png);
}

/** Stores (or replaces) the signature (history row Q); the PNG must have been checked with `pruefeUnterschrift`. */
export async function setzeUnterschrift(trx: Db, actor: DokumentActor, belegId: number, png: Buffer, name: string | null) {
  const b = await loadKopf(trx, belegId, true);
  const storniert = `${belegName(b)} ist storniert und kann nicht mehr unterschrieben werden`;
  if (istStorniert(b)) throw ablehnung('unterschreiben', storniert);
  pruefeZustand('unterschreiben', b, () => storniert);
  if (!descriptorVon(b.belegart).unterschreibbar) throw unprocessable(`${belegName(b)}: diese Belegart wird nicht unterschrieben`);
  await pruefeFremdUndSperre(trx, actor, 'unterschreiben', b, actor.lockToken);
  // the status table's `ersetzen`: a signature is replaced only before booking; the first one is taken after it too
  const vorhanden = await trx.selectFrom('belegDokumente').select('unterschriftAm').where('belegId', '=', b.id).executeTakeFirst();
  if (vorhanden?.unterschriftAm && !ersetzenErlaubt('unterschreiben', b))
    throw conflict(`${belegName(b)} ist gebucht und bereits unterschrieben; die Unterschrift kann nicht mehr ersetzt werden`);
  const am = nowIso();
  const set = { unterschrift: png, unterschriftName: name, unterschriftAm: am, unterschriftBenutzerId: actor.id };
  await trx
    .insertInto('belegDokumente')
    .values({ belegId, ...set })
    .onConflict((oc) => oc.column('belegId').doUpdateSet(set))
    .execute();
  const was = vorhanden?.unterschriftAm ? 'Unterschrift ersetzt' : 'Unterschrift erfasst';
  await addHistory(trx, b.id, 'Q', name ? `${was} (${name})` : was, actor);
  const stored = await leseUnterschrift(trx, belegId);
  if (!stored) throw notFound('Unterschrift');
  return stored;
}

/** The signature of a document, or null; 404 when the document does not exist. */
export async function leseUnterschrift(db: Db, belegId: number) {
  const beleg = await db.selectFrom('belege').select('id').where('id', '=', belegId).executeTakeFirst();
  if (!beleg) throw notFound('Beleg');
  const row = await db
    .selectFrom('belegDokumente')
    .leftJoin('benutzer', 'benutzer.id', 'belegDokumente.unterschriftBenutzerId')
    .select(['belegDokumente.unterschrift', 'belegDokumente.unterschriftName', 'belegDokumente.unterschriftAm', 'benutzer.kuerzel'])
    .where('belegDokumente.belegId', '=', belegId)
    .executeTakeFirst();
  if (!row?.unterschrift || !row.unterschriftAm) return null;
  return {
    belegId,
    daten: Buffer.from(row.unterschrift).toString('base64'),
    name: row.unterschriftName,
    unterschriebenAm: row.unterschriftAm,
    erfasstVon: row.kuerzel ?? null,
  };
}
