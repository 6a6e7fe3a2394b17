import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { contentDisposition, decodeBase64, fileType, requireImage } from '../../lib/files';
import { assertRef } from '../../lib/refs';
import { type Ctx, createRecord, deleteRecord, getRecord, listRecords, lockTokenOf, type Resource, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import {
  adressenResource,
  aktivitaetenResource,
  ansprechpartnerResource,
  dateienResource,
  requireAdresse as requireAdressePresent,
  zusatzadressenResource,
} from './adressen.resources';

export function adressenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const adressen = adressenResource(db);
  const requireAdresse = (id: number) => requireAdressePresent(db, id);
  const refsOfAdresse = async (data: Record<string, unknown>) => {
    await assertRef(db, 'lieferbedingungen', data.lieferart as number | null, 'lieferart');
    await assertRef(db, 'zahlungsarten', data.zahlart as number | null, 'zahlart');
    for (const f of ['vertreter1', 'vertreter2', 'vertreter3']) await assertRef(db, 'benutzer', data[f] as number | null, f);
    if (typeof data.lkz === 'string') {
      const land = await db.selectFrom('landeskennzeichen').select('lkz').where('lkz', '=', data.lkz).executeTakeFirst();
      if (!land) throw badRequest('Bitte die Eingaben prüfen!', { lkz: [`Unbekanntes Land: ${data.lkz}`] });
    }
  };

  // Addresses
  route(app, endpoints.adressenList, async (req) => listRecords(ctx, adressen, req.query, actor(req)) as never);
  route(app, endpoints.adresseGet, async (req) => ({ result: await getRecord(ctx, adressen, req.params.id, actor(req)) }) as never);
  route(app, endpoints.adresseCreate, async (req, reply) => {
    await refsOfAdresse(req.body.data);
    return createRecord(ctx, adressen, actor(req), req.body, reply) as never;
  });
  route(app, endpoints.adresseUpdate, async (req) => {
    await refsOfAdresse(req.body.data);
    return updateRecord(ctx, adressen, actor(req), req.params.id, req.body, lockTokenOf(req.headers)) as never;
  });
  route(app, endpoints.adresseDelete, async (req) => {
    await getRecord(ctx, adressen, req.params.id, actor(req));
    const used = await db.selectFrom('belege').select('id').where('adresseId', '=', req.params.id).executeTakeFirst();
    if (used) throw conflict('Die Adresse wird in Belegen verwendet und kann nicht gelöscht werden');
    await deleteRecord(ctx, adressen, actor(req), req.params.id, lockTokenOf(req.headers), req.query.ProtokollBemerkung);
    return undefined;
  });

  // Contact persons
  route(app, endpoints.ansprechpartnerVonAdresse, async (req) => {
    await requireAdresse(req.params.id);
    return listRecords(ctx, ansprechpartnerResource, req.query, actor(req), req.params.id) as never;
  });
  route(app, endpoints.ansprechpartnerCreate, async (req, reply) => {
    await requireAdresse(req.params.id);
    return createRecord(ctx, { ...ansprechpartnerResource, path: '/stammdaten/ansprechpartner' }, actor(req), req.body, reply, req.params.id) as never;
  });
  route(app, endpoints.ansprechpartnerList, async (req) => listRecords(ctx, ansprechpartnerResource, req.query, actor(req)) as never);
  route(app, endpoints.ansprechpartnerGet, async (req) => ({ result: await getRecord(ctx, ansprechpartnerResource, req.params.id, actor(req)) }) as never);
  route(
    app,
    endpoints.ansprechpartnerUpdate,
    async (req) => updateRecord(ctx, ansprechpartnerResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)) as never,
  );
  route(app, endpoints.ansprechpartnerDelete, async (req) => {
    const person = await getRecord<{ gfxid: number | null }>(ctx, ansprechpartnerResource, req.params.id, actor(req));
    await deleteRecord(ctx, ansprechpartnerResource, actor(req), req.params.id, lockTokenOf(req.headers));
    if (person.gfxid) await db.deleteFrom('bilder').where('id', '=', person.gfxid).execute();
    return undefined;
  });
  route(app, endpoints.ansprechpartnerBild, async (req) => {
    const person = await getRecord<{ gfxid: number | null }>(ctx, ansprechpartnerResource, req.params.id, actor(req));
    const daten = decodeBase64(req.body.data.daten);
    const mimeType = requireImage(daten);
    await db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('bilder').values({ dateiname: req.body.data.dateiname, mimeType, daten }).returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('ansprechpartner').set({ gfxid: id }).where('id', '=', req.params.id).execute();
      if (person.gfxid) await trx.deleteFrom('bilder').where('id', '=', person.gfxid).execute();
    });
    return { result: await getRecord(ctx, ansprechpartnerResource, req.params.id, actor(req)) } as never;
  });
  route(app, endpoints.ansprechpartnerBildDelete, async (req) => {
    const person = await getRecord<{ gfxid: number | null }>(ctx, ansprechpartnerResource, req.params.id, actor(req));
    if (!person.gfxid) throw notFound('Bild');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('ansprechpartner').set({ gfxid: null }).where('id', '=', req.params.id).execute();
      await trx
        .deleteFrom('bilder')
        .where('id', '=', person.gfxid as number)
        .execute();
    });
    return undefined;
  });
  route(app, endpoints.bild, async (req, reply) => {
    const bild = await db.selectFrom('bilder').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!bild) throw notFound('Bild');
    reply
      .header('Content-Type', bild.mimeType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Disposition', contentDisposition(bild.dateiname, true));
    return reply.send(Buffer.from(bild.daten)) as never;
  });

  // Activities
  route(app, endpoints.aktivitaetsarten, async () => {
    const rows = await db.selectFrom('aktivitaetsarten').selectAll().orderBy('bezeichnung').execute();
    return { result: rows, hasMoreData: false };
  });
  route(app, endpoints.aktivitaetenVonAdresse, async (req) => {
    await requireAdresse(req.params.id);
    return listRecords(ctx, aktivitaetenResource, req.query, actor(req), req.params.id) as never;
  });
  route(app, endpoints.aktivitaetGet, async (req) => ({ result: await getRecord(ctx, aktivitaetenResource, req.params.id, actor(req)) }) as never);
  const aktivitaetRefs = async (data: Record<string, unknown>, adresseId: number) => {
    await assertRef(db, 'aktivitaetsarten', data.artId as number | undefined, 'artId');
    await assertRef(db, 'benutzer', data.benutzerId as number | undefined, 'benutzerId');
    await assertRef(db, 'ansprechpartner', data.ansprechpartnerId as number | null, 'ansprechpartnerId', { column: 'adresseId', value: adresseId });
  };
  route(app, endpoints.aktivitaetCreate, async (req, reply) => {
    const { adresseId, ...rest } = req.body.data;
    await requireAdresse(adresseId);
    await aktivitaetRefs(rest, adresseId);
    const data = { ...rest, benutzerId: rest.benutzerId ?? actor(req).id };
    return createRecord(ctx, aktivitaetenResource, actor(req), { ...req.body, data }, reply, adresseId) as never;
  });
  route(app, endpoints.aktivitaetUpdate, async (req) => {
    const current = await getRecord<{ adresseId: number }>(ctx, aktivitaetenResource, req.params.id, actor(req));
    await aktivitaetRefs(req.body.data, current.adresseId);
    return updateRecord(ctx, aktivitaetenResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)) as never;
  });
  route(app, endpoints.aktivitaetDelete, async (req) => {
    await deleteRecord(ctx, aktivitaetenResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });

  // Additional addresses
  const nested = (r: Resource) => ({
    list: async (id: number, q: Parameters<typeof listRecords>[2], a: ReturnType<typeof actor>) => {
      await requireAdresse(id);
      return listRecords(ctx, r, q, a, id);
    },
  });
  route(app, endpoints.zusatzadressenList, async (req) => nested(zusatzadressenResource).list(req.params.id, req.query, actor(req)) as never);
  route(
    app,
    endpoints.zusatzadresseGet,
    async (req) => ({ result: await getRecord(ctx, zusatzadressenResource, req.params.subId, actor(req), req.params.id) }) as never,
  );
  route(app, endpoints.zusatzadresseCreate, async (req, reply) => {
    await requireAdresse(req.params.id);
    return createRecord(ctx, zusatzadressenResource, actor(req), req.body, reply, req.params.id) as never;
  });
  route(
    app,
    endpoints.zusatzadresseUpdate,
    async (req) => updateRecord(ctx, zusatzadressenResource, actor(req), req.params.subId, req.body, lockTokenOf(req.headers), req.params.id) as never,
  );
  route(app, endpoints.zusatzadresseDelete, async (req) => {
    await deleteRecord(ctx, zusatzadressenResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });

  // Files
  route(app, endpoints.dateienList, async (req) => nested(dateienResource).list(req.params.id, req.query, actor(req)) as never);
  const loadFile = async (id: number, subId: number) => {
    const row = await db.selectFrom('adressDateien').selectAll().where('id', '=', subId).where('adresseId', '=', id).executeTakeFirst();
    if (!row) throw notFound('Datei');
    return row;
  };
  route(app, endpoints.dateiGet, async (req) => {
    const { daten, ...file } = await loadFile(req.params.id, req.params.subId);
    return { result: { ...file, daten: Buffer.from(daten).toString('base64') } } as never;
  });
  route(app, endpoints.dateiDownload, async (req, reply) => {
    const file = await loadFile(req.params.id, req.params.subId);
    reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname));
    return reply.send(Buffer.from(file.daten)) as never;
  });
  route(app, endpoints.dateiCreate, async (req, reply) => {
    await requireAdresse(req.params.id);
    const daten = decodeBase64(req.body.data.daten);
    const { dateiname, betreff } = req.body.data;
    const data = {
      dateiname,
      betreff: betreff ?? null,
      daten,
      mimeType: fileType(dateiname, daten),
      groesse: daten.length,
      istEmail: /\.(eml|msg)$/i.test(dateiname),
      datum: new Date().toISOString(),
    };
    return createRecord(ctx, dateienResource, actor(req), { ...req.body, data }, reply, req.params.id) as never;
  });
  route(app, endpoints.dateiDelete, async (req) => {
    await deleteRecord(ctx, dateienResource, actor(req), req.params.subId, lockTokenOf(req.headers), undefined, req.params.id);
    return undefined;
  });
}
