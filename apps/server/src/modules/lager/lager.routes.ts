import { bewegung, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { runList } from '../../lib/list-query';
import { fromMilli, toMilli } from '../../lib/refs';
import type { Ctx, Row } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { artikelSuche } from '../artikel/artikel.resource';
import { type Bewegung, buche } from './lager.service';

const MENGEN = ['bestand', 'reserviert', 'bestellt', 'blockiert', 'inUmlagerung', 'inKommissionierung', 'inProduktion'] as const;

/** Stock rows of bestaende joined with article and warehouse, in API units. */
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
    ]);
}

function bestandOut(r: Row) {
  const m = Object.fromEntries(MENGEN.map((k) => [k, fromMilli(r[k] as number) ?? 0])) as Record<(typeof MENGEN)[number], number>;
  return {
    ...r,
    ...m,
    artikelNummer: r.artikelnummer,
    lager: r.lagerId,
    verfuegbar: Math.round((m.bestand - m.reserviert - m.blockiert) * 1000) / 1000,
  };
}

const bestandSpec = (search: boolean) => ({
  table: 'bestaende',
  fields: {
    artikelId: 'number',
    lagerId: 'number',
    artikelnummer: 'string',
    bezeichnung: 'string',
    naechsteLieferung: 'string',
    verfuegbar: 'number',
    ...Object.fromEntries(MENGEN.map((m) => [m, 'number'])),
  } as const,
  expressions: {
    artikelnummer: '"artikel"."artikelnummer"',
    bezeichnung: '"artikel"."bezeichnung"',
    verfuegbar: '("bestaende"."bestand" - "bestaende"."reserviert" - "bestaende"."blockiert")',
  },
  scales: { ...Object.fromEntries(MENGEN.map((m) => [m, 1000])), verfuegbar: 1000 },
  defaultOrder: ['artikelnummer'],
  key: 'artikelId',
  search: search ? artikelSuche : undefined,
});

export function lagerRoutes(app: FastifyInstance, { db, dialect }: Ctx) {
  route(app, endpoints.artikelBestaende, async (req) => {
    if (!(await db.selectFrom('artikel').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw notFound('Artikel');
    const res = await runList<Row>(
      bestandQuery(db).where('bestaende.artikelId', '=', req.params.id),
      { ...bestandSpec(false), defaultOrder: ['lagerId'], key: 'lagerId' },
      req.query,
      dialect,
    );
    return { ...res, result: res.result.map(bestandOut) } as never;
  });

  route(app, endpoints.lagerBestaende, async (req) => {
    if (!(await db.selectFrom('lager').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw notFound('Lager');
    const res = await runList<Row>(bestandQuery(db).where('bestaende.lagerId', '=', req.params.id), bestandSpec(true), req.query, dialect);
    return { ...res, result: res.result.map(bestandOut) } as never;
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
      result: rows.map((r) => ({ ...r, bestand: fromMilli(r.bestand) ?? 0, reserviert: fromMilli(r.reserviert) ?? 0, blockiert: fromMilli(r.blockiert) ?? 0 })),
      hasMoreData: false,
    };
  });

  route(app, endpoints.bewegungen, async (req) => {
    const res = await runList<Row>(
      db.selectFrom('lagerbewegungen').selectAll(),
      { table: 'lagerbewegungen', fields: fieldTypes(bewegung), defaultOrder: ['-zeitpunkt'], scales: { menge: 1000 } },
      req.query,
      dialect,
    );
    return { ...res, result: res.result.map((r) => ({ ...r, menge: fromMilli(r.menge as number) ?? 0 })) } as never;
  });

  route(app, endpoints.buchung, async (req, reply) => {
    const b = req.body.data;
    const me = actor(req);
    const menge = toMilli(b.menge) as number;
    const base = { artikelId: b.artikelId, feld: 'bestand' as const, art: b.art, text: b.text ?? null, benutzerId: me.id };
    const ids = await db.transaction().execute(async (trx) => {
      const moves: Bewegung[] = [];
      if (b.art === 'ZUGANG') moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge });
      if (b.art === 'ABGANG') moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge: -menge });
      if (b.art === 'UMBUCHUNG') {
        moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: b.lagerplatzId, menge: -menge });
        moves.push({ ...base, lagerId: b.nachLagerId as number, lagerplatzId: b.nachLagerplatzId, menge });
      }
      if (b.art === 'INVENTUR') {
        // An inventory count books the difference between the counted and the booked quantity.
        const platz = b.lagerplatzId ?? null;
        const current =
          platz === null
            ? await trx.selectFrom('bestaende').select('bestand').where('artikelId', '=', b.artikelId).where('lagerId', '=', b.lagerId).executeTakeFirst()
            : await trx
                .selectFrom('lagerplatzBestaende')
                .select('bestand')
                .where('artikelId', '=', b.artikelId)
                .where('lagerplatzId', '=', platz)
                .executeTakeFirst();
        const diff = menge - Number(current?.bestand ?? 0);
        if (diff !== 0) moves.push({ ...base, lagerId: b.lagerId, lagerplatzId: platz, menge: diff });
      }
      return buche(trx, moves);
    });
    const rows = ids.length ? await db.selectFrom('lagerbewegungen').selectAll().where('id', 'in', ids).orderBy('id').execute() : [];
    reply.code(201);
    return { result: rows.map((r) => ({ ...r, menge: fromMilli(r.menge) ?? 0 })), hasMoreData: false } as never;
  });
}
