import {
  API_PREFIX,
  type Endpoint,
  endpoints,
  TICKET_AUFZAEHLUNG_ENDPOINTS,
  TICKET_AUFZAEHLUNG_LIMIT,
  TICKET_AUFZAEHLUNG_NAMEN,
  TICKET_VORGABEN,
  ticketAufzaehlungWert,
  ticketGeschlossen,
} from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { contentDisposition, decodeBase64 } from '../../lib/files';
import { idempotentCreate } from '../../lib/idempotency';
import { type ListSpec, runList } from '../../lib/list-query';
import type { Actor } from '../../lib/locks';
import type { AppContext } from '../../lib/module';
import { createRecord, deleteRecord, exportRecords, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { type Handler, route } from '../../lib/route';
import { actor, hasRight } from '../../plugins/auth';
import { aktivitaetenResource } from '../adressen/adressen.resources';
import { requireNutzung } from '../crm/aktivitaeten.service';
import { drawNumber } from '../system/nummernkreise.service';
import { ABRECHNUNGSARTIKEL_PARAMETER, ticketAbrechnen } from './tickets.abrechnung';
import { anhaengeResource, ticketsResource, unterticketsResource } from './tickets.resource';
import { AUFZAEHLUNG_TABELLEN, anhangTyp, aufwandIst, ladeTicket } from './tickets.service';

export function ticketsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, dialect } = ctx;
  /** Every tickets route answers 403 while the usage parameter tickets is off (RIGHT-026/027). */
  const r = <E extends Endpoint>(e: E, handler: Handler<E>) =>
    route(app, e, async (req, reply) => {
      await requireNutzung(ctx, 'tickets');
      return handler(req, reply);
    });
  const detail = async (trx: Db, id: number, a: Actor) => ({
    ...(await getRecord(trx, ticketsResource(dialect), id, a)),
    aufwandIst: await aufwandIst(trx, id),
  });
  const requireTicket = (id: number) => ladeTicket(db, id, dialect);

  r(endpoints.ticketsList, async (req) => listRecords(ctx, ticketsResource(dialect), req.query, actor(req)));
  r(endpoints.ticketsExport, async (req, reply) => exportRecords(ctx, ticketsResource(dialect), req.query, actor(req), reply, 'Tickets'));
  r(endpoints.ticketGet, async (req) => ({ result: await detail(db, req.params.id, actor(req)) }));
  r(endpoints.ticketCreate, async (req, reply) => {
    const me = actor(req);
    const d = req.body.data;
    // TKT-012/013: defaults, the four user fields the current user
    const data = {
      ...TICKET_VORGABEN,
      verantwortlichBenutzerId: me.id,
      angefordertVonBenutzerId: me.id,
      zugeordnetBenutzerId: me.id,
      nachErledigungZurueckAnBenutzerId: me.id,
      ...Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)),
    };
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      const { nummer } = await drawNumber(trx, 'TICKET');
      const { result } = await createRecord(trx, ctx, ticketsResource(dialect, me), me, { ...req.body, data: { ...data, ticketNummer: nummer } });
      return { body: { result: { ...result, aufwandIst: 0 } }, location: `${API_PREFIX}/crm/tickets/${result.id}` };
    });
  });
  r(endpoints.ticketUpdate, async (req) =>
    db.transaction().execute(async (trx) => {
      await updateRecord(trx, ctx, ticketsResource(dialect, actor(req)), actor(req), req.params.id, req.body, lockTokenOf(req.headers));
      return { result: await detail(trx, req.params.id, actor(req)) };
    }),
  );
  r(endpoints.ticketDelete, async (req) => {
    await deleteRecord(db, ctx, ticketsResource(dialect), actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });
  r(endpoints.ticketUntertickets, async (req) => {
    await requireTicket(req.params.id);
    return listRecords(ctx, unterticketsResource(dialect), req.query, actor(req), req.params.id);
  });
  r(endpoints.ticketAktivitaeten, async (req) => {
    await requireTicket(req.params.id);
    return listRecords(ctx, { ...aktivitaetenResource, parentColumn: 'ticketId' }, req.query, actor(req), req.params.id);
  });

  // Attachments: files of the ticket's address tied to the ticket
  r(endpoints.ticketAnhaenge, async (req) => {
    await requireTicket(req.params.id);
    return listRecords(ctx, anhaengeResource, { ...req.query, limit: req.query.limit || 50 }, actor(req), req.params.id);
  });
  r(endpoints.ticketAnhangCreate, async (req, reply) => {
    const { dateiname, daten, betreff } = req.body.data;
    const bytes = decodeBase64(daten);
    const mimeType = anhangTyp(dateiname, bytes);
    return db.transaction().execute(async (trx) => {
      const t = await ladeTicket(trx, req.params.id, dialect, true);
      if (ticketGeschlossen(t.status)) throw conflict(`Das Ticket T${t.ticketNummer} ist geschlossen: Anhänge können nicht mehr hinzugefügt werden`);
      const data = {
        adresseId: t.adresseId,
        dateiname,
        betreff: betreff ?? null,
        daten: bytes,
        mimeType,
        groesse: bytes.length,
        datum: new Date().toISOString(),
      };
      return createRecord(trx, ctx, anhaengeResource, actor(req), { ...req.body, data }, reply, t.id);
    });
  });
  r(endpoints.ticketAnhangDelete, async (req) => {
    await db.transaction().execute(async (trx) => {
      const t = await ladeTicket(trx, req.params.id, dialect, true);
      if (ticketGeschlossen(t.status)) throw conflict(`Das Ticket T${t.ticketNummer} ist geschlossen: Anhänge können nicht mehr gelöscht werden`);
      await deleteRecord(trx, ctx, anhaengeResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, t.id);
    });
    return undefined;
  });
  // A stored file by its id: the rights of the record it belongs to
  route(app, endpoints.dateiInhalt, async (req, reply) => {
    const file = await db.selectFrom('adressDateien').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!file) throw notFound('Datei');
    if (file.ticketId !== null) {
      await requireNutzung(ctx, 'tickets');
      if (!(await hasRight(db, req, 'TKT_ANSEHEN'))) throw forbidden('TKT_ANSEHEN');
    } else if (!(await hasRight(db, req, 'ADR_SEHEN'))) throw forbidden('ADR_SEHEN');
    reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname));
    return reply.send(Buffer.from(file.daten));
  });

  r(endpoints.ticketAbrechnen, async (req) =>
    db.transaction().execute(async (trx) => {
      const artikel = await ctx.parameter(ABRECHNUNGSARTIKEL_PARAMETER, trx);
      await ticketAbrechnen(trx, dialect, actor(req), req.params.id, req.body.belegart, artikel);
      return { result: await detail(trx, req.params.id, actor(req)) };
    }),
  );

  // The six enumerations (TKT-008…010): rows wert/bezeichnung, up to 500
  const fields = fieldTypes(ticketAufzaehlungWert);
  for (const name of TICKET_AUFZAEHLUNG_NAMEN) {
    const table = AUFZAEHLUNG_TABELLEN[name];
    const spec: ListSpec = { table, fields, defaultOrder: ['wert'] };
    r(endpoints[TICKET_AUFZAEHLUNG_ENDPOINTS[name]], async (req) =>
      runList(
        db.selectFrom(table).select(['wert', 'bezeichnung']),
        spec,
        { ...req.query, limit: Math.min(req.query.limit || TICKET_AUFZAEHLUNG_LIMIT, TICKET_AUFZAEHLUNG_LIMIT) },
        dialect,
      ),
    );
  }
}
