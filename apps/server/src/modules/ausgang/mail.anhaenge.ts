import { createHash } from 'node:crypto';
import { belegartVon, ERECHNUNG_LIEFERFORMATE, type ERechnungLieferformat, istERechnungsBelegart } from '@vario/contract';
import { type Db, inTransaction } from '../../db/index';
import type { Actor } from '../../lib/locks';
import { renderBelegPdf } from '../belege/belege.dokumente.service';
import { renderPdf } from '../belege/belege.pdf-pool';
import { liefereERechnung } from '../erechnung/erechnung.service';
import { mahnschreibenPdfModel } from '../offeneposten/offeneposten.mahnung';

/** One attachment as it goes out: name, type and the exact bytes. */
export interface Anhang {
  name: string;
  mimeType: string;
  daten: Buffer;
}

export const sha256Of = (daten: Buffer) => createHash('sha256').update(daten).digest('hex');

/**
 * The attachments of a sales document's e-mail — the one place that decides them. A booked invoice or credit note to a
 * customer who receives e-invoices goes in the customer's format (issue 24 item 8): the ZUGFeRD PDF alone (it is the
 * readable document), or the XRechnung XML with the document's PDF beside it for the person who opens the mail. The
 * e-invoice is the stored delivery (the same bytes as every download, GoBD); one that cannot be made (a mandatory
 * business term missing) refuses the send with the BT list. Everything else: the document's PDF (the bytes GET …/pdf
 * serves). Runs before the send's transaction (the PDF pool holds no transaction).
 */
export async function attachmentsFor(db: Db, beleg: { id: number }, actor: Pick<Actor, 'id'>): Promise<Anhang[]> {
  const format = await eRechnungsformat(db, beleg.id);
  const dokument = async (): Promise<Anhang> => {
    const { pdf, belegnummer } = await renderBelegPdf(db, beleg.id);
    return { name: `${belegnummer}.pdf`, mimeType: 'application/pdf', daten: pdf };
  };
  if (!format) return [await dokument()];
  const e = await liefereERechnung(db, actor, beleg.id, format);
  const erechnung: Anhang = { name: e.dateiname, mimeType: e.mime, daten: e.daten };
  return format === 'zugferd' ? [erechnung] : [erechnung, await dokument()];
}

/** The e-invoice format a booked invoice or credit note goes out in: its recipient address's (none: undefined). */
async function eRechnungsformat(db: Db, belegId: number): Promise<ERechnungLieferformat | undefined> {
  const b = await db.selectFrom('belege').select(['belegart', 'gebuchtAm', 'adresseId', 'rechnungsadresseId']).where('id', '=', belegId).executeTakeFirst();
  if (!b || !b.gebuchtAm || !istERechnungsBelegart(b.belegart)) return undefined;
  const adresseId = belegartVon(b.belegart)?.pdf.empfaenger === 'rechnungsadresse' && b.rechnungsadresseId ? b.rechnungsadresseId : b.adresseId;
  const a = await db.selectFrom('adressen').select('erechnungFormat').where('id', '=', adresseId).executeTakeFirst();
  const f = a?.erechnungFormat as ERechnungLieferformat | undefined;
  return f && (ERECHNUNG_LIEFERFORMATE as readonly string[]).includes(f) ? f : undefined;
}

/** The dunning letter's PDF. */
export async function mahnschreibenAnhaenge(db: Db, mahnschreibenId: number): Promise<Anhang[]> {
  const { model, dateiname } = await inTransaction(db, (trx) => mahnschreibenPdfModel(trx, mahnschreibenId));
  const { pdf } = await renderPdf(model, { cache: true });
  return [{ name: dateiname, mimeType: 'application/pdf', daten: pdf }];
}
