import { adressDatei, adresse, adresseListe, aktivitaet, ansprechpartner, zusatzadresse } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso, toStoredIso } from '../../lib/clock';
import { money2 } from '../../lib/codecs';
import { conflict } from '../../lib/errors';
import { containsExpr } from '../../lib/list-query';
import { defineResource } from '../../lib/resource';
import { fullTextSearch, numberColumns } from '../../lib/search';
import { adresseToRow, aktivitaetRefs, deletePersonBild, zusatzadresseToRow } from './adressen.service';

export const CHANGE_REMARK_PARAMETER = 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN';

/**
 * Index-backed quick search: every word must start a word of name, place, postcode, e-mail or number.
 * SQLite: the FTS5 table `adressen_fts`; PostgreSQL: the generated tsvector `suche` with a GIN index.
 */
export const adressSuche = fullTextSearch('adressen', { seekShort: true });

const stamps = { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) };

export const adressenResource = defineResource({
  table: 'adressen',
  kuerzel: 'ADR',
  path: '/stammdaten/adressen',
  label: 'Adresse',
  schema: adresse,
  listSchema: adresseListe,
  defaultOrder: ['name1'],
  search: adressSuche,
  numberSearch: { first: numberColumns('adressen.adressnummer', 'adressen.kundennummer', 'adressen.lieferantennummer') },
  remarkParameter: CHANGE_REMARK_PARAMETER,
  stamp: stamps,
  fields: { kreditlimit: money2, opvBetrag: money2 },
  toRow: adresseToRow,
  beforeDelete: async (trx: Db, before) => {
    const used = await trx
      .selectFrom('belege')
      .select('id')
      .where('adresseId', '=', before.id as number)
      .executeTakeFirst();
    if (used) throw conflict('Die Adresse wird in Belegen verwendet und kann nicht gelöscht werden');
  },
});

export const ansprechpartnerResource = defineResource({
  table: 'ansprechpartner',
  kuerzel: 'ASP',
  path: '/stammdaten/ansprechpartner',
  label: 'Ansprechpartner',
  schema: ansprechpartner,
  defaultOrder: ['sortierung', 'name'],
  parentColumn: 'adresseId',
  // first name, name and e-mail by the full-text index of migration 0033 (prefix per word, umlauts folded)
  search: fullTextSearch('ansprechpartner'),
  // the person's picture goes with it, in the same transaction
  afterWrite: async (trx, row, action) => {
    if (action === 'LOESCHEN') await deletePersonBild(trx, row.gfxid as number | null);
  },
});

export const zusatzadressenResource = defineResource({
  table: 'zusatzadressen',
  kuerzel: 'ZAD',
  path: '/stammdaten/adressen/:parent/zusatzadressen',
  label: 'Zusatzadresse',
  schema: zusatzadresse,
  defaultOrder: ['art', 'name1'],
  parentColumn: 'adresseId',
  toRow: zusatzadresseToRow,
});

export const aktivitaetenResource = defineResource({
  table: 'aktivitaeten',
  kuerzel: 'AKT',
  path: '/crm/aktivitaeten',
  label: 'Aktivität',
  schema: aktivitaet,
  defaultOrder: ['-datum'],
  parentColumn: 'adresseId',
  search: (eb, term, d) => containsExpr(eb.ref('aktivitaeten.beschreibung'), term, d),
  query: (db) =>
    db
      .selectFrom('aktivitaeten')
      .innerJoin('aktivitaetsarten', 'aktivitaetsarten.id', 'aktivitaeten.artId')
      .select(['aktivitaetsarten.wert as artWert', 'aktivitaetsarten.bezeichnung as artBezeichnung']),
  fromRow: ({ artWert, artBezeichnung, ...r }) => ({ ...r, art: { wert: artWert, bezeichnung: artBezeichnung } }),
  toRow: async (trx, d, existing) => {
    await aktivitaetRefs(trx, d, (d.adresseId ?? existing?.adresseId) as number);
    return { ...d, ...(typeof d.datum === 'string' ? { datum: toStoredIso(d.datum) } : {}) };
  },
  stamp: { create: () => ({ angelegtDatum: nowIso(), geaendertDatum: nowIso() }), update: () => ({ geaendertDatum: nowIso() }) },
});

export const dateienResource = defineResource({
  table: 'adressDateien',
  kuerzel: 'ADD',
  path: '/stammdaten/adressen/:parent/dateien',
  label: 'Datei',
  schema: adressDatei,
  defaultOrder: ['-datum'],
  parentColumn: 'adresseId',
  search: (eb, term, d) => eb.or([containsExpr(eb.ref('adressDateien.dateiname'), term, d), containsExpr(eb.ref('adressDateien.betreff'), term, d)]),
});
