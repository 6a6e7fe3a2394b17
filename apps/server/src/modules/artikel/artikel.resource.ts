import { artikel, artikelListe, artikelTyp } from '@vario/contract';
import { nowIso } from '../../lib/clock';
import { money4, percent2, qty3 } from '../../lib/codecs';
import { defineResource } from '../../lib/resource';
import { fullTextSearch, numberColumns } from '../../lib/search';
import { artikelBeforeDelete, artikelToRow } from './artikel.service';

/** Index-backed quick search over number, name, EAN and manufacturer (prefix per word). */
export const artikelSuche = fullTextSearch('artikel');

export const artikelResource = defineResource({
  table: 'artikel',
  kuerzel: 'ART',
  path: '/stammdaten/artikel',
  label: 'Artikel',
  schema: artikel,
  listSchema: artikelListe,
  defaultOrder: ['artikelnummer'],
  search: artikelSuche,
  numberSearch: { first: numberColumns('artikel.artikelnummer', 'artikel.ean') },
  fields: { vknetto: money4, vkbrutto: money4, mwstsatz: percent2, bestand: qty3, verfuegbar: qty3, verpackungseinheit: qty3 },
  computed: {
    // gross unit price rounded half away from zero to the cent (money.ts grossUnitCents), in 1/10,000; prices are ≥ 0
    vkbrutto: '((("artikel"."vknetto" * (10000 + "artikel"."mwstsatz") + 500000) / 1000000) * 100)',
    verfuegbar: '("artikel"."bestand" - "artikel"."reserviert" - "artikel"."blockiert")',
    typ: `(case "artikel"."artikelart" when '1' then 'WITH_STOCK' when '3' then 'SERVICE_ARTICLE' else 'WITHOUT_STOCK' end)`,
  },
  fromRow: (r) => ('artikelart' in r && 'typ' in r ? { ...r, typ: artikelTyp(String(r.artikelart)) } : r),
  toRow: artikelToRow,
  beforeDelete: artikelBeforeDelete,
  stamp: { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) },
});
