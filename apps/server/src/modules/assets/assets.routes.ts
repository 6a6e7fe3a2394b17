import { API_PREFIX, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { contentDisposition, decodeBase64, fileColumns } from '../../lib/files';
import { idempotentCreate } from '../../lib/idempotency';
import { imageUploadLimit } from '../../lib/images';
import { type Ctx, createRecord, deleteRecord, exportRecords, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { assetDateienResource, assetsResource } from './assets.resource';
import { addAssetBild, prepareBild, removeAssetBild, requireAsset } from './assets.service';

/** A stored picture in the API's shape: the requested size as base64, its type read from the bytes. */
const bildOut = (r: { id: number; bildindex: number; dateiname: string; thumbnail?: Buffer; popup?: Buffer }, groesse: 'thumbnail' | 'popup') => {
  const gfx = Buffer.from((groesse === 'popup' ? r.popup : r.thumbnail) ?? Buffer.alloc(0));
  const mimeType = gfx[0] === 0x89 ? 'image/png' : 'image/jpeg';
  return { id: r.id, bildindex: r.bildindex, dateiname: r.dateiname, mimeType, gfx: gfx.toString('base64') };
};

export function assetsRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  route(app, endpoints.assetSfelder, async () => {
    const rows = await db.selectFrom('systemParameter').select(['name', 'wert']).where('name', 'like', 'ASSETS.S0%').orderBy('name').execute();
    const labels = new Map(rows.map((r) => [r.name.slice(-3).toLowerCase(), r.wert]));
    return {
      result: ['s01', 's02', 's03', 's04', 's05', 's06'].map((feld) => ({ feld, bezeichnung: labels.get(feld) || feld.toUpperCase() })),
      hasMoreData: false,
    };
  });
  route(app, endpoints.assetsList, async (req) => listRecords(ctx, assetsResource, req.query, actor(req)));
  route(app, endpoints.assetsExport, async (req, reply) => exportRecords(ctx, assetsResource, req.query, actor(req), reply, 'Assets'));
  route(app, endpoints.assetGet, async (req) => ({ result: await getRecord(db, assetsResource, req.params.id, actor(req)) }));
  route(app, endpoints.assetCreate, async (req, reply) => createRecord(db, ctx, assetsResource, actor(req), req.body, reply));
  route(app, endpoints.assetUpdate, async (req) => updateRecord(db, ctx, assetsResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)));
  route(app, endpoints.assetDelete, async (req) => {
    await deleteRecord(db, ctx, assetsResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });

  route(app, endpoints.assetBilder, async (req) => {
    await requireAsset(db, req.params.id);
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
  route(
    app,
    endpoints.assetBildCreate,
    async (req, reply) => {
      await requireAsset(db, req.params.id);
      // the image is checked and scaled before the transaction opens: the work takes a while
      const copies = await prepareBild(decodeBase64(req.body.data.daten));
      return idempotentCreate(db, req, reply, 201, async (trx) => {
        const bild = { dateiname: req.body.data.dateiname, copies, remark: req.body.ProtokollBemerkung };
        const row = await addAssetBild(trx, actor(req), req.params.id, bild, lockTokenOf(req.headers));
        return { body: { result: bildOut(row, 'thumbnail') }, location: `${API_PREFIX}/stammdaten/assets/${req.params.id}/bilder/${row.id}` };
      });
    },
    imageUploadLimit,
  );
  route(app, endpoints.assetBildDelete, async (req) => {
    await db.transaction().execute((trx) => removeAssetBild(trx, actor(req), req.params.id, req.params.subId, lockTokenOf(req.headers)));
    return undefined;
  });

  route(app, endpoints.assetDateien, async (req) => {
    await requireAsset(db, req.params.id);
    return listRecords(ctx, assetDateienResource, { ...req.query, limit: req.query.limit || 50 }, actor(req), req.params.id);
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
    return reply.send(Buffer.from(f.daten));
  });
  route(app, endpoints.assetDateiCreate, async (req, reply) => {
    await requireAsset(db, req.params.id);
    const { dateiname, daten, betreff } = req.body.data;
    const data = fileColumns(dateiname, daten, betreff);
    return createRecord(db, ctx, assetDateienResource, actor(req), { ...req.body, data }, reply, req.params.id);
  });
  route(app, endpoints.assetDateiDelete, async (req) => {
    await deleteRecord(db, ctx, assetDateienResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });
}
