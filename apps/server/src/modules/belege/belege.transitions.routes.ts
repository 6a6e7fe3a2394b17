import { ERECHNUNG_PRUEFUNG_PARAMETER, endpoints } from '@vario/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotentCreate } from '../../lib/idempotency';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { pruefmodus } from '../erechnung/erechnung.service';
import { belegAntwort, belegLocation } from './belege.antworten';
import { bucheBeleg, DEAL_PARAMETER, storniereBeleg, type TransitionActor } from './belege.transitions';
import { wandleBelegUm } from './belege.umwandeln';

/**
 * Book, cancel and transform (BEL-038/040/042): one transaction each, with its history row and effects
 * (belege.transitions.ts). The rights the contract declares are checked by the rights hook; the object-level right
 * BEK_FREMDBEARB and the record lock inside the transition.
 */
export function belegeTransitionRoutes(app: FastifyInstance, { db, parameter }: Ctx) {
  const who = (req: FastifyRequest): TransitionActor => {
    const user = actor(req);
    const token = req.headers['x-lock-token'];
    return { id: user.id, name: user.name, istAdmin: user.istAdmin, ...(typeof token === 'string' ? { lockToken: token } : {}) };
  };

  route(app, endpoints.belegBuchen, async (req) => {
    const a = who(req);
    return db.transaction().execute(async (trx) => {
      const dealParameter = await parameter(DEAL_PARAMETER, trx);
      const erechnungPruefung = pruefmodus(await parameter(ERECHNUNG_PRUEFUNG_PARAMETER, trx));
      const r = await bucheBeleg(trx, a, req.params.id, { dealAnlegen: req.body?.data?.dealAnlegen ?? false, dealParameter, erechnungPruefung });
      const result = await belegAntwort(trx, a, r.id);
      return r.warnungen.length ? { result, warnungen: r.warnungen } : { result };
    });
  });

  route(app, endpoints.belegStornieren, async (req) => {
    const a = who(req);
    const beleg = await db.transaction().execute(async (trx) => {
      const r = await storniereBeleg(trx, a, req.params.id, { grund: req.body?.data?.grund ?? null });
      return belegAntwort(trx, a, r.id);
    });
    return { result: beleg };
  });

  route(app, endpoints.belegUmwandeln, async (req, reply) => {
    const a = who(req);
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const { id } = await wandleBelegUm(trx, a, req.params.id, req.params.targetType, { positionen: req.body?.data?.positionen });
      return { body: { result: await belegAntwort(trx, a, id) }, location: belegLocation(id) };
    });
  });
}
