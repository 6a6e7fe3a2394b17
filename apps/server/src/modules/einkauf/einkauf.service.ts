import { createHash } from 'node:crypto';
import type { Db } from '../../db/index';
import { notFound } from '../../lib/errors';

/**
 * Purchase documents can only be viewed (BEL-048): their files are listed and read. The check document is the file
 * with `eraktivesPruefDokument = 'J'` (BEL-024); the list shows it first.
 */
export async function dateienVonEinkaufsbeleg(db: Db, einkaufBelegId: number) {
  const beleg = await db.selectFrom('einkaufBelege').select('id').where('id', '=', einkaufBelegId).executeTakeFirst();
  if (!beleg) throw notFound('Einkaufsbeleg');
  const rows = await db
    .selectFrom('einkaufBelegDateien')
    .select(['id', 'dateiname', 'eraktivesPruefDokument', 'mimeType', 'groesse', 'angelegtAm'])
    .where('einkaufBelegId', '=', einkaufBelegId)
    .orderBy('eraktivesPruefDokument')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, groesse: Number(r.groesse), eraktivesPruefDokument: r.eraktivesPruefDokument === 'J' ? ('J' as const) : ('N' as const) }));
}

/** One file of the purchase document; 404 when the document or the file (of this document) does not exist. */
export async function einkaufsbelegDatei(db: Db, einkaufBelegId: number, dateiId: number) {
  const row = await db
    .selectFrom('einkaufBelegDateien')
    .select(['dateiname', 'mimeType', 'daten'])
    .where('id', '=', dateiId)
    .where('einkaufBelegId', '=', einkaufBelegId)
    .executeTakeFirst();
  if (!row) throw notFound('Datei');
  return row;
}

export interface EinkaufsbelegNeu {
  belegart: string;
  belegnummer: string;
  belegdatum: string;
  adresseId: number | null;
  lieferantName: string | null;
  betreff?: string | null;
  betragNetto: number;
  betragBrutto: number;
}
export interface EinkaufsdateiNeu {
  dateiname: string;
  daten: Buffer;
  mimeType: string;
  pruefDokument: boolean;
}

/**
 * Records a purchase document with its files (the seed and a future import use it; the API only views them). At most
 * one file is the check document.
 */
export async function legeEinkaufsbelegAn(trx: Db, beleg: EinkaufsbelegNeu, dateien: EinkaufsdateiNeu[]): Promise<number> {
  if (dateien.filter((d) => d.pruefDokument).length > 1) throw new Error('Ein Einkaufsbeleg hat höchstens ein Prüfdokument');
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('einkaufBelege')
    .values({ ...beleg, betreff: beleg.betreff ?? null, angelegtAm: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const d of dateien) {
    await trx
      .insertInto('einkaufBelegDateien')
      .values({
        einkaufBelegId: id,
        dateiname: d.dateiname,
        eraktivesPruefDokument: d.pruefDokument ? 'J' : 'N',
        mimeType: d.mimeType,
        groesse: d.daten.length,
        daten: d.daten,
        sha256: createHash('sha256').update(d.daten).digest('hex'),
        angelegtAm: now,
      })
      .execute();
  }
  return id;
}
