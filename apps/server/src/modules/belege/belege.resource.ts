import { belegListe } from '@vario/contract';
import { money2 } from '../../lib/codecs';
import { defineResource } from '../../lib/resource';
import { belegnummerFragment, fullTextSearch, numberColumns } from '../../lib/search';

/**
 * The document list (BEL-037): the columns of `belegListe`, default order belegdatum descending (id as tie-breaker,
 * index `belege_liste_idx`), windows and totals through the resource layer, quick search over belegnummer, address
 * name and subject by the full-text index (SQLite `belege_fts`, PostgreSQL `suche`). Writes go through
 * belege.service.ts, not this resource.
 */
export const belegeListResource = defineResource({
  table: 'belege',
  kuerzel: 'BEK',
  path: '/verkauf/belege',
  schema: belegListe,
  label: 'Beleg',
  defaultOrder: ['-belegdatum'],
  search: fullTextSearch('belege', { vocab: true }),
  // a number or a fragment of one (`2026-00`): the documents whose number holds it first, found by the trigram index
  numberSearch: { first: numberColumns('belege.belegnummer'), fragment: belegnummerFragment },
  computed: { belegtyp: 'substr("belege"."belegart", 1, 2)' },
  fields: { betragNetto: money2, endbetragNetto: money2, mwstBetrag: money2, betragBrutto: money2 },
});
