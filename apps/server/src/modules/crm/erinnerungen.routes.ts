import { endpoints, erinnerung } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { toStoredIso } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import { type Ctx, createRecord, defineResource, deleteRecord, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';

/** The addressee of a reminder must be a user who is not blocked (400 on benutzerId). */
async function assertAddressee(db: Db, benutzerId: unknown) {
  if (benutzerId === undefined) return;
  const u =
    typeof benutzerId === 'number' ? await db.selectFrom('benutzer').select(['id', 'gesperrt']).where('id', '=', benutzerId).executeTakeFirst() : undefined;
  if (!u || u.gesperrt) throw badRequest('Bitte die Eingaben prüfen!', { benutzerId: ['Unbekannter oder gesperrter Benutzer'] });
}

/** Reminders: a user sees and changes only the reminders addressed to them; administrators all. */
export const erinnerungen = defineResource({
  table: 'erinnerungen',
  kuerzel: 'ERI',
  path: '/crm/erinnerungen',
  label: 'Erinnerung',
  schema: erinnerung,
  defaultOrder: ['erinnerungDatum'],
  search: (eb, term, d) => containsExpr(eb.ref('erinnerungen.bemerkung'), term, d),
  scope: (qb, user) => (user.istAdmin ? qb : qb.where('erinnerungen.benutzerId', '=', user.id)),
  toRow: async (trx, d) => {
    await assertAddressee(trx, d.benutzerId);
    return { ...d, erinnerungDatum: typeof d.erinnerungDatum === 'string' ? toStoredIso(d.erinnerungDatum) : undefined };
  },
});

export function erinnerungenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  route(app, endpoints.erinnerungenList, async (req) => listRecords(ctx, erinnerungen, req.query, actor(req)));
  route(app, endpoints.erinnerungGet, async (req) => ({ result: await getRecord(db, erinnerungen, req.params.id, actor(req)) }));
  route(app, endpoints.erinnerungCreate, async (req, reply) => {
    const data = { ...req.body.data, erstelltVon: actor(req).id };
    // the creator reads back what they wrote even when it is addressed to someone else (writes answer unscoped)
    return createRecord(db, ctx, erinnerungen, actor(req), { ...req.body, data }, reply);
  });
  // only a reminder the actor may see can be changed (404 otherwise), even when it is then addressed to someone else
  route(app, endpoints.erinnerungUpdate, async (req) => updateRecord(db, ctx, erinnerungen, actor(req), req.params.id, req.body, lockTokenOf(req.headers)));
  route(app, endpoints.erinnerungDelete, async (req) => {
    await deleteRecord(db, ctx, erinnerungen, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });
}
