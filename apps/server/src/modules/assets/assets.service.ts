import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { notFound } from '../../lib/errors';
import { requireImage } from '../../lib/files';
import { checkImage, decodeImage } from '../../lib/images';
import { type Actor, assertWritable } from '../../lib/locks';

/** Picture storage of assets (ASS-013): scaled copies, lock check and change log, each taking the transaction first. */

/** Image sizes the server produces (ASS-013). */
export const THUMBNAIL = 400;
export const POPUP = 1600;
const LOCK = 'ASS';

/** Scales an image into a box (never enlarging), keeping its aspect ratio and orientation: JPEG, or PNG for images with transparency. */
export async function resize(data: Buffer, box: number): Promise<{ data: Buffer; mimeType: string }> {
  // checked (type, header, pixel limit) and decoded in bounded concurrency; corrupt data is a 400 (lib/images.ts)
  return decodeImage(data, async (input) => {
    const img = input.rotate();
    const meta = await img.metadata();
    const resized = img.resize(box, box, { fit: 'inside', withoutEnlargement: true });
    if (meta.hasAlpha) return { data: await resized.png().toBuffer(), mimeType: 'image/png' };
    return { data: await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), mimeType: 'image/jpeg' };
  });
}

/** Both sizes of an upload, computed before a transaction opens (the work takes a while). */
export async function scaledCopies(original: Buffer) {
  await checkImage(original);
  const [thumb, popup] = await Promise.all([resize(original, THUMBNAIL), resize(original, POPUP)]);
  return { thumb, popup };
}

export async function saveAssetImage(trx: Db, assetId: number, dateiname: string, original: Buffer | Awaited<ReturnType<typeof scaledCopies>>) {
  const { thumb, popup } = Buffer.isBuffer(original) ? await scaledCopies(original) : original;
  const max = await trx
    .selectFrom('assetBilder')
    .select((eb) => eb.fn.max('bildindex').as('n'))
    .where('assetId', '=', assetId)
    .executeTakeFirst();
  return trx
    .insertInto('assetBilder')
    .values({ assetId, bildindex: Number(max?.n ?? 0) + 1, dateiname, mimeType: popup.mimeType, thumbnail: thumb.data, popup: popup.data })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function requireAsset(db: Db, id: number) {
  if (!(await db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Asset');
}

/** Adds a picture to an asset: lock check, the row and its change-log entry in the caller's transaction. */
export async function addAssetBild(
  trx: Db,
  me: Actor,
  assetId: number,
  bild: { dateiname: string; copies: Awaited<ReturnType<typeof scaledCopies>>; remark?: string },
  lockToken?: string,
) {
  await requireAsset(trx, assetId);
  await assertWritable(trx, me, LOCK, assetId, lockToken);
  const saved = await saveAssetImage(trx, assetId, bild.dateiname, bild.copies);
  await logChange(trx, { tabelle: LOCK, datensatzId: assetId, aktion: 'AENDERN', benutzerId: me.id, bemerkung: bild.remark, felder: [`bild.${saved.id}`] });
  return trx.selectFrom('assetBilder').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
}

/** Removes a picture of an asset (404 when it is not the asset's): lock check, delete and change log in the caller's transaction. */
export async function removeAssetBild(trx: Db, me: Actor, assetId: number, bildId: number, lockToken?: string) {
  const row = await trx.selectFrom('assetBilder').select('id').where('id', '=', bildId).where('assetId', '=', assetId).executeTakeFirst();
  if (!row) throw notFound('Bild');
  await assertWritable(trx, me, LOCK, assetId, lockToken);
  await trx.deleteFrom('assetBilder').where('id', '=', row.id).execute();
  await logChange(trx, { tabelle: LOCK, datensatzId: assetId, aktion: 'AENDERN', benutzerId: me.id, felder: [`bild.${row.id}`] });
}

/** An upload must be an image; both sizes are made from it. */
export async function prepareBild(original: Buffer) {
  requireImage(original);
  return scaledCopies(original);
}
