import {
  type apz,
  type apzEingabe,
  type kundensonderpreis,
  type kundensonderpreisEingabe,
  type kundensonderpreisListe,
  STAFFELN,
  tierOrderIssues,
} from '@vario/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { type Aktion, logChange } from '../../lib/change-log';
import { codecsOf, decode, encode, money2, money4, percent2, qty3 } from '../../lib/codecs';
import { badRequest, notFound } from '../../lib/errors';
import { type Actor, assertWritable } from '../../lib/locks';
import { discountedUnit, grossUnitCents } from '../../lib/money';
import type { Row } from '../../lib/resource';
import type { KundensonderpreisApzTable, KundensonderpreisTable } from './adressen.tables';

/** Customer-specific prices (ADR-054…064): price determination and every write, each taking the transaction first. */

type PreisRow = Selectable<KundensonderpreisTable>;
type Tiers = Record<string, number | null | undefined>;
export const LOCK = 'KSP';

const kopf = codecsOf({ sonderpreis: money4, mwstSatz: percent2, rabatt1: percent2, rabatt2: percent2 });
/** Filter values of the price list compare in these stored units. */
export const preisScales = kopf.scales;
const apzCodecs = codecsOf({ abMenge: qty3, sonderpreis: money4 });

/** Gross price to the cent and the price less its percentage discounts (ADR-060), from the stored integers. */
export function preisKopf(r: PreisRow): z.input<typeof kundensonderpreisListe> {
  return {
    ...kopf.decodeRow(r),
    sonderpreisBrutto: r.sonderpreis === null ? null : money2.fromDb(grossUnitCents(r.sonderpreis, r.mwstSatz)),
    effektiverPreis: r.sonderpreis === null ? null : money4.fromDb(discountedUnit(r.sonderpreis, r.rabatt1, r.rabatt2)),
  };
}

export async function loadPreis(db: Db, adresseId: number, id: number): Promise<PreisRow> {
  const row = await db.selectFrom('kundensonderpreise').selectAll().where('id', '=', id).where('adresseId', '=', adresseId).executeTakeFirst();
  if (!row) throw notFound('Kundensonderpreis');
  return row;
}

/** A time-and-quantity price with its gross price to the cent at the price's VAT rate (ART-019). */
const apzOut = (a: Selectable<KundensonderpreisApzTable>, mwstSatz: number): z.input<typeof apz> => {
  const { kundensonderpreisId: _k, ...rest } = apzCodecs.decodeRow(a);
  return { ...rest, sonderpreisBrutto: money2.fromDb(grossUnitCents(a.sonderpreis, mwstSatz)) };
};

/** A price with its tiers and time-dependent prices, in API units. */
export async function preisVoll(db: Db, adresseId: number, id: number): Promise<z.input<typeof kundensonderpreis>> {
  const row = await loadPreis(db, adresseId, id);
  const [staffeln, zeit] = await Promise.all([
    db.selectFrom('kundensonderpreisStaffeln').selectAll().where('kundensonderpreisId', '=', id).orderBy('stufe').execute(),
    db.selectFrom('kundensonderpreisApz').selectAll().where('kundensonderpreisId', '=', id).orderBy('abMenge').orderBy('gueltigVon').execute(),
  ]);
  const preise: Record<string, number | null> = {};
  const rabatte: Record<string, number | null> = {};
  for (const s of staffeln) {
    const n = s.stufe;
    if (s.art === 'P') {
      preise[`menge${n}`] = decode(qty3, s.menge);
      preise[`vk${n}`] = decode(money4, s.vk);
      preise[`vk${n}Brutto`] = s.vk === null ? null : money2.fromDb(grossUnitCents(s.vk, row.mwstSatz));
      preise[`rabatt${n}`] = decode(percent2, s.rabatt);
    } else {
      rabatte[`menge${n}`] = decode(qty3, s.menge);
      rabatte[`rabatt${n}`] = decode(percent2, s.rabatt);
    }
  }
  return {
    ...preisKopf(row),
    mengenabhaengigePreise: preise,
    mengenabhaengigeRabatte: rabatte,
    zeitabhaengigePreise: zeit.map((a) => apzOut(a, row.mwstSatz)),
  };
}

/** Head columns of a create or change in stored units (tiers are written apart). */
export function kopfWerte(d: Row): Row {
  const { mengenabhaengigePreise: _p, mengenabhaengigeRabatte: _r, ...head } = d;
  return Object.fromEntries(Object.entries(kopf.encodeRow(head)).filter(([, v]) => v !== undefined));
}

/**
 * Writes the given tier fields (ADR-061, ADR-064): a number sets the value, null deletes it; gross fields are
 * derived and ignored. A tier whose values are all empty afterwards is removed.
 */
export async function writeTiers(trx: Db, preisId: number, art: 'P' | 'R', tiers: Tiers): Promise<string[]> {
  const changed: string[] = [];
  for (const n of STAFFELN) {
    const keys = art === 'P' ? ['menge', 'vk', 'rabatt'] : ['menge', 'rabatt'];
    const given = keys.filter((k) => tiers[`${k}${n}`] !== undefined);
    if (given.length === 0) continue;
    const stufe = trx
      .selectFrom('kundensonderpreisStaffeln')
      .selectAll()
      .where('kundensonderpreisId', '=', preisId)
      .where('art', '=', art)
      .where('stufe', '=', n);
    const existing = await stufe.executeTakeFirst();
    const value = (k: string) => tiers[`${k}${n}`];
    const next = {
      menge: value('menge') !== undefined ? (encode(qty3, value('menge')) ?? null) : (existing?.menge ?? null),
      vk: art === 'P' && value('vk') !== undefined ? (encode(money4, value('vk')) ?? null) : (existing?.vk ?? null),
      rabatt: value('rabatt') !== undefined ? (encode(percent2, value('rabatt')) ?? null) : (existing?.rabatt ?? null),
    };
    changed.push(...given.map((k) => `${art === 'P' ? 'mengenabhaengigePreise' : 'mengenabhaengigeRabatte'}.${k}${n}`));
    if (next.menge === null && next.vk === null && next.rabatt === null) {
      await trx.deleteFrom('kundensonderpreisStaffeln').where('kundensonderpreisId', '=', preisId).where('art', '=', art).where('stufe', '=', n).execute();
    } else if (existing) {
      await trx
        .updateTable('kundensonderpreisStaffeln')
        .set(next)
        .where('kundensonderpreisId', '=', preisId)
        .where('art', '=', art)
        .where('stufe', '=', n)
        .execute();
    } else {
      await trx
        .insertInto('kundensonderpreisStaffeln')
        .values({ kundensonderpreisId: preisId, art, stufe: n, ...next })
        .execute();
    }
  }
  return changed;
}

/** A price belongs to an article that exists (issue 9 item 3): an unknown number is a field error. */
export async function requireArtikelnummer(db: Db, artikelnummer: string | undefined): Promise<void> {
  if (artikelnummer === undefined) return;
  const found = await db.selectFrom('artikel').select('id').where('artikelnummer', '=', artikelnummer).executeTakeFirst();
  if (!found) {
    const message = `Den Artikel „${artikelnummer}" gibt es nicht`;
    throw badRequest(message, { artikelnummer: [message] });
  }
}

/**
 * After a change, the stored tiers of one kind rise: every tier with values has a quantity, and each quantity is above
 * the previous tier's (issue 9 item 2). Refused as a 400 whose field errors name `mengenabhaengigePreise.menge3`.
 */
export async function assertTierOrder(trx: Db, preisId: number, art: 'P' | 'R'): Promise<void> {
  const rows = await trx.selectFrom('kundensonderpreisStaffeln').selectAll().where('kundensonderpreisId', '=', preisId).where('art', '=', art).execute();
  const tiers: Record<string, number | null> = {};
  const errors: Record<string, string[]> = {};
  const group = art === 'P' ? 'mengenabhaengigePreise' : 'mengenabhaengigeRabatte';
  for (const r of rows) {
    tiers[`menge${r.stufe}`] = decode(qty3, r.menge) ?? null;
    if (r.menge === null) errors[`${group}.menge${r.stufe}`] = ['Bitte eine Menge eingeben'];
  }
  for (const i of tierOrderIssues(tiers)) errors[`${group}.${i.field}`] = [i.message];
  if (Object.keys(errors).length) throw badRequest('Die Staffeln müssen aufsteigende Mengen über 0 haben', errors);
}

/** One change of a price (head, tiers or apz): lock check, the work and its change-log entry in the caller's transaction. */
export async function changePrice<T>(
  trx: Db,
  me: Actor,
  priceId: number,
  lockToken: string | undefined,
  remark: string | undefined,
  aktion: Aktion,
  work: (trx: Db) => Promise<{ felder: string[]; value: T }>,
): Promise<T> {
  await assertWritable(trx, me, LOCK, priceId, lockToken);
  const { felder, value } = await work(trx);
  if (felder.length || aktion !== 'AENDERN')
    await logChange(trx, { tabelle: LOCK, datensatzId: priceId, aktion, benutzerId: me.id, bemerkung: remark, felder });
  return value;
}

/** Creates a price with its head values and change-log entry; answers its id. */
export async function createPreis(trx: Db, me: Actor, adresseId: number, data: z.output<typeof kundensonderpreisEingabe>, remark?: string): Promise<number> {
  const { sonderpreis, mwstSatz, rabatt1, rabatt2, ...rest } = data;
  const { id } = await trx
    .insertInto('kundensonderpreise')
    .values({
      ...rest,
      adresseId,
      sonderpreis: encode(money4, sonderpreis),
      mwstSatz: encode(percent2, mwstSatz),
      rabatt1: encode(percent2, rabatt1),
      rabatt2: encode(percent2, rabatt2),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: LOCK, datensatzId: id, aktion: 'NEU', benutzerId: me.id, bemerkung: remark, felder: Object.keys(data) });
  return id;
}

export async function loadApz(db: Db, priceId: number, apzId: number): Promise<z.input<typeof apz>> {
  const row = await db
    .selectFrom('kundensonderpreisApz')
    .innerJoin('kundensonderpreise as k', 'k.id', 'kundensonderpreisApz.kundensonderpreisId')
    .selectAll('kundensonderpreisApz')
    .select('k.mwstSatz')
    .where('kundensonderpreisApz.id', '=', apzId)
    .where('kundensonderpreisApz.kundensonderpreisId', '=', priceId)
    .executeTakeFirst();
  if (!row) throw notFound('Preis');
  const { mwstSatz, ...apzRow } = row;
  return apzOut(apzRow, mwstSatz);
}

export const apzWerte = (d: z.output<typeof apzEingabe>) => ({
  abMenge: qty3.toDb(d.abMenge),
  sonderpreis: money4.toDb(d.sonderpreis),
  gueltigVon: d.gueltigVon ?? null,
  gueltigBis: d.gueltigBis ?? null,
});
