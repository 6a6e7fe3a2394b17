import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { logChange } from '../../lib/change-log';
import { conflict, notFound } from '../../lib/errors';
import { assertRef, fromHundredths, fromMicro, fromMilli, toHundredths, toMicro, toMilli } from '../../lib/refs';
import { type Ctx, createRecord, deleteRecord, getRecord, listRecords, lockTokenOf, updateRecord } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { artikelResource } from './artikel.resource';

const TIERS = { AP3: 3, AP5: 5 } as const;
const round2 = (v: number) => Math.round(v * 100) / 100;

export function artikelRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const requireArtikel = async (id: number) => {
    const a = await db.selectFrom('artikel').select(['id', 'mwstsatz']).where('id', '=', id).executeTakeFirst();
    if (!a) throw notFound('Artikel');
    return a;
  };

  route(app, endpoints.artikelList, async (req) => listRecords(ctx, artikelResource, req.query, actor(req)) as never);
  route(app, endpoints.artikelGet, async (req) => ({ result: await getRecord(ctx, artikelResource, req.params.id, actor(req)) }) as never);
  route(app, endpoints.artikelCreate, async (req, reply) => {
    await assertRef(db, 'warengruppen', req.body.data.warengruppeId, 'warengruppeId');
    return createRecord(ctx, artikelResource, actor(req), req.body, reply) as never;
  });
  route(app, endpoints.artikelUpdate, async (req) => {
    await assertRef(db, 'warengruppen', req.body.data.warengruppeId, 'warengruppeId');
    if (req.body.data.artikelart && req.body.data.artikelart !== '1') {
      const moved = await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', req.params.id).executeTakeFirst();
      if (moved) throw conflict('Ein Artikel mit Lagerbewegungen bleibt Lagerartikel', { artikelart: ['Der Artikel hat Lagerbewegungen'] });
    }
    return updateRecord(ctx, artikelResource, actor(req), req.params.id, req.body, lockTokenOf(req.headers)) as never;
  });
  route(app, endpoints.artikelDelete, async (req) => {
    await requireArtikel(req.params.id);
    const moved = await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', req.params.id).executeTakeFirst();
    if (moved) throw conflict('Der Artikel hat Lagerbewegungen und kann nicht gelöscht werden');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('bestaende').where('artikelId', '=', req.params.id).execute();
      await trx.deleteFrom('lagerplatzBestaende').where('artikelId', '=', req.params.id).execute();
    });
    await deleteRecord(ctx, artikelResource, actor(req), req.params.id, lockTokenOf(req.headers));
    return undefined;
  });

  const freieFelder = async (id: number) => {
    const rows = await db
      .selectFrom('artikelFreieFelder')
      .select(['id', 'bezeichnung', 'wert', 'sortierung'])
      .where('artikelId', '=', id)
      .orderBy('sortierung')
      .orderBy('id')
      .execute();
    return { result: rows, hasMoreData: false };
  };
  route(app, endpoints.freieFelder, async (req) => {
    await requireArtikel(req.params.id);
    return freieFelder(req.params.id);
  });
  route(app, endpoints.freieFelderSet, async (req) => {
    await requireArtikel(req.params.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('artikelFreieFelder').where('artikelId', '=', req.params.id).execute();
      if (req.body.data.length)
        await trx
          .insertInto('artikelFreieFelder')
          .values(req.body.data.map((f, i) => ({ artikelId: req.params.id, bezeichnung: f.bezeichnung, wert: f.wert, sortierung: (i + 1) * 10 })))
          .execute();
      await logChange(trx, { tabelle: 'ART', datensatzId: req.params.id, aktion: 'AENDERN', benutzerId: actor(req).id, felder: ['freieFelder'] });
    });
    return freieFelder(req.params.id);
  });

  const staffeln = async (id: number, ap: 'AP3' | 'AP5', mwstsatz: number) => {
    const [rows, gruppen] = await Promise.all([
      db.selectFrom('artikelPreisstaffeln').selectAll().where('artikelId', '=', id).where('ap', '=', ap).orderBy('preisgruppe').orderBy('stufe').execute(),
      db.selectFrom('preisgruppen').selectAll().execute(),
    ]);
    const name = new Map(gruppen.map((g) => [g.nummer, g.bezeichnung]));
    const byGroup = new Map<number, Record<string, number | string | null>>();
    for (const r of rows) {
      const row = byGroup.get(r.preisgruppe) ?? { preisgruppe: r.preisgruppe, bezeichnung: name.get(r.preisgruppe) ?? `Preisgruppe ${r.preisgruppe}` };
      const vk = fromMicro(r.vk);
      row[`menge${r.stufe}`] = fromMilli(r.menge);
      row[`vk${r.stufe}`] = vk;
      row[`vk${r.stufe}Brutto`] = vk === null ? null : round2(vk * (1 + mwstsatz / 10_000));
      row[`aufschlag${r.stufe}`] = fromHundredths(r.aufschlag);
      byGroup.set(r.preisgruppe, row);
    }
    return { result: [...byGroup.values()], hasMoreData: false };
  };
  route(app, endpoints.preisstaffel, async (req) => {
    const a = await requireArtikel(req.params.id);
    return staffeln(req.params.id, req.params.ap, a.mwstsatz) as never;
  });
  route(app, endpoints.preisstaffelSet, async (req) => {
    const a = await requireArtikel(req.params.id);
    const { ap, id } = req.params;
    const n = TIERS[ap];
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('artikelPreisstaffeln').where('artikelId', '=', id).where('ap', '=', ap).execute();
      const values = req.body.data.flatMap((row) =>
        Array.from({ length: n }, (_, i) => i + 1)
          .map((stufe) => ({
            artikelId: id,
            ap,
            preisgruppe: row.preisgruppe,
            stufe,
            menge: toMilli(row[`menge${stufe}`] as number | null | undefined) ?? null,
            vk: toMicro(row[`vk${stufe}`] as number | null | undefined) ?? null,
            aufschlag: toHundredths(row[`aufschlag${stufe}`] as number | null | undefined) ?? null,
          }))
          .filter((v) => v.menge !== null || v.vk !== null || v.aufschlag !== null),
      );
      if (values.length) await trx.insertInto('artikelPreisstaffeln').values(values).execute();
      await logChange(trx, { tabelle: 'ART', datensatzId: id, aktion: 'AENDERN', benutzerId: actor(req).id, felder: [ap] });
    });
    return staffeln(id, ap, a.mwstsatz) as never;
  });

  route(app, endpoints.warengruppen, async () => ({
    result: await db.selectFrom('warengruppen').selectAll().orderBy('bezeichnung').execute(),
    hasMoreData: false,
  }));
}
