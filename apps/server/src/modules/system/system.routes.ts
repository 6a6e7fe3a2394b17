import { APP_VERSION, endpoints, parameter, protokollEintrag } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { forbidden, notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { runList } from '../../lib/list-query';
import { takeLock } from '../../lib/locks';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor, hasRight } from '../../plugins/auth';
import { listNummernkreise } from './nummernkreise.service';

const sperreFields = { id: 'number', tabelle: 'string', datensatzId: 'number', benutzerId: 'number', erstelltAm: 'string', gueltigBis: 'string' } as const;

export function systemRoutes(app: FastifyInstance, { db, dialect, registry }: AppContext) {
  route(app, endpoints.systemParameter, async (req) =>
    runList(
      db.selectFrom('systemParameter').select(['name', 'wert']),
      { table: 'systemParameter', fields: fieldTypes(parameter), defaultOrder: ['name'], key: 'name' },
      req.query,
      dialect,
    ),
  );

  route(app, endpoints.systemInfo, async () => {
    const info = await db.selectFrom('systemInfo').select(['lizenzName', 'datenbankVersion', 'seriennummer']).where('id', '=', 1).executeTakeFirst();
    if (!info) throw notFound('Systeminformation');
    return { result: { ...info, serverVersion: APP_VERSION } };
  });

  route(app, endpoints.sperrenList, async (req) =>
    runList(
      db
        .selectFrom('sperren')
        .innerJoin('benutzer', 'benutzer.id', 'sperren.benutzerId')
        .select([
          'sperren.id',
          'sperren.tabelle',
          'sperren.datensatzId',
          'sperren.benutzerId',
          'benutzer.name as benutzerName',
          'sperren.erstelltAm',
          'sperren.gueltigBis',
        ])
        .where('sperren.gueltigBis', '>', sql<string>`${new Date().toISOString()}`),
      { table: 'sperren', fields: sperreFields, defaultOrder: ['erstelltAm'] },
      req.query,
      dialect,
    ),
  );

  route(app, endpoints.sperreCreate, async (req) => {
    const me = actor(req);
    const session = { ...me, sitzungBis: req.session?.gueltigBis ?? new Date().toISOString() };
    const lock = await takeLock(db, session, req.body.data.tabelle, req.body.data.datensatzId, (right) => hasRight(db, req, right), registry.lockTables);
    return { result: lock };
  });

  route(app, endpoints.sperreDelete, async (req) => {
    const me = actor(req);
    const lock = await db.selectFrom('sperren').select(['id', 'benutzerId']).where('id', '=', req.params.id).executeTakeFirst();
    if (!lock) throw notFound('Sperre');
    if (lock.benutzerId !== me.id && !me.istAdmin) throw forbidden('ADMIN');
    await db.deleteFrom('sperren').where('id', '=', lock.id).execute();
    return undefined;
  });

  route(app, endpoints.nummernkreise, async () => ({ result: await listNummernkreise(db), hasMoreData: false }));

  route(app, endpoints.protokoll, async (req) =>
    runList(
      db.selectFrom('protokoll').selectAll(),
      { table: 'protokoll', fields: fieldTypes(protokollEintrag), defaultOrder: ['-zeitpunkt'] },
      req.query,
      dialect,
    ),
  );
}
