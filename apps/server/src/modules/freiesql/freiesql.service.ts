import { FREIESQL_ZEITLIMIT_MS, type FreieSqlParameter, freieSql, freieSqlListe, isRealDate } from '@vario/contract';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import type { Actor } from '../../lib/locks';
import { type Ctx, defineResource, type Row } from '../../lib/resource';
import { type Ergebnis, fuehreAus, LaufAbbruch, sqliteDatei } from './freiesql.runner';
import { liesSql } from './freiesql.text';

/** System parameter: a run's time limit in milliseconds (default FREIESQL_ZEITLIMIT_MS). */
export const ZEITLIMIT_PARAMETER = 'FREIESQL.ZEITLIMIT_MS';

const parameterListe = (text: unknown): FreieSqlParameter[] => (typeof text === 'string' ? (JSON.parse(text) as FreieSqlParameter[]) : []);

/**
 * The text and its parameter definitions fit together (every `:name` defined once, every definition used) and the text
 * is one reading statement; on SQLite its compiled program is checked too. Refusals are 400s on `sql` or `parameter`.
 */
async function pruefeBericht(ctx: Ctx, trx: Db, text: string, parameter: FreieSqlParameter[]): Promise<void> {
  const gelesen = liesSql(text, ctx.dialect);
  if (!gelesen.ok) throw badRequest(gelesen.meldung, { sql: [gelesen.meldung] });
  const namen = parameter.map((p) => p.name);
  const doppelt = namen.filter((n, i) => namen.indexOf(n) !== i);
  if (doppelt.length) throw badRequest('Ein Parameter ist doppelt definiert', { parameter: [`Doppelt: ${[...new Set(doppelt)].join(', ')}`] });
  const fehlend = gelesen.namen.filter((n) => !namen.includes(n));
  const unbenutzt = namen.filter((n) => !gelesen.namen.includes(n));
  if (fehlend.length || unbenutzt.length) {
    const texte = [
      ...(fehlend.length ? [`Ohne Definition: ${fehlend.map((n) => `:${n}`).join(', ')}`] : []),
      ...(unbenutzt.length ? [`Nicht in der Abfrage: ${unbenutzt.join(', ')}`] : []),
    ];
    throw badRequest('Die Parameter passen nicht zu den Platzhaltern der Abfrage', { parameter: texte });
  }
  // an in-memory database (tests without a file) cannot be copied inside the save's transaction: its runs check it
  if (ctx.dialect === 'sqlite' && (await sqliteDatei(trx))) {
    try {
      await fuehreAus({
        db: trx,
        dialect: ctx.dialect,
        text: gelesen.text,
        werte: gelesen.bindung.map(() => null),
        maxZeilen: 0,
        zeitlimitMs: 5000,
        nurPruefen: true,
      });
    } catch (err) {
      if (err instanceof LaufAbbruch && err.httpStatus === 400) throw badRequest(err.message, { sql: [err.message] });
      throw err;
    }
  }
}

/** Saved reports: administrators write them (the routes say so), users with AUS_FREIESQL read them. */
export const freieSqlResource = (ctx: Ctx) =>
  defineResource({
    table: 'freieSql',
    kuerzel: 'FSQ',
    path: '/auswertungen/freiesql',
    label: 'Auswertung',
    schema: freieSql,
    listSchema: freieSqlListe,
    defaultOrder: ['name'],
    search: (eb, term, d) => containsExpr(eb.ref('freieSql.name'), term, d),
    // the parameter definitions are a JSON column: selected here, parsed by fromRow (array fields are no list columns)
    query: (db) => db.selectFrom('freieSql').select('freieSql.parameter'),
    fromRow: (row: Row) => ({ ...row, parameter: parameterListe(row.parameter) }),
    toRow: async (trx, d, existing) => {
      const text = (d.sql ?? existing?.sql) as string;
      const parameter = (d.parameter as FreieSqlParameter[] | undefined) ?? parameterListe(existing?.parameter);
      await pruefeBericht(ctx, trx, text, parameter);
      return { ...d, ...(d.parameter ? { parameter: JSON.stringify(d.parameter) } : {}) };
    },
    stamp: { create: () => ({ erstelltAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) },
  });

/** The values of a run from the query: every parameter required (STAT-022), numbers and dates checked; 400 naming each field. */
export function werteAus(parameter: FreieSqlParameter[], query: Record<string, unknown>, reserviert: readonly string[]): Record<string, string | number> {
  const fieldErrors: Record<string, string[]> = {};
  const werte: Record<string, string | number> = {};
  for (const p of parameter) {
    const roh = query[p.name];
    const text = typeof roh === 'string' ? roh.trim() : '';
    if (!text) fieldErrors[p.name] = ['Bitte einen Wert angeben'];
    else if (p.typ === 'zahl' && !/^-?\d{1,15}(\.\d{1,6})?$/.test(text)) fieldErrors[p.name] = ['Bitte eine Zahl angeben (z. B. 1234.5)'];
    else if (p.typ === 'datum' && !isRealDate(text)) fieldErrors[p.name] = ['Bitte ein Datum im Format JJJJ-MM-TT angeben'];
    else werte[p.name] = p.typ === 'zahl' ? Number(text) : p.typ === 'text' ? (roh as string) : text;
  }
  const fremd = Object.keys(query).filter((k) => !reserviert.includes(k) && !parameter.some((p) => p.name === k));
  for (const k of fremd) fieldErrors[k] = ['Diese Auswertung hat keinen solchen Parameter'];
  if (Object.keys(fieldErrors).length) {
    const fehlend = parameter.filter((p) => fieldErrors[p.name]?.[0] === 'Bitte einen Wert angeben');
    throw badRequest(
      fehlend.length
        ? `Nicht alle Pflichtwerte der Abfrage sind angegeben: ${fehlend.map((p) => p.bezeichnung).join(', ')}`
        : 'Bitte die Werte der Abfrage prüfen',
      fieldErrors,
    );
  }
  return werte;
}

export interface Lauf {
  actor: Actor;
  bericht: { id: number; sql: string; parameter: FreieSqlParameter[] };
  werte: Record<string, string | number>;
  maxZeilen: number;
}

/** Runs a report and writes its run log row (also for refused and stopped runs). */
export async function laufe(ctx: Ctx, dialect: Dialect, l: Lauf): Promise<Ergebnis & { dauerMs: number }> {
  const start = performance.now();
  const limit = Number((await ctx.parameter(ZEITLIMIT_PARAMETER)) ?? FREIESQL_ZEITLIMIT_MS);
  const zeitlimitMs = Number.isFinite(limit) && limit > 0 ? Math.min(limit, 600_000) : FREIESQL_ZEITLIMIT_MS;
  let ergebnis: Ergebnis | undefined;
  let abbruch: unknown;
  try {
    const gelesen = liesSql(l.bericht.sql, dialect);
    if (!gelesen.ok) throw new LaufAbbruch('ABGELEHNT', 400, gelesen.meldung);
    ergebnis = await fuehreAus({ db: ctx.db, dialect, text: gelesen.text, werte: gelesen.bindung.map((n) => l.werte[n]), maxZeilen: l.maxZeilen, zeitlimitMs });
  } catch (err) {
    abbruch = err;
  }
  const dauerMs = Math.round(performance.now() - start);
  await ctx.db
    .insertInto('freieSqlLaeufe')
    .values({
      benutzerId: l.actor.id,
      auswertungId: l.bericht.id,
      parameter: JSON.stringify(l.werte),
      dauerMs,
      zeilen: ergebnis?.zeilen.length ?? 0,
      ergebnis: ergebnis ? 'OK' : abbruch instanceof LaufAbbruch ? abbruch.ergebnis : 'FEHLER',
      meldung: abbruch ? String((abbruch as Error).message ?? abbruch).slice(0, 2000) : null,
      zeitpunkt: nowIso(),
    })
    .execute();
  if (!ergebnis) throw abbruch;
  return { ...ergebnis, dauerMs };
}
