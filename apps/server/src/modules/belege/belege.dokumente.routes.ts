import { endpoints } from '@vario/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../lib/files';
import { imageUploadLimit } from '../../lib/images';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { type DokumentActor, druckeBeleg, leseUnterschrift, pdfVorab, pruefeUnterschrift, renderBelegPdf, setzeUnterschrift } from './belege.dokumente.service';
import { pdfPoolHalten } from './belege.pdf-pool';

/**
 * The PDF, printing and the signature of a sales document (belege.dokumente.service.ts has the rules). Registered by
 * one line in belege.module.ts.
 */
export function belegeDokumenteRoutes(app: FastifyInstance, { db }: Ctx) {
  const who = (req: FastifyRequest): DokumentActor => {
    const user = actor(req);
    const token = req.headers['x-lock-token'];
    return {
      id: user.id,
      name: user.name,
      istAdmin: user.istAdmin,
      ...(typeof token === 'string' ? { lockToken: token } : {}),
    };
  };

  const loslassen = pdfPoolHalten();
  app.addHook('onClose', () => loslassen());

  // The model is read in its own transaction, the rendering (worker pool) holds none; keeping the hash is one statement.
  route(app, endpoints.belegPdf, async (req, reply) => {
    const { pdf, sha256, belegnummer } = await renderBelegPdf(db, req.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`${belegnummer}.pdf`, true))
      .header('Cache-Control', 'no-store')
      .header('X-Content-SHA256', sha256)
      .send(pdf);
  });

  route(app, endpoints.belegDrucken, async (req) => {
    const a = who(req);
    await pdfVorab(db, req.params.id);
    return { result: await db.transaction().execute((trx) => druckeBeleg(trx, a, req.params.id)) };
  });

  route(app, endpoints.belegUnterschriftGet, async (req) => ({ result: await leseUnterschrift(db, req.params.id) }));

  route(
    app,
    endpoints.belegUnterschriftSet,
    async (req) => {
      const a = who(req);
      const png = Buffer.from(req.body.data.daten, 'base64');
      await pruefeUnterschrift(png);
      const name = req.body.data.name?.trim() || null;
      return { result: await db.transaction().execute((trx) => setzeUnterschrift(trx, a, req.params.id, png, name)) };
    },
    imageUploadLimit,
  );
}
