import { endpoints, FREIESQL_EXPORT_ZEILEN, FREIESQL_MAX_ZEILEN, FREIESQL_RESERVIERT, type FreieSqlParameter } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { contentDisposition } from '../../lib/files';
import type { AppContext } from '../../lib/module';
import { createRecord, deleteRecord, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { alsCsv } from './freiesql.csv';
import { beendeVorrat, type Ergebnis, halteBereit } from './freiesql.runner';
import { freieSqlResource, laufe, werteAus } from './freiesql.service';

/** The rows of a run as objects by column name (a later column of the same name wins, as in any JSON object). */
const alsObjekte = (e: Ergebnis) => e.zeilen.map((z) => Object.fromEntries(e.spalten.map((s, i) => [s.name, z[i] ?? null])));

export function freieSqlRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const resource = freieSqlResource(ctx);
  app.addHook('onClose', async () => beendeVorrat());

  async function bericht(id: number) {
    const row = await db.selectFrom('freieSql').select(['id', 'sql', 'parameter']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Auswertung');
    return { id: row.id, sql: row.sql, parameter: JSON.parse(row.parameter) as FreieSqlParameter[] };
  }

  route(app, endpoints.freieSqlList, async (req) => {
    halteBereit(ctx.dialect);
    return listRecords(ctx, resource, req.query, actor(req));
  });
  route(app, endpoints.freieSqlGet, async (req) => ({ result: await getRecord(db, resource, req.params.id, actor(req)) }));
  route(app, endpoints.freieSqlDaten, async (req) => {
    const b = await bericht(req.params.id);
    const werte = werteAus(b.parameter, req.query, ['limit']);
    const e = await laufe(ctx, ctx.dialect, { actor: actor(req), bericht: b, werte, maxZeilen: req.query.limit ?? FREIESQL_MAX_ZEILEN });
    return { daten: [{ spalten: e.spalten, datensaetze: alsObjekte(e), truncated: e.truncated, dauerMs: e.dauerMs }] };
  });
  route(app, endpoints.freieSqlExport, async (req, reply) => {
    const b = await bericht(req.params.id);
    const werte = werteAus(b.parameter, req.query, FREIESQL_RESERVIERT);
    const e = await laufe(ctx, ctx.dialect, { actor: actor(req), bericht: b, werte, maxZeilen: FREIESQL_EXPORT_ZEILEN });
    const name = (await db.selectFrom('freieSql').select('name').where('id', '=', b.id).executeTakeFirst())?.name ?? 'Auswertung';
    const charset = req.query.encoding === 'windows1252' ? 'windows-1252' : 'utf-8';
    return reply
      .code(200)
      .header('content-type', `text/csv; charset=${charset}`)
      .header('content-disposition', contentDisposition(`${name}.csv`))
      .header('x-truncated', String(e.truncated))
      .send(alsCsv(e, req.query.encoding));
  });
  route(app, endpoints.freieSqlCreate, async (req, reply) => {
    const data = { ...req.body.data, erstelltVon: actor(req).id };
    return createRecord(db, ctx, resource, actor(req), { ...req.body, data }, reply);
  });
  route(app, endpoints.freieSqlUpdate, async (req) => {
    const data = { ...req.body.data, geaendertVon: actor(req).id };
    return updateRecord(db, ctx, resource, actor(req), req.params.id, { ...req.body, data }, lockTokenOf(req.headers));
  });
  route(app, endpoints.freieSqlDelete, async (req) => {
    await deleteRecord(db, ctx, resource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });
}
