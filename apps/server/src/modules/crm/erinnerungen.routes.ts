import { endpoints, erinnerung } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { toStoredIso } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import { type Ctx, createRecord, deleteRecord, getRecord, listRecords, type Resource, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';

/** Reminders: a user sees and changes only the reminders addressed to them; administrators all. */
export const erinnerungen: Resource = {
  table: 'erinnerungen',
  kuerzel: 'ERI',
  path: '/crm/erinnerungen',
  label: 'Erinnerung',
  schema: erinnerung,
  defaultOrder: ['erinnerungDatum'],
  search: (eb, term, d) => containsExpr(eb.ref('erinnerungen.bemerkung'), term, d),
  scope: (qb, user) => (user.istAdmin ? qb : qb.where('erinnerungen.benutzerId', '=', user.id)),
  toRow: (d) => ({ ...d, erinnerungDatum: typeof d.erinnerungDatum === 'string' ? toStoredIso(d.erinnerungDatum) : undefined }),
};

async function assertAddressee(db: Db, benutzerId: number | undefined) {
  if (benutzerId === undefined) return;
  const u = await db.selectFrom('benutzer').select(['id', 'gesperrt']).where('id', '=', benutzerId).executeTakeFirst();
  if (!u || u.gesperrt) throw badRequest('Bitte die Eingaben prüfen!', { benutzerId: ['Unbekannter oder gesperrter Benutzer'] });
}

export function erinnerungenRoutes(app: FastifyInstance, ctx: Ctx) {
  const lockToken = (h: Record<string, unknown>) => (typeof h['x-lock-token'] === 'string' ? h['x-lock-token'] : undefined);
  // The creator and an administrator read back what they wrote even when it is addressed to someone else.
  const unscoped: Resource = { ...erinnerungen, scope: undefined };

  route(app, endpoints.erinnerungenList, async (req) => listRecords(ctx, erinnerungen, req.query, actor(req)) as never);
  route(app, endpoints.erinnerungGet, async (req) => ({ result: await getRecord(ctx, erinnerungen, req.params.id, actor(req)) }) as never);
  route(app, endpoints.erinnerungCreate, async (req, reply) => {
    await assertAddressee(ctx.db, req.body.data.benutzerId);
    const data = { ...req.body.data, erstelltVon: actor(req).id };
    return createRecord(ctx, unscoped, actor(req), { ...req.body, data }, reply) as never;
  });
  route(app, endpoints.erinnerungUpdate, async (req) => {
    await getRecord(ctx, erinnerungen, req.params.id, actor(req));
    await assertAddressee(ctx.db, req.body.data.benutzerId);
    return updateRecord(ctx, unscoped, actor(req), req.params.id, req.body, lockToken(req.headers)) as never;
  });
  route(app, endpoints.erinnerungDelete, async (req) => {
    await deleteRecord(ctx, erinnerungen, actor(req), req.params.id, lockToken(req.headers));
    return undefined;
  });
}
