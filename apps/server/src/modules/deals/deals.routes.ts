import { API_PREFIX, type Endpoint, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { idempotentCreate } from '../../lib/idempotency';
import { type Ctx, createRecord, deleteRecord, exportRecords, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { type Handler, route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { dealsResource } from './deals.resource';
import {
  assignBeleg,
  beforeDealDelete,
  dealBelege,
  dealBoard,
  gewinnVorschlag,
  loadDeal,
  loseDeal,
  moveDealPhase,
  requireDealsOn,
  requireEditRight,
  syncKontaktErinnerung,
  touchesKontakt,
  winDeal,
} from './deals.service';

/** Deals (spec 2 §7): thin routes over the resource and deals.service; every one answers 403 while the usage parameter deals is off. */
export function dealsRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const dealRoute = <E extends Endpoint>(e: E, handler: Handler<E>) =>
    route(app, e, async (req, reply) => {
      await requireDealsOn(ctx);
      return handler(req, reply);
    });
  const deletable = { ...dealsResource, beforeDelete: beforeDealDelete };

  dealRoute(endpoints.dealsList, async (req) => listRecords(ctx, dealsResource, req.query, actor(req)));
  dealRoute(endpoints.dealsExport, async (req, reply) => exportRecords(ctx, dealsResource, req.query, actor(req), reply, 'Deals'));
  dealRoute(endpoints.dealBoard, async (req) => ({ result: await dealBoard(ctx, actor(req), req.query) }));
  dealRoute(endpoints.dealVerlustgruende, async () => {
    const result = await db.selectFrom('dealVerlustgruende').select(['id', 'bezeichnung', 'sortierung']).orderBy('sortierung').orderBy('id').execute();
    return { result, hasMoreData: false };
  });
  dealRoute(endpoints.dealGet, async (req) => ({ result: await getRecord(db, dealsResource, req.params.id, actor(req)) }));
  dealRoute(endpoints.dealCreate, async (req, reply) => {
    const me = actor(req);
    // the responsible user is the one who creates the deal unless the form names another (or none)
    const data = { zustaendigerBenutzer: me.id, ...req.body.data };
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const body = await createRecord(trx, ctx, dealsResource, me, { data, ProtokollBemerkung: req.body.ProtokollBemerkung });
      await syncKontaktErinnerung(trx, me, body.result.id);
      return { body, location: `${API_PREFIX}/crm/deals/${body.result.id}` };
    });
  });
  dealRoute(endpoints.dealUpdate, async (req) => {
    const me = actor(req);
    return db.transaction().execute(async (trx) => {
      const d = await loadDeal(trx, ctx, req.params.id);
      await requireEditRight(trx, me, d.status);
      const out = await updateRecord(trx, ctx, dealsResource, me, req.params.id, req.body, lockTokenOf(req.headers));
      if (touchesKontakt(req.body.data)) await syncKontaktErinnerung(trx, me, req.params.id);
      return out;
    });
  });
  dealRoute(endpoints.dealDelete, async (req) => {
    await deleteRecord(db, ctx, deletable, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });
  dealRoute(endpoints.dealBelege, async (req) => {
    const result = await dealBelege(db, req.params.id);
    return { result, resultCount: result.length, hasMoreData: false };
  });
  dealRoute(endpoints.dealBelegZuweisen, async (req) => ({
    result: await db.transaction().execute((trx) => assignBeleg(trx, ctx, actor(req), req.params.id, req.body.belegId, lockTokenOf(req.headers))),
  }));
  dealRoute(endpoints.dealPhase, async (req) => ({
    result: await db.transaction().execute((trx) => moveDealPhase(trx, ctx, actor(req), req.params.id, req.body.data.phase, lockTokenOf(req.headers))),
  }));
  dealRoute(endpoints.dealGewinnVorschlag, async (req) => {
    await loadDeal(db, { ...ctx, dialect: 'sqlite' }, req.params.id);
    return { result: await gewinnVorschlag(db, req.params.id) };
  });
  dealRoute(endpoints.dealGewonnen, async (req) => ({
    result: await db.transaction().execute((trx) => winDeal(trx, ctx, actor(req), req.params.id, req.body.data, lockTokenOf(req.headers))),
  }));
  dealRoute(endpoints.dealVerloren, async (req) => ({
    result: await db.transaction().execute((trx) => loseDeal(trx, ctx, actor(req), req.params.id, req.body.data.grund, lockTokenOf(req.headers))),
  }));
}
