import { BELEGSTATUS_WERTE, type Belegart } from '@vario/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { formatDatum } from '../../lib/format-de';
import { type BelegActor, descriptorVon, type KopfRow, positionenOf, typName } from './belege.core';
import { buchungsEffekte } from './belege.effekte';
import { addHistory } from './belege.history';
import { createBeleg } from './belege.service';
import type { BelegPositionTable, BelegTable } from './belege.tables';

/**
 * The cancellation document (issue 19 item 8, GoBD: a booked document is corrected, never erased). Cancelling a
 * booked document whose descriptor names a `storno: { art: 'gegenbeleg' }` creates a document of that type
 * (Stornorechnung, its own number range) for the same address, with the original's lines and amounts negated
 * exactly as stored (no recomputation: the cancellation is the original's mirror to the cent), referring to it
 * (`stornoVonId`), booked at once: its booking effects are its descriptor's (the counter open item), and the caller
 * settles both open items against each other. Both documents carry history rows naming each other.
 */

/** Amount columns of the head that are negated. */
const KOPF_BETRAEGE = [
  'betragNetto',
  'endbetragNetto',
  'mwstBetrag',
  'betragBrutto',
  'frachtkosten',
  'nachnahme',
  'versicherung',
  'rabatt1Wert',
  'rabatt2Wert',
  'rohertrag',
] as const satisfies readonly (keyof KopfRow)[];
/** Head columns taken over from the original (address, terms, references). */
const KOPF_KOPIERT = [
  'rechnungsadresseId',
  'lieferadresseId',
  'ansprechpartnerId',
  'betreff',
  'liefertermin',
  'auftragsDatum',
  'rabatt1Prozent',
  'rabatt1Text',
  'rabatt2Prozent',
  'rabatt2Text',
  'waehrung',
  'waehrungkurs',
  'zustaendigerMitarbeiter',
  'projekt',
  'zahlart',
  'lieferart',
  'dealId',
] as const satisfies readonly (keyof KopfRow)[];

const neg = (v: number | null) => (v === null || v === 0 ? v : -v);

/** "Storno zu Rechnung RE2026-00001 vom 03.02.2026". */
export const stornoZuText = (b: Pick<KopfRow, 'belegart' | 'belegnummer' | 'belegdatum'>) =>
  `Storno zu ${typName(b.belegart)} ${b.belegnummer} vom ${formatDatum(b.belegdatum)}`;

/**
 * Creates and books the cancellation document of `b` (of type `art`) in the caller's transaction; answers its head.
 * The original's own status, its effects' reversal and the open items' settlement are the caller's.
 */
export async function erzeugeStornobeleg(trx: Db, actor: BelegActor, b: KopfRow, art: Belegart, gebuchtAm: string, belegdatum?: string): Promise<KopfRow> {
  // a blocked address still gets its cancellation: it corrects what was booked, it sells nothing
  const neu = await createBeleg(trx, actor, { belegart: art.belegart, adresseId: b.adresseId, ...(belegdatum ? { belegdatum } : {}) }, stornoZuText(b), {
    gesperrtErlaubt: true,
  });
  const kopf: Updateable<BelegTable> = { stornoVonId: b.id, gewicht: -Number(b.gewicht) || 0, mwstAufteilung: null };
  for (const k of KOPF_KOPIERT) Object.assign(kopf, { [k]: b[k] });
  for (const k of KOPF_BETRAEGE) Object.assign(kopf, { [k]: neg(Number(b[k])) });
  for (const r of [1, 2] as const) {
    const betrag = b[`rabatt${r}Betrag`];
    Object.assign(kopf, { [`rabatt${r}Betrag`]: betrag === null ? null : neg(Number(betrag)) });
  }
  if (b.mwstAufteilung) {
    const rows = JSON.parse(b.mwstAufteilung) as { satz: number; netto: number; mwst: number }[];
    kopf.mwstAufteilung = JSON.stringify(rows.map((r) => ({ satz: r.satz, netto: neg(Number(r.netto)), mwst: neg(Number(r.mwst)) })));
  }
  const positionen = await positionenOf(trx, b.id);
  const zeilen = positionen.map((p): Insertable<BelegPositionTable> => {
    const { id: _id, belegId: _b, mengeUebernommen: _u, mengeGeliefert: _g, quellePositionId: _q, ...rest } = p;
    return {
      ...rest,
      belegId: neu.id,
      menge: -Number(p.menge) || 0,
      gesamtpreis: -Number(p.gesamtpreis) || 0,
      eilzuschlag: -Number(p.eilzuschlag) || 0,
    };
  });
  for (let i = 0; i < zeilen.length; i += 200) {
    await trx
      .insertInto('belegPositionen')
      .values(zeilen.slice(i, i + 200))
      .execute();
  }
  await trx
    .updateTable('belege')
    .set({ ...kopf, belegstatus: BELEGSTATUS_WERTE.gebucht, gebuchtAm })
    .where('id', '=', neu.id)
    .execute();
  const storno = await trx.selectFrom('belege').selectAll().where('id', '=', neu.id).executeTakeFirstOrThrow();
  const { suche: _s, ...row } = storno as KopfRow & { suche?: unknown };
  // its own booking effects (the counter open item), as its descriptor names them
  await buchungsEffekte({ trx, actor, b: row, d: art, positionen: await positionenOf(trx, neu.id), stornoVon: descriptorVon(b.belegart) });
  await addHistory(trx, neu.id, 'B', `${art.name.de} gebucht: ${stornoZuText(b)}`, actor, BELEGSTATUS_WERTE.gebucht);
  return row;
}
