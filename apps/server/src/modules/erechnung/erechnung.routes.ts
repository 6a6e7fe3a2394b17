import { ERECHNUNG_PRUEFUNG_PARAMETER, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/files';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { liefereERechnung, lieferungen } from './erechnung.service';
import { leseVerkaeufer, setzeVerkaeufer } from './erechnung.verkaeufer';

/** E-invoices out (erechnung.service.ts has the rules) and the seller data (erechnung.verkaeufer.ts). */
export function erechnungRoutes(app: FastifyInstance, { db, parameter }: AppContext) {
  route(app, endpoints.belegERechnung, async (req, reply) => {
    const l = await liefereERechnung(db, actor(req), req.params.id, req.query.format);
    return reply
      .header('Content-Type', l.mime === 'application/pdf' ? l.mime : `${l.mime}; charset=utf-8`)
      .header('Content-Disposition', contentDisposition(l.dateiname, true))
      .header('Cache-Control', 'no-store')
      .header('X-Content-SHA256', l.sha256)
      .send(l.daten);
  });

  route(app, endpoints.belegERechnungen, async (req) => {
    const rows = await lieferungen(db, req.params.id);
    return { result: rows, hasMoreData: false };
  });

  route(app, endpoints.verkaeuferGet, async () => ({ result: await leseVerkaeufer(db, await parameter(ERECHNUNG_PRUEFUNG_PARAMETER)) }));

  route(app, endpoints.verkaeuferSet, async (req) => ({
    result: await db.transaction().execute((trx) => setzeVerkaeufer(trx, actor(req), req.body.data)),
  }));
}
