import { endpoints, warengruppe } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { fieldTypes } from '../../lib/fields';
import { type ListSpec, runList } from '../../lib/list-query';
import { type Ctx, createRecord, deleteRecord, exportRecords, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { artikelResource } from './artikel.resource';
import { freieFelder, requireArtikel, setFreieFelder, setStaffeln, staffeln } from './artikel.service';

export function artikelRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  route(app, endpoints.artikelList, async (req) => listRecords(ctx, artikelResource, req.query, actor(req)));
  route(app, endpoints.artikelExport, async (req, reply) => exportRecords(ctx, artikelResource, req.query, actor(req), reply, 'Artikel'));
  route(app, endpoints.artikelGet, async (req) => ({ result: await getRecord(db, artikelResource, req.params.id, actor(req)) }));
  route(app, endpoints.artikelCreate, async (req, reply) => createRecord(db, ctx, artikelResource, actor(req), req.body, reply));
  route(app, endpoints.artikelUpdate, async (req) => updateRecord(db, ctx, artikelResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)));
  route(app, endpoints.artikelDelete, async (req) => {
    await deleteRecord(db, ctx, artikelResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });

  route(app, endpoints.freieFelder, async (req) => {
    await requireArtikel(db, req.params.id);
    return freieFelder(db, req.params.id);
  });
  route(app, endpoints.freieFelderSet, async (req) =>
    db.transaction().execute((trx) => setFreieFelder(trx, actor(req), req.params.id, req.body.data, lockTokenOf(req.headers))),
  );
  route(app, endpoints.preisstaffel, async (req) => staffeln(db, req.params.id, req.params.ap));
  route(app, endpoints.preisstaffelSet, async (req) =>
    db.transaction().execute((trx) => setStaffeln(trx, actor(req), req.params.id, req.params.ap, req.body.data, lockTokenOf(req.headers))),
  );

  const warengruppenSpec: ListSpec = { table: 'warengruppen', fields: fieldTypes(warengruppe), defaultOrder: ['bezeichnung'] };
  route(app, endpoints.warengruppen, async (req) => runList(db.selectFrom('warengruppen').selectAll(), warengruppenSpec, req.query, ctx.dialect));
}
