import { endpoints, GEBURTSTAG_FENSTER, GEBURTSTAGE_MAX, type geburtstageAntwort, WIRTSCHAFTSJAHR_PARAMETER, wirtschaftsjahrBeginn } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { UMSATZ_EBENE } from '../../db/umsatz';
import { heute, plusTage } from '../../lib/berlin-time';
import { money2 } from '../../lib/codecs';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { actor } from '../../plugins/auth';
import { computedQuery } from './computed-queries';

const istSchaltjahr = (j: number) => (j % 4 === 0 && j % 100 !== 0) || j % 400 === 0;

/**
 * The birthday window (STAT-010): each day from 3 back to 5 ahead with the month-day keys whose birthdays fall on it
 * — its own, and on 28 February of a year without a 29th also '02-29'.
 */
export function geburtstagsTage(tag: string): { datum: string; tage: number; schluessel: string[] }[] {
  const out = [];
  for (let d = -GEBURTSTAG_FENSTER.zurueck; d <= GEBURTSTAG_FENSTER.voraus; d++) {
    const datum = plusTage(tag, d);
    const md = datum.slice(5);
    const schluessel = [md];
    if (md === '02-28' && !istSchaltjahr(Number(datum.slice(0, 4)))) schluessel.push('02-29');
    out.push({ datum, tage: d, schluessel });
  }
  return out;
}

/** The statistics dashboard's figures (issue 23 items 4–6): all read the turnover aggregate or a narrow index. */
export function statistikRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  route(app, endpoints.umsatzGesamt, async () => {
    const rows = await db
      .selectFrom('umsatzMonate')
      .select(['jahr', 'monat', 'summe'])
      .where('ebene', '=', UMSATZ_EBENE.gesamt)
      .where('schluessel', '=', 0)
      .where('summe', '<>', 0)
      .orderBy('jahr')
      .orderBy('monat')
      .execute();
    return { daten: [{ datensaetze: rows.map((r) => ({ jahr: Number(r.jahr), monat: Number(r.monat), summe: money2.fromDb(Number(r.summe)) })) }] };
  });

  route(app, endpoints.umsatzWarengruppen, async (req) => {
    const start = wirtschaftsjahrBeginn(await ctx.parameter(WIRTSCHAFTSJAHR_PARAMETER));
    const tag = heute();
    const jahr = Number(tag.slice(0, 4));
    const monat = Number(tag.slice(5, 7));
    const gj = req.query.geschaeftsjahr ?? (monat >= start ? jahr : jahr - 1);
    // the twelve months from the fiscal-year start (STAT-006): (gj, start) … (gj + 1, start − 1)
    const von = gj * 100 + start;
    const bis = (start === 1 ? gj : gj + 1) * 100 + (start === 1 ? 12 : start - 1);
    const rows = await db
      .selectFrom('umsatzMonate as u')
      .leftJoin('warengruppen as w', 'w.id', 'u.schluessel')
      .select(['u.jahr', 'u.monat', 'u.schluessel', 'u.summe', 'w.bezeichnung'])
      .where('u.ebene', '=', UMSATZ_EBENE.warengruppe)
      .where(sql<number>`u.jahr * 100 + u.monat`, '>=', von)
      .where(sql<number>`u.jahr * 100 + u.monat`, '<=', bis)
      .where('u.summe', '<>', 0)
      .orderBy('u.jahr')
      .orderBy('u.monat')
      .orderBy('w.bezeichnung')
      .orderBy('u.schluessel')
      .execute();
    return {
      daten: [
        {
          datensaetze: rows.map((r) => ({
            jahr: Number(r.jahr),
            monat: Number(r.monat),
            warengruppeId: Number(r.schluessel),
            warengruppe: Number(r.schluessel) === 0 ? null : (r.bezeichnung ?? null),
            summe: money2.fromDb(Number(r.summe)),
          })),
        },
      ],
    };
  });

  route(app, endpoints.geburtstage, async () => {
    const tag = heute();
    const tage = geburtstagsTage(tag);
    const tagVon = new Map(tage.flatMap((t) => t.schluessel.map((s) => [s, t] as const)));
    const md = sql<string>`substr(geburtstag, 6, 5)`;
    // the index on the month-day answers which persons fall in the window; the earliest days first, at most GEBURTSTAGE_MAX
    const treffer = (
      await db
        .selectFrom('ansprechpartner')
        .select(['id', md.as('md')])
        .where(md, 'in', [...tagVon.keys()])
        .execute()
    )
      .flatMap((r) => {
        const t = tagVon.get(r.md);
        return t ? [{ id: r.id, t }] : [];
      })
      .sort((a, b) => a.t.datum.localeCompare(b.t.datum) || a.id - b.id);
    const auswahl = treffer.slice(0, GEBURTSTAGE_MAX);
    const rows = auswahl.length
      ? await db
          .selectFrom('ansprechpartner')
          .select(['id', 'adresseId', 'anrede', 'titel', 'vorname', 'name', 'geburtstag'])
          .where(
            'id',
            'in',
            auswahl.map((x) => x.id),
          )
          .execute()
      : [];
    const datensaetze = rows
      .flatMap((r) => {
        const t = r.geburtstag ? tagVon.get(r.geburtstag.slice(5, 10)) : undefined;
        if (!t || !r.geburtstag) return [];
        const name = [r.titel, r.vorname, r.name].filter((x) => x?.trim()).join(' ');
        return [
          {
            personId: r.id,
            adresseId: r.adresseId,
            anrede: r.anrede,
            name,
            geburtstag: r.geburtstag.slice(0, 10),
            datum: t.datum,
            tage: t.tage,
            alter: Number(t.datum.slice(0, 4)) - Number(r.geburtstag.slice(0, 4)),
          },
        ];
      })
      .sort((a, b) => a.datum.localeCompare(b.datum) || a.name.localeCompare(b.name, 'de') || a.personId - b.personId);
    const von = tage[0]?.datum ?? tag;
    const bis = tage.at(-1)?.datum ?? tag;
    const antwort: z.input<typeof geburtstageAntwort> = { daten: [{ datensaetze: [{ heute: tag, von, bis, anzahl: treffer.length }] }, { datensaetze }] };
    return antwort;
  });

  route(app, endpoints.computedQuery, async (req) => computedQuery(ctx, actor(req), req.params.groupKey, req.params.id, req.body));
}
