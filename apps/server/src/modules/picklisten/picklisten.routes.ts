import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { idempotentCreate } from '../../lib/idempotency';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor, hasRight } from '../../plugins/auth';
import { bestaetigen, entsperren, erzeugen, oeffnen, picklisten, wagenSetzen } from './picklisten.service';

/** Digital picklists (PICK-001…011): thin handlers over picklisten.service. */
export function picklistenRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, registry } = ctx;
  route(app, endpoints.picklisten, async (req) => ({ result: await picklisten(db, req.query), hasMoreData: false }));
  route(app, endpoints.picklistenArtikel, async (req) => {
    const me = actor(req);
    if (req.query.unlock === '1') {
      return { result: await db.transaction().execute((trx) => entsperren(trx, me, req.query.LfdNr, (r) => hasRight(db, req, r))) };
    }
    const session = { ...me, sitzungBis: req.session?.gueltigBis ?? new Date().toISOString() };
    return { result: await oeffnen(db, session, req.query.LfdNr, registry.lockTables) };
  });
  route(app, endpoints.picklistenErzeugen, async (req, reply) =>
    idempotentCreate(db, req, reply, 201, async (trx) => {
      const result = await erzeugen(trx, actor(req), req.body.data.belegId);
      return { body: { result, hasMoreData: false } };
    }),
  );
  route(app, endpoints.pickBestaetigen, async (req) => ({
    result: await db.transaction().execute((trx) => bestaetigen(trx, actor(req), req.body.data)),
  }));
  route(app, endpoints.picklisteWagenSetzen, async (req) => ({
    result: await db.transaction().execute((trx) => wagenSetzen(trx, actor(req), req.body.data)),
  }));
}
