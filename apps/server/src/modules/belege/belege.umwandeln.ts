import {
  BELEGSTATUS_WERTE as BELEGSTATUS,
  BELEGSTATUS_TEXT,
  belegartVon,
  belegtypVon,
  belegzustand,
  standardTexte,
  umwandlungsZiele,
  VERKAUF_BELEGART_LISTE,
} from '@vario/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { qty3 } from '../../lib/codecs';
import { badRequest, conflict, unprocessable } from '../../lib/errors';
import { formatMenge } from '../../lib/format-de';
import { invalidateCounts } from '../../lib/list-query';
import {
  ablehnung,
  type BelegActor,
  istArtikelzeile,
  type KopfRow,
  loadKopf,
  type PositionRow,
  positionenOf,
  pruefeFremdUndSperre,
  pruefeZustand,
  recalcTotals,
  setStatus,
  typName,
} from './belege.core';
import { addHistory } from './belege.history';
import { createBeleg } from './belege.service';
import type { BelegPositionTable, BelegTable } from './belege.tables';
import { statusNachUebernahme, zaehltGeliefert } from './belege.uebernahme';

/**
 * Transform (`umwandeln/{targetType}`, BEL-029/042): the allowed targets are the source descriptor's `umwandlung`
 * (the one list the web's transform menu offers too), the allowed source states the status table's `umwandeln`. See
 * belege.transitions.ts for the whole status model.
 */

/** "Angebot → Auftrag, Auftrag → Lieferschein oder Gutschrift, …" from the descriptors. */
const ERLAUBT = VERKAUF_BELEGART_LISTE.filter((d) => d.umwandlung.length)
  .map(
    (d) =>
      `${d.name.de} → ${umwandlungsZiele(d.belegart)
        .map((u) => u.ziel.name.de)
        .join(' oder ')}`,
  )
  .join(', ');
const lockBeleg = (trx: Db, id: number) => loadKopf(trx, id, true);
type BelegRow = KopfRow;
export interface UmwandelnOptionen {
  /** A partial transform: the quantities (API units, pieces) per source position; without it everything still open. */
  positionen?: { positionId: number; menge: number }[];
  /** Internal (demo data): the new document's date; the API always makes it today. */
  belegdatum?: string;
}

/** Head columns that are the new document's own, not copied from the source. */
export const NICHT_KOPIERT = [
  'id',
  'belegart',
  'belegnummer',
  'belegdatum',
  'belegstatus',
  'benutzerId',
  'vorgaengerId',
  'angelegtAm',
  'geaendertAm',
  'gebuchtAm',
  'storniertAm',
  'stornoVonId',
  'betragNetto',
  'mwstBetrag',
  'betragBrutto',
  'endbetragNetto',
  'rohertrag',
  'rabatt1Wert',
  'rabatt2Wert',
  'mwstAufteilung',
] as const satisfies readonly (keyof BelegRow)[];
/** Position columns that are the copy's own. */
const POSITION_NICHT_KOPIERT = [
  'id',
  'belegId',
  'menge',
  'mengeUebernommen',
  'mengeGeliefert',
  'quellePositionId',
] as const satisfies readonly (keyof PositionRow)[];

/** A copy of `row` without `keys`, typed as such: the compiler checks that the rest fits the table it is written to. */
export function ohne<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Omit<T, K> {
  const rest: Partial<T> = {};
  for (const k of Object.keys(row) as (keyof T)[]) if (!(keys as readonly (keyof T)[]).includes(k)) rest[k] = row[k];
  return rest as Omit<T, K>;
}

/** Normalises the target type of the path: a belegtyp (02) or a belegart (0200) of a known descriptor. */
export function zielBelegart(targetType: string): string {
  const d = belegartVon(targetType.trim());
  const t = targetType.trim();
  if (d && (t === d.belegart || t === d.belegtyp)) return d.belegart;
  throw badRequest('Bitte die Eingaben prüfen!', { targetType: [`Unbekannter Belegtyp: ${targetType}`] });
}

/** Transforms a document (see the module comment); answers the new document's id. One transaction, the caller's `trx`. */
export async function wandleBelegUm(trx: Db, actor: BelegActor, id: number, targetType: string, opts: UmwandelnOptionen = {}): Promise<{ id: number }> {
  const zielart = zielBelegart(targetType);
  const b = await lockBeleg(trx, id);
  const von = belegtypVon(b.belegart);
  const nach = belegtypVon(zielart);
  // the allowed targets per source type are the contract's (BEL-029), the one list the web's transform dialog offers too
  const regel = umwandlungsZiele(b.belegart).find((u) => u.ziel.belegart === zielart);
  if (!regel)
    throw unprocessable(`${typName(b.belegart)} kann nicht in ${typName(zielart)} umgewandelt werden (erlaubt: ${ERLAUBT})`, {
      targetType: [`Nicht erlaubt: ${von} → ${nach}`],
    });
  if (regel.nurGebucht && !b.gebuchtAm)
    throw unprocessable(
      `${typName(b.belegart)} ${b.belegnummer} ist nicht gebucht; erst eine gebuchte ${typName(b.belegart)} wird in ${typName(zielart)} umgewandelt`,
      {
        targetType: [`Nur aus einem gebuchten Beleg: ${von} → ${nach}`],
      },
    );
  const artOk = await trx.selectFrom('belegarten').select('belegart').where('belegart', '=', zielart).executeTakeFirst();
  if (!artOk) throw badRequest('Bitte die Eingaben prüfen!', { targetType: [`Unbekannte Belegart: ${zielart}`] });
  await pruefeFremdUndSperre(trx, actor, 'umwandeln', b, actor.lockToken);
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  if (b.storniertAm) throw ablehnung('umwandeln', `${name} ist storniert und kann nicht umgewandelt werden`);
  pruefeZustand('umwandeln', b, () => `${name} kann im Status „${BELEGSTATUS_TEXT[belegzustand(b)]}“ nicht umgewandelt werden`);

  const positionen = await positionenOf(trx, b.id);
  const offenVon = (p: PositionRow) => Math.max(0, Number(p.menge) - Number(p.mengeUebernommen));
  // what is taken over, per source position (thousandths)
  const auswahl = new Map<number, number>();
  if (opts.positionen?.length) {
    const byId = new Map(positionen.map((p) => [p.id, p]));
    const fehler: Record<string, string[]> = {};
    for (const [i, w] of opts.positionen.entries()) {
      const p = byId.get(w.positionId);
      if (!p) {
        fehler[`positionen.${i}.positionId`] = [`Position ${w.positionId} gehört nicht zu ${name}`];
        continue;
      }
      if (auswahl.has(p.id)) {
        fehler[`positionen.${i}.positionId`] = [`Position ${p.position} ist doppelt angegeben`];
        continue;
      }
      if (!istArtikelzeile(p)) {
        auswahl.set(p.id, 0);
        continue;
      }
      const m = qty3.toDb(w.menge);
      if (!(m > 0)) fehler[`positionen.${i}.menge`] = ['Die Menge muss größer als 0 sein'];
      else if (m > offenVon(p)) fehler[`positionen.${i}.menge`] = [`Position ${p.position}: höchstens ${formatMenge(offenVon(p))} offen`];
      else auswahl.set(p.id, m);
    }
    if (Object.keys(fehler).length) {
      const mengen = Object.keys(fehler).some((k) => k.endsWith('.menge'));
      throw mengen ? unprocessable('Die Mengen übersteigen die offenen Mengen oder sind ungültig', fehler) : badRequest('Bitte die Eingaben prüfen!', fehler);
    }
    // text lines travel with the lines they head — the article lines after them up to the next text line that follows
    // an article line: one goes along when any of those is taken, or when no article line follows it (a closing
    // note); they keep their place among the chosen lines
    const sortiert = [...positionen].sort((x, y) => Number(x.position) - Number(y.position) || x.id - y.id);
    sortiert.forEach((p, i) => {
      if (istArtikelzeile(p) || auswahl.has(p.id)) return;
      const danach = sortiert.slice(i + 1);
      const start = danach.findIndex(istArtikelzeile);
      const ende = start < 0 ? -1 : danach.findIndex((q, j) => j > start && !istArtikelzeile(q));
      const gruppe = start < 0 ? [] : danach.slice(start, ende < 0 ? undefined : ende);
      if (!gruppe.length || gruppe.some((q) => (auswahl.get(q.id) ?? 0) > 0)) auswahl.set(p.id, 0);
    });
  } else {
    for (const p of positionen) {
      if (!istArtikelzeile(p)) auswahl.set(p.id, 0);
      else if (offenVon(p) > 0) auswahl.set(p.id, offenVon(p));
    }
  }
  const uebernommen = [...auswahl.entries()].filter(([pid, m]) => m > 0 || !istArtikelzeile(positionen.find((p) => p.id === pid) as PositionRow));
  if (![...auswahl.values()].some((m) => m > 0)) throw conflict(`${name} hat keine offenen Mengen mehr`);

  // the new document: number, owner and defaults from the document service, the head's terms copied from the source
  const neu = await createBeleg(trx, actor, {
    belegart: zielart,
    adresseId: b.adresseId,
    ...(b.dealId ? { dealId: b.dealId } : {}),
    ...(opts.belegdatum ? { belegdatum: opts.belegdatum } : {}),
  });
  const neuId = neu.id;
  const kopf: Updateable<BelegTable> = { ...ohne(b, NICHT_KOPIERT), vorgaengerId: b.id };
  // head and foot texts: the source's type's defaults (or none stored) become the target type's defaults — an offer's
  // "…bieten Ihnen an" is not an invoice's; a text the user wrote goes along
  const quelleTexte = standardTexte(b.belegart);
  const zielTexte = standardTexte(zielart);
  for (const k of ['kopftext', 'fusstext'] as const) if (b[k] === null || b[k] === quelleTexte[k]) kopf[k] = zielTexte[k];
  // amounts on the head (freight, cash on delivery, insurance, discounts as an amount) go with the first document made
  // from the source; later partial ones carry only percentage discounts, so nothing is charged or granted twice
  if (positionen.some((p) => Number(p.mengeUebernommen) > 0)) {
    Object.assign(kopf, { frachtkosten: 0, nachnahme: 0, versicherung: 0 });
    if (kopf.rabatt1Betrag !== null) Object.assign(kopf, { rabatt1Betrag: null, rabatt1Text: null });
    if (kopf.rabatt2Betrag !== null) Object.assign(kopf, { rabatt2Betrag: null, rabatt2Text: null });
  }
  await trx.updateTable('belege').set(kopf).where('id', '=', neuId).execute();
  const zeilen = uebernommen.map(([pid, m]): Insertable<BelegPositionTable> => {
    const p = positionen.find((x) => x.id === pid) as PositionRow;
    return { ...ohne(p, POSITION_NICHT_KOPIERT), belegId: neuId, menge: istArtikelzeile(p) ? m : p.menge, quellePositionId: p.id };
  });
  // positions keep their order; text lines travel with them
  zeilen.sort((x, y) => Number(x.position) - Number(y.position));
  for (let i = 0; i < zeilen.length; i += 200) {
    await trx
      .insertInto('belegPositionen')
      .values(zeilen.slice(i, i + 200))
      .execute();
  }
  await recalcTotals(trx, neuId);

  const lieferung = zaehltGeliefert(zielart);
  for (const [pid, m] of auswahl) {
    if (!m) continue;
    await trx
      .updateTable('belegPositionen')
      .set((eb) => ({
        mengeUebernommen: eb('mengeUebernommen', '+', m),
        ...(lieferung ? { mengeGeliefert: eb('mengeGeliefert', '+', m) } : {}),
      }))
      .where('id', '=', pid)
      .execute();
  }
  const status = await statusNachUebernahme(trx, b);
  await setStatus(trx, b, { belegstatus: status }, `${name} wurde inzwischen geändert; bitte neu laden`);
  const neuNr = (await trx.selectFrom('belege').select('belegnummer').where('id', '=', neuId).executeTakeFirstOrThrow()).belegnummer;
  await addHistory(
    trx,
    b.id,
    'U',
    `${status === BELEGSTATUS.teilweiseUebernommen ? 'Teilweise übernommen' : 'Übernommen'} in ${typName(zielart)} ${neuNr}`,
    actor,
    status,
  );
  await addHistory(trx, neuId, 'U', `Übernommen aus ${name}`, actor);
  invalidateCounts('belege', trx);
  return { id: neuId };
}
