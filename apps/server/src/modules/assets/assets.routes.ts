import { asset, assetDatei, assetListe, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { contentDisposition, decodeBase64, fileType, requireImage } from '../../lib/files';
import { containsExpr } from '../../lib/list-query';
import { assertRef } from '../../lib/refs';
import { type Ctx, createRecord, deleteRecord, getRecord, listRecords, lockTokenOf, type Resource, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';

/** Image sizes the server produces (ASS-013). */
export const THUMBNAIL = 400;
export const POPUP = 1600;

export const assetsResource: Resource = {
  table: 'assets',
  kuerzel: 'ASS',
  path: '/stammdaten/assets',
  label: 'Asset',
  schema: asset,
  listSchema: assetListe,
  defaultOrder: ['assetnummer'],
  search: (eb, term, d) =>
    eb.or([
      containsExpr(eb.ref('assets.assetnummer'), term, d),
      containsExpr(eb.ref('assets.bezeichnung'), term, d),
      containsExpr(eb.ref('assets.seriennummer'), term, d),
      containsExpr(eb.ref('assets.imei'), term, d),
    ]),
  stamp: { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) },
};

const assetDateienResource: Resource = {
  table: 'assetDateien',
  kuerzel: 'ASD',
  path: '/stammdaten/assets/:parent/dateien',
  label: 'Datei',
  schema: assetDatei,
  defaultOrder: ['-datum'],
  parentColumn: 'assetId',
};

/** Scales an image into a box (never enlarging), keeping its aspect ratio and orientation: JPEG, or PNG for images with transparency. */
export async function resize(data: Buffer, box: number): Promise<{ data: Buffer; mimeType: string }> {
  const img = sharp(data, { failOn: 'error' }).rotate();
  const meta = await img.metadata();
  const resized = img.resize(box, box, { fit: 'inside', withoutEnlargement: true });
  if (meta.hasAlpha) return { data: await resized.png().toBuffer(), mimeType: 'image/png' };
  return { data: await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), mimeType: 'image/jpeg' };
}

export async function saveAssetImage(db: Db, assetId: number, dateiname: string, original: Buffer) {
  const [thumb, popup] = await Promise.all([resize(original, THUMBNAIL), resize(original, POPUP)]);
  const max = await db
    .selectFrom('assetBilder')
    .select((eb) => eb.fn.max('bildindex').as('n'))
    .where('assetId', '=', assetId)
    .executeTakeFirst();
  return db
    .insertInto('assetBilder')
    .values({ assetId, bildindex: Number(max?.n ?? 0) + 1, dateiname, mimeType: popup.mimeType, thumbnail: thumb.data, popup: popup.data })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function assetsRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const requireAsset = async (id: number) => {
    if (!(await db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Asset');
  };
  const refs = async (d: Record<string, unknown>) => {
    await assertRef(db, 'adressen', d.adresseId as number | null, 'adresseId');
    await assertRef(db, 'artikel', d.artikelId as number | null, 'artikelId');
  };

  route(app, endpoints.assetSfelder, async () => {
    const rows = await db.selectFrom('systemParameter').select(['name', 'wert']).where('name', 'like', 'ASSETS.S0%').orderBy('name').execute();
    const labels = new Map(rows.map((r) => [r.name.slice(-3).toLowerCase(), r.wert]));
    return {
      result: ['s01', 's02', 's03', 's04', 's05', 's06'].map((feld) => ({ feld, bezeichnung: labels.get(feld) || feld.toUpperCase() })),
      hasMoreData: false,
    };
  });
  route(app, endpoints.assetsList, async (req) => listRecords(ctx, assetsResource, req.query, actor(req)) as never);
  route(app, endpoints.assetGet, async (req) => ({ result: await getRecord(ctx, assetsResource, req.params.id, actor(req)) }) as never);
  route(app, endpoints.assetCreate, async (req, reply) => {
    await refs(req.body.data);
    return createRecord(ctx, assetsResource, actor(req), req.body, reply) as never;
  });
  route(app, endpoints.assetUpdate, async (req) => {
    await refs(req.body.data);
    return updateRecord(ctx, assetsResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)) as never;
  });
  route(app, endpoints.assetDelete, async (req) => {
    await deleteRecord(ctx, assetsResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });

  const bildOut = (
    r: { id: number; bildindex: number; dateiname: string; mimeType: string; thumbnail?: Buffer; popup?: Buffer },
    groesse: 'thumbnail' | 'popup',
  ) => {
    const gfx = (groesse === 'popup' ? r.popup : r.thumbnail) as Buffer;
    const mimeType = gfx[0] === 0x89 ? 'image/png' : 'image/jpeg';
    return { id: r.id, bildindex: r.bildindex, dateiname: r.dateiname, mimeType, gfx: Buffer.from(gfx).toString('base64') };
  };
  route(app, endpoints.assetBilder, async (req) => {
    await requireAsset(req.params.id);
    const groesse = req.query.groesse ?? 'thumbnail';
    const limit = req.query.limit || 50;
    const offset = req.query.offset ?? 0;
    const rows = await db
      .selectFrom('assetBilder')
      .select(['id', 'bildindex', 'dateiname', 'mimeType', groesse])
      .where('assetId', '=', req.params.id)
      .orderBy('bildindex', req.query.orderBy === '-bildindex' ? 'desc' : 'asc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const total = await db
      .selectFrom('assetBilder')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assetId', '=', req.params.id)
      .executeTakeFirst();
    return { result: rows.slice(0, limit).map((r) => bildOut(r, groesse)), resultCount: Number(total?.n ?? 0), hasMoreData: rows.length > limit };
  });
  route(app, endpoints.assetBild, async (req) => {
    const row = await db.selectFrom('assetBilder').selectAll().where('id', '=', req.params.subId).where('assetId', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound('Bild');
    return { result: bildOut(row, req.query.groesse ?? 'popup') };
  });
  route(app, endpoints.assetBildCreate, async (req, reply) => {
    await requireAsset(req.params.id);
    const original = decodeBase64(req.body.data.daten);
    requireImage(original);
    const { id } = await db.transaction().execute(async (trx) => {
      const saved = await saveAssetImage(trx, req.params.id, req.body.data.dateiname, original);
      await logChange(trx, {
        tabelle: 'ASS',
        datensatzId: req.params.id,
        aktion: 'AENDERN',
        benutzerId: actor(req).id,
        bemerkung: req.body.ProtokollBemerkung,
        felder: [`bild.${saved.id}`],
      });
      return saved;
    });
    const row = await db.selectFrom('assetBilder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    reply.header('Location', `/vario-api/stammdaten/assets/${req.params.id}/bilder/${id}`);
    return { result: bildOut(row, 'thumbnail') };
  });
  route(app, endpoints.assetBildDelete, async (req) => {
    const row = await db.selectFrom('assetBilder').select('id').where('id', '=', req.params.subId).where('assetId', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound('Bild');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('assetBilder').where('id', '=', row.id).execute();
      await logChange(trx, { tabelle: 'ASS', datensatzId: req.params.id, aktion: 'AENDERN', benutzerId: actor(req).id, felder: [`bild.${row.id}`] });
    });
    return undefined;
  });

  route(app, endpoints.assetDateien, async (req) => {
    await requireAsset(req.params.id);
    return listRecords(ctx, assetDateienResource, { ...req.query, limit: req.query.limit || 50 }, actor(req), req.params.id) as never;
  });
  const loadFile = async (id: number, subId: number) => {
    const row = await db.selectFrom('assetDateien').selectAll().where('id', '=', subId).where('assetId', '=', id).executeTakeFirst();
    if (!row) throw notFound('Datei');
    return row;
  };
  route(app, endpoints.assetDatei, async (req) => {
    const { daten, assetId: _a, ...f } = await loadFile(req.params.id, req.params.subId);
    return { result: { ...f, daten: Buffer.from(daten).toString('base64') } };
  });
  route(app, endpoints.assetDateiGfx, async (req, reply) => {
    const f = await loadFile(req.params.id, req.params.subId);
    reply.header('Content-Type', f.mimeType).header('Content-Disposition', contentDisposition(f.dateiname, f.mimeType.startsWith('image/')));
    return reply.send(Buffer.from(f.daten)) as never;
  });
  route(app, endpoints.assetDateiCreate, async (req, reply) => {
    await requireAsset(req.params.id);
    const daten = decodeBase64(req.body.data.daten);
    const { dateiname, betreff } = req.body.data;
    const data = { dateiname, betreff: betreff ?? null, daten, mimeType: fileType(dateiname, daten), groesse: daten.length, datum: nowIso() };
    return createRecord(ctx, assetDateienResource, actor(req), { ...req.body, data }, reply, req.params.id) as never;
  });
  route(app, endpoints.assetDateiDelete, async (req) => {
    await deleteRecord(ctx, assetDateienResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });
}
