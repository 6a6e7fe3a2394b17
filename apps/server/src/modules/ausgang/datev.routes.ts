import { Readable } from 'node:stream';
import { datevExport, endpoints } from '@vario/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { contentDisposition } from '../../lib/files';
import { runList } from '../../lib/list-query';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { datevLesen, datevSchreiben } from './datev.einstellungen';
import { buchungsstapelStrom, debitoren, exportDatei, exporteListe } from './datev.export';

const sende = (reply: FastifyReply, x: { dateiname: string; mimeType: string; daten: Buffer; sha256: string }) =>
  reply
    .header('Content-Type', x.mimeType)
    .header('Content-Disposition', contentDisposition(x.dateiname))
    .header('Cache-Control', 'no-store')
    .header('X-Content-SHA256', x.sha256)
    .send(x.daten);

/** DATEV settings, the Buchungsstapel and debtor exports and their log (datev.export.ts has the rules). */
export function datevRoutes(app: FastifyInstance, { db, dialect }: AppContext) {
  route(app, endpoints.datevEinstellungenGet, async () => ({ result: await datevLesen(db) }));
  route(app, endpoints.datevEinstellungenSet, async (req) => {
    const a = actor(req);
    return { result: await db.transaction().execute((trx) => datevSchreiben(trx, a, req.body.data, req.body.ProtokollBemerkung)) };
  });

  route(app, endpoints.datevBuchungsstapel, async (req, reply) => {
    const a = actor(req);
    // checked before the answer starts (a 422 lists every problem), then streamed; logged at its end (datev.export.ts)
    const x = await buchungsstapelStrom(db, a, req.query);
    return reply
      .header('Content-Type', x.mimeType)
      .header('Content-Disposition', contentDisposition(x.dateiname))
      .header('Cache-Control', 'no-store')
      .header('X-Datev-Buchungen', String(x.zeilen))
      .send(x.stream);
  });
  route(app, endpoints.datevDebitoren, async (req, reply) => {
    const a = actor(req);
    const x = await db.transaction().execute((trx) => debitoren(trx, a));
    reply.header('X-Datev-Export-Id', String(x.id));
    return sende(reply, x);
  });
  route(app, endpoints.datevExporte, async (req) =>
    runList(exporteListe(db), { table: 'datevExporte', fields: fieldTypes(datevExport), defaultOrder: ['-erstelltAm', '-id'] }, req.query, dialect),
  );
  route(app, endpoints.datevExportDatei, async (req, reply) => {
    const x = await db.selectFrom('datevExporte').select(['id', 'dateiname', 'mimeType', 'daten', 'sha256']).where('id', '=', req.params.id).executeTakeFirst();
    if (!x) throw notFound('DATEV-Export');
    return reply
      .header('Content-Type', x.mimeType)
      .header('Content-Disposition', contentDisposition(x.dateiname))
      .header('Cache-Control', 'no-store')
      .header('X-Content-SHA256', x.sha256)
      .send(Readable.from(exportDatei(db, x.id, Buffer.from(x.daten)), { objectMode: false }));
  });
}
