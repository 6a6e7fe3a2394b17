import { belegPosition, endpoints, type ListQuery } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { fieldTypes } from '../../lib/fields';
import { idempotentCreate } from '../../lib/idempotency';
import { invalidateCounts, type ListSpec, runList } from '../../lib/list-query';
import { type Ctx, exportRecords, listRecords, lockTokenOf } from '../../lib/resource';
import { may } from '../../lib/rights';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { belegAntwort, belegLocation, historieAntwort, positionAntwort, positionenAntwort } from './belege.antworten';
import { artikelAuswahl } from './belege.artikelauswahl';
import { loadKopf } from './belege.core';
import { kopiereBeleg } from './belege.kopieren';
import { addPosition, deletePosition, loadPosition, reorderPositions, updatePosition } from './belege.positionen';
import { belegeListResource } from './belege.resource';
import { createBeleg, deleteBeleg, pruefeNeuenBelegZumDeal, updateBeleg, verwerfeBeleg } from './belege.service';
import { belegeZaehlerTotal, zaehltPerZaehler } from './belege.zaehler';

/** The list query of GET /verkauf/belege: the spec's filters (comma lists) become conditions of the filter grammar. */
export function belegeFilter(
  q: ListQuery & { belegart?: string; belegstatus?: string; adresseId?: number; adresse?: number; dealId?: number; q?: string },
): ListQuery {
  const teile = [q.filter?.trim()].filter(Boolean) as string[];
  if (q.belegart) teile.push(`belegart=${q.belegart.split(',').join('|')}`);
  if (q.belegstatus) teile.push(`belegstatus=${q.belegstatus.split(',').join('|')}`);
  if (q.adresseId !== undefined) teile.push(`adresseId=${q.adresseId}`);
  if (q.adresse !== undefined) teile.push(`adresseId=${q.adresse}`);
  if (q.dealId !== undefined) teile.push(`dealId=${q.dealId}`);
  const { belegart: _a, belegstatus: _s, adresseId: _i, adresse: _ad, dealId: _d, q: suche, ...rest } = q;
  return { ...rest, filter: teile.length ? teile.join(',') : undefined, search: suche ?? q.search };
}

/** Filter and sort fields of the position list (ek and the explanation are not filterable). */
const positionSpec: ListSpec = {
  table: 'belegPositionen',
  fields: fieldTypes(belegPosition.omit({ ek: true, preisHerkunft: true })),
  defaultOrder: ['position'],
  scales: { menge: 1000, einzelpreis: 10_000, endpreis: 10_000, gesamtpreis: 100, rabatt1: 100, rabatt2: 100, mwstSatz: 100 },
};

export function belegeRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const tx = <T>(fn: (trx: typeof db) => Promise<T>) => db.transaction().execute(fn);

  route(app, endpoints.belegeList, async (req) => {
    const q = belegeFilter(req.query);
    if (req.query.returnTotal !== 'true' || !zaehltPerZaehler(ctx.dialect, req.query)) return listRecords(ctx, belegeListResource, q, actor(req));
    // narrowed by type and status only: the total is the counters' sum (belege.zaehler.ts)
    const res = await listRecords(ctx, belegeListResource, { ...q, returnTotal: undefined }, actor(req));
    return { ...res, resultCount: await belegeZaehlerTotal(db, req.query) };
  });
  route(app, endpoints.belegeExport, async (req, reply) =>
    exportRecords(ctx, belegeListResource, { ...req.query, ...belegeFilter(req.query) }, actor(req), reply, 'Verkaufsbelege'),
  );
  route(app, endpoints.belegGet, async (req) => ({ result: await belegAntwort(db, actor(req), req.params.id) }));
  route(app, endpoints.belegCreate, async (req, reply) => {
    const a = actor(req);
    const body = await idempotentCreate(db, req, reply, 201, async (trx) => {
      await pruefeNeuenBelegZumDeal(trx, req.body.data);
      const kopf = await createBeleg(trx, a, req.body.data, req.body.ProtokollBemerkung);
      return { body: { result: await belegAntwort(trx, a, kopf) }, location: belegLocation(kopf.id) };
    });
    invalidateCounts('belege');
    return body;
  });
  route(app, endpoints.belegUpdate, async (req) => {
    const a = actor(req);
    const body = await tx(async (trx) => {
      const kopf = await updateBeleg(trx, a, req.params.id, req.body.data, { lockToken: lockTokenOf(req.headers), remark: req.body.ProtokollBemerkung });
      return { result: await belegAntwort(trx, a, kopf) };
    });
    // a changed subject or address name changes what the quick search finds (its kept counts and terms)
    invalidateCounts('belege');
    return body;
  });
  route(app, endpoints.belegDelete, async (req) => {
    await tx((trx) => deleteBeleg(trx, actor(req), req.params.id, { lockToken: lockTokenOf(req.headers), remark: req.query.ProtokollBemerkung }));
    invalidateCounts('belege');
    return undefined;
  });
  route(app, endpoints.belegKopieren, async (req, reply) => {
    const a = actor(req);
    const body = await idempotentCreate(db, req, reply, 201, async (trx) => {
      const { id } = await kopiereBeleg(trx, a, req.params.id, req.body?.ProtokollBemerkung);
      return { body: { result: await belegAntwort(trx, a, id) }, location: belegLocation(id) };
    });
    invalidateCounts('belege');
    return body;
  });
  route(app, endpoints.belegVerwerfen, async (req) => {
    await tx((trx) => verwerfeBeleg(trx, actor(req), req.params.id, { lockToken: lockTokenOf(req.headers), remark: req.body?.ProtokollBemerkung }));
    invalidateCounts('belege');
    return undefined;
  });

  route(app, endpoints.belegPositionenList, async (req) => {
    const a = actor(req);
    await loadKopf(db, req.params.id);
    const base = db.selectFrom('belegPositionen').selectAll().where('belegId', '=', req.params.id);
    const res = await runList<Parameters<typeof positionAntwort>[0]>(base, positionSpec, req.query, ctx.dialect);
    const mitEk = await may(db, a, 'ART_EK');
    return { ...res, result: res.result.map((p) => positionAntwort(p, mitEk)) };
  });
  route(app, endpoints.belegArtikelAuswahl, async (req) => artikelAuswahl(ctx, actor(req), req.params.id, req.query));
  route(app, endpoints.belegPositionGet, async (req) => {
    const p = await loadPosition(db, req.params.id, req.params.positionId);
    return { result: positionAntwort(p, await may(db, actor(req), 'ART_EK')) };
  });
  route(app, endpoints.belegPositionCreate, async (req, reply) => {
    const a = actor(req);
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const p = await addPosition(trx, a, req.params.id, req.body.data, { lockToken: lockTokenOf(req.headers), remark: req.body.ProtokollBemerkung });
      const result = { position: positionAntwort(p, await may(trx, a, 'ART_EK')), beleg: await belegAntwort(trx, a, req.params.id) };
      return { body: { result }, location: `${belegLocation(req.params.id)}/positionen/${p.id}` };
    });
  });
  route(app, endpoints.belegPositionUpdate, async (req) => {
    const a = actor(req);
    return tx(async (trx) => {
      const p = await updatePosition(trx, a, req.params.id, req.params.positionId, req.body.data, {
        lockToken: lockTokenOf(req.headers),
        remark: req.body.ProtokollBemerkung,
      });
      return { result: { position: positionAntwort(p, await may(trx, a, 'ART_EK')), beleg: await belegAntwort(trx, a, req.params.id) } };
    });
  });
  route(app, endpoints.belegPositionDelete, async (req) => {
    await tx((trx) => deletePosition(trx, actor(req), req.params.id, req.params.positionId, { lockToken: lockTokenOf(req.headers) }));
    return undefined;
  });
  route(app, endpoints.belegPositionenReihenfolge, async (req) => {
    const a = actor(req);
    return tx(async (trx) => {
      const kopf = await reorderPositions(trx, a, req.params.id, req.body.data.positionIds, { lockToken: lockTokenOf(req.headers) });
      return { result: { positionen: await positionenAntwort(trx, a, req.params.id), beleg: await belegAntwort(trx, a, kopf) } };
    });
  });
  route(app, endpoints.belegHistorie, async (req) => {
    const result = await historieAntwort(db, req.params.id);
    return { result, hasMoreData: false };
  });
}
