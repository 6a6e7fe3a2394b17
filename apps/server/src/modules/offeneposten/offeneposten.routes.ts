import { API_PREFIX, endpoints, type offenePostenUebersicht } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { money2 } from '../../lib/codecs';
import { idempotentCreate } from '../../lib/idempotency';
import { type Ctx, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { offenePostenResource, zahlungenResource } from './offeneposten.resource';
import { overviewByLevel, recordPayment, runDunning } from './offeneposten.service';

export function offenePostenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const requireItem = (id: number, req: Parameters<typeof actor>[0]) => getRecord(db, offenePostenResource, id, actor(req));

  route(app, endpoints.offenePostenList, async (req) => listRecords(ctx, offenePostenResource, req.query, actor(req)));
  route(app, endpoints.offenerPostenGet, async (req) => ({ result: await requireItem(req.params.id, req) }));
  route(app, endpoints.offenerPostenUpdate, async (req) =>
    updateRecord(db, ctx, offenePostenResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)),
  );

  route(app, endpoints.zahlungenList, async (req) => {
    await requireItem(req.params.id, req);
    return listRecords(ctx, zahlungenResource, req.query, actor(req), req.params.id);
  });
  route(app, endpoints.zahlungGet, async (req) => ({
    result: await getRecord(db, zahlungenResource, req.params.paymentId, actor(req), req.params.id),
  }));
  route(app, endpoints.zahlungCreate, async (req, reply) => {
    const me = actor(req);
    const { data, ProtokollBemerkung } = req.body;
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const paymentId = await recordPayment(
        trx,
        me,
        req.params.id,
        {
          betrag: money2.toDb(data.zahlungsBetrag),
          zahlungsDatum: data.zahlungsDatum,
          zahlungPer: data.zahlungPer,
          auszug: data.auszug,
          bemerkung: data.bemerkung,
          protokollBemerkung: ProtokollBemerkung,
        },
        lockTokenOf(req.headers),
      );
      const result = await getRecord(trx, zahlungenResource, paymentId, me, req.params.id);
      const offenerPosten = await getRecord(trx, offenePostenResource, req.params.id, me);
      return { body: { result, offenerPosten }, location: `${API_PREFIX}/finanzen/offeneposten/${req.params.id}/zahlungen/${paymentId}` };
    });
  });

  route(app, endpoints.mahnlauf, async (req) => ({ result: await db.transaction().execute((trx) => runDunning(trx, actor(req))) }));

  route(app, endpoints.offenePostenUebersicht, async () => {
    const o = await overviewByLevel(db);
    const level = (n: number) => o.levels.find((l) => l.stufe === n);
    const anzahl = (n: number) => level(n)?.anzahl ?? 0;
    const betrag = (n: number) => money2.fromDb(level(n)?.betrag ?? 0);
    const row: z.input<typeof offenePostenUebersicht> = {
      stufe0_Anzahl: anzahl(0),
      stufe0_Betrag: betrag(0),
      stufe1_Anzahl: anzahl(1),
      stufe1_Betrag: betrag(1),
      stufe2_Anzahl: anzahl(2),
      stufe2_Betrag: betrag(2),
      stufe3_Anzahl: anzahl(3),
      stufe3_Betrag: betrag(3),
      stufe4_Anzahl: anzahl(4),
      stufe4_Betrag: betrag(4),
      stufe5_Anzahl: anzahl(5),
      stufe5_Betrag: betrag(5),
      gesamt_Anzahl: o.anzahl,
      gesamt_Betrag: money2.fromDb(o.betrag),
    };
    return { daten: [{ datensaetze: [row] }] };
  });
}
