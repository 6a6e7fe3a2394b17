import { createHash } from 'node:crypto';
import { type Db, inTransaction } from '../../db/index';
import { renderBelegPdf } from '../belege/belege.dokumente.service';
import { renderPdf } from '../belege/belege.pdf-pool';
import { mahnschreibenPdfModel } from '../offeneposten/offeneposten.mahnung';

/** One attachment as it goes out: name, type and the exact bytes. */
export interface Anhang {
  name: string;
  mimeType: string;
  daten: Buffer;
}

export const sha256Of = (daten: Buffer) => createHash('sha256').update(daten).digest('hex');

/**
 * The attachments of a sales document's e-mail — the one place that decides them. Today the document's PDF (the
 * bytes GET …/pdf serves, its hash kept with the document); the customer's e-invoice format (XRechnung XML or the
 * ZUGFeRD PDF) replaces this call's body once it can be rendered. Runs before the send's transaction (the PDF pool
 * holds no transaction).
 */
export async function attachmentsFor(db: Db, beleg: { id: number }): Promise<Anhang[]> {
  const { pdf, belegnummer } = await renderBelegPdf(db, beleg.id);
  return [{ name: `${belegnummer}.pdf`, mimeType: 'application/pdf', daten: pdf }];
}

/** The dunning letter's PDF. */
export async function mahnschreibenAnhaenge(db: Db, mahnschreibenId: number): Promise<Anhang[]> {
  const { model, dateiname } = await inTransaction(db, (trx) => mahnschreibenPdfModel(trx, mahnschreibenId));
  const { pdf } = await renderPdf(model, { cache: true });
  return [{ name: dateiname, mimeType: 'application/pdf', daten: pdf }];
}
