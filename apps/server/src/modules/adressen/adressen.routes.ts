import { aktivitaetsart, endpoints, type ListQuery } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { badRequest, notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { contentDisposition, decodeBase64, fileColumns } from '../../lib/files';
import { imageUploadLimit, sendPicture, validateImage } from '../../lib/images';
import { type ListSpec, runList } from '../../lib/list-query';
import type { Actor } from '../../lib/locks';
import { type Ctx, createRecord, deleteRecord, exportRecords, getRecord, listRecords, lockTokenOf, type Resource, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { pruefeAktivitaet } from '../crm/aktivitaeten.service';
import { adressenResource, aktivitaetenResource, ansprechpartnerResource, dateienResource, zusatzadressenResource } from './adressen.resources';
import { removePersonBild, requireAdresse, setPersonBild } from './adressen.service';

export function adressenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  /** The list of a record nested under an address (404 for an unknown address). */
  const nestedList = async <S extends z.ZodObject, L extends z.ZodObject>(r: Resource<S, L>, id: number, q: ListQuery, a: Actor) => {
    await requireAdresse(db, id);
    return listRecords(ctx, r, q, a, id);
  };

  // Addresses
  route(app, endpoints.adressenList, async (req) => listRecords(ctx, adressenResource, req.query, actor(req)));
  route(app, endpoints.adressenExport, async (req, reply) => exportRecords(ctx, adressenResource, req.query, actor(req), reply, 'Adressen'));
  route(app, endpoints.adresseGet, async (req) => ({ result: await getRecord(db, adressenResource, req.params.id, actor(req)) }));
  route(app, endpoints.adresseCreate, async (req, reply) => createRecord(db, ctx, adressenResource, actor(req), req.body, reply));
  route(app, endpoints.adresseUpdate, async (req) => updateRecord(db, ctx, adressenResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)));
  route(app, endpoints.adresseDelete, async (req) => {
    await deleteRecord(db, ctx, adressenResource, actor(req), req.params.id, lockTokenOf(req.headers), req.query.ProtokollBemerkung);
    return undefined;
  });

  // Contact persons
  route(app, endpoints.ansprechpartnerVonAdresse, async (req) => nestedList(ansprechpartnerResource, req.params.id, req.query, actor(req)));
  route(app, endpoints.ansprechpartnerCreate, async (req, reply) => {
    await requireAdresse(db, req.params.id);
    return createRecord(db, ctx, ansprechpartnerResource, actor(req), req.body, reply, req.params.id);
  });
  route(app, endpoints.ansprechpartnerList, async (req) => listRecords(ctx, ansprechpartnerResource, req.query, actor(req)));
  route(app, endpoints.ansprechpartnerGet, async (req) => ({ result: await getRecord(db, ansprechpartnerResource, req.params.id, actor(req)) }));
  route(app, endpoints.ansprechpartnerUpdate, async (req) =>
    updateRecord(db, ctx, ansprechpartnerResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)),
  );
  route(app, endpoints.ansprechpartnerDelete, async (req) => {
    await deleteRecord(db, ctx, ansprechpartnerResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });
  route(
    app,
    endpoints.ansprechpartnerBild,
    async (req) => {
      const daten = decodeBase64(req.body.data.daten);
      // a readable image within the pixel limit that decodes completely, checked before the transaction opens
      await validateImage(daten);
      return db.transaction().execute(async (trx) => {
        await setPersonBild(trx, actor(req), req.params.id, { dateiname: req.body.data.dateiname, daten }, lockTokenOf(req.headers));
        return { result: await getRecord(trx, ansprechpartnerResource, req.params.id, actor(req)) };
      });
    },
    imageUploadLimit,
  );
  route(app, endpoints.ansprechpartnerBildDelete, async (req) => {
    await db.transaction().execute((trx) => removePersonBild(trx, actor(req), req.params.id, lockTokenOf(req.headers)));
    return undefined;
  });
  route(app, endpoints.bild, async (req, reply) => {
    const bild = await db.selectFrom('bilder').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!bild) throw notFound('Bild');
    return sendPicture(req, reply, bild);
  });

  // Activities
  const artenSpec: ListSpec = { table: 'aktivitaetsarten', fields: fieldTypes(aktivitaetsart), defaultOrder: ['bezeichnung'] };
  route(app, endpoints.aktivitaetsarten, async (req) => runList(db.selectFrom('aktivitaetsarten').selectAll(), artenSpec, req.query, ctx.dialect));
  route(app, endpoints.aktivitaetenVonAdresse, async (req) => nestedList(aktivitaetenResource, req.params.id, req.query, actor(req)));
  const aktivitaetVorher = async (trx: Db, id: number) => {
    let q = trx.selectFrom('aktivitaeten').select(['id', 'benutzerId', 'ticketId', 'dealId']).where('id', '=', id);
    if (ctx.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('Aktivität');
    return row;
  };
  route(app, endpoints.aktivitaetGet, async (req) => {
    const before = await aktivitaetVorher(db, req.params.id);
    await pruefeAktivitaet(db, ctx, actor(req), 'lesen', before);
    return { result: await getRecord(db, aktivitaetenResource, req.params.id, actor(req)) };
  });
  route(app, endpoints.aktivitaetCreate, async (req, reply) => {
    const { adresseId, ...rest } = req.body.data;
    const me = actor(req);
    const data = { ...rest, benutzerId: rest.benutzerId ?? me.id };
    return db.transaction().execute(async (trx) => {
      const bezug = await pruefeAktivitaet(trx, ctx, me, 'anlegen', { benutzerId: data.benutzerId, ticketId: data.ticketId, dealId: data.dealId });
      if (bezug.adresseId !== null && adresseId !== undefined && adresseId !== bezug.adresseId)
        throw badRequest('Bitte die Eingaben prüfen!', { adresseId: ['Die Adresse muss die des Tickets oder Deals sein'] });
      const parent = bezug.adresseId ?? adresseId;
      if (parent === undefined) throw badRequest('Bitte die Eingaben prüfen!', { adresseId: ['Bitte eine Adresse, ein Ticket oder einen Deal angeben'] });
      return createRecord(trx, ctx, aktivitaetenResource, me, { ...req.body, data }, reply, parent);
    });
  });
  route(app, endpoints.aktivitaetUpdate, async (req) =>
    db.transaction().execute(async (trx) => {
      const before = await aktivitaetVorher(trx, req.params.id);
      const d = req.body.data;
      // an activity stays with its ticket or deal: moving it would bypass the other record's rights
      for (const k of ['ticketId', 'dealId'] as const)
        if (d[k] !== undefined && (d[k] ?? null) !== before[k])
          throw badRequest('Bitte die Eingaben prüfen!', { [k]: ['Eine Aktivität bleibt bei ihrem Ticket oder Deal'] });
      await pruefeAktivitaet(trx, ctx, actor(req), 'aendern', before, d.benutzerId);
      return updateRecord(trx, ctx, aktivitaetenResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers));
    }),
  );
  route(app, endpoints.aktivitaetDelete, async (req) => {
    await db.transaction().execute(async (trx) => {
      const before = await aktivitaetVorher(trx, req.params.id);
      await pruefeAktivitaet(trx, ctx, actor(req), 'loeschen', before);
      await deleteRecord(trx, ctx, aktivitaetenResource, actor(req), req.params.id, lockTokenOf(req.headers));
    });
    return undefined;
  });

  // Additional addresses
  route(app, endpoints.zusatzadressenList, async (req) => nestedList(zusatzadressenResource, req.params.id, req.query, actor(req)));
  route(app, endpoints.zusatzadresseGet, async (req) => ({
    result: await getRecord(db, zusatzadressenResource, req.params.subId, actor(req), req.params.id),
  }));
  route(app, endpoints.zusatzadresseCreate, async (req, reply) => {
    await requireAdresse(db, req.params.id);
    return createRecord(db, ctx, zusatzadressenResource, actor(req), req.body, reply, req.params.id);
  });
  route(app, endpoints.zusatzadresseUpdate, async (req) =>
    updateRecord(db, ctx, zusatzadressenResource, actor(req), req.params.subId, req.body, lockTokenOf(req.headers), req.params.id),
  );
  route(app, endpoints.zusatzadresseDelete, async (req) => {
    await deleteRecord(db, ctx, zusatzadressenResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });

  // Files
  route(app, endpoints.dateienList, async (req) => nestedList(dateienResource, req.params.id, req.query, actor(req)));
  const loadFile = async (id: number, subId: number) => {
    const row = await db.selectFrom('adressDateien').selectAll().where('id', '=', subId).where('adresseId', '=', id).executeTakeFirst();
    if (!row) throw notFound('Datei');
    return row;
  };
  route(app, endpoints.dateiGet, async (req) => {
    const { daten, ...file } = await loadFile(req.params.id, req.params.subId);
    return { result: { ...file, daten: Buffer.from(daten).toString('base64') } };
  });
  route(app, endpoints.dateiDownload, async (req, reply) => {
    const file = await loadFile(req.params.id, req.params.subId);
    reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname));
    return reply.send(Buffer.from(file.daten));
  });
  route(app, endpoints.dateiCreate, async (req, reply) => {
    await requireAdresse(db, req.params.id);
    const { dateiname, daten, betreff } = req.body.data;
    const data = { ...fileColumns(dateiname, daten, betreff), istEmail: /\.(eml|msg)$/i.test(dateiname) };
    return createRecord(db, ctx, dateienResource, actor(req), { ...req.body, data }, reply, req.params.id);
  });
  route(app, endpoints.dateiDelete, async (req) => {
    await deleteRecord(db, ctx, dateienResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });
}
