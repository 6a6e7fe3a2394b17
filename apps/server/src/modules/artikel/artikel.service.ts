import type { freieFelderEingabe, preisstaffelEingabe, preisstaffelZeile } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { decode, encode, money2, money4, percent2, qty3 } from '../../lib/codecs';
import { conflict, notFound } from '../../lib/errors';
import { type Actor, assertWritable } from '../../lib/locks';
import { grossUnitCents } from '../../lib/money';
import { assertRef } from '../../lib/refs';
import type { Row } from '../../lib/resource';

/** Product rules and the product's own lists (free fields, graduated prices); every function takes the transaction first. */

const TIERS = { AP3: 3, AP5: 5 } as const;
export type Ap = keyof typeof TIERS;
const LOCK = 'ART';

export async function requireArtikel(db: Db, id: number) {
  const a = await db.selectFrom('artikel').select(['id', 'mwstsatz']).where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound('Artikel');
  return a;
}

const hasMovements = async (db: Db, artikelId: number) =>
  !!(await db.selectFrom('lagerbewegungen').select('id').where('artikelId', '=', artikelId).executeTakeFirst());

/** Column values of a create or change: the product group must exist; a product with stock movements stays a stock product. */
export async function artikelToRow(trx: Db, data: Row, existing?: Row): Promise<Row> {
  await assertRef(trx, 'warengruppen', data.warengruppeId as number | null | undefined, 'warengruppeId');
  if (existing && typeof data.artikelart === 'string' && data.artikelart !== '1' && (await hasMovements(trx, existing.id as number)))
    throw conflict('Ein Artikel mit Lagerbewegungen bleibt Lagerartikel', { artikelart: ['Der Artikel hat Lagerbewegungen'] });
  return data;
}

/** A product with stock movements cannot be deleted (409); its empty stock rows go with it. */
export async function artikelBeforeDelete(trx: Db, before: Row): Promise<void> {
  const id = before.id as number;
  if (await hasMovements(trx, id)) throw conflict('Der Artikel hat Lagerbewegungen und kann nicht gelöscht werden');
  await trx.deleteFrom('bestaende').where('artikelId', '=', id).execute();
  await trx.deleteFrom('lagerplatzBestaende').where('artikelId', '=', id).execute();
}

export async function freieFelder(db: Db, artikelId: number) {
  const result = await db
    .selectFrom('artikelFreieFelder')
    .select(['id', 'bezeichnung', 'wert', 'sortierung'])
    .where('artikelId', '=', artikelId)
    .orderBy('sortierung')
    .orderBy('id')
    .execute();
  return { result, hasMoreData: false };
}

/** Replaces the free fields: lock check, rows and change-log entry in the caller's transaction. */
export async function setFreieFelder(trx: Db, me: Actor, artikelId: number, data: z.output<typeof freieFelderEingabe>, lockToken?: string) {
  await requireArtikel(trx, artikelId);
  await assertWritable(trx, me, LOCK, artikelId, lockToken);
  await trx.deleteFrom('artikelFreieFelder').where('artikelId', '=', artikelId).execute();
  if (data.length)
    await trx
      .insertInto('artikelFreieFelder')
      .values(data.map((f, i) => ({ artikelId, bezeichnung: f.bezeichnung, wert: f.wert, sortierung: (i + 1) * 10 })))
      .execute();
  await logChange(trx, { tabelle: LOCK, datensatzId: artikelId, aktion: 'AENDERN', benutzerId: me.id, felder: ['freieFelder'] });
  return freieFelder(trx, artikelId);
}

type StaffelZeile = z.input<typeof preisstaffelZeile>;

/**
 * Graduated prices, one row per price group and validity period (ART-015, ART-019): gueltigVon, gueltigBis, menge{n},
 * vk{n}, vk{n}Brutto (to the cent), aufschlag{n}; by price group, then by the period's start (open start first).
 */
export async function staffeln(db: Db, artikelId: number, ap: Ap) {
  const { mwstsatz } = await requireArtikel(db, artikelId);
  const [rows, gruppen] = await Promise.all([
    db
      .selectFrom('artikelPreisstaffeln')
      .selectAll()
      .where('artikelId', '=', artikelId)
      .where('ap', '=', ap)
      .orderBy('preisgruppe')
      .orderBy('zeile')
      .orderBy('stufe')
      .execute(),
    db.selectFrom('preisgruppen').selectAll().execute(),
  ]);
  const name = new Map(gruppen.map((g) => [g.nummer, g.bezeichnung]));
  const byRow = new Map<string, StaffelZeile>();
  for (const r of rows) {
    const key = `${r.preisgruppe}|${r.zeile}`;
    // the row's tier fields are numbers; preisgruppe, bezeichnung and the period beside them (the contract's catchall)
    const tiers: Record<string, number | null> = {};
    const row: StaffelZeile =
      byRow.get(key) ??
      Object.assign(tiers, {
        preisgruppe: r.preisgruppe,
        bezeichnung: name.get(r.preisgruppe) ?? `Preisgruppe ${r.preisgruppe}`,
        gueltigVon: r.gueltigVon,
        gueltigBis: r.gueltigBis,
      });
    row[`menge${r.stufe}`] = decode(qty3, r.menge);
    row[`vk${r.stufe}`] = decode(money4, r.vk);
    row[`vk${r.stufe}Brutto`] = r.vk === null ? null : money2.fromDb(grossUnitCents(r.vk, mwstsatz));
    row[`aufschlag${r.stufe}`] = decode(percent2, r.aufschlag);
    byRow.set(key, row);
  }
  const result = [...byRow.values()].sort((a, b) => a.preisgruppe - b.preisgruppe || (a.gueltigVon ?? '').localeCompare(b.gueltigVon ?? ''));
  return { result, hasMoreData: false };
}

/**
 * Replaces the graduated prices of one scale: lock check, rows and change-log entry in the caller's transaction. The
 * payload is checked by the contract (periods in order, no two rows of a group pricing the same quantity on a day).
 */
export async function setStaffeln(trx: Db, me: Actor, artikelId: number, ap: Ap, data: z.output<typeof preisstaffelEingabe>, lockToken?: string) {
  await requireArtikel(trx, artikelId);
  await assertWritable(trx, me, LOCK, artikelId, lockToken);
  await trx.deleteFrom('artikelPreisstaffeln').where('artikelId', '=', artikelId).where('ap', '=', ap).execute();
  const tier = (row: Record<string, unknown>, key: string) => (typeof row[key] === 'number' ? (row[key] as number) : null);
  const zeilen = new Map<number, number>();
  const values = data.flatMap((row) => {
    const zeile = (zeilen.get(row.preisgruppe) ?? 0) + 1;
    zeilen.set(row.preisgruppe, zeile);
    return Array.from({ length: TIERS[ap] }, (_, i) => i + 1)
      .map((stufe) => ({
        artikelId,
        ap,
        preisgruppe: row.preisgruppe,
        zeile,
        stufe,
        menge: encode(qty3, tier(row, `menge${stufe}`)),
        vk: encode(money4, tier(row, `vk${stufe}`)),
        aufschlag: encode(percent2, tier(row, `aufschlag${stufe}`)),
        gueltigVon: row.gueltigVon ?? null,
        gueltigBis: row.gueltigBis ?? null,
      }))
      .filter((v) => v.menge !== null || v.vk !== null || v.aufschlag !== null);
  });
  if (values.length) await trx.insertInto('artikelPreisstaffeln').values(values).execute();
  await logChange(trx, { tabelle: LOCK, datensatzId: artikelId, aktion: 'AENDERN', benutzerId: me.id, felder: [ap] });
  return staffeln(trx, artikelId, ap);
}
