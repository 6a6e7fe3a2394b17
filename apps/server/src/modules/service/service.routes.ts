import { API_PREFIX, type Endpoint, endpoints, SERVICE_SCHRITTARTEN, type ServiceAktionArt, serviceKalendereintrag, serviceNachbuchung } from '@vario/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { plusTage } from '../../lib/berlin-time';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { idempotentCreate } from '../../lib/idempotency';
import { runList } from '../../lib/list-query';
import type { Ctx } from '../../lib/resource';
import { may } from '../../lib/rights';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { mehraufwandsartOut, statusOut } from './service.out';
import {
  auftragDetail,
  auftragLesen,
  exportMaterial,
  exportPlanungen,
  listAuftraege,
  listMaterial,
  listPlanungen,
  materialDesAuftrags,
  materialLesen,
  mehraufwaendeDesAuftrags,
  planungenImZeitraum,
  planungLesen,
} from './service.read';
import * as svc from './service.service';
import { AKTION_ENDPOINT, type AktionIds, type DatenVon, online, sync } from './service.sync';
import { type Wer, werIst } from './service.wer';
import { berlinZuUtc } from './service.zeit';

const nachbuchungSpec = { table: 'serviceNachbuchungen', fields: fieldTypes(serviceNachbuchung), defaultOrder: ['-nachbuchungTimeStamp'] };
const kalenderSpec = { table: 'serviceKalendereintraege', fields: fieldTypes(serviceKalendereintrag), defaultOrder: ['StartDatum'] };

/** Field service routes: thin handlers over service.read (lists, details), service.service (rules) and service.sync (steps). */
export function serviceRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const wer = (req: FastifyRequest): Promise<Wer> => werIst(db, actor(req), (r) => may(db, actor(req), r, req.session));
  /** Object level for reads: a technician only their own task / planning item (others 404). */
  const sieht = (w: Wer, technikerId: number | null, was: string) => {
    if (!w.alle && (technikerId === null || technikerId !== w.technikerId)) throw notFound(was);
  };

  // reference data
  route(app, endpoints.serviceStatus, async (req) => {
    const limit = req.query.limit ?? 50;
    const offset = req.query.offset ?? 0;
    let q = db.selectFrom('serviceStatus').select(['status', 'beschreibung', 'art']);
    if (req.query.art) q = q.where('art', '=', req.query.art);
    const rows = await q
      .orderBy('art')
      .orderBy('status')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return { result: rows.slice(0, limit).map(statusOut), hasMoreData: rows.length > limit };
  });
  route(app, endpoints.serviceMehraufwandsarten, async () => {
    const rows = await db.selectFrom('serviceMehraufwandsarten').selectAll().orderBy('id').execute();
    return { result: rows.map(mehraufwandsartOut), hasMoreData: false };
  });
  route(app, endpoints.serviceKalenderTypen, async () => ({
    result: await db.selectFrom('serviceKalenderTypen').selectAll().orderBy('id').execute(),
    hasMoreData: false,
  }));

  // planning
  route(app, endpoints.servicePlanungList, async (req) => listPlanungen(db, ctx.dialect, await wer(req), req.query));
  route(app, endpoints.servicePlanungExport, async (req, reply) => exportPlanungen(db, ctx.dialect, await wer(req), req.query, reply));
  route(app, endpoints.servicePlanungGet, async (req) => {
    const p = await planungLesen(db, req.params.id);
    sieht(await wer(req), p.technikerId, 'Planung');
    return { result: p };
  });
  route(app, endpoints.servicePlanungCreate, async (req, reply) => {
    const w = await wer(req);
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const id = await svc.planungAnlegen(trx, w, req.body.data);
      return { body: { result: await planungLesen(trx, id) }, location: `${API_PREFIX}/service/planung/${id}` };
    });
  });
  route(app, endpoints.servicePlanungUpdate, async (req) => {
    const w = await wer(req);
    return db.transaction().execute(async (trx) => ({ result: await planungLesen(trx, await svc.planungAendern(trx, w, req.params.id, req.body.data)) }));
  });
  route(app, endpoints.serviceKalender, async (req) => {
    const w = await wer(req);
    const { von, bis, technikerId } = req.query;
    const planungen = await planungenImZeitraum(db, w, berlinZuUtc(von, '00:00'), berlinZuUtc(plusTage(bis, 1), '00:00'), technikerId);
    let q = db.selectFrom('serviceKalendereintraege').selectAll().where('StartDatum', '<=', bis).where('EndeDatum', '>=', von);
    if (!w.alle) q = q.where('BEN_ID', '=', w.id);
    else if (technikerId) {
      const t = await db.selectFrom('techniker').select('benutzerId').where('id', '=', technikerId).executeTakeFirst();
      q = q.where('BEN_ID', '=', t?.benutzerId ?? -1);
    }
    const eintraege = await q.orderBy('StartDatum').orderBy('id').limit(2000).execute();
    return { result: { planungen, eintraege } };
  });

  // tasks
  route(app, endpoints.serviceAuftraegeList, async (req) => listAuftraege(db, ctx.dialect, await wer(req), req.query));
  route(app, endpoints.serviceAuftragGet, async (req) => {
    const w = await wer(req);
    const a = await auftragLesen(db, req.params.id);
    sieht(w, a.technikerId, 'Serviceauftrag');
    return { result: await auftragDetail(db, a.id) };
  });
  route(app, endpoints.serviceAuftragCreate, async (req, reply) => {
    const w = await wer(req);
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const id = await svc.auftragAnlegen(trx, w, req.body.data);
      return { body: { result: await auftragLesen(trx, id) }, location: `${API_PREFIX}/service/auftraege/${id}` };
    });
  });
  route(app, endpoints.serviceAuftragUpdate, async (req) => {
    const w = await wer(req);
    return db.transaction().execute(async (trx) => ({ result: await auftragLesen(trx, await svc.auftragAendern(trx, w, req.params.id, req.body.data)) }));
  });
  const auftragSichtbar = async (req: FastifyRequest, id: number) => {
    const a = await auftragLesen(db, id);
    sieht(await wer(req), a.technikerId, 'Serviceauftrag');
    return a;
  };

  // additional work
  route(app, endpoints.serviceMehraufwaende, async (req) => {
    await auftragSichtbar(req, req.params.id);
    return { result: await mehraufwaendeDesAuftrags(db, req.params.id), hasMoreData: false };
  });

  // material
  route(app, endpoints.serviceMaterialList, async (req) => {
    await auftragSichtbar(req, req.params.id);
    return { result: await materialDesAuftrags(db, req.params.id), hasMoreData: false };
  });
  route(app, endpoints.serviceMaterialCreate, async (req, reply) => {
    const w = await wer(req);
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const id = await svc.materialAnlegen(trx, w, req.params.id, req.body.data);
      return { body: { result: await materialLesen(trx, id) }, location: `${API_PREFIX}/service/material/${id}` };
    });
  });
  route(app, endpoints.serviceMaterialUmlagern, async (req) => {
    const w = await wer(req);
    return db
      .transaction()
      .execute(async (trx) => ({ result: await materialLesen(trx, await svc.materialUmlagern(trx, w, req.params.id, req.body.data.menge)) }));
  });
  route(app, endpoints.serviceMaterialOffen, async (req) => listMaterial(db, ctx.dialect, await wer(req), req.query));
  route(app, endpoints.serviceMaterialExport, async (req, reply) => exportMaterial(db, ctx.dialect, await wer(req), req.query, reply));

  // signature and completion
  route(app, endpoints.serviceUnterschriftGet, async (req) => {
    await auftragSichtbar(req, req.params.id);
    const r = await db
      .selectFrom('serviceAuftraege')
      .select(['unterschriftDaten', 'unterschriftName', 'unterschriftAm'])
      .where('id', '=', req.params.id)
      .executeTakeFirst();
    if (!r?.unterschriftDaten) throw notFound('Unterschrift');
    return { result: { daten: r.unterschriftDaten, name: r.unterschriftName ?? '', zeitpunkt: r.unterschriftAm ?? '' } };
  });
  route(app, endpoints.serviceAbschlussOhneUnterschrift, async (req) => {
    const w = await wer(req);
    return db.transaction().execute(async (trx) => {
      const { auftragId, sha256 } = await svc.abschliessenOhneUnterschrift(trx, w, req.params.id, req.body.data);
      return { result: await auftragLesen(trx, auftragId), sha256 };
    });
  });
  route(app, endpoints.serviceAbschlussbericht, async (req, reply) => {
    const a = await auftragSichtbar(req, req.params.id);
    const r = await db.selectFrom('serviceAuftraege').select(['abschlussbericht', 'abschlussberichtSha256']).where('id', '=', a.id).executeTakeFirst();
    if (!r?.abschlussbericht) throw notFound('Abschlussbericht');
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="Abschlussbericht-${a.auftragsnummer}.pdf"`)
      .header('X-Content-SHA256', r.abschlussberichtSha256 ?? '');
    return reply.send(Buffer.from(r.abschlussbericht));
  });

  // every step of the technician (journey, time, material, additional work, signature, completion, subsequent
  // bookings, calendar entries): one online call per kind of the contract's step kinds table, its ids from the path
  // (`:id`, then `:subId`, in the order the kind names them), its data from the body; service.sync.ts applies it
  for (const art of Object.keys(SERVICE_SCHRITTARTEN) as ServiceAktionArt[]) {
    const kind = SERVICE_SCHRITTARTEN[art];
    const e: Endpoint = AKTION_ENDPOINT[art];
    route(app, e, async (req, reply) => {
      const pfad = (req.params ?? {}) as { id?: number; subId?: number };
      const werte = [pfad.id, pfad.subId];
      const ids: AktionIds = Object.fromEntries(kind.ids.map((k, i) => [k, werte[i]]));
      const daten = kind.body ? (req.body as { data: DatenVon<typeof art> }).data : {};
      return online(db, req, reply, await wer(req), art, ids, daten as DatenVon<typeof art>);
    });
  }

  // time, subsequent bookings, calendar
  route(app, endpoints.serviceZeitenAktiv, async (req) => ({ result: await svc.aktiveZeit(db, await wer(req)) }));
  route(app, endpoints.serviceNachbuchungen, async (req) => {
    const w = await wer(req);
    let base = db.selectFrom('serviceNachbuchungen').selectAll();
    if (!w.alle) base = base.where('ben_id', '=', w.id);
    return runList(base, nachbuchungSpec, req.query, ctx.dialect);
  });
  route(app, endpoints.serviceKalendereintraege, async (req) => {
    const w = await wer(req);
    let base = db.selectFrom('serviceKalendereintraege').selectAll();
    if (!w.alle) base = base.where('BEN_ID', '=', w.id);
    return runList(base, kalenderSpec, req.query, ctx.dialect);
  });

  // offline queue
  route(app, endpoints.serviceSync, async (req) => ({ result: await sync(db, req, await wer(req), req.body.data.aktionen) }));
}
