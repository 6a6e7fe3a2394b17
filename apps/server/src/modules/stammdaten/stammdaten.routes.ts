import { endpoints, land, preisgruppe, text } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { containsExpr, runList } from '../../lib/list-query';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';

export function stammdatenRoutes(app: FastifyInstance, { db, dialect }: Ctx) {
  route(app, endpoints.laender, async (req) =>
    runList(
      db.selectFrom('landeskennzeichen').select(['lkz', 'land']),
      {
        table: 'landeskennzeichen',
        fields: fieldTypes(land),
        defaultOrder: ['land'],
        key: 'lkz',
        search: (eb, term, d) => eb.or([containsExpr(eb.ref('landeskennzeichen.land'), term, d), containsExpr(eb.ref('landeskennzeichen.lkz'), term, d)]),
      },
      req.query,
      dialect,
    ),
  );

  route(app, endpoints.texte, async (req) =>
    runList(
      db.selectFrom('texte').selectAll().select(['wert as eintrag', 'bezeichnung as bemerkung']),
      {
        table: 'texte',
        fields: fieldTypes(text),
        expressions: { eintrag: 'texte.wert', bemerkung: 'texte.bezeichnung' },
        defaultOrder: ['schluessel', 'sortierung'],
      },
      req.query,
      dialect,
    ),
  );

  route(app, endpoints.preisgruppen, async (req) =>
    runList(
      db.selectFrom('preisgruppen').selectAll(),
      { table: 'preisgruppen', fields: fieldTypes(preisgruppe), defaultOrder: ['nummer'], key: 'nummer' },
      req.query,
      dialect,
    ),
  );

  route(app, endpoints.lager, async (req) => {
    const row = await db.selectFrom('lager').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound('Lager');
    return { result: row };
  });
}
