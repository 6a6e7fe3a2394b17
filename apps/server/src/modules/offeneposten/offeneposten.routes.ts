import { API_PREFIX, endpoints, type offenePostenUebersicht, type zahlungEingabe } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { money2 } from '../../lib/codecs';
import { unprocessable } from '../../lib/errors';
import { contentDisposition } from '../../lib/files';
import { idempotentCreate } from '../../lib/idempotency';
import type { Actor } from '../../lib/locks';
import { type Ctx, exportRecords, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { mahnlaeufeResource, mahnlaufAdressen, mahnlaufVorschau, mahnschreibenResource, renderMahnschreiben } from './offeneposten.mahnung';
import { offenePostenResource, zahlungenResource } from './offeneposten.resource';
import { overviewByLevel, type PaymentBooked, type PaymentInput, recordPayment, reversePayment, runDunning } from './offeneposten.service';

export function offenePostenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const requireItem = (id: number, req: Parameters<typeof actor>[0]) => getRecord(db, offenePostenResource, id, actor(req));

  route(app, endpoints.offenePostenList, async (req) => listRecords(ctx, offenePostenResource, req.query, actor(req)));
  route(app, endpoints.offenePostenExport, async (req, reply) => exportRecords(ctx, offenePostenResource, req.query, actor(req), reply, 'Offene_Posten'));
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
  /** The answer of a booked payment: the payment, its cash discount row, the item after it and the credit it made. */
  const bookedAnswer = async (trx: Db, me: Actor, itemId: number, booked: PaymentBooked) => ({
    result: await getRecord(trx, zahlungenResource, booked.paymentId, me, itemId),
    skonto: booked.skontoId ? await getRecord(trx, zahlungenResource, booked.skontoId, me, itemId) : null,
    offenerPosten: await getRecord(trx, offenePostenResource, itemId, me),
    guthaben: booked.guthabenId ? await getRecord(trx, offenePostenResource, booked.guthabenId, me) : null,
  });
  const paymentInput = (data: z.output<typeof zahlungEingabe>, protokollBemerkung?: string): PaymentInput => ({
    betrag: money2.toDb(data.zahlungsBetrag),
    zahlungsDatum: data.zahlungsDatum,
    zahlungPer: data.zahlungPer,
    auszug: data.auszug,
    bemerkung: data.bemerkung,
    skonto: data.skonto,
    protokollBemerkung,
  });
  const location = (id: number, paymentId: number) => `${API_PREFIX}/finanzen/offeneposten/${id}/zahlungen/${paymentId}`;

  route(app, endpoints.zahlungCreate, async (req, reply) => {
    const me = actor(req);
    const { data, ProtokollBemerkung } = req.body;
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const booked = await recordPayment(trx, me, req.params.id, paymentInput(data, ProtokollBemerkung), lockTokenOf(req.headers));
      return { body: await bookedAnswer(trx, me, req.params.id, booked), location: location(req.params.id, booked.paymentId) };
    });
  });

  route(app, endpoints.zahlungStorno, async (req, reply) => {
    const me = actor(req);
    const { id, paymentId } = req.params;
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const ids = await reversePayment(trx, me, id, paymentId, req.body.data.grund, lockTokenOf(req.headers));
      const result = [];
      for (const r of ids) result.push(await getRecord(trx, zahlungenResource, r, me, id));
      return { body: { result, offenerPosten: await getRecord(trx, offenePostenResource, id, me) }, location: location(id, ids[0] ?? paymentId) };
    });
  });

  route(app, endpoints.zahlungKorrektur, async (req, reply) => {
    const me = actor(req);
    const { id, paymentId } = req.params;
    const { grund, ...data } = req.body.data;
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const lock = lockTokenOf(req.headers);
      const storno = await reversePayment(trx, me, id, paymentId, grund, lock);
      const booked = await recordPayment(trx, me, id, paymentInput(data, req.body.ProtokollBemerkung ?? `Korrektur: ${grund}`), lock);
      const answer = await bookedAnswer(trx, me, id, booked);
      const stornoRows = [];
      for (const r of storno) stornoRows.push(await getRecord(trx, zahlungenResource, r, me, id));
      return {
        body: { result: answer.result, storno: stornoRows, offenerPosten: answer.offenerPosten, guthaben: answer.guthaben },
        location: location(id, booked.paymentId),
      };
    });
  });

  route(app, endpoints.mahnlaufVorschau, async () => ({ result: await db.transaction().execute((trx) => mahnlaufVorschau(trx)) }));

  route(app, endpoints.mahnlauf, async (req) => {
    const adresseIds = req.body?.data.adresseIds;
    if (adresseIds && adresseIds.length === 0) {
      throw unprocessable('Bitte mindestens eine Adresse für den Mahnlauf wählen', { adresseIds: ['Bitte mindestens eine Adresse wählen'] });
    }
    const result = await db.transaction().execute(async (trx) => {
      const lauf = await runDunning(trx, actor(req), undefined, { adresseIds });
      return { ...lauf, adressen: lauf.bereitsGelaufen ? [] : await mahnlaufAdressen(trx, lauf.id) };
    });
    return { result };
  });

  route(app, endpoints.mahnlaeufeList, async (req) => listRecords(ctx, mahnlaeufeResource, req.query, actor(req)));
  route(app, endpoints.mahnlaufGet, async (req) => {
    const lauf = await getRecord(db, mahnlaeufeResource, req.params.id, actor(req));
    return { result: { ...lauf, adressen: await mahnlaufAdressen(db, req.params.id) } };
  });
  route(app, endpoints.mahnschreibenList, async (req) => listRecords(ctx, mahnschreibenResource, req.query, actor(req)));
  route(app, endpoints.mahnschreibenPdf, async (req, reply) => {
    const { pdf, dateiname } = await renderMahnschreiben(db, req.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(dateiname, true))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

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
