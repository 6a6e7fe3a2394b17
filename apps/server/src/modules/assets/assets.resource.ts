import { asset, assetDatei, assetListe } from '@vario/contract';
import { nowIso } from '../../lib/clock';
import { assertRef } from '../../lib/refs';
import { defineResource } from '../../lib/resource';
import { fullTextSearch, numberColumns } from '../../lib/search';

export const assetsResource = defineResource({
  table: 'assets',
  kuerzel: 'ASS',
  path: '/stammdaten/assets',
  label: 'Asset',
  schema: asset,
  listSchema: assetListe,
  defaultOrder: ['assetnummer'],
  // number, name, serial number and IMEI by the full-text index of migration 0033 (prefix per word, umlauts folded)
  search: fullTextSearch('assets'),
  numberSearch: { first: numberColumns('assets.assetnummer', 'assets.seriennummer') },
  toRow: async (trx, d) => {
    await assertRef(trx, 'adressen', d.adresseId as number | null | undefined, 'adresseId');
    await assertRef(trx, 'artikel', d.artikelId as number | null | undefined, 'artikelId');
    return d;
  },
  stamp: { create: () => ({ angelegtAm: nowIso(), geaendertAm: nowIso() }), update: () => ({ geaendertAm: nowIso() }) },
});

export const assetDateienResource = defineResource({
  table: 'assetDateien',
  kuerzel: 'ASD',
  path: '/stammdaten/assets/:parent/dateien',
  label: 'Datei',
  schema: assetDatei,
  defaultOrder: ['-datum'],
  parentColumn: 'assetId',
});
