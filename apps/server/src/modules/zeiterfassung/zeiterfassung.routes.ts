import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors';
import { idempotentCreate } from '../../lib/idempotency';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor, hasRight } from '../../plugins/auth';
import { werIst } from '../service/service.wer';
import { abmelden, anmelden, nachbuchen, tag, zeitmodelle, zeitmodellSetzen } from './zeiterfassung.service';

/** Time tracking (ZEIT-001…006): every user their own entries; thin handlers over zeiterfassung.service. */
export function zeiterfassungRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  route(app, endpoints.zeitTag, async (req) => ({ result: await tag(db, actor(req).id, req.query.Datum) }));
  route(app, endpoints.zeitAnmelden, async (req, reply) =>
    idempotentCreate(db, req, reply, 201, async (trx) => ({ body: { result: await anmelden(trx, actor(req), req.body.data) } })),
  );
  route(app, endpoints.zeitAbmelden, async (req) => ({ result: await db.transaction().execute((trx) => abmelden(trx, actor(req), req.body.data)) }));
  route(app, endpoints.zeitNachbuchen, async (req, reply) => {
    const wer = await werIst(db, actor(req), (r) => hasRight(db, req, r));
    return idempotentCreate(db, req, reply, 201, async (trx) => ({ body: { result: await nachbuchen(trx, wer, req.body.data) } }));
  });
  route(app, endpoints.zeitmodelle, async (req) => {
    const me = actor(req);
    const benutzerId = req.query.benutzerId ?? me.id;
    if (benutzerId !== me.id && !me.istAdmin) throw forbidden('ADMIN');
    return { result: await zeitmodelle(db, benutzerId), hasMoreData: false };
  });
  route(app, endpoints.zeitmodellSetzen, async (req) => ({
    result: await db.transaction().execute((trx) => zeitmodellSetzen(trx, actor(req), req.body.data)),
  }));
}
