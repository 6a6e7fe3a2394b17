import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/files';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { dateienVonEinkaufsbeleg, einkaufsbelegDatei } from './einkauf.service';

/** Purchase documents: files list and file data (BEL-046/047), view only (BEL-048). */
export function einkaufRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, endpoints.einkaufBelegDateien, async (req) => {
    const result = await dateienVonEinkaufsbeleg(db, req.params.id);
    return { result, resultCount: result.length, hasMoreData: false };
  });
  route(app, endpoints.einkaufBelegDateiDaten, async (req, reply) => {
    const file = await einkaufsbelegDatei(db, req.params.id, req.params.fileId);
    return reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname, true)).send(Buffer.from(file.daten));
  });
}
