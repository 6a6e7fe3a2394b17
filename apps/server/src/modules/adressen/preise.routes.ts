import { API_PREFIX, endpoints, STAFFELN } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import type { KundensonderpreisTable } from '../../db/types';
import { type Aktion, logChange } from '../../lib/change-log';
import { notFound } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import { type Actor, assertWritable } from '../../lib/locks';
import { fromHundredths, fromMicro, fromMilli, toHundredths, toMicro, toMilli } from '../../lib/refs';
import { type Ctx, lockTokenOf } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { requireAdresse } from './adressen.resources';

type PreisRow = Omit<KundensonderpreisTable, 'id'> & { id: number };
type Tiers = Record<string, number | null | undefined>;

const round2 = (v: number) => Math.round(v * 100) / 100;
const gross = (net: number | null, mwstSatz: number) => (net === null ? null : round2(net * (1 + mwstSatz / 100)));

/** Effective price: the price less its percentage discounts (ADR-060). */
export const effektiverPreis = (preis: number | null, rabatt1: number | null, rabatt2: number | null) =>
  preis === null ? null : Math.round(preis * (1 - (rabatt1 ?? 0) / 100) * (1 - (rabatt2 ?? 0) / 100) * 10_000) / 10_000;

function head(r: PreisRow) {
  const sonderpreis = fromMicro(r.sonderpreis);
  const mwstSatz = (fromHundredths(r.mwstSatz) ?? 19) as number;
  const rabatt1 = fromHundredths(r.rabatt1);
  const rabatt2 = fromHundredths(r.rabatt2);
  return {
    ...r,
    sonderpreis,
    sonderpreisBrutto: gross(sonderpreis, mwstSatz),
    mwstSatz,
    rabatt1,
    rabatt2,
    effektiverPreis: effektiverPreis(sonderpreis, rabatt1, rabatt2),
  };
}

async function loadPreis(db: Db, adresseId: number, id: number) {
  const row = await db.selectFrom('kundensonderpreise').selectAll().where('id', '=', id).where('adresseId', '=', adresseId).executeTakeFirst();
  if (!row) throw notFound('Kundensonderpreis');
  return row as PreisRow;
}

async function full(db: Db, adresseId: number, id: number) {
  const row = await loadPreis(db, adresseId, id);
  const [staffeln, apz] = await Promise.all([
    db.selectFrom('kundensonderpreisStaffeln').selectAll().where('kundensonderpreisId', '=', id).orderBy('stufe').execute(),
    db.selectFrom('kundensonderpreisApz').selectAll().where('kundensonderpreisId', '=', id).orderBy('abMenge').orderBy('gueltigVon').execute(),
  ]);
  const h = head(row);
  const preise: Record<string, number | null> = {};
  const rabatte: Record<string, number | null> = {};
  for (const s of staffeln) {
    if (s.art === 'P') {
      const vk = fromMicro(s.vk);
      Object.assign(preise, {
        [`menge${s.stufe}`]: fromMilli(s.menge),
        [`vk${s.stufe}`]: vk,
        [`vk${s.stufe}Brutto`]: gross(vk, h.mwstSatz),
        [`rabatt${s.stufe}`]: fromHundredths(s.rabatt),
      });
    } else {
      Object.assign(rabatte, { [`menge${s.stufe}`]: fromMilli(s.menge), [`rabatt${s.stufe}`]: fromHundredths(s.rabatt) });
    }
  }
  return {
    ...h,
    mengenabhaengigePreise: preise,
    mengenabhaengigeRabatte: rabatte,
    zeitabhaengigePreise: apz.map((a) => ({
      id: a.id,
      abMenge: fromMilli(a.abMenge) as number,
      sonderpreis: fromMicro(a.sonderpreis) as number,
      gueltigVon: a.gueltigVon,
      gueltigBis: a.gueltigBis,
    })),
  };
}

function headValues(d: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...d };
  delete out.mengenabhaengigePreise;
  delete out.mengenabhaengigeRabatte;
  if ('sonderpreis' in d) out.sonderpreis = toMicro(d.sonderpreis as number | null);
  if ('mwstSatz' in d) out.mwstSatz = toHundredths(d.mwstSatz as number);
  if ('rabatt1' in d) out.rabatt1 = toHundredths(d.rabatt1 as number | null);
  if ('rabatt2' in d) out.rabatt2 = toHundredths(d.rabatt2 as number | null);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * Writes the given tier fields (ADR-061, ADR-064): a number sets the value, null deletes it; gross fields are
 * derived and ignored. A tier whose values are all empty afterwards is removed.
 */
async function writeTiers(trx: Db, preisId: number, art: 'P' | 'R', tiers: Tiers): Promise<string[]> {
  const changed: string[] = [];
  for (const n of STAFFELN) {
    const keys = art === 'P' ? ['menge', 'vk', 'rabatt'] : ['menge', 'rabatt'];
    const given = keys.filter((k) => tiers[`${k}${n}`] !== undefined);
    if (given.length === 0) continue;
    const existing = await trx
      .selectFrom('kundensonderpreisStaffeln')
      .selectAll()
      .where('kundensonderpreisId', '=', preisId)
      .where('art', '=', art)
      .where('stufe', '=', n)
      .executeTakeFirst();
    const next = {
      menge: tiers[`menge${n}`] !== undefined ? toMilli(tiers[`menge${n}`]) : (existing?.menge ?? null),
      vk: art === 'P' && tiers[`vk${n}`] !== undefined ? toMicro(tiers[`vk${n}`]) : (existing?.vk ?? null),
      rabatt: tiers[`rabatt${n}`] !== undefined ? toHundredths(tiers[`rabatt${n}`]) : (existing?.rabatt ?? null),
    };
    changed.push(...given.map((k) => `${art === 'P' ? 'mengenabhaengigePreise' : 'mengenabhaengigeRabatte'}.${k}${n}`));
    if (next.menge == null && next.vk == null && next.rabatt == null) {
      await trx.deleteFrom('kundensonderpreisStaffeln').where('kundensonderpreisId', '=', preisId).where('art', '=', art).where('stufe', '=', n).execute();
    } else if (existing) {
      await trx
        .updateTable('kundensonderpreisStaffeln')
        .set(next)
        .where('kundensonderpreisId', '=', preisId)
        .where('art', '=', art)
        .where('stufe', '=', n)
        .execute();
    } else {
      await trx
        .insertInto('kundensonderpreisStaffeln')
        .values({ kundensonderpreisId: preisId, art, stufe: n, ...next })
        .execute();
    }
  }
  return changed;
}

const LOCK = 'KSP';

/** One change of a price (head, tiers or apz): lock check, the work and its change-log entry in one transaction. */
async function changePrice(
  db: Db,
  me: Actor,
  priceId: number,
  lockToken: string | undefined,
  remark: string | undefined,
  aktion: Aktion,
  work: (trx: Db) => Promise<string[]>,
) {
  await db.transaction().execute(async (trx) => {
    await assertWritable(trx, me, LOCK, priceId, lockToken);
    const felder = await work(trx);
    if (felder.length || aktion !== 'AENDERN')
      await logChange(trx, { tabelle: LOCK, datensatzId: priceId, aktion, benutzerId: me.id, bemerkung: remark, felder });
  });
}

export function preiseRoutes(app: FastifyInstance, { db, dialect }: Ctx) {
  const requirePrice = async (adresseId: number, priceId: number) => {
    await requireAdresse(db, adresseId);
    return loadPreis(db, adresseId, priceId);
  };

  route(app, endpoints.preiseList, async (req) => {
    await requireAdresse(db, req.params.id);
    const limit = req.query.limit || 500;
    const offset = req.query.offset ?? 0;
    let q = db.selectFrom('kundensonderpreise').selectAll().where('adresseId', '=', req.params.id);
    const term = req.query.search?.trim();
    if (term) q = q.where((eb) => eb.or([containsExpr(eb.ref('artikelnummer'), term, dialect), containsExpr(eb.ref('artikelbezeichnung'), term, dialect)]));
    const rows = (await q
      .orderBy('artikelnummer')
      .orderBy('id')
      .limit(limit + 1)
      .offset(offset)
      .execute()) as PreisRow[];
    const hasMoreData = rows.length > limit;
    const result = rows.slice(0, limit).map(head);
    if (req.query.returnTotal !== 'true') return { result, hasMoreData } as never;
    const total = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { result, hasMoreData, resultCount: Number(total?.n ?? 0) } as never;
  });

  route(app, endpoints.preisGet, async (req) => ({ result: await full(db, req.params.id, req.params.priceId) }) as never);

  route(app, endpoints.preisCreate, async (req, reply) => {
    await requireAdresse(db, req.params.id);
    const me = actor(req);
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('kundensonderpreise')
        .values({ ...headValues(req.body.data), adresseId: req.params.id } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await logChange(trx, {
        tabelle: LOCK,
        datensatzId: id,
        aktion: 'NEU',
        benutzerId: me.id,
        bemerkung: req.body.ProtokollBemerkung,
        felder: Object.keys(req.body.data),
      });
      return id;
    });
    reply.header('Location', `${API_PREFIX}/stammdaten/adressen/${req.params.id}/kundensonderpreise/${id}`);
    return { result: await full(db, req.params.id, id) } as never;
  });

  route(app, endpoints.preisUpdate, async (req) => {
    const { id, priceId } = req.params;
    await requirePrice(id, priceId);
    const { mengenabhaengigePreise, mengenabhaengigeRabatte } = req.body.data;
    const values = headValues(req.body.data);
    await changePrice(db, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async (trx) => {
      if (Object.keys(values).length) await trx.updateTable('kundensonderpreise').set(values).where('id', '=', priceId).execute();
      return [
        ...Object.keys(values),
        ...(mengenabhaengigePreise ? await writeTiers(trx, priceId, 'P', mengenabhaengigePreise as Tiers) : []),
        ...(mengenabhaengigeRabatte ? await writeTiers(trx, priceId, 'R', mengenabhaengigeRabatte as Tiers) : []),
      ];
    });
    return { result: await full(db, id, priceId) } as never;
  });

  route(app, endpoints.preisDelete, async (req) => {
    const { id, priceId } = req.params;
    await requirePrice(id, priceId);
    await changePrice(db, actor(req), priceId, lockTokenOf(req.headers), undefined, 'LOESCHEN', async (trx) => {
      await trx.deleteFrom('kundensonderpreise').where('id', '=', priceId).execute();
      return [];
    });
    return undefined;
  });

  const loadApz = async (priceId: number, apzId: number) => {
    const row = await db.selectFrom('kundensonderpreisApz').selectAll().where('id', '=', apzId).where('kundensonderpreisId', '=', priceId).executeTakeFirst();
    if (!row) throw notFound('Preis');
    return {
      id: row.id,
      abMenge: fromMilli(row.abMenge) as number,
      sonderpreis: fromMicro(row.sonderpreis) as number,
      gueltigVon: row.gueltigVon,
      gueltigBis: row.gueltigBis,
    };
  };
  const apzValues = (d: { abMenge: number; sonderpreis: number; gueltigVon?: string | null; gueltigBis?: string | null }) => ({
    abMenge: toMilli(d.abMenge) as number,
    sonderpreis: toMicro(d.sonderpreis) as number,
    gueltigVon: d.gueltigVon ?? null,
    gueltigBis: d.gueltigBis ?? null,
  });

  route(app, endpoints.apzGet, async (req) => {
    await requirePrice(req.params.id, req.params.priceId);
    return { result: await loadApz(req.params.priceId, req.params.apzId) };
  });
  route(app, endpoints.apzCreate, async (req, reply) => {
    const { id, priceId } = req.params;
    await requirePrice(id, priceId);
    let apzId = 0;
    await changePrice(db, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async (trx) => {
      const row = await trx
        .insertInto('kundensonderpreisApz')
        .values({ kundensonderpreisId: priceId, ...apzValues(req.body.data) })
        .returning('id')
        .executeTakeFirstOrThrow();
      apzId = row.id;
      return [`apz.${row.id}`];
    });
    reply.header('Location', `${API_PREFIX}/stammdaten/adressen/${id}/kundensonderpreise/${priceId}/apz/${apzId}`);
    return { result: await loadApz(priceId, apzId) };
  });
  route(app, endpoints.apzUpdate, async (req) => {
    const { id, priceId, apzId } = req.params;
    await requirePrice(id, priceId);
    await loadApz(priceId, apzId);
    await changePrice(db, actor(req), priceId, lockTokenOf(req.headers), req.body.ProtokollBemerkung, 'AENDERN', async (trx) => {
      await trx.updateTable('kundensonderpreisApz').set(apzValues(req.body.data)).where('id', '=', apzId).execute();
      return [`apz.${apzId}`];
    });
    return { result: await loadApz(priceId, apzId) };
  });
  route(app, endpoints.apzDelete, async (req) => {
    const { id, priceId, apzId } = req.params;
    await requirePrice(id, priceId);
    await loadApz(priceId, apzId);
    await changePrice(db, actor(req), priceId, lockTokenOf(req.headers), undefined, 'AENDERN', async (trx) => {
      await trx.deleteFrom('kundensonderpreisApz').where('id', '=', apzId).execute();
      return [`apz.${apzId}`];
    });
    return undefined;
  });
}
