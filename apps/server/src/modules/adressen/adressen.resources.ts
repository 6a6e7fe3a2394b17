import { adressDatei, adresse, adresseListe, aktivitaet, ansprechpartner, zusatzadresse } from '@vario/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { nowIso, toStoredIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import { fromCents, toCents } from '../../lib/refs';
import type { Resource, Row } from '../../lib/resource';

export const CHANGE_REMARK_PARAMETER = 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN';

/** Words of a quick search: letters and digits only, at most 8 (everything else separates words). */
export function searchTokens(term: string): string[] {
  const all = term
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // A single letter beside longer words (the "B" of "B-1234") would match nearly everything: leave it out.
  const long = all.filter((t) => t.length > 1);
  return (long.length ? long : all).slice(0, 8);
}

/**
 * Index-backed quick search: every word must start a word of name, place, postcode, e-mail or number.
 * SQLite: the FTS5 table `adressen_fts`; PostgreSQL: the generated tsvector `suche` with a GIN index.
 */
// biome-ignore lint/suspicious/noExplicitAny: shared by differently typed queries
export function adressSuche(_eb: ExpressionBuilder<any, any>, term: string, dialect: Dialect): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`"adressen"."suche" @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`;
  }
  return sql<SqlBool>`"adressen"."id" in (select rowid from adressen_fts where adressen_fts match ${tokens.map((t) => `"${t}"*`).join(' ')})`;
}

/** 404 unless the address exists — for every nested path and report. */
export async function requireAdresse(db: Db, id: number) {
  if (!(await db.selectFrom('adressen').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Adresse');
}

const stamps = { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) };

/** Next free number of a numbering column (addresses, customers, suppliers), starting at `start`. */
export async function nextNumber(db: Db, column: 'adressnummer' | 'kundennummer' | 'lieferantennummer', start: number) {
  const row = await db
    .selectFrom('adressen')
    .select((eb) => eb.fn.max(column).as('n'))
    .executeTakeFirst();
  return Math.max(start, Number(row?.n ?? 0) + 1);
}

export const NUMMERN_START = { adressnummer: 10_000, kundennummer: 100_000, lieferantennummer: 700_000 } as const;

export function adressenResource(db: Db): Resource {
  return {
    table: 'adressen',
    kuerzel: 'ADR',
    path: '/stammdaten/adressen',
    label: 'Adresse',
    schema: adresse,
    listSchema: adresseListe,
    defaultOrder: ['name1'],
    search: adressSuche,
    remarkParameter: CHANGE_REMARK_PARAMETER,
    stamp: stamps,
    scales: { kreditlimit: 100, opvBetrag: 100 },
    async toRow(d, existing) {
      const row: Row = { ...d };
      if ('kreditlimit' in d) row.kreditlimit = toCents(d.kreditlimit as number | null);
      const istKunde = (d.istKunde ?? existing?.istKunde) === true;
      const istLieferant = (d.istLieferant ?? existing?.istLieferant) === true;
      if (!existing && row.adressnummer === undefined) row.adressnummer = await nextNumber(db, 'adressnummer', NUMMERN_START.adressnummer);
      // A customer or supplier gets its number when it becomes one and has none.
      if (istKunde && row.kundennummer == null && !existing?.kundennummer) row.kundennummer = await nextNumber(db, 'kundennummer', NUMMERN_START.kundennummer);
      if (istLieferant && row.lieferantennummer == null && !existing?.lieferantennummer)
        row.lieferantennummer = await nextNumber(db, 'lieferantennummer', NUMMERN_START.lieferantennummer);
      return row;
    },
    fromRow: (r) =>
      'kreditlimit' in r ? { ...r, kreditlimit: fromCents(r.kreditlimit as number | null), opvBetrag: fromCents(r.opvBetrag as number) ?? 0 } : r,
  };
}

export const ansprechpartnerResource: Resource = {
  table: 'ansprechpartner',
  kuerzel: 'ASP',
  path: '/stammdaten/ansprechpartner',
  label: 'Ansprechpartner',
  schema: ansprechpartner,
  defaultOrder: ['sortierung', 'name'],
  parentColumn: 'adresseId',
  search: (eb, term, d) =>
    eb.or([
      containsExpr(eb.ref('ansprechpartner.name'), term, d),
      containsExpr(eb.ref('ansprechpartner.vorname'), term, d),
      containsExpr(eb.ref('ansprechpartner.email'), term, d),
    ]),
};

export const zusatzadressenResource: Resource = {
  table: 'zusatzadressen',
  kuerzel: 'ZAD',
  path: '/stammdaten/adressen/:parent/zusatzadressen',
  label: 'Zusatzadresse',
  schema: zusatzadresse,
  defaultOrder: ['art', 'name1'],
  parentColumn: 'adresseId',
};

export const aktivitaetenResource: Resource = {
  table: 'aktivitaeten',
  kuerzel: 'AKT',
  path: '/crm/aktivitaeten',
  label: 'Aktivität',
  schema: aktivitaet,
  defaultOrder: ['-datum'],
  parentColumn: 'adresseId',
  search: (eb, term, d) => containsExpr(eb.ref('aktivitaeten.beschreibung'), term, d),
  query: (db, cols) =>
    db
      .selectFrom('aktivitaeten')
      .innerJoin('aktivitaetsarten', 'aktivitaetsarten.id', 'aktivitaeten.artId')
      .select(cols as never[])
      .select(['aktivitaetsarten.wert as artWert', 'aktivitaetsarten.bezeichnung as artBezeichnung']),
  fromRow: ({ artWert, artBezeichnung, ...r }) => ({ ...r, art: { wert: artWert, bezeichnung: artBezeichnung } }),
  toRow: (d) => ({ ...d, ...(typeof d.datum === 'string' ? { datum: toStoredIso(d.datum) } : {}) }),
  stamp: { create: () => ({ angelegtDatum: nowIso(), geaendertDatum: nowIso() }), update: () => ({ geaendertDatum: nowIso() }) },
};

export const dateienResource: Resource = {
  table: 'adressDateien',
  kuerzel: 'ADD',
  path: '/stammdaten/adressen/:parent/dateien',
  label: 'Datei',
  schema: adressDatei,
  defaultOrder: ['-datum'],
  parentColumn: 'adresseId',
  search: (eb, term, d) => eb.or([containsExpr(eb.ref('adressDateien.dateiname'), term, d), containsExpr(eb.ref('adressDateien.betreff'), term, d)]),
};
