import { endpoints, MAHNSTUFEN_BRIEF } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { datevRoutes } from './datev.routes';
import { attachmentsFor, mahnschreibenAnhaenge } from './mail.anhaenge';
import { MailSender } from './mail.sender';
import {
  belegEntwurf,
  mahnschreibenEntwurf,
  mailBeleg,
  mailEinreihen,
  mailsVon,
  pruefeAdressen,
  pruefeEingerichtet,
  smtpLesen,
  smtpSchreiben,
  vorlagenLesen,
  vorlageSchreiben,
} from './mail.service';
import { serviceberichtAnhaenge, serviceberichtAuftrag, serviceberichtEntwurf } from './mail.servicebericht';

/** The senders of the running apps by their database (tests wait for them: `mailSenderVon`). */
const SENDER = new WeakMap<object, MailSender>();
export const mailSenderVon = (db: object) => SENDER.get(db);

/** E-mail (settings, templates, send, states) and the DATEV export (datev.routes.ts); the sender runs with the server. */
export function ausgangRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const sender = new MailSender(db);
  SENDER.set(db, sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());

  route(app, endpoints.smtpGet, async () => ({ result: await smtpLesen(db) }));
  route(app, endpoints.smtpSet, async (req) => {
    const a = actor(req);
    return { result: await db.transaction().execute((trx) => smtpSchreiben(trx, a, req.body.data, req.body.ProtokollBemerkung)) };
  });
  route(app, endpoints.mailVorlagen, async () => ({ result: await vorlagenLesen(db), hasMoreData: false }));
  route(app, endpoints.mailVorlageSet, async (req) => {
    const a = actor(req);
    return { result: await db.transaction().execute((trx) => vorlageSchreiben(trx, a, req.params.art, req.body.data, req.body.ProtokollBemerkung)) };
  });

  route(app, endpoints.belegMailEntwurf, async (req) => {
    const b = await mailBeleg(db, req.params.id);
    return { result: await belegEntwurf(db, b.id, [{ name: `${b.belegnummer}.pdf` }]) };
  });
  route(app, endpoints.belegMailSenden, async (req) => {
    const a = actor(req);
    const adressen = pruefeAdressen(req.body.data);
    const b = await mailBeleg(db, req.params.id);
    await pruefeEingerichtet(db);
    const anhaenge = await attachmentsFor(db, b, a);
    const result = await db.transaction().execute(async (trx) => {
      const kopf = await mailBeleg(trx, b.id);
      return mailEinreihen(trx, a, { art: 'beleg', id: kopf.id, belegId: kopf.id }, adressen, req.body.data, anhaenge);
    });
    sender.anstossen();
    return { result };
  });
  route(app, endpoints.belegMails, async (req) => {
    await mailBeleg(db, req.params.id);
    const result = await mailsVon(db, 'beleg', req.params.id);
    return { result, hasMoreData: false };
  });

  const mahnTitel = async (id: number) => {
    const m = await db.selectFrom('mahnschreiben').select(['stufe', 'datum', 'adresseId']).where('id', '=', id).executeTakeFirst();
    return (MAHNSTUFEN_BRIEF[Number(m?.stufe ?? 5)] ?? MAHNSTUFEN_BRIEF[5])?.titel ?? 'Mahnung';
  };
  route(app, endpoints.mahnschreibenMailEntwurf, async (req) => {
    const titel = await mahnTitel(req.params.id);
    const anhaenge = await mahnschreibenAnhaenge(db, req.params.id);
    return {
      result: await mahnschreibenEntwurf(
        db,
        req.params.id,
        titel,
        anhaenge.map((x) => ({ name: x.name })),
      ),
    };
  });
  route(app, endpoints.mahnschreibenMailSenden, async (req) => {
    const a = actor(req);
    const adressen = pruefeAdressen(req.body.data);
    await pruefeEingerichtet(db);
    const anhaenge = await mahnschreibenAnhaenge(db, req.params.id);
    const id = req.params.id;
    const result = await db
      .transaction()
      .execute((trx) =>
        mailEinreihen(trx, a, { art: 'mahnschreiben', id, belegId: null, protokoll: { tabelle: 'MAH', datensatzId: id } }, adressen, req.body.data, anhaenge),
      );
    sender.anstossen();
    return { result };
  });
  route(app, endpoints.mahnschreibenMails, async (req) => ({ result: await mailsVon(db, 'mahnschreiben', req.params.id), hasMoreData: false }));

  route(app, endpoints.serviceberichtMailEntwurf, async (req) => {
    const a = await serviceberichtAuftrag(db, req, req.params.id);
    return { result: await serviceberichtEntwurf(db, a) };
  });
  route(app, endpoints.serviceberichtMailSenden, async (req) => {
    const wer = actor(req);
    const adressen = pruefeAdressen(req.body.data);
    const a = await serviceberichtAuftrag(db, req, req.params.id);
    await pruefeEingerichtet(db);
    const anhaenge = await serviceberichtAnhaenge(db, a);
    const result = await db
      .transaction()
      .execute((trx) =>
        mailEinreihen(
          trx,
          wer,
          { art: 'servicebericht', id: a.id, belegId: null, protokoll: { tabelle: 'SVA', datensatzId: a.id } },
          adressen,
          req.body.data,
          anhaenge,
        ),
      );
    sender.anstossen();
    return { result };
  });
  route(app, endpoints.serviceberichtMails, async (req) => {
    const a = await serviceberichtAuftrag(db, req, req.params.id);
    return { result: await mailsVon(db, 'servicebericht', a.id), hasMoreData: false };
  });

  datevRoutes(app, ctx);
}
