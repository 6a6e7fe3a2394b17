import { deal, dealListe } from '@vario/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { toStoredIso } from '../../lib/clock';
import { money2 } from '../../lib/codecs';
import { badRequest, conflict } from '../../lib/errors';
import { assertRef } from '../../lib/refs';
import { defineResource, type Row } from '../../lib/resource';
import { BROAD_SEARCH_MATCHES, type FullTextSearch, fullTextMatch, numberColumns, pgFewMatches, searchTokens } from '../../lib/search';

/** The addresses whose name, number or customer number the words start (the addresses' own full-text index). */
function adressTreffer(term: string, dialect: Dialect): Expression<SqlBool> {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`"deals"."adresseId" in (select "id" from "adressen" where "suche" @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')}))`;
  }
  const query = tokens.map((t) => `"${t}"*`).join(' ');
  return sql<SqlBool>`"deals"."adresseId" in (select rowid from adressen_fts where adressen_fts match ${query})`;
}

/**
 * The quick search: the title's full-text index or the address's. A full-text search of its own table (planSearch), so
 * a broad word ("waermepumpe": 125,000 of 1,000,000 deals) walks the id order and keeps the matching rows instead of
 * sorting every match (390 ms → 60 ms at a million deals). PostgreSQL plans it by the matches of title and address
 * together: few (fewer than BROAD_SEARCH_MATCHES) are read by their ids (pgFewMatches), instead of a walk through every
 * deal when none matches ("messe 123456").
 */
const dealsSearch: FullTextSearch = Object.assign(
  (eb: Parameters<FullTextSearch>[0], term: string, d: Dialect, plan?: Parameters<FullTextSearch>[3]) =>
    d === 'postgres' && plan && plan.matches < BROAD_SEARCH_MATCHES
      ? pgFewMatches('deals', dealsSearch, searchTokens(term))
      : eb.or([fullTextMatch('deals', term, d, plan), adressTreffer(term, d)]),
  {
    fullTextTable: 'deals',
    // PostgreSQL: the deals matching by title or by their address, so that the plan counts both (lib/search.ts)
    pgMatchIds: (q: string) =>
      sql`select "id" from "deals" where "suche" @@ to_tsquery('simple', ${q}) union all select "id" from "deals" where "adresseId" in (select "id" from "adressen" where "suche" @@ to_tsquery('simple', ${q}))`,
  },
);

/**
 * Deals as a resource (DEAL-004, DEAL-011/012): the list in id order (the primary key) with the address's name, customer
 * and supplier number and salutation joined (a left join on the key, which the databases drop when a count needs none
 * of it); quick search over the title (deals' full-text index) and the address (the addresses' index). Money in cents.
 */
export const dealsResource = defineResource({
  table: 'deals',
  kuerzel: 'DEALS',
  path: '/crm/deals',
  label: 'Deal',
  schema: deal,
  listSchema: dealListe,
  defaultOrder: ['-id'],
  query: (db) => db.selectFrom('deals').leftJoin('adressen', 'adressen.id', 'deals.adresseId'),
  computed: {
    adresseName: '"adressen"."name1"',
    kundennr: '"adressen"."kundennummer"',
    liefernr: '"adressen"."lieferantennummer"',
    anrede: '"adressen"."anrede"',
  },
  search: dealsSearch,
  numberSearch: { first: numberColumns('adressen.kundennummer') },
  fields: { investitionssummeGeplant: money2, investitionssummeErreicht: money2 },
  fromRow: (r) => ({ ...r, archived: !!r.archived }),
  toRow: async (trx, d, existing) => dealRow(trx, d, existing),
  stamp: {
    create: () => ({ angelegtAm: new Date().toISOString(), geaendertAm: new Date().toISOString() }),
    update: () => ({ geaendertAm: new Date().toISOString() }),
  },
});

/** References and rules of a deal's write (400/409 with field errors). */
async function dealRow(trx: Db, d: Row, existing?: Row): Promise<Row> {
  const adresseId = (d.adresseId ?? existing?.adresseId) as number;
  await assertRef(trx, 'adressen', d.adresseId as number | undefined, 'adresseId');
  await assertRef(trx, 'benutzer', d.zustaendigerBenutzer as number | null | undefined, 'zustaendigerBenutzer');
  if (existing && d.adresseId !== undefined && d.adresseId !== existing.adresseId) {
    const beleg = await trx
      .selectFrom('belege')
      .select('id')
      .where('dealId', '=', existing.id as number)
      .limit(1)
      .executeTakeFirst();
    if (beleg)
      throw conflict('Dem Deal sind Belege dieser Adresse zugeordnet: die Adresse kann nicht mehr wechseln', {
        adresseId: ['Dem Deal sind Belege zugeordnet'],
      });
  }
  const ap = (d.ansprechpartnerId === undefined ? existing?.ansprechpartnerId : d.ansprechpartnerId) as number | null | undefined;
  if (ap !== null && ap !== undefined && (d.ansprechpartnerId !== undefined || d.adresseId !== undefined)) {
    const row = await trx.selectFrom('ansprechpartner').select('adresseId').where('id', '=', ap).executeTakeFirst();
    if (!row || row.adresseId !== adresseId)
      throw badRequest('Bitte die Eingaben prüfen!', { ansprechpartnerId: ['Der Ansprechpartner gehört nicht zur Adresse des Deals'] });
  }
  const out = { ...d };
  if (typeof d.naechsterKontakt === 'string') out.naechsterKontakt = toStoredIso(d.naechsterKontakt);
  // the reason belongs to a lost deal; it goes with any other status
  if (d.status !== undefined && d.status !== 2) out.verlustgrund = null;
  return out;
}
