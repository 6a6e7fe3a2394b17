import { COMPUTED_QUERIES, type ComputedQuery, type computedFilter, type computedQueryBody, endpoints, type ListQuery } from '@vario/contract';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import type { AppContext } from '../../lib/module';
import { listRecords, listSpec, type Resource } from '../../lib/resource';

// biome-ignore lint/suspicious/noExplicitAny: one map over resources of different schemas
type AnyResource = Resource<any, any>;

import { may } from '../../lib/rights';
import { adressenResource } from '../adressen/adressen.resources';
import { artikelResource } from '../artikel/artikel.resource';
import { belegeListResource } from '../belege/belege.resource';
import { offenePostenResource } from '../offeneposten/offeneposten.resource';

/**
 * Computed queries (HTTP-035…037, issue 23 item 9): a named query of the contract's `COMPUTED_QUERIES` is answered by
 * the list it names — the same resource, filter grammar, order, windows and scope as that list's grid
 * (lib/list-query through `listRecords`), guarded by that list's rights. The body only narrows: its predicate is
 * ANDed to the query's own, its values are bound by the filter grammar (never spliced into SQL).
 */
const LISTEN: Record<ComputedQuery['liste'], AnyResource> = {
  adressenList: adressenResource as AnyResource,
  artikelList: artikelResource as AnyResource,
  belegeList: belegeListResource as AnyResource,
  offenePostenList: offenePostenResource as AnyResource,
};

type Body = z.output<typeof computedQueryBody>;
type Filter = Omit<z.output<typeof computedFilter>, 'values'> & { values: readonly (string | number | boolean)[] };

const OP: Record<Filter['operator'], string> = {
  EQUALS: '=',
  NOT_EQUALS: '!=',
  GREATER: '>',
  GREATER_OR_EQUAL: '>=',
  LESS: '<',
  LESS_OR_EQUAL: '<=',
  CONTAINS: '~',
  IS_NULL: '=',
  IS_NOT_NULL: '!null',
};

/** A value as the filter grammar reads it: commas and backslashes escaped (`\,`, `\\`). */
const maskiert = (v: string) => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

function bedingung(f: Filter, feld: string): string {
  if (f.operator === 'IS_NULL') return `${f.property}=null`;
  if (f.operator === 'IS_NOT_NULL') return `${f.property}!null`;
  const werte = f.values.map((v) => String(v));
  if (!werte.length) throw badRequest('Ein Filter braucht einen Wert', { [feld]: [`${f.property}: kein Wert angegeben`] });
  if (werte.length > 1) {
    if (f.operator !== 'EQUALS') throw badRequest('Mehrere Werte nur mit EQUALS', { [feld]: [`${f.property}: mehrere Werte nur mit EQUALS`] });
    if (werte.some((w) => w.includes('|') || w === 'null'))
      throw badRequest('Ungültiger Wert in der Werteliste', { [feld]: [`${f.property}: ein Wert der Liste enthält „|“ oder ist „null“`] });
    return `${f.property}=${werte.map(maskiert).join('|')}`;
  }
  const w = werte[0] as string;
  // "null" after "=" is the grammar's null test; a literal text null cannot be asked for with EQUALS
  if (f.operator === 'EQUALS' && (w === 'null' || w.includes('|')))
    throw badRequest('Ungültiger Wert', { [feld]: [`${f.property}: „null“ bitte mit IS_NULL abfragen, „|“ ist nicht erlaubt`] });
  return `${f.property}${OP[f.operator]}${maskiert(w)}`;
}

/** Replaces a placeholder value `:name` of the query by the caller's value; a placeholder without a value is a 400. */
function einsetzen(f: Filter, werte: Map<string, string | number | boolean>): Filter {
  return {
    ...f,
    values: f.values.map((v) => {
      const name = typeof v === 'string' ? /^:([A-Za-z][A-Za-z0-9_]*)$/.exec(v)?.[1] : undefined;
      if (name === undefined) return v;
      const x = werte.get(name);
      if (x === undefined) throw badRequest(`Wert für ${name} fehlt`, { variableSubstitutionList: [`Wert für ${name} fehlt`] });
      return x;
    }),
  };
}

export async function computedQuery(ctx: AppContext, who: Actor, groupKey: string, id: string, body: Body) {
  const q = Object.hasOwn(COMPUTED_QUERIES, groupKey) && Object.hasOwn(COMPUTED_QUERIES[groupKey] ?? {}, id) ? COMPUTED_QUERIES[groupKey]?.[id] : undefined;
  if (!q) throw notFound('Abfrage');
  for (const recht of endpoints[q.liste].rights ?? []) if (!(await may(ctx.db, who, recht))) throw forbidden(recht);
  const resource = LISTEN[q.liste];
  const spec = listSpec(resource);

  const werte = new Map((body.variableSubstitutionList ?? []).map((v) => [v.name, v.value] as const));
  const eigene = (q.predicate ?? []).map((f) => einsetzen({ property: f.property, operator: f.operator ?? 'EQUALS', values: f.values }, werte));
  const p = body.additionalPredicate;
  const zusatz: Filter[] = !p ? [] : 'junction' in p ? p.predicates : [p];
  const teile = [
    ...eigene.map((f) => bedingung(f, 'predicate')),
    ...zusatz.map((f, i) => bedingung(f, 'junction' in (p ?? {}) ? `additionalPredicate.predicates.${i}` : 'additionalPredicate')),
  ];

  // order: pageable's sort orders (direction default DESC), else the preset's (saved, then ad hoc), else the list's own
  let preset = body.adhocPreset ?? null;
  if (body.presetId) {
    const row = await ctx.db.selectFrom('webappParameter').select('wert').where('benutzerId', '=', who.id).where('name', '=', body.presetId).executeTakeFirst();
    if (!row) throw badRequest(`Unbekannte Vorlage: ${body.presetId}`, { presetId: [`Keine gespeicherte Vorlage ${body.presetId}`] });
    try {
      const saved = JSON.parse(row.wert) as { sortBy?: unknown; descending?: unknown; rowsPerPage?: unknown };
      preset = {
        sortBy: typeof saved.sortBy === 'string' ? saved.sortBy : (preset?.sortBy ?? null),
        descending: typeof saved.descending === 'boolean' ? saved.descending : (preset?.descending ?? null),
        rowsPerPage: typeof saved.rowsPerPage === 'number' ? saved.rowsPerPage : (preset?.rowsPerPage ?? null),
      };
    } catch {
      throw badRequest(`Die Vorlage ${body.presetId} ist keine Tabellenvorlage`, { presetId: ['Keine Tabellenvorlage'] });
    }
  }
  const sort = body.pageable?.sortOrders ?? [];
  const orderBy = sort.length
    ? sort.map((s) => `${s.direction === 'ASC' ? '' : '-'}${s.property}`).join(',')
    : preset?.sortBy
      ? `${preset.descending ? '-' : ''}${preset.sortBy}`
      : undefined;
  const limit = body.pageable?.limit ?? (preset?.rowsPerPage ? preset.rowsPerPage : 100);

  const felder = body.overrideResults ?? null;
  for (const [i, f] of (felder ?? []).entries())
    if (!Object.hasOwn(spec.fields, f)) throw badRequest(`Unbekannte Eigenschaft: ${f}`, { [`overrideResults.${i}`]: [`Unbekannte Eigenschaft: ${f}`] });

  const listQuery: ListQuery = {
    filter: teile.length ? teile.join(',') : undefined,
    orderBy,
    limit,
    offset: body.pageable?.start ?? 0,
    returnTotal: 'true',
  };
  const res = await listRecords(ctx, resource, listQuery, who);
  const result = felder
    ? res.result.map((r) => Object.fromEntries(felder.map((f) => [f, (r as Record<string, unknown>)[f] ?? null])))
    : (res.result as Record<string, unknown>[]);
  return { result, resultCount: res.resultCount ?? result.length, hasMoreData: res.hasMoreData };
}
