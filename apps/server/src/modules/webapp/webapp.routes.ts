import { BENUTZER_TYPEN_WEBAPP, endpoints, type meResponse, PROJEKT_RECHTE } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { percent2 } from '../../lib/codecs';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { actor, loadRights } from '../../plugins/auth';

type Me = z.input<typeof meResponse>;

/** The listed rights plus every project right without a row as denied (its rule), so the web reads each project right as listed. */
function withProjectRights(rechte: { recht: string; genehmigt: boolean }[]) {
  const missing = PROJEKT_RECHTE.filter((p) => !rechte.some((r) => r.recht === p));
  if (!missing.length) return rechte;
  return [...rechte, ...missing.map((recht) => ({ recht, genehmigt: false }))].sort((a, b) => (a.recht < b.recht ? -1 : a.recht > b.recht ? 1 : 0));
}

export function webappRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, endpoints.me, async (req, reply) => {
    const me = actor(req);
    // The answer is serialised once per session-cache entry; the burst of calls a screen makes reuses the bytes.
    const cached = req.session?.me as string | undefined;
    if (cached) return reply.type('application/json; charset=utf-8').send(cached);
    const [benutzer, rechte, techniker] = await Promise.all([
      db
        .selectFrom('benutzer')
        .select(['id', 'name', 'kuerzel', 'typ', 'istAdmin', 'gesperrt', 'avatar', 'vorgabeLagerId', 'email'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow(),
      loadRights(db, me.id),
      db.selectFrom('techniker').selectAll().where('benutzerId', '=', me.id).executeTakeFirst(),
    ]);
    const webappBerechtigt = (BENUTZER_TYPEN_WEBAPP as readonly number[]).includes(benutzer.typ);
    const answer: Me = {
      result: { benutzer: { ...benutzer, webappBerechtigt }, rechte: benutzer.istAdmin ? rechte : withProjectRights(rechte), techniker: techniker ?? null },
    };
    const json = reply.serialize(answer);
    if (req.session) req.session.me = json;
    return reply.type('application/json; charset=utf-8').send(json);
  });

  route(app, endpoints.basisdaten, async () => {
    const [belegarten, zahlungsarten, lieferbedingungen, benutzer, lager, lagerkreise, serviceAuftragsarten, serviceAbrechnungsarten] = await Promise.all([
      db.selectFrom('belegarten').selectAll().orderBy('belegart').execute(),
      db.selectFrom('zahlungsarten').selectAll().orderBy('id').execute(),
      db.selectFrom('lieferbedingungen').selectAll().orderBy('id').execute(),
      db.selectFrom('benutzer').select(['id', 'name', 'typ', 'vorgabeLagerId', 'kuerzel', 'gesperrt']).orderBy('kuerzel').execute(),
      db.selectFrom('lager').selectAll().orderBy('kurzbezeichnung').execute(),
      db.selectFrom('lagerkreise').selectAll().orderBy('name').execute(),
      db.selectFrom('serviceAuftragsarten').selectAll().orderBy('id').execute(),
      db.selectFrom('serviceAbrechnungsarten').selectAll().orderBy('id').execute(),
    ]);
    return {
      result: {
        belegarten,
        zahlungsarten: zahlungsarten.map((z) => ({ ...z, skontoProzent: percent2.fromDb(z.skontoProzent) })),
        lieferbedingungen,
        benutzer,
        lager,
        lagerkreise,
        serviceAuftragsarten,
        serviceAbrechnungsarten,
      },
    };
  });

  route(app, endpoints.webappParameterGet, async (req) => {
    const row = await db
      .selectFrom('webappParameter')
      .select('wert')
      .where('benutzerId', '=', actor(req).id)
      .where('name', '=', req.params.name)
      .executeTakeFirst();
    // unset is a normal state (every new user, every preset not yet saved), not a missing record: no 404
    return { result: { wert: row?.wert ?? null } };
  });

  route(app, endpoints.webappParameterSet, async (req) => {
    const values = { benutzerId: actor(req).id, name: req.params.name, wert: req.body.data.wert };
    await db
      .insertInto('webappParameter')
      .values(values)
      .onConflict((oc) => oc.columns(['benutzerId', 'name']).doUpdateSet({ wert: values.wert }))
      .execute();
    return { result: { wert: values.wert } };
  });
}
