import { bewegung, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/types';
import { qty3 } from '../../lib/codecs';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { idempotentCreate } from '../../lib/idempotency';
import { type ListSpec, runList } from '../../lib/list-query';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { fullTextMatch } from '../../lib/search';
import { actor } from '../../plugins/auth';
import { bewegungOut, bucheManuell } from './lager.service';
import type { LagerbewegungTable } from './lager.tables';

const MENGEN = ['bestand', 'reserviert', 'bestellt', 'blockiert', 'inUmlagerung', 'inKommissionierung', 'inProduktion'] as const;

/** Stock rows of bestaende joined with article and warehouse. */
function bestandQuery(db: Db) {
  return db
    .selectFrom('bestaende')
    .innerJoin('artikel', 'artikel.id', 'bestaende.artikelId')
    .innerJoin('lager', 'lager.id', 'bestaende.lagerId')
    .select([
      'bestaende.artikelId',
      'artikel.artikelnummer',
      'artikel.bezeichnung',
      'bestaende.lagerId',
      'lager.lagerkreisId',
      'lager.kurzbezeichnung',
      'lager.hatLagerplaetze',
      'bestaende.naechsteLieferung',
      ...MENGEN.map((m) => `bestaende.${m}` as const),
      (eb) => mainPlace(eb).select('lp.location').as('location'),
      (eb) => mainPlace(eb).select('lp.kistennummer').as('kistennummer'),
    ]);
}

/** The storage place of a stock row that holds most of the article in that warehouse (ART-021: location, box number). */
const mainPlace = (eb: ExpressionBuilder<Database, 'bestaende'>) =>
  eb
    .selectFrom('lagerplatzBestaende as lpb')
    .innerJoin('lagerplaetze as lp', 'lp.id', 'lpb.lagerplatzId')
    .whereRef('lpb.artikelId', '=', 'bestaende.artikelId')
    .whereRef('lp.lagerId', '=', 'bestaende.lagerId')
    .orderBy('lpb.bestand', 'desc')
    .orderBy('lp.location')
    .limit(1);
type BestandRow = Awaited<ReturnType<ReturnType<typeof bestandQuery>['executeTakeFirstOrThrow']>>;

/** A stock row in API units (pieces), with the available quantity and the spec's alias fields. */
function bestandOut(r: BestandRow) {
  const verfuegbar = qty3.fromDb(r.bestand - r.reserviert - r.blockiert);
  const m = Object.fromEntries(MENGEN.map((k) => [k, qty3.fromDb(r[k])])) as Record<(typeof MENGEN)[number], number>;
  return { ...r, ...m, artikelNummer: r.artikelnummer, lager: r.lagerId, verfuegbar };
}

const bestandSpec = (search: boolean): ListSpec => ({
  table: 'bestaende',
  fields: {
    artikelId: 'number',
    lagerId: 'number',
    artikelnummer: 'string',
    bezeichnung: 'string',
    naechsteLieferung: 'string',
    verfuegbar: 'number',
    ...Object.fromEntries(MENGEN.map((m) => [m, 'number' as const])),
  },
  expressions: {
    artikelnummer: '"artikel"."artikelnummer"',
    bezeichnung: '"artikel"."bezeichnung"',
    verfuegbar: '("bestaende"."bestand" - "bestaende"."reserviert" - "bestaende"."blockiert")',
  },
  scales: { ...Object.fromEntries(MENGEN.map((m) => [m, qty3.scale])), verfuegbar: qty3.scale },
  defaultOrder: ['artikelnummer'],
  key: 'artikelId',
  // the products' quick search over number, name, EAN and manufacturer
  search: search ? (_eb, term, dialect) => fullTextMatch('artikel', term, dialect) : undefined,
});

export function lagerRoutes(app: FastifyInstance, { db, dialect }: Ctx) {
  route(app, endpoints.artikelBestaende, async (req) => {
    if (!(await db.selectFrom('artikel').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw notFound('Artikel');
    const res = await runList<BestandRow>(
      bestandQuery(db).where('bestaende.artikelId', '=', req.params.id),
      { ...bestandSpec(false), defaultOrder: ['lagerId'], key: 'lagerId' },
      req.query,
      dialect,
    );
    return { ...res, result: res.result.map(bestandOut) };
  });

  route(app, endpoints.lagerBestaende, async (req) => {
    if (!(await db.selectFrom('lager').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw notFound('Lager');
    const res = await runList<BestandRow>(bestandQuery(db).where('bestaende.lagerId', '=', req.params.id), bestandSpec(true), req.query, dialect);
    return { ...res, result: res.result.map(bestandOut) };
  });

  route(app, endpoints.lagerplaetze, async (req) => {
    if (!(await db.selectFrom('lager').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw notFound('Lager');
    const result = await db
      .selectFrom('lagerplaetze')
      .select(['id', 'lagerId', 'location', 'kistennummer'])
      .where('lagerId', '=', req.params.id)
      .orderBy('location')
      .orderBy('id')
      .execute();
    return { result, hasMoreData: false };
  });

  route(app, endpoints.lagerplatzBestaende, async (req) => {
    const { artikelId, lagerId } = req.query;
    const rows = await db
      .selectFrom('lagerplatzBestaende as b')
      .innerJoin('lagerplaetze as p', 'p.id', 'b.lagerplatzId')
      .select(['b.lagerplatzId', 'p.location', 'p.kistennummer', 'b.artikelId', 'p.lagerId', 'b.bestand', 'b.reserviert', 'b.blockiert'])
      .where('b.artikelId', '=', artikelId)
      .where('p.lagerId', '=', lagerId)
      .where((eb) => eb.or([eb('b.bestand', '!=', 0), eb('b.reserviert', '!=', 0), eb('b.blockiert', '!=', 0)]))
      .orderBy('p.location')
      .execute();
    return {
      result: rows.map((r) => ({ ...r, bestand: qty3.fromDb(r.bestand), reserviert: qty3.fromDb(r.reserviert), blockiert: qty3.fromDb(r.blockiert) })),
      hasMoreData: false,
    };
  });

  route(app, endpoints.bewegungen, async (req) => {
    const res = await runList<Selectable<LagerbewegungTable>>(
      db.selectFrom('lagerbewegungen').selectAll(),
      { table: 'lagerbewegungen', fields: fieldTypes(bewegung), defaultOrder: ['-zeitpunkt'], scales: { menge: qty3.scale } },
      req.query,
      dialect,
    );
    return { ...res, result: res.result.map(bewegungOut) };
  });

  route(app, endpoints.buchung, async (req, reply) =>
    // with an Idempotency-Key, a booking sent again after a lost answer is not booked twice
    idempotentCreate(db, req, reply, 201, async (trx) => ({ body: { result: await bucheManuell(trx, actor(req).id, req.body.data), hasMoreData: false } })),
  );
}
