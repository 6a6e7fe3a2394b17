import { BELEG_AKTIONEN, BELEGSTATUS_WERTE, type BelegAktion, type Belegart, belegartName, belegartVon, zustandErlaubt } from '@vario/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import { nowIso } from '../../lib/clock';
import { codecsOf, money2, money4, percent2, qty3 } from '../../lib/codecs';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { type Actor, assertWritable } from '../../lib/locks';
import { may } from '../../lib/rights';
import { belegSummen, istTextzeile, type Summen, zeilenWerte } from './belege.summen';
import type { BelegPositionTable, BelegTable } from './belege.tables';

/**
 * The small core every document file imports (issue 18 §6): loading a document, the guards of the status table
 * (`@vario/contract` BELEG_AKTIONEN), the codecs of its columns and the totals. It imports no other document file, so
 * the document service, the transitions and the PDF part sit beside each other without a cycle.
 */

export type KopfRow = Selectable<BelegTable>;
export type PositionRow = Selectable<BelegPositionTable>;
/** Record-lock and change-log code of documents (declared in belege.module.ts `locks`). */
export const LOCK = 'BEK';

/** Who acts: the user and the record lock token sent with the request (`X-Lock-Token`), if any. */
export interface BelegActor extends Actor {
  lockToken?: string;
}

/** The descriptor of a document's type; an unknown code (not of this product) is a 422. */
export function descriptorVon(belegart: string): Belegart {
  const d = belegartVon(belegart);
  if (!d) throw unprocessable(`Unbekannte Belegart ${belegart}`);
  return d;
}
/** "Rechnung" for a belegart, "Beleg" for an unknown one. */
export const typName = (belegart: string) => (belegartVon(belegart) ? belegartName(belegart) : 'Beleg');
/** "Rechnung RE2026-00001". */
export const belegName = (k: Pick<KopfRow, 'belegart' | 'belegnummer'>) => `${typName(k.belegart)} ${k.belegnummer}`;

export const kopfCodecs = codecsOf({
  betragNetto: money2,
  endbetragNetto: money2,
  mwstBetrag: money2,
  betragBrutto: money2,
  frachtkosten: money2,
  nachnahme: money2,
  versicherung: money2,
  rabatt1Prozent: percent2,
  rabatt1Betrag: money2,
  rabatt1Wert: money2,
  rabatt2Prozent: percent2,
  rabatt2Betrag: money2,
  rabatt2Wert: money2,
  rohertrag: money2,
  gewicht: qty3,
  waehrungkurs: money4,
});
export const positionCodecs = codecsOf({
  menge: qty3,
  mengeGeliefert: qty3,
  mengeUebernommen: qty3,
  gewicht: qty3,
  einzelpreis: money4,
  endpreis: money4,
  ek: money4,
  rabatt1: percent2,
  rabatt2: percent2,
  teuerungszuschlag: percent2,
  mwstSatz: percent2,
  gesamtpreis: money2,
  eilzuschlag: money2,
});

// ------------------------------------------------------------------------------------------------ load

/** The head, row-locked on PostgreSQL when `forUpdate`; 404 when it does not exist. */
const kopfById = prepared((db: Db, id: number) => db.selectFrom('belege').selectAll().where('id', '=', id));

export async function loadKopf(trx: Db, id: number, forUpdate = false): Promise<KopfRow> {
  const lock = forUpdate && trx.getExecutor().adapter.constructor.name.startsWith('Postgres');
  const row = (lock ? await trx.selectFrom('belege').selectAll().where('id', '=', id).forUpdate().executeTakeFirst() : (await kopfById(trx, id))[0]) as
    | (KopfRow & { suche?: unknown })
    | undefined;
  if (!row) throw notFound('Beleg');
  delete row.suche;
  return row;
}

/** The positions of a document in their order (stored units). */
export function positionenOf(trx: Db, belegId: number): Promise<PositionRow[]> {
  return trx.selectFrom('belegPositionen').selectAll().where('belegId', '=', belegId).orderBy('position').orderBy('id').execute();
}

/** Head and positions (in their order) in stored units. */
export async function loadBeleg(trx: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<{ kopf: KopfRow; positionen: PositionRow[] }> {
  const kopf = await loadKopf(trx, id, opts.forUpdate);
  return { kopf, positionen: await positionenOf(trx, id) };
}

export const istArtikelzeile = (p: { positionsArt: string }) => !istTextzeile(p);

/** The cancellation document of a cancelled document, or the cancelled document of a cancellation (`stornoBezug`). */
const bezugById = prepared((db: Db, id: number) => db.selectFrom('belege').select(['id', 'belegart', 'belegnummer']).where('id', '=', id));
const bezugByStornoVon = prepared((db: Db, id: number) =>
  db.selectFrom('belege').select(['id', 'belegart', 'belegnummer']).where('stornoVonId', '=', id).orderBy('id').limit(1),
);

export async function stornoBezug(trx: Db, kopf: Pick<KopfRow, 'id' | 'stornoVonId'>) {
  const rows = kopf.stornoVonId ? await bezugById(trx, kopf.stornoVonId) : await bezugByStornoVon(trx, kopf.id);
  return rows[0] ?? null;
}

// ------------------------------------------------------------------------------------------------ rights and the status table

const fremd = (actor: Actor, kopf: Pick<KopfRow, 'benutzerId'>) => kopf.benutzerId !== null && kopf.benutzerId !== actor.id;

/** The refusal of an action by the document's state, with the table's HTTP status (409 or 422). */
export function ablehnung(aktion: BelegAktion, message: string) {
  return BELEG_AKTIONEN[aktion].ablehnung === 409 ? conflict(message) : unprocessable(message);
}

/** The state check of the status table: throws the table's refusal with `message` when the state does not allow it. */
export function pruefeZustand(aktion: BelegAktion, kopf: KopfRow, message: () => string): void {
  if (!zustandErlaubt(aktion, kopf)) throw ablehnung(aktion, message());
}

/** The object-level checks of an action: another user's document needs BEK_FREMDBEARB (403), a foreign lock answers 423. */
export async function pruefeFremdUndSperre(trx: Db, actor: Actor, aktion: BelegAktion, kopf: KopfRow, lockToken?: string): Promise<void> {
  if (BELEG_AKTIONEN[aktion].fremdRecht && fremd(actor, kopf) && !(await may(trx, actor, 'BEK_FREMDBEARB'))) throw forbidden('BEK_FREMDBEARB');
  await assertWritable(trx, actor, LOCK, kopf.id, lockToken);
}

/**
 * A change of the document is allowed now (the table's `aendern`: status 1 or 2, 422), the actor's own document or
 * BEK_FREMDBEARB (403), no other user's record lock (423; a sent lock token must be the actor's live lock on it).
 */
export async function assertEditable(trx: Db, actor: Actor, kopf: KopfRow, lockToken?: string): Promise<void> {
  pruefeZustand(
    'aendern',
    kopf,
    () => `${belegName(kopf)} ist nicht mehr bearbeitbar: nur Belege im Status 1 (gespeichert) oder 2 (gedruckt) können geändert werden`,
  );
  await pruefeFremdUndSperre(trx, actor, 'aendern', kopf, lockToken);
}

/** True when the actor may change the document now (the record screen's edit toggle; locks are checked on write). */
export async function istBearbeitbar(trx: Db, actor: Actor, kopf: KopfRow): Promise<boolean> {
  if (!zustandErlaubt('aendern', kopf)) return false;
  if (!(await may(trx, actor, BELEG_AKTIONEN.aendern.recht))) return false;
  return !fremd(actor, kopf) || may(trx, actor, 'BEK_FREMDBEARB');
}

/**
 * Why the actor may not discard the document (null: they may): a document made by mistake is discarded by the user
 * who made it while it is new (status 1, never booked or cancelled) and has no positions — without BEK_LOESCHEN,
 * which deleting any unbooked document needs. The route and the answer's `verwerfbar` both ask this.
 */
const anyPosition = prepared((db: Db, belegId: number) => db.selectFrom('belegPositionen').select('id').where('belegId', '=', belegId).limit(1));

export async function verwerfenAblehnung(trx: Db, actor: Actor, kopf: KopfRow): Promise<string | null> {
  const name = belegName(kopf);
  if (kopf.benutzerId !== actor.id) return `${name} wurde von einem anderen Benutzer angelegt; verwerfen kann ihn nur, wer ihn angelegt hat`;
  if (Number(kopf.belegstatus) !== BELEGSTATUS_WERTE.gespeichert || kopf.gebuchtAm || kopf.storniertAm)
    return `${name} ist nicht mehr neu (gedruckt, gebucht oder übernommen) und kann nicht verworfen werden`;
  const [position] = await anyPosition(trx, kopf.id);
  if (position) return `${name} hat Positionen; nur ein leerer Beleg wird verworfen`;
  return null;
}

/** Writes the new status only if the document is still in the status it was read in (a lost race answers 409). */
export async function setStatus(trx: Db, b: KopfRow, set: Updateable<BelegTable>, message: string): Promise<void> {
  const res = await trx
    .updateTable('belege')
    .set({ ...set, geaendertAm: nowIso() })
    .where('id', '=', b.id)
    .where('belegstatus', '=', b.belegstatus)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(message);
}

// ------------------------------------------------------------------------------------------------ totals

/**
 * Money arithmetic that leaves the safe integer range (lib/money.ts throws a RangeError, e.g. a billion pieces at a
 * billion euro) is refused as a 422 on the quantity and price, never a 500; the write rolls back.
 */
export function rechne<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const text = 'Der Betrag ist zu groß; bitte Menge oder Preis verkleinern';
    throw unprocessable(text, { menge: [text], einzelpreis: [text] });
  }
}

/** The head columns of computed totals (belege.summen.ts): the one mapping the service and the demo seed write. */
export function summenSpalten(s: Summen) {
  return {
    betragNetto: s.betragNetto,
    rabatt1Wert: s.rabatt1Wert,
    rabatt2Wert: s.rabatt2Wert,
    endbetragNetto: s.endbetragNetto,
    mwstBetrag: s.mwstBetrag,
    betragBrutto: s.betragBrutto,
    mwstAufteilung: JSON.stringify(s.mwstAufteilung),
    rohertrag: s.rohertrag,
    gewicht: s.gewicht,
  };
}

/**
 * Recomputes every line (gesamtpreis, endpreis from price, quantity, discounts, surcharges) and the head's totals
 * (belege.summen.ts) in the caller's transaction; answers the updated head. Callers that copy positions (transform)
 * call it after inserting them.
 */
export async function recalcTotals(trx: Db, belegId: number): Promise<KopfRow> {
  const { kopf, positionen } = await loadBeleg(trx, belegId);
  const zeilen: PositionRow[] = [];
  for (const p of positionen) {
    const w = rechne(() => zeilenWerte(p));
    if (!istTextzeile(p) && (w.gesamtpreis !== p.gesamtpreis || w.endpreis !== p.endpreis)) {
      await trx.updateTable('belegPositionen').set(w).where('id', '=', p.id).execute();
    }
    zeilen.push({ ...p, ...w });
  }
  const s = rechne(() => belegSummen(kopf, zeilen));
  const werte = { ...summenSpalten(s), geaendertAm: nowIso() };
  await trx.updateTable('belege').set(werte).where('id', '=', belegId).execute();
  return { ...kopf, ...werte };
}
