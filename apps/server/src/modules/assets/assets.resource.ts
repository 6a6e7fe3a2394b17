import { asset, assetDatei, assetListe } from '@vario/contract';
import { nowIso } from '../../lib/clock';
import { containsExpr } from '../../lib/list-query';
import { assertRef } from '../../lib/refs';
import { defineResource } from '../../lib/resource';

export const assetsResource = defineResource({
  table: 'assets',
  kuerzel: 'ASS',
  path: '/stammdaten/assets',
  label: 'Asset',
  schema: asset,
  listSchema: assetListe,
  defaultOrder: ['assetnummer'],
  search: (eb, term, d) =>
    eb.or([
      containsExpr(eb.ref('assets.assetnummer'), term, d),
      containsExpr(eb.ref('assets.bezeichnung'), term, d),
      containsExpr(eb.ref('assets.seriennummer'), term, d),
      containsExpr(eb.ref('assets.imei'), term, d),
    ]),
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
