import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { type Ctx, listRecords } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { aktivitaetenResource } from '../adressen/adressen.resources';
import { requireNutzung } from './aktivitaeten.service';

/** Activities of a deal (the shared activity entity; the ticket's are served by the tickets area). */
export function dealAktivitaetenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  route(app, endpoints.dealAktivitaeten, async (req) => {
    await requireNutzung(ctx, 'deals');
    const deal = await db.selectFrom('deals').select('id').where('id', '=', req.params.id).executeTakeFirst();
    if (!deal) throw notFound('Deal');
    return listRecords(ctx, { ...aktivitaetenResource, parentColumn: 'dealId' }, req.query, actor(req), req.params.id);
  });
}
