import { BELEG_AKTIONEN, BELEGARTEN, type Belegstatus, endpoints, VERKAUF_BELEGART_LISTE } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { UMSATZ_EBENE } from '../../db/umsatz';
import { money2, money4, percent2, qty3 } from '../../lib/codecs';
import { containsExpr } from '../../lib/list-query';
import { lineNet } from '../../lib/money';
import { type Ctx, readDb } from '../../lib/resource';
import { route } from '../../lib/route';
import { requireAdresse as requireAdressePresent } from './adressen.service';

/** What a customer bought: the lines of its invoices (not of cancellation documents, whose lines are negated; not of cancelled invoices). */
const HISTORIE_ARTEN = VERKAUF_BELEGART_LISTE.filter((d) => d.effekte.offenerPosten > 0 && d.storno.art !== 'nein').map((d) => d.belegart);
export const AUFTRAG = BELEGARTEN.auftrag.belegart;
/**
 * Orders that can still have open lines (BEL-025): the states from which a transform is allowed (the status table:
 * saved, printed, booked, partially adopted). Adopted (5, 8), resolved or cancelled (6) and merged (9) orders have
 * none; the delivered quantity per line is `mengeGeliefert` (raised by a transform into a delivery note, lowered by
 * its cancellation).
 */
export const AUFTRAG_OFFEN = BELEG_AKTIONEN.umwandeln.zustaende.filter((z): z is Belegstatus => z !== 'storniert');

export function auswertungenRoutes(app: FastifyInstance, ctx: Ctx) {
  const { dialect } = ctx;
  // the address check reads the primary (a just created address is there at once); the report's rows may come from the
  // read replica (lib/resource.ts readDb)
  const requireAdresse = (id: number) => requireAdressePresent(ctx.db, id);

  route(app, endpoints.umsatzstatistik, async (req) => {
    await requireAdresse(req.query.adresseId);
    // the turnover aggregate (db/umsatz.ts: booked, the cancellation pair netting to zero), kept by booking and cancelling
    const db = await readDb(ctx, req.user);
    const rows = await db
      .selectFrom('umsatzMonate')
      .select(['jahr', 'monat', 'summe'])
      .where('ebene', '=', UMSATZ_EBENE.adresse)
      .where('schluessel', '=', req.query.adresseId)
      .where('summe', '<>', 0)
      .orderBy('jahr')
      .orderBy('monat')
      .execute();
    return { daten: [{ datensaetze: rows.map((r) => ({ jahr: Number(r.jahr), monat: Number(r.monat), summe: money2.fromDb(Number(r.summe)) })) }] };
  });

  route(app, endpoints.auftragsrueckstaende, async (req) => {
    await requireAdresse(req.query.adresseId);
    const db = await readDb(ctx, req.user);
    const rows = await db
      .selectFrom('belegPositionen as p')
      .innerJoin('belege as b', 'b.id', 'p.belegId')
      .select([
        'p.id',
        'b.id as belegid',
        'b.belegnummer as belegnr',
        'b.belegdatum',
        'b.liefertermin',
        'p.position',
        'p.artikelnummer',
        'p.bezeichnung',
        'p.menge',
        'p.mengeGeliefert',
        'p.mengeneinheit',
        'p.einzelpreis',
        'p.rabatt1',
      ])
      .where('b.adresseId', '=', req.query.adresseId)
      .where('b.belegart', '=', AUFTRAG)
      .where('b.belegstatus', 'in', AUFTRAG_OFFEN)
      .where('p.positionsArt', '=', 'A')
      .whereRef('p.mengeGeliefert', '<', 'p.menge')
      .orderBy('b.belegdatum')
      .orderBy('b.id')
      .orderBy('p.position')
      .execute();
    const datensaetze = rows.map((r) => {
      const offen = r.menge - r.mengeGeliefert;
      return {
        rowKey: `${r.belegid}-${r.position}-${r.id}`,
        belegid: r.belegid,
        belegnr: r.belegnr,
        belegdatum: r.belegdatum,
        liefertermin: r.liefertermin,
        position: r.position,
        artikelnummer: r.artikelnummer,
        bezeichnung: r.bezeichnung,
        menge: qty3.fromDb(r.menge),
        mengeGeliefert: qty3.fromDb(r.mengeGeliefert),
        offeneMenge: qty3.fromDb(offen),
        mengeneinheit: r.mengeneinheit,
        offenerBetrag: money2.fromDb(lineNet(r.einzelpreis, offen, r.rabatt1)),
      };
    });
    return { daten: [{ datensaetze }] };
  });

  route(app, endpoints.historie, async (req) => {
    await requireAdresse(req.params.id);
    const q = req.query;
    const db = await readDb(ctx, req.user);
    let base = db
      .selectFrom('belegPositionen as p')
      .innerJoin('belege as b', 'b.id', 'p.belegId')
      .where('b.adresseId', '=', req.params.id)
      .where('b.belegart', 'in', HISTORIE_ARTEN)
      // a cancelled invoice was not bought (its cancellation document nets it out of the turnover; here both stay out)
      .where('b.storniertAm', 'is', null)
      .where('p.positionsArt', '=', 'A');
    if (q.artikelnr?.trim()) base = base.where((eb) => containsExpr(eb.ref('p.artikelnummer'), q.artikelnr?.trim() ?? '', dialect));
    if (q.bezeichnung?.trim()) base = base.where((eb) => containsExpr(eb.ref('p.bezeichnung'), q.bezeichnung?.trim() ?? '', dialect));
    if (q.datumvon) base = base.where('b.belegdatum', '>=', q.datumvon);
    if (q.datumbis) base = base.where('b.belegdatum', '<=', q.datumbis);
    const limit = q.limit || 1000;
    const rows = await base
      .select([
        'p.id',
        'b.id as belegId',
        'b.belegnummer',
        'b.belegart',
        'b.belegdatum',
        'p.artikelnummer',
        'p.bezeichnung',
        'p.menge',
        'p.mengeneinheit',
        'p.einzelpreis',
        'p.rabatt1',
        'p.gesamtpreis',
      ])
      .orderBy('b.belegdatum', 'desc')
      .orderBy('b.id', 'desc')
      .orderBy('p.position')
      .limit(limit + 1)
      .offset(q.offset ?? 0)
      .execute();
    const hasMoreData = rows.length > limit;
    const result = rows.slice(0, limit).map((r) => ({
      rowKey: `${r.belegId}-${r.id}`,
      belegId: r.belegId,
      belegnummer: r.belegnummer,
      belegart: r.belegart,
      belegdatum: r.belegdatum,
      artikelnummer: r.artikelnummer,
      bezeichnung: r.bezeichnung,
      menge: qty3.fromDb(r.menge),
      mengeneinheit: r.mengeneinheit,
      einzelpreis: money4.fromDb(r.einzelpreis),
      rabatt: percent2.fromDb(r.rabatt1),
      gesamtpreis: money2.fromDb(r.gesamtpreis),
    }));
    if (q.returnTotal !== 'true') return { result, hasMoreData };
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { result, hasMoreData, resultCount: Number(total?.n ?? 0) };
  });
}
