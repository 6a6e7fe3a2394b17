import { artikel, artikelListe, artikelTyp } from '@vario/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/schema-helpers';
import { nowIso } from '../../lib/clock';
import { fromHundredths, fromMicro, fromMilli, toHundredths, toMicro, toMilli } from '../../lib/refs';
import type { Resource, Row } from '../../lib/resource';
import { searchTokens } from '../adressen/adressen.resources';

/** Index-backed quick search over number, name, EAN and manufacturer (prefix per word). */
// biome-ignore lint/suspicious/noExplicitAny: shared by differently typed queries
export function artikelSuche(_eb: ExpressionBuilder<any, any>, term: string, dialect: Dialect): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') return sql<SqlBool>`"artikel"."suche" @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  return sql<SqlBool>`"artikel"."id" in (select rowid from artikel_fts where artikel_fts match ${tokens.map((t) => `"${t}"*`).join(' ')})`;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function artikelFromRow(r: Row): Row {
  const out: Row = { ...r };
  if ('vknetto' in r) out.vknetto = fromMicro(r.vknetto as number) ?? 0;
  if ('vkbrutto' in r) out.vkbrutto = round2(fromMicro(r.vkbrutto as number) ?? 0);
  if ('mwstsatz' in r) out.mwstsatz = fromHundredths(r.mwstsatz as number) ?? 0;
  for (const k of ['bestand', 'verfuegbar', 'verpackungseinheit'])
    if (k in r) out[k] = k === 'verpackungseinheit' ? fromMilli(r[k] as number | null) : (fromMilli(r[k] as number) ?? 0);
  if ('artikelart' in r && 'typ' in r) out.typ = artikelTyp(String(r.artikelart));
  return out;
}

export function artikelToRow(d: Row): Row {
  const row: Row = { ...d };
  if ('vknetto' in d) row.vknetto = toMicro(d.vknetto as number);
  if ('mwstsatz' in d) row.mwstsatz = toHundredths(d.mwstsatz as number);
  if ('verpackungseinheit' in d) row.verpackungseinheit = toMilli(d.verpackungseinheit as number | null);
  return row;
}

export const artikelResource: Resource = {
  table: 'artikel',
  kuerzel: 'ART',
  path: '/stammdaten/artikel',
  label: 'Artikel',
  schema: artikel,
  listSchema: artikelListe,
  defaultOrder: ['artikelnummer'],
  search: artikelSuche,
  computed: {
    vkbrutto: '("artikel"."vknetto" * (10000 + "artikel"."mwstsatz") / 10000)',
    verfuegbar: '("artikel"."bestand" - "artikel"."reserviert" - "artikel"."blockiert")',
    typ: `(case "artikel"."artikelart" when '1' then 'WITH_STOCK' when '3' then 'SERVICE_ARTICLE' else 'WITHOUT_STOCK' end)`,
  },
  scales: { vknetto: 10_000, vkbrutto: 10_000, bestand: 1000, verfuegbar: 1000, mwstsatz: 100 },
  toRow: artikelToRow,
  fromRow: artikelFromRow,
  stamp: { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) },
};
