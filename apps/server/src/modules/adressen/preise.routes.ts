import { API_PREFIX, endpoints, kundensonderpreisListe } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { fieldTypes } from '../../lib/fields';
import { idempotentCreate } from '../../lib/idempotency';
import { containsExpr, type ListSpec, runList } from '../../lib/list-query';
import { type Ctx, lockTokenOf } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { requireAdresse } from './adressen.service';
import {
  apzWerte,
  assertTierOrder,
  changePrice,
  createPreis,
  kopfWerte,
  loadApz,
  loadPreis,
  preisKopf,
  preisScales,
  preisVoll,
  requireArtikelnummer,
  writeTiers,
} from './preise.service';

export function preiseRoutes(app: FastifyInstance, { db, dialect }: Ctx) {
  const requirePrice = async (trx: typeof db, adresseId: number, priceId: number) => {
    await requireAdresse(trx, adresseId);
    return loadPreis(trx, adresseId, priceId);
  };

  // the list's filter and sort address the stored columns; the two derived prices are computed per row
  const { sonderpreisBrutto: _b, effektiverPreis: _e, ...preisFelder } = fieldTypes(kundensonderpreisListe);
  const preiseSpec: ListSpec = {
    table: 'kundensonderpreise',
    fields: Object.assign(Object.create(null), preisFelder),
    scales: preisScales,
    defaultOrder: ['artikelnummer'],
    search: (eb, term, d) =>
      eb.or([containsExpr(eb.ref('kundensonderpreise.artikelnummer'), term, d), containsExpr(eb.ref('kundensonderpreise.artikelbezeichnung'), term, d)]),
  };
  route(app, endpoints.preiseList, async (req) => {
    await requireAdresse(db, req.params.id);
    const base = db.selectFrom('kundensonderpreise').selectAll().where('adresseId', '=', req.params.id);
    const res = await runList<Parameters<typeof preisKopf>[0]>(base, preiseSpec, { ...req.query, limit: req.query.limit || 500 }, dialect);
    return { ...res, result: res.result.map(preisKopf) };
  });

  route(app, endpoints.preisGet, async (req) => ({ result: await preisVoll(db, req.params.id, req.params.priceId) }));

  route(app, endpoints.preisCreate, async (req, reply) =>
    // with an Idempotency-Key the key is claimed and stored in this transaction (lib/idempotency.ts)
    idempotentCreate(db, req, reply, 201, async (trx) => {
      await requireAdresse(trx, req.params.id);
      await requireArtikelnummer(trx, req.body.data.artikelnummer);
      const id = await createPreis(trx, actor(req), req.params.id, req.body.data, req.body.ProtokollBemerkung);
      const result = await preisVoll(trx, req.params.id, id);
      return { body: { result }, location: `${API_PREFIX}/stammdaten/adressen/${req.params.id}/kundensonderpreise/${result.id}` };
    }),
  );

  route(app, endpoints.preisUpdate, async (req) => {
    const { id, priceId } = req.params;
    const { mengenabhaengigePreise, mengenabhaengigeRabatte } = req.body.data;
    const values = kopfWerte(req.body.data);
    const result = await db.transaction().execute(async (trx) => {
      await requirePrice(trx, id, priceId);
      await requireArtikelnummer(trx, req.body.data.artikelnummer);
      await changePrice(trx, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async () => {
        if (Object.keys(values).length) await trx.updateTable('kundensonderpreise').set(values).where('id', '=', priceId).execute();
        const felder = [
          ...Object.keys(values),
          ...(mengenabhaengigePreise ? await writeTiers(trx, priceId, 'P', mengenabhaengigePreise) : []),
          ...(mengenabhaengigeRabatte ? await writeTiers(trx, priceId, 'R', mengenabhaengigeRabatte) : []),
        ];
        if (mengenabhaengigePreise) await assertTierOrder(trx, priceId, 'P');
        if (mengenabhaengigeRabatte) await assertTierOrder(trx, priceId, 'R');
        return { felder, value: undefined };
      });
      return preisVoll(trx, id, priceId);
    });
    return { result };
  });

  route(app, endpoints.preisDelete, async (req) => {
    const { id, priceId } = req.params;
    await db.transaction().execute(async (trx) => {
      await requirePrice(trx, id, priceId);
      await changePrice(trx, actor(req), priceId, lockTokenOf(req.headers), undefined, 'LOESCHEN', async () => {
        await trx.deleteFrom('kundensonderpreise').where('id', '=', priceId).execute();
        return { felder: [], value: undefined };
      });
    });
    return undefined;
  });

  route(app, endpoints.apzGet, async (req) => {
    await requirePrice(db, req.params.id, req.params.priceId);
    return { result: await loadApz(db, req.params.priceId, req.params.apzId) };
  });
  route(app, endpoints.apzCreate, async (req, reply) => {
    const { id, priceId } = req.params;
    return idempotentCreate(db, req, reply, 201, async (trx) => {
      await requirePrice(trx, id, priceId);
      const apzId = await changePrice(trx, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async () => {
        const row = await trx
          .insertInto('kundensonderpreisApz')
          .values({ kundensonderpreisId: priceId, ...apzWerte(req.body.data) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { felder: [`apz.${row.id}`], value: row.id };
      });
      const result = await loadApz(trx, priceId, apzId);
      return { body: { result }, location: `${API_PREFIX}/stammdaten/adressen/${id}/kundensonderpreise/${priceId}/apz/${result.id}` };
    });
  });
  route(app, endpoints.apzUpdate, async (req) => {
    const { id, priceId, apzId } = req.params;
    const result = await db.transaction().execute(async (trx) => {
      await requirePrice(trx, id, priceId);
      await loadApz(trx, priceId, apzId);
      await changePrice(trx, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async () => {
        await trx.updateTable('kundensonderpreisApz').set(apzWerte(req.body.data)).where('id', '=', apzId).execute();
        return { felder: [`apz.${apzId}`], value: undefined };
      });
      return loadApz(trx, priceId, apzId);
    });
    return { result };
  });
  route(app, endpoints.apzDelete, async (req) => {
    const { id, priceId, apzId } = req.params;
    await db.transaction().execute(async (trx) => {
      await requirePrice(trx, id, priceId);
      await loadApz(trx, priceId, apzId);
      await changePrice(trx, actor(req), priceId, lockTokenOf(req.headers), undefined, 'AENDERN', async () => {
        await trx.deleteFrom('kundensonderpreisApz').where('id', '=', apzId).execute();
        return { felder: [`apz.${apzId}`], value: undefined };
      });
    });
    return undefined;
  });
}
